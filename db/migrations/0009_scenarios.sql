-- Fleets by points and the custom scenarios a server saves.
-- fleet_ships: each ship bought in a points game's lobby, numbered within the game
-- (the number is the next free one, taken in the transaction that checks the budget).
-- scenarios: a server's custom scenarios by name (terms, fleets, set-up pattern, wind,
-- table), replaced when saved again under the same name.
-- Portable SQL: plain types, no self-numbering ids, upserts by ON CONFLICT.

CREATE TABLE fleet_ships (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n         INTEGER NOT NULL,
    side      TEXT    NOT NULL,
    seat_id   TEXT    NOT NULL,                 -- who bought her: a seat, or '' for the host
    design    TEXT    NOT NULL,                 -- the ruleset's design id
    params    TEXT    NOT NULL,                 -- JSON: the choices that shaped her
    name      TEXT    NOT NULL,
    points    REAL    NOT NULL,
    bought_at REAL    NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE INDEX fleet_ships_by_side ON fleet_ships (game_id, side);

CREATE TABLE scenarios (
    guild_id  INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    ruleset   TEXT    NOT NULL,
    body      TEXT    NOT NULL,                 -- JSON: terms, pattern, wind, table, fleets
    saved_by  INTEGER NOT NULL,
    saved_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, name)
);
