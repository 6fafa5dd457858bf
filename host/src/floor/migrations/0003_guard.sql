-- The store guards its own records, whoever writes to it. The ingest
-- (host/src/floor/ingest.rs) checks every record before it inserts it, but it runs
-- in the shipping table's process, with a database role the table holds: whoever
-- takes that role from a controller could write rows directly. These rules are the
-- database's own, for every role:
--   * a record is taken only as the next of its table, chained by its hash to the
--     one before it (the hash recomputed here, as chain.rs computes it);
--   * a record taken is never changed or removed (old months are archived by
--     detaching their partition, which removes no row one by one);
--   * a table starts with no record; its key never changes, its head never moves
--     back and only ever names a record the store holds, and a table the store
--     knows is never removed;
--   * a hand's row in the audits' index only grows with its records;
--   * an alert is cleared only by the floor (see the grants below).
-- The signatures are checked by the ingest (Ed25519 is not in PostgreSQL), again by
-- `tablectl floor serve` as it reads the records (host/src/floor/live.rs), and by
-- `tablectl audit verify --floor`, against the key the store keeps.

-- Every record added by one statement, checked at its end (a shipment is one
-- statement, so this runs once a shipment, set-based): a table's new records must
-- be numbered on from its head with no gap and no number twice, the first chained by
-- its hash to the head, each other to the one before it; and the table must hold no
-- other record past its head (none added beside the head by an earlier statement).
-- The head itself moves only onto a record the store holds (floor_tables_kept).
-- Each table's head is read first, so the checks are simple statements whose plans
-- are kept: half the cost of one query joining everything (a shipment of 10 records
-- checked in about 170 us, measured in isolation).
CREATE FUNCTION floor_records_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    tid text;
    k bigint;
    head bigint;
    head_hash bytea;
    bad bigint;
BEGIN
    FOR tid, k IN SELECT a.table_id, count(*) FROM added a GROUP BY a.table_id LOOP
        SELECT f.head_seq, f.head_hash INTO head, head_hash
        FROM floor_tables f WHERE f.table_id = tid;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'the floor refuses table %''s records: it has not met the table', tid
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        WITH a AS (
            SELECT a.seq, a.at_ms, a.kind, a.payload, a.hash,
                   lag(a.hash) OVER w AS prev, row_number() OVER w AS n
            FROM added a
            WHERE a.table_id = tid
            WINDOW w AS (ORDER BY a.seq)
        )
        SELECT a.seq INTO bad
        FROM a
        WHERE a.seq <> head + a.n
           OR a.hash IS DISTINCT FROM sha256(
                  '\x7461626c6563746c2068616e64206c6f67207265636f726420763200'::bytea
                  || coalesce(a.prev, head_hash)
                  || int8send(a.seq) || int8send(a.at_ms)
                  || int8send(octet_length(convert_to(a.kind, 'UTF8'))) || convert_to(a.kind, 'UTF8')
                  || int8send(octet_length(convert_to(a.payload, 'UTF8'))) || convert_to(a.payload, 'UTF8'))
        LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION 'the floor refuses record % of table %: it does not follow the record before it', bad, tid
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        IF (SELECT count(*) FROM records r WHERE r.table_id = tid AND r.seq > head) <> k THEN
            RAISE EXCEPTION 'the floor refuses table %''s records from %: a number past its head is taken twice', tid, head + 1
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
    END LOOP;
    RETURN NULL;
END $$;
CREATE TRIGGER records_chain AFTER INSERT ON records
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION floor_records_chain();

CREATE FUNCTION floor_records_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the floor''s records are never changed or removed: archive a month by detaching its partition'
        USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER records_kept BEFORE UPDATE OR DELETE ON records
    FOR EACH ROW EXECUTE FUNCTION floor_records_kept();
CREATE TRIGGER records_not_truncated BEFORE TRUNCATE ON records
    FOR EACH STATEMENT EXECUTE FUNCTION floor_records_kept();

CREATE FUNCTION floor_tables_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'the floor never forgets a table: table % stays', OLD.table_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF TG_OP = 'INSERT' THEN
        -- A table starts at the beginning of its chain (chain.rs: 32 zero bytes).
        IF NEW.head_seq <> 0 OR NEW.head_hash <> '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea
           OR NEW.head_sig IS NOT NULL THEN
            RAISE EXCEPTION 'table %: a table the floor has not met starts with no record', NEW.table_id
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END IF;
    IF NEW.table_id <> OLD.table_id OR NEW.public_key <> OLD.public_key THEN
        RAISE EXCEPTION 'table %: its id and key never change', OLD.table_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.head_seq < OLD.head_seq THEN
        RAISE EXCEPTION 'table %: its head never moves back (% to %)', OLD.table_id, OLD.head_seq, NEW.head_seq
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF (NEW.head_seq, NEW.head_hash) IS DISTINCT FROM (OLD.head_seq, OLD.head_hash)
       AND NOT EXISTS (SELECT 1 FROM records r
                       WHERE r.table_id = NEW.table_id AND r.seq = NEW.head_seq
                         AND r.hash = NEW.head_hash) THEN
        RAISE EXCEPTION 'table %: its head names record %, which the store does not hold', OLD.table_id, NEW.head_seq
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER floor_tables_kept BEFORE INSERT OR UPDATE OR DELETE ON floor_tables
    FOR EACH ROW EXECUTE FUNCTION floor_tables_kept();
CREATE TRIGGER floor_tables_not_truncated BEFORE TRUNCATE ON floor_tables
    FOR EACH STATEMENT EXECUTE FUNCTION floor_records_kept();

-- A hand's row (the audits' index: `floor hands`, `floor rake`) only ever grows
-- as its records arrive (HandSummary::take only counts up): its number, start and
-- first record never change, its counts (records, corrections, misdeals, over-pot
-- bets, bad tags, refusals, rulings) and rake never go down, its last record never
-- moves back, and a hand over or paid stays so. A role cannot hide a correction or
-- a ruling from the floor's audits by rewriting the index after it shipped. The
-- table's clock (last_ms) and the hand's seats and pot may change with later records
-- (a clock set back, a redeal, an award undone and paid again).
CREATE FUNCTION floor_hands_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'the floor never forgets a hand: table % hand % stays', OLD.table_id, OLD.number
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF (NEW.table_id, NEW.number, NEW.start_ms, NEW.first_seq)
           IS DISTINCT FROM (OLD.table_id, OLD.number, OLD.start_ms, OLD.first_seq)
       OR NEW.records < OLD.records OR NEW.last_seq < OLD.last_seq
       OR NEW.corrections < OLD.corrections OR NEW.misdeals < OLD.misdeals
       OR NEW.over_pot < OLD.over_pot OR NEW.bad_tags < OLD.bad_tags
       OR NEW.refusals < OLD.refusals OR NEW.rulings < OLD.rulings OR NEW.rake < OLD.rake
       OR (OLD.end_ms IS NOT NULL AND NEW.end_ms IS NULL)
       OR (OLD.pot IS NOT NULL AND NEW.pot IS NULL) THEN
        RAISE EXCEPTION 'table % hand %: a hand''s row only grows with its records', OLD.table_id, OLD.number
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER hands_kept BEFORE UPDATE OR DELETE ON hands
    FOR EACH ROW EXECUTE FUNCTION floor_hands_kept();
CREATE TRIGGER hands_not_truncated BEFORE TRUNCATE ON hands
    FOR EACH STATEMENT EXECUTE FUNCTION floor_records_kept();

-- The month's partition is made by its owner, whoever ships the first record of
-- the month: a table's role needs no right to create tables.
ALTER FUNCTION floor_month_partition(bigint) SECURITY DEFINER SET search_path FROM CURRENT;

-- The role a table's shipper logs in under (each table its own login role, a member
-- of this one: `CREATE ROLE table_t1 LOGIN PASSWORD '...' IN ROLE floor_table`):
-- it reads what it needs and adds records, hands and alerts; it changes nothing
-- else (no record, no key, no alert cleared). Made here when the migrating role
-- may create roles; otherwise the database's administrator makes it and grants
-- these rights (docs/floor.md).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'floor_table') THEN
        IF NOT EXISTS (SELECT 1 FROM pg_roles
                       WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
            RAISE NOTICE 'role floor_table not made: the migrating role may not create roles';
            RETURN;
        END IF;
        CREATE ROLE floor_table NOLOGIN;
    END IF;
    GRANT SELECT ON schema_version, floor_tables, records, hands, alerts TO floor_table;
    GRANT INSERT ON floor_tables, records, hands, alerts TO floor_table;
    GRANT UPDATE (head_seq, head_hash, head_sig, head_at_ms, shipped_at, backlog)
        ON floor_tables TO floor_table;
    GRANT UPDATE ON hands TO floor_table;
    GRANT USAGE ON SEQUENCE alerts_id_seq TO floor_table;
    GRANT EXECUTE ON FUNCTION floor_month_partition(bigint) TO floor_table;
END $$;
