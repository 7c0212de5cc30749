-- Steps stored compactly (db/compact.py). The JSON columns of steps and starts may now
-- hold their text zlib-compressed, as a BLOB (a TEXT value is plain JSON, as before), and
-- a step's state may be a delta against a keyframe: state_base is then the id of that
-- keyframe's row (same game, lower index, its own state_base NULL). Rows are never
-- deleted one by one, so a delta's keyframe is always there, undone or not.
-- The existing rows are converted by db/upgrades.py in this same transaction.

ALTER TABLE steps ADD COLUMN state_base INTEGER;
