-- How long a game waits for orders, per game.
-- games.deadline_per: 'phase' (each phase has its own deadline) or 'turn' (one deadline
--   for all the phases of a turn); NULL: the pacing's default (live: phase, campaign: turn).
-- games.grace_seconds: after the last order of a phase, how long it may still be taken
--   back before the phase resolves; NULL: the pacing's default.
-- deadlines.turn: the turn the open phase belongs to, so a turn's deadline is carried
--   from one of its phases to the next.
-- deadlines.late: the phase opened after its turn's deadline had passed; the seats that
--   missed that deadline do not hold it up.
ALTER TABLE games ADD COLUMN deadline_per TEXT;
ALTER TABLE games ADD COLUMN grace_seconds REAL;
ALTER TABLE deadlines ADD COLUMN turn INTEGER;
ALTER TABLE deadlines ADD COLUMN late INTEGER NOT NULL DEFAULT 0;
