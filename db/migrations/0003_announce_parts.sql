-- What of a start's or a step's announcement has gone out, part by part, so a retry
-- after a failure sends only what is missing: the public story ('public'; `pieces`
-- counts the messages of it already posted when it took several), the end-of-game line
-- ('over'), and each player's private lines ('private:<user id>'). Rows live only while
-- the announcement is under way; the step's `announced` flag is set once all is out.
-- `step_id` is steps.id (never reused, so a step redone after an undo starts afresh),
-- or 0 for the game's start.
CREATE TABLE announce_parts (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    step_id INTEGER NOT NULL,
    part    TEXT    NOT NULL,
    pieces  INTEGER NOT NULL DEFAULT 0,
    done    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, step_id, part)
);

-- The phase's public "Waiting for ..." line went out: it is posted once, even if a
-- direct message to a player fails before any prompt is noted.
ALTER TABLE deadlines ADD COLUMN waiting_posted INTEGER NOT NULL DEFAULT 0;
UPDATE deadlines SET waiting_posted = 1
 WHERE EXISTS (SELECT 1 FROM prompts p WHERE p.game_id = deadlines.game_id AND p.step_idx = deadlines.step_idx);
