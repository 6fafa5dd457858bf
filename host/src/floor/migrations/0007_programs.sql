-- Program verification (issue 28, item 4; GLI-24, GLI-11): what program each table
-- runs, and which programs the floor has approved. Every table writes a `program`
-- record into its hand log at every start (its version, the SHA-256 of its binary and
-- of its configuration files), chained and signed like every record, and ships it.
-- From here on:
--   * `floor_programs`: each table's latest program, one row a table, written by the
--     ingest in the shipment's transaction under the table's own login. As every
--     table's row since 0004, a table's login reads and writes its own row only
--     (row-level security), and `updated_at` is the store's clock, never the
--     table's. The row can only ever say what a program record the store holds
--     says: it names that record (`seq`), which must be of the table, of kind
--     `program`, with the same version and digests in its payload, and it never
--     moves back to an earlier record. The store's guard (0003) holds every record
--     chained, so a row cannot name a record that is not in the chain; the record's
--     signature is checked by the ingest and again by the floor as it reads the row
--     (host/src/floor/programs.rs): a record written straight into the store by a
--     table's login, chained but not signed, is shown as forged, never as the
--     table's program.
--   * `floor_approved_programs`: the binaries the floor has approved, by SHA-256,
--     with a note, when and by whom. The owner alone approves and revokes (`tablectl
--     floor approve|revoke`). The reader and the tables' logins read them (`floor
--     tables` run under a table's login says whether its program is approved; a list
--     of approved digests tells nobody how to make a binary that has one); no
--     login but the owner's writes them, and a table never approves its own program.
-- The alert "table T runs a program the floor has not approved" is not a row a table
-- could fail to raise: the floor computes it as it reads, from the two tables above,
-- so approving the hash clears it and revoking it raises it again.

CREATE TABLE floor_programs (
    table_id text PRIMARY KEY,
    seq bigint NOT NULL,
    version text NOT NULL,
    binary_hash text NOT NULL CHECK (binary_hash ~ '^[0-9a-f]{64}$'),
    config_hash text NOT NULL CHECK (config_hash ~ '^[0-9a-f]{64}$'),
    at_ms bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE floor_approved_programs (
    binary_hash text PRIMARY KEY CHECK (binary_hash ~ '^[0-9a-f]{64}$'),
    note text NOT NULL DEFAULT '',
    approved_at timestamptz NOT NULL DEFAULT now(),
    approved_by name NOT NULL DEFAULT current_user
);

-- A table's row says what one of its program records says, moves only forward, is
-- stamped with the store's clock and is never removed.
CREATE FUNCTION floor_programs_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    p jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'the floor never forgets what program table % ran', OLD.table_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF TG_OP = 'UPDATE' AND (NEW.table_id <> OLD.table_id OR NEW.seq < OLD.seq) THEN
        RAISE EXCEPTION 'table %: its program row only moves on to a later program record', OLD.table_id
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    SELECT r.payload::jsonb INTO p FROM records r
    WHERE r.table_id = NEW.table_id AND r.seq = NEW.seq AND r.kind = 'program'
      AND r.at_ms = NEW.at_ms;
    IF NOT FOUND OR p->>'version' IS DISTINCT FROM NEW.version
       OR p->>'binary' IS DISTINCT FROM NEW.binary_hash
       OR p->>'config' IS DISTINCT FROM NEW.config_hash THEN
        RAISE EXCEPTION 'table %: its program row must say what its program record % says', NEW.table_id, NEW.seq
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    NEW.updated_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER floor_programs_kept BEFORE INSERT OR UPDATE OR DELETE ON floor_programs
    FOR EACH ROW EXECUTE FUNCTION floor_programs_kept();
CREATE TRIGGER floor_programs_not_truncated BEFORE TRUNCATE ON floor_programs
    FOR EACH STATEMENT EXECUTE FUNCTION floor_records_kept();

ALTER TABLE floor_programs ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON floor_programs TO floor_table;
CREATE POLICY own_program ON floor_programs FOR ALL TO floor_table
    USING (table_id = (SELECT floor_own_table()))
    WITH CHECK (table_id = (SELECT floor_own_table()));
CREATE POLICY read_all ON floor_programs FOR SELECT TO floor_reader USING (true);
GRANT SELECT ON floor_programs, floor_approved_programs TO floor_reader;
GRANT SELECT ON floor_approved_programs TO floor_table;
-- The approved list is the owner's: no policy lets another role write it, and row
-- level security on it keeps a grant made by mistake from letting one.
ALTER TABLE floor_approved_programs ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_all ON floor_approved_programs FOR SELECT TO floor_reader, floor_table
    USING (true);

-- Like every floor function since 0004: names found in the store's schema, temporary
-- tables last, so no login's temporary table is taken for the store's.
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION floor_programs_kept() SET search_path = pg_catalog, %I, pg_temp',
                   current_schema());
END $$;
