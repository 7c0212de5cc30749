-- Broadside, first schema. Times are unix seconds (REAL) from the service's clock;
-- JSON columns hold exactly what the engine produced, so a game can be rebuilt and
-- exported as a record from these tables alone.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    ruleset       TEXT    NOT NULL,
    scenario      TEXT,
    options       TEXT    NOT NULL,             -- JSON: the ruleset's options model
    setup         TEXT    NOT NULL,             -- JSON: the whole setup, not just a name
    host_id       INTEGER NOT NULL,
    language      TEXT    NOT NULL DEFAULT 'en',
    pacing        TEXT    NOT NULL CHECK (pacing IN ('live', 'campaign')),
    phase_seconds INTEGER NOT NULL CHECK (phase_seconds > 0),
    status        TEXT    NOT NULL DEFAULT 'lobby'
                          CHECK (status IN ('lobby', 'running', 'paused', 'over')),
    created_at    REAL    NOT NULL,
    ended_at      REAL
);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread  ON games (thread_id);
CREATE INDEX games_by_status  ON games (status);

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat_id      TEXT    NOT NULL,              -- the engine's player id: p1, p2, ...
    side         TEXT    NOT NULL,
    user_id      INTEGER,                       -- NULL: an AI level or a vacant seat
    ai_level     TEXT,
    display_name TEXT    NOT NULL,
    dm_ok        INTEGER NOT NULL DEFAULT 1,
    missed_turns INTEGER NOT NULL DEFAULT 0,    -- in a row; reset by any order
    joined_at    REAL    NOT NULL,
    PRIMARY KEY (game_id, seat_id),
    CHECK (user_id IS NULL OR ai_level IS NULL)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE picks (
    game_id   INTEGER NOT NULL,
    seat_id   TEXT    NOT NULL,
    ship_id   TEXT    NOT NULL,
    points    REAL,                             -- NULL where the ruleset prices nothing
    picked_at REAL    NOT NULL,
    PRIMARY KEY (game_id, ship_id),
    FOREIGN KEY (game_id, seat_id) REFERENCES seats (game_id, seat_id) ON DELETE CASCADE
);

CREATE TABLE starts (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seed       INTEGER NOT NULL,
    setup      TEXT    NOT NULL,                -- JSON: the setup as started (picks applied)
    seats      TEXT    NOT NULL,                -- JSON: the engine's seats at the start
    rolls      TEXT    NOT NULL,
    events     TEXT    NOT NULL,
    state      TEXT    NOT NULL,
    started_at REAL    NOT NULL,
    announced  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE steps (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL CHECK (idx >= 1),
    orders      TEXT    NOT NULL,               -- JSON: the orders the engine resolved
    rolls       TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    resolved_at REAL    NOT NULL,
    announced   INTEGER NOT NULL DEFAULT 0,
    undone_at   REAL
);
-- The guard against resolving a phase twice: one live step per index.
CREATE UNIQUE INDEX steps_one_live_per_index ON steps (game_id, idx) WHERE undone_at IS NULL;

CREATE TABLE orders (
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,  -- arrival order, never reused
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    step_idx        INTEGER NOT NULL,                   -- the step this order is for
    decision_id     TEXT    NOT NULL,
    seat_id         TEXT    NOT NULL,
    payload         TEXT    NOT NULL,
    source          TEXT    NOT NULL CHECK (source IN ('player', 'ai')),
    user_id         INTEGER,
    idempotency_key TEXT,
    submitted_at    REAL    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'open'
                            CHECK (status IN ('open', 'replaced', 'consumed', 'discarded')),
    step_id         INTEGER REFERENCES steps (id)
);
CREATE UNIQUE INDEX orders_one_open_per_decision ON orders (game_id, decision_id) WHERE status = 'open';
CREATE UNIQUE INDEX orders_idempotency ON orders (game_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX orders_by_status ON orders (game_id, status, seq);

CREATE TABLE deadlines (
    game_id          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    step_idx         INTEGER NOT NULL,
    opened_at        REAL    NOT NULL,
    due_at           REAL    NOT NULL,
    reminders_sent   INTEGER NOT NULL DEFAULT 0,
    paused_remaining REAL                       -- set while the game is paused
);

CREATE TABLE prompts (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    step_idx INTEGER NOT NULL,
    seat_id  TEXT    NOT NULL,
    via      TEXT    NOT NULL CHECK (via IN ('dm', 'thread')),
    sent_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, step_idx, seat_id)
);

CREATE TABLE audit (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    at       REAL    NOT NULL,
    actor_id INTEGER,
    action   TEXT    NOT NULL,
    detail   TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_by_game ON audit (game_id, id);
