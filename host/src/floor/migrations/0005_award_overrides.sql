-- Hands with a pot the floor ruled paid against the tabled hands (the award override,
-- R-SHOW-4; issue 26, attack 12), counted per hand as `tablectl audit list` counts
-- them, for `tablectl floor hands --overrides`. An override is a floor ruling, so the
-- flagged hands' index (rulings > 0) holds these hands already.
ALTER TABLE hands ADD COLUMN overrides integer NOT NULL DEFAULT 0;
CREATE INDEX hands_overrides ON hands (table_id, number) WHERE overrides > 0;

-- The guard of 0003 for this count too: like a hand's other counts it only grows, so
-- no role hides an override from the floor's audits by rewriting the row after it
-- shipped.
CREATE FUNCTION floor_hands_overrides_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.overrides < OLD.overrides THEN
        RAISE EXCEPTION 'table % hand %: a hand''s row only grows with its records', OLD.table_id, OLD.number
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER hands_overrides_kept BEFORE UPDATE ON hands
    FOR EACH ROW EXECUTE FUNCTION floor_hands_overrides_kept();

-- Like every floor function since 0004: names found in the store's schema, temporary
-- tables last, so no login's temporary table is taken for the store's.
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION floor_hands_overrides_kept() SET search_path = pg_catalog, %I, pg_temp',
                   current_schema());
END $$;
