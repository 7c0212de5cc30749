-- Which process runs each unfinished game's loop, when several bot processes share one
-- PostgreSQL database (db/leases.py; a single process on SQLite keeps no leases). A
-- lease is held while its owner renews it: `heartbeat` is the last renewal, `expires_at`
-- when anyone may take the game over. Times are unix seconds of the wall clock (every
-- process must agree on them, so not the service's clock). Numbered 0007, leaving 0005
-- and 0006 to the migrations written beside this one.
CREATE TABLE leases (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    owner      TEXT    NOT NULL,
    heartbeat  REAL    NOT NULL,
    expires_at REAL    NOT NULL
);
CREATE INDEX leases_by_owner ON leases (owner);
