-- What each finished game came to, and the ladder's ratings: one row per game, one per
-- member who played it, and one rating per member, ruleset and server. Written once per
-- game (its primary key), in the same transaction as the ratings it moves, so a restart
-- between a game's end and its result can neither lose it nor count it twice.

CREATE TABLE results (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id  INTEGER NOT NULL,
    ruleset   TEXT    NOT NULL,
    kind      TEXT    NOT NULL,                 -- the rules' kind of result, or 'abandoned'
    winner    TEXT,                             -- a side; NULL: a draw, or no result
    rated     INTEGER NOT NULL,                 -- 1: the ladder counted it
    turns     INTEGER,
    summary   TEXT    NOT NULL,                 -- JSON: title, scores, each side's losses, computer seats
    ended_at  REAL    NOT NULL
);
CREATE INDEX results_by_guild ON results (guild_id, ended_at);

CREATE TABLE result_players (
    game_id      INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    side         TEXT    NOT NULL,
    outcome      TEXT    NOT NULL CHECK (outcome IN ('won', 'lost', 'drawn', 'abandoned')),
    ships        TEXT    NOT NULL,              -- JSON: the names of the ships they commanded
    taken        INTEGER NOT NULL,              -- enemy ships sunk or taken, their side's count
    lost         INTEGER NOT NULL,              -- their side's ships sunk or taken
    rating_before REAL,                         -- the ladder's figure before and after; NULL: unrated
    rating_after  REAL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX result_players_by_user ON result_players (user_id, game_id);

CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    ruleset      TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    losses       INTEGER NOT NULL,
    draws        INTEGER NOT NULL,
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, ruleset, user_id)
);
