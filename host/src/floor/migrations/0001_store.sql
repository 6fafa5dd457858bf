-- The floor's store, version 1: every table's hand log, checked on arrival.
-- Applied once, in one transaction, by host/src/floor/schema.rs.

-- Each table the floor knows: the key its log is signed with (taken from its first
-- shipment, then never changed), its latest signed head, and what it last reported.
CREATE TABLE floor_tables (
    table_id text PRIMARY KEY,
    public_key text NOT NULL,
    head_seq bigint NOT NULL DEFAULT 0,
    head_hash bytea NOT NULL,
    head_sig bytea,
    head_at_ms bigint,
    -- The store's clock at the last batch taken: a table that stops shipping shows.
    shipped_at timestamptz,
    -- Records the table held locally and had not shipped, at its last batch.
    backlog bigint NOT NULL DEFAULT 0,
    first_seen timestamptz NOT NULL DEFAULT now()
);

-- Every record of every table, as the table's log stores it (the bytes its hash
-- covers), partitioned by month of the table's clock so old shifts can be detached
-- and archived. A partitioned table's key must hold the partition column, so the
-- key is (table_id, seq, at_ms); exactly once per (table_id, seq) is kept by the
-- ingest, which takes only the record after the table's head, under its row lock.
CREATE TABLE records (
    table_id text NOT NULL,
    seq bigint NOT NULL,
    at_ms bigint NOT NULL,
    kind text NOT NULL,
    payload text NOT NULL,
    hand integer,
    hash bytea NOT NULL,
    sig bytea NOT NULL,
    received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (table_id, seq, at_ms)
) PARTITION BY RANGE (at_ms);
CREATE INDEX records_by_hand ON records (table_id, hand) WHERE hand IS NOT NULL;

-- Makes the month's partition of records that holds at_ms (ms since the epoch, UTC),
-- if it is missing. Called outside the ingest's transaction, so making one never
-- holds the tables' shipments back.
CREATE FUNCTION floor_month_partition(at_ms bigint) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    start_ts timestamp := date_trunc('month', to_timestamp(at_ms / 1000.0) AT TIME ZONE 'UTC');
    part text := 'records_' || to_char(start_ts, 'YYYY_MM');
    lo bigint := (extract(epoch FROM start_ts) * 1000)::bigint;
    hi bigint := (extract(epoch FROM start_ts + interval '1 month') * 1000)::bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('floor_month_partition'));
    IF to_regclass(part) IS NULL THEN
        EXECUTE format('CREATE TABLE %I PARTITION OF records FOR VALUES FROM (%s) TO (%s)',
                       part, lo, hi);
    END IF;
    RETURN part;
END $$;

-- One row per hand, kept as its records arrive (the same counting as the table's own
-- `tablectl audit list`): what the floor's audits filter on.
CREATE TABLE hands (
    table_id text NOT NULL,
    number integer NOT NULL,
    start_ms bigint NOT NULL,
    end_ms bigint,
    last_ms bigint NOT NULL,
    seats smallint[] NOT NULL,
    pot bigint,
    rake bigint NOT NULL,
    corrections integer NOT NULL,
    misdeals integer NOT NULL,
    over_pot integer NOT NULL,
    bad_tags integer NOT NULL,
    refusals integer NOT NULL,
    records bigint NOT NULL,
    first_seq bigint NOT NULL,
    last_seq bigint NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE INDEX hands_by_start ON hands (start_ms);
CREATE INDEX hands_by_end ON hands ((coalesce(end_ms, last_ms)));
CREATE INDEX hands_by_pot ON hands (pot);
CREATE INDEX hands_by_seat ON hands USING gin (seats);
CREATE INDEX hands_flagged ON hands (table_id, number)
    WHERE corrections > 0 OR misdeals > 0 OR over_pot > 0 OR bad_tags > 0;

-- What the store refused or found (a gap, a fork, a bad signature, a log rolled
-- back), one row per table, kind and record, until the floor clears it.
CREATE TABLE alerts (
    id bigserial PRIMARY KEY,
    table_id text NOT NULL,
    kind text NOT NULL,
    seq bigint NOT NULL,
    detail text NOT NULL,
    raised_at timestamptz NOT NULL DEFAULT now(),
    cleared_at timestamptz,
    UNIQUE (table_id, kind, seq)
);
CREATE INDEX alerts_open ON alerts (table_id) WHERE cleared_at IS NULL;
