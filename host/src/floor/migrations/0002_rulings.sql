-- Floor rulings (a void hand, a straddle ruled announced, a premature card) are
-- counted per hand, as `tablectl audit list` counts them, and flag the hand.
ALTER TABLE hands ADD COLUMN rulings integer NOT NULL DEFAULT 0;
DROP INDEX hands_flagged;
CREATE INDEX hands_flagged ON hands (table_id, number)
    WHERE corrections > 0 OR misdeals > 0 OR over_pot > 0 OR bad_tags > 0 OR rulings > 0;
