-- How a game tells its story in the thread: 'phase' (a post for each phase with action),
-- 'turn' (one post a turn, with an animated map of it) or 'act' (a post whenever a
-- person must give orders). NULL: the default of the game's pacing.
ALTER TABLE games ADD COLUMN posting TEXT;
