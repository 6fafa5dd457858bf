-- Least privilege in the store: one table's login hurts no other table.
-- Until version 3 every table's login was a member of `floor_table` and that role
-- could read and write every table's rows: one controller taken from the room read
-- every table's hole cards live, silenced any table's alerts, moved any table's head
-- and last shipment, wrote any table's hands, and made partitions until the store
-- ran out of shared memory. From here on:
--   * the floor's owner binds each table id to one login role (`floor_table_roles`,
--     written by the owner only: `tablectl floor add-table`); a table's role sees
--     and writes only its own table's rows (row-level security on floor_tables,
--     records, hands and alerts), and registers no id the owner did not give it;
--   * a table's role makes a month's partition of records only near the store's
--     clock (the month before, this one or the next): never thousands ahead;
--   * a table's role raises alerts of its own table only, always open (it may not
--     name `cleared_at` or `raised_at`), and a cleared alert never swallows a new
--     one: an alert is unique only while it is open;
--   * `floor_reader` (the floor service and the audits) reads every table and may
--     raise, never clear, an alert; the owner alone clears alerts and binds tables.
-- Row-level security is enabled, not forced: the owner (who migrates, clears alerts
-- and binds tables) reads every row as before, and forcing it would bind no one, since
-- the owner may switch it off again. A superuser is never bound by it.
--
-- Tables already in the store are bound to no role: until the owner binds each
-- (`INSERT INTO floor_table_roles (table_id, role_name) VALUES ('T1', 'table_t1')`),
-- no table role reads or writes its rows, and its shipper is refused with a message
-- naming the command. Nothing is bound by a naming convention: a role called
-- `table_t1` may well be the one that shipped T2, and a guessed binding is the very
-- hole this version closes.

-- The roles: made here when the migrating role may create roles; otherwise the
-- database's administrator makes them (NOLOGIN) before migrating.
DO $$
DECLARE
    r text;
BEGIN
    FOREACH r IN ARRAY ARRAY['floor_table', 'floor_reader'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
            IF NOT EXISTS (SELECT 1 FROM pg_roles
                           WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
                RAISE EXCEPTION 'the floor''s store needs the role % and % may not create it: have the database''s administrator run CREATE ROLE % NOLOGIN, then migrate again',
                    r, current_user, r
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
            EXECUTE format('CREATE ROLE %I NOLOGIN', r);
        END IF;
    END LOOP;
END $$;

-- Which login role ships which table: one role a table, one table a role.
CREATE TABLE floor_table_roles (
    table_id text PRIMARY KEY,
    role_name name NOT NULL UNIQUE,
    bound_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE floor_table_roles ENABLE ROW LEVEL SECURITY;
-- A table's role reads its own binding (the policies below ask for it), no other.
GRANT SELECT ON floor_table_roles TO floor_table;
CREATE POLICY own_binding ON floor_table_roles FOR SELECT TO floor_table
    USING (role_name = current_user);

-- The table the current role ships (NULL: none). Asked once a statement by each
-- policy below (a scalar subquery), not once a row.
CREATE FUNCTION floor_own_table() RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT b.table_id FROM floor_table_roles b WHERE b.role_name = current_user
$$;

-- Each table's rows: its own role reads and writes them, the reader reads all.
ALTER TABLE floor_tables ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_table ON floor_tables FOR ALL TO floor_table
    USING (table_id = (SELECT floor_own_table()))
    WITH CHECK (table_id = (SELECT floor_own_table()));
CREATE POLICY read_all ON floor_tables FOR SELECT TO floor_reader USING (true);

ALTER TABLE records ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_records ON records FOR SELECT TO floor_table
    USING (table_id = (SELECT floor_own_table()));
CREATE POLICY own_records_added ON records FOR INSERT TO floor_table
    WITH CHECK (table_id = (SELECT floor_own_table()));
CREATE POLICY read_all ON records FOR SELECT TO floor_reader USING (true);

ALTER TABLE hands ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_hands ON hands FOR ALL TO floor_table
    USING (table_id = (SELECT floor_own_table()))
    WITH CHECK (table_id = (SELECT floor_own_table()));
CREATE POLICY read_all ON hands FOR SELECT TO floor_reader USING (true);

-- Alerts: raised open, by the table's role for its own table, by the reader for
-- any; cleared by the owner only (no role has UPDATE). Only the columns of a new
-- alert may be given: never `cleared_at` nor `raised_at`.
REVOKE INSERT ON alerts FROM floor_table;
GRANT INSERT (table_id, kind, seq, detail) ON alerts TO floor_table, floor_reader;
GRANT USAGE ON SEQUENCE alerts_id_seq TO floor_reader;
ALTER TABLE alerts ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_alerts ON alerts FOR SELECT TO floor_table
    USING (table_id = (SELECT floor_own_table()));
CREATE POLICY own_alerts_raised ON alerts FOR INSERT TO floor_table
    WITH CHECK (table_id = (SELECT floor_own_table()) AND cleared_at IS NULL);
CREATE POLICY read_all ON alerts FOR SELECT TO floor_reader USING (true);
CREATE POLICY raise_any ON alerts FOR INSERT TO floor_reader WITH CHECK (cleared_at IS NULL);
-- Once per table, kind and record while open: the ingest's `ON CONFLICT DO NOTHING`
-- keeps a shipment retried from raising its alert twice, but an alert the floor
-- cleared (or one raised ahead and cleared) never swallows the next real one.
CREATE UNIQUE INDEX alerts_open_once ON alerts (table_id, kind, seq) WHERE cleared_at IS NULL;
ALTER TABLE alerts DROP CONSTRAINT alerts_table_id_kind_seq_key;
DROP INDEX alerts_open;

-- A table's role registers only the id the owner bound to it, with words its
-- shipper can show (row-level security alone would say "violates row-level security
-- policy"); and its last shipment is the store's clock, never a time of the role's
-- choosing (a table that stops shipping shows).
CREATE FUNCTION floor_tables_bound() RETURNS trigger
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
    IF TG_OP = 'UPDATE' AND NEW.shipped_at IS DISTINCT FROM OLD.shipped_at THEN
        NEW.shipped_at := now();
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER floor_tables_bound BEFORE INSERT OR UPDATE ON floor_tables
    FOR EACH ROW EXECUTE FUNCTION floor_tables_bound();

-- The month's partition of records: a table's role makes it only for the month
-- before the store's, its month or the next (a table's clock a little off, a backlog
-- shipped after a month's end); any other month is the owner's to make (`SELECT
-- floor_month_partition(MS)` as the owner). The partition is made apart and attached,
-- which locks records only against other attachments (SHARE UPDATE EXCLUSIVE), so no
-- reader's open transaction holds it back and it never queues the shipments behind
-- it; the makers wait for each other on a lock of floor_table_roles, which no table
-- role may take in a mode that conflicts (an advisory lock any role could hold).
CREATE OR REPLACE FUNCTION floor_month_partition(at_ms bigint) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    start_ts timestamp := date_trunc('month', to_timestamp(at_ms / 1000.0) AT TIME ZONE 'UTC');
    this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
    part text := 'records_' || to_char(start_ts, 'YYYY_MM');
    lo bigint := (extract(epoch FROM start_ts) * 1000)::bigint;
    hi bigint := (extract(epoch FROM start_ts + interval '1 month') * 1000)::bigint;
    -- The store's schema: made there, not in the first schema of the search path
    -- (the catalog, below).
    store text := (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE c.oid = 'records'::regclass);
BEGIN
    IF to_regclass(part) IS NOT NULL THEN
        RETURN part;
    END IF;
    -- Run as the owner (current_user here): the caller is the session's login.
    IF NOT pg_has_role(session_user, current_user, 'USAGE')
       AND start_ts NOT BETWEEN this_month - interval '1 month' AND this_month + interval '1 month' THEN
        RAISE EXCEPTION 'the floor refuses to make the partition of % for login %: a table makes only its month''s, near the store''s clock (%); check the table''s clock, or the floor''s owner makes it',
            to_char(start_ts, 'YYYY-MM'), session_user, to_char(this_month, 'YYYY-MM')
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    LOCK TABLE floor_table_roles IN SHARE ROW EXCLUSIVE MODE;
    IF to_regclass(part) IS NULL THEN
        EXECUTE format('CREATE TABLE %I.%I (LIKE records INCLUDING DEFAULTS)', store, part);
        EXECUTE format('ALTER TABLE records ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)',
                       part, lo, hi);
    END IF;
    RETURN part;
END $$;
-- Functions are callable by every role unless revoked: only the tables' roles (and
-- the owner) make partitions.
REVOKE EXECUTE ON FUNCTION floor_month_partition(bigint) FROM PUBLIC;

-- The reader: what `floor serve` and the audits read, and alerts raised (above).
GRANT SELECT ON schema_version, floor_tables, records, hands, alerts TO floor_reader;

-- The floor's functions find the store's tables in the store's schema only. A name
-- is otherwise looked up on the caller's search path, where the caller's temporary
-- tables come first: a table's login that made a temporary `floor_table_roles`
-- naming another table as its own was given that table's rows by the policies, and
-- a temporary `floor_tables` or `records` would have fed the guard (0003) a head or
-- records of its choosing. Temporary tables are searched last, after the catalog and
-- the store's schema, so none of theirs is ever taken for the store's.
DO $$
DECLARE
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['floor_own_table()', 'floor_tables_bound()',
                             'floor_month_partition(bigint)', 'floor_records_chain()',
                             'floor_records_kept()', 'floor_tables_kept()',
                             'floor_hands_kept()'] LOOP
        EXECUTE format('ALTER FUNCTION %s SET search_path = pg_catalog, %I, pg_temp',
                       f, current_schema());
    END LOOP;
END $$;
