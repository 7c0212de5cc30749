-- Campaigns: a series of battles between the same sides, on a server, under one host.
-- Each side's roster (ships, the damage they carry, their crews) is JSON the rulesets
-- write (rules/core/campaign.py); each battle is an ordinary game, settled like any other,
-- and remembers the rosters it began from and what it did to them.

CREATE TABLE campaigns (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,             -- where the campaign's summary is posted
    host_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    ruleset       TEXT    NOT NULL,
    scenario      TEXT    NOT NULL,             -- the first battle's scenario
    language      TEXT    NOT NULL,
    pacing        TEXT    NOT NULL,
    phase_seconds INTEGER NOT NULL,
    refit_days    INTEGER NOT NULL,             -- days in port between battles
    status        TEXT    NOT NULL CHECK (status IN ('open', 'ended')),
    rosters       TEXT    NOT NULL,             -- JSON: each side's roster now
    created_at    REAL    NOT NULL,
    ended_at      REAL
);
CREATE INDEX campaigns_by_guild ON campaigns (guild_id, status);

CREATE TABLE campaign_members (
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    side         TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    joined_at    REAL    NOT NULL,
    PRIMARY KEY (campaign_id, user_id)
);

CREATE TABLE campaign_battles (
    campaign_id    INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    number         INTEGER NOT NULL,            -- 1, 2, ...
    game_id        INTEGER NOT NULL UNIQUE REFERENCES games (id),
    pattern        TEXT    NOT NULL,            -- the set-up pattern (the first battle: 'scenario')
    status         TEXT    NOT NULL CHECK (status IN ('running', 'concluded')),
    rosters_before TEXT    NOT NULL,            -- JSON
    rosters_after  TEXT,                        -- JSON, once concluded
    winner         TEXT,
    kind           TEXT,                        -- the rules' kind of result, or 'abandoned'
    tally          TEXT,                        -- JSON: ships sunk, captured and taken, by side
    concluded_at   REAL,
    summary_posted INTEGER NOT NULL DEFAULT 0,  -- 1: the summary after it went out
    PRIMARY KEY (campaign_id, number)
);
-- One battle at a time: a second next-battle is refused by the database itself.
CREATE UNIQUE INDEX campaign_battles_one_running ON campaign_battles (campaign_id) WHERE status = 'running';
