-- Standing orders: what a player told a ship (a subject of the rules) to do whenever
-- no order is given for her, stored the moment they arrive. ``moment`` is '' for every
-- phase until cancelled, or the one moment of this turn a conditional order is for.
-- status: 'live', 'cancelled' (by the player), 'replaced' (by a newer order for the
-- same ship and moment), 'spent' (its moment passed) or 'dropped' (the seat changed hands).
-- Portable SQL (docs/deploy.md): the id counts up on both databases.
CREATE TABLE standing_orders (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat_id     TEXT    NOT NULL,
    subject     TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    moment      TEXT    NOT NULL DEFAULT '',
    user_id     INTEGER,
    given_at    REAL    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'live'
                CHECK (status IN ('live', 'cancelled', 'replaced', 'spent', 'dropped')),
    ended_at    REAL
);
CREATE UNIQUE INDEX standing_orders_live ON standing_orders (game_id, subject, moment) WHERE status = 'live';
CREATE INDEX standing_orders_game ON standing_orders (game_id, status);
