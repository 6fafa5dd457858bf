-- A table that closes says so, and a table that idles is heard from (issue 27, item 3).
-- Until version 5 the floor knew a table only by its last shipment: every table that
-- finished its shift, and every table idle for half a minute, was flagged "stopped
-- shipping" like a table whose network was cut. From here on:
--   * `seen_at`: the store's clock when the table's shipper was last heard from (each
--     shipment, and a small keep-alive while the table is idle): the floor tells an
--     idle table from a dead one by it, not by `shipped_at`;
--   * `closed_at`: the store's clock when the table closed cleanly, every record of its
--     log in the store (NULL while it runs); a table that starts again is open again.
-- Both are the store's clock, never a time of the table's choosing (the trigger of
-- 0004 does the same for `shipped_at`), and a table's login sets them on its own row
-- only: its UPDATE passes the row-level security of 0004 (`own_table`), which binds
-- every row to the login the owner gave the id.
--
-- The floor's readers (`floor serve`, `floor tables`) also see which ids the owner
-- has bound (`floor_table_roles`, the id and when, not the login's name): a table
-- given a login that never reached the store (a wrong password, a wrong id) is
-- listed as never connected rather than missing.
ALTER TABLE floor_tables ADD COLUMN seen_at timestamptz;
ALTER TABLE floor_tables ADD COLUMN closed_at timestamptz;
UPDATE floor_tables SET seen_at = shipped_at;

GRANT UPDATE (seen_at, closed_at) ON floor_tables TO floor_table;

CREATE OR REPLACE FUNCTION floor_tables_bound() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NOT row_security_active('floor_tables') THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'INSERT' AND NEW.table_id IS DISTINCT FROM floor_own_table() THEN
        RAISE EXCEPTION 'table %: the floor has not given this id to login %: the floor''s owner runs `tablectl floor add-table %`',
            NEW.table_id, current_user, NEW.table_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF TG_OP = 'UPDATE' THEN
        IF NEW.shipped_at IS DISTINCT FROM OLD.shipped_at THEN
            NEW.shipped_at := now();
        END IF;
        IF NEW.seen_at IS DISTINCT FROM OLD.seen_at THEN
            NEW.seen_at := now();
        END IF;
        IF NEW.closed_at IS NOT NULL AND NEW.closed_at IS DISTINCT FROM OLD.closed_at THEN
            NEW.closed_at := now();
        END IF;
    END IF;
    RETURN NEW;
END $$;
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION floor_tables_bound() SET search_path = pg_catalog, %I, pg_temp',
                   current_schema());
END $$;

GRANT SELECT (table_id, bound_at) ON floor_table_roles TO floor_reader;
CREATE POLICY read_bound ON floor_table_roles FOR SELECT TO floor_reader USING (true);
