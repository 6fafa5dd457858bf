-- Tournaments (host/src/tournament, host/src/floor/tournaments.rs): a tournament is
-- its director's log of events (made, a player registered and seated, the clock
-- started, paused, resumed or given time, players knocked out), kept here as a
-- chain signed with the director's key, as a table's hand log is. From here on:
--   * `floor_director`: the role of the tournament director's logins (`tablectl
--     floor add-director`); it makes tournaments and writes their events, nothing
--     else. The reader and every table's login read them (the clock is on every
--     table's screen); no login but the owner's could remove one, and the owner
--     cannot change one either (the trigger below is the database's own).
--   * `tournaments`: one row a tournament, naming the director's public key; it is
--     written once, with the tournament's first event.
--   * `tournament_events`: each event as the director signed it: numbered from 1
--     with no gap, chained by SHA-256 to the one before it (the hash recomputed here
--     as host/src/floor/tournaments.rs computes it), never changed or removed. Its
--     Ed25519 signature is checked by every reader against the tournament's key
--     (PostgreSQL has no Ed25519): a row written straight into the store, chained
--     but not signed, is refused by every command and page that reads it.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'floor_director') THEN
        IF NOT EXISTS (SELECT 1 FROM pg_roles
                       WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
            RAISE EXCEPTION 'the floor''s store needs the role floor_director and % may not create it: have the database''s administrator run CREATE ROLE floor_director NOLOGIN, then migrate again',
                current_user
                USING ERRCODE = 'insufficient_privilege';
        END IF;
        CREATE ROLE floor_director NOLOGIN;
    END IF;
END $$;

CREATE TABLE tournaments (
    tournament_id text PRIMARY KEY CHECK (tournament_id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$'),
    director_key text NOT NULL CHECK (director_key ~ '^[0-9a-f]{64}$'),
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by name NOT NULL DEFAULT current_user
);

CREATE TABLE tournament_events (
    tournament_id text NOT NULL REFERENCES tournaments,
    seq bigint NOT NULL CHECK (seq >= 1),
    payload text NOT NULL CHECK (octet_length(payload) <= 1048576),
    hash bytea NOT NULL CHECK (octet_length(hash) = 32),
    signature bytea NOT NULL CHECK (octet_length(signature) = 64),
    written_at timestamptz NOT NULL DEFAULT now(),
    written_by name NOT NULL DEFAULT current_user,
    PRIMARY KEY (tournament_id, seq)
);

-- An event is taken only as the next of its tournament, chained to the one before
-- it: hash = SHA-256(previous hash, or 32 zero bytes | seq as 8 bytes big-endian |
-- payload's UTF-8). Two directors writing at once: the second's row has the first's
-- number and is refused by the primary key; he reads again and retries.
CREATE FUNCTION tournament_events_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    prev bytea;
    last bigint;
BEGIN
    SELECT e.seq, e.hash INTO last, prev FROM tournament_events e
    WHERE e.tournament_id = NEW.tournament_id
    ORDER BY e.seq DESC LIMIT 1;
    IF NOT FOUND THEN
        last := 0;
        prev := '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
    END IF;
    IF NEW.seq <> last + 1 THEN
        RAISE EXCEPTION 'tournament %: event % given where event % is due', NEW.tournament_id, NEW.seq, last + 1
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF NEW.hash <> sha256(prev || int8send(NEW.seq) || convert_to(NEW.payload, 'UTF8')) THEN
        RAISE EXCEPTION 'tournament %: event % does not chain to the one before it', NEW.tournament_id, NEW.seq
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    NEW.written_at := now();
    NEW.written_by := current_user;
    RETURN NEW;
END $$;
CREATE TRIGGER tournament_events_chain BEFORE INSERT ON tournament_events
    FOR EACH ROW EXECUTE FUNCTION tournament_events_chain();

-- Nothing written is changed or removed, by anyone.
CREATE FUNCTION tournament_rows_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the floor keeps every tournament event as it was written'
        USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER tournament_events_kept BEFORE UPDATE OR DELETE ON tournament_events
    FOR EACH ROW EXECUTE FUNCTION tournament_rows_kept();
CREATE TRIGGER tournaments_kept BEFORE UPDATE OR DELETE ON tournaments
    FOR EACH ROW EXECUTE FUNCTION tournament_rows_kept();
CREATE TRIGGER tournament_events_not_truncated BEFORE TRUNCATE ON tournament_events
    FOR EACH STATEMENT EXECUTE FUNCTION tournament_rows_kept();
CREATE TRIGGER tournaments_not_truncated BEFORE TRUNCATE ON tournaments
    FOR EACH STATEMENT EXECUTE FUNCTION tournament_rows_kept();

-- The director makes tournaments and writes events; everyone who reads the room
-- reads them. The stamps are the store's (the chain trigger sets them).
GRANT SELECT ON tournaments, tournament_events TO floor_director, floor_reader, floor_table;
GRANT SELECT ON schema_version TO floor_director;
GRANT INSERT (tournament_id, director_key) ON tournaments TO floor_director;
GRANT INSERT (tournament_id, seq, payload, hash, signature) ON tournament_events TO floor_director;
