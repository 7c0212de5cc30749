"""Configuration, from the environment (prefix ``BROADSIDE_``) or a ``.env`` file.

The keys match ``.env.example``; nothing else in the project reads the environment.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="BROADSIDE_", env_file=".env", env_file_encoding="utf-8",
                                      extra="ignore")

    # Secret so it never shows up in a repr, a traceback or a log line.
    token: SecretStr | None = None
    database: str = "broadside.sqlite3"
    dev_guild: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    api_base: str = Field(default="https://discord.com/api/v10")
    # The gateway (websocket) URL; unset means Discord's own. Tests point it, with
    # api_base, at a loopback server so the unmodified client can be driven end to end.
    gateway_url: str | None = None
    # Limits: every lobby opens a thread and every unfinished game runs a loop and takes a
    # line in /game list, so one member (or a server) must not open them without end.
    max_lobbies_per_member: int = Field(default=3, ge=1)
    max_games_per_server: int = Field(default=100, ge=1)
    games_per_list_page: int = Field(default=10, ge=1, le=25)
    # Seconds between a phase's last order and its resolution, in which that order may
    # still be changed (a misclick need not stand); 0 resolves as the last order arrives.
    # This is a live game's default; a campaign's is campaign_grace_seconds (a player there
    # answers when they can, and may find a misclick minutes later). A game may set its own.
    grace_seconds: float = Field(default=8.0, ge=0, le=300)
    campaign_grace_seconds: float = Field(default=600.0, ge=0, le=86400)
    # How long a /duel invitation waits for the friend's answer.
    duel_invite_minutes: int = Field(default=15, ge=1, le=7 * 24 * 60)
    # Several processes (docs/deploy.md): the shards this process runs, as "0-3" or
    # "0,2", out of shard_count; unset: one process with every shard. Needs PostgreSQL
    # (BROADSIDE_DATABASE=postgresql://...) when more than one process runs.
    shards: str | None = None
    shard_count: int | None = Field(default=None, ge=1)
    # PostgreSQL: how long a process's hold on its games lasts without renewal; a dead
    # process's games go on elsewhere within about 1.5 times this (renewed every quarter).
    lease_seconds: float = Field(default=8.0, ge=1, le=300)
    # Processes drawing the games' maps, so that many games resolving at once use every
    # core; unset: one per core; 0 or 1: drawn in a thread of the bot's own process.
    render_processes: int | None = Field(default=None, ge=0, le=64)
    # How far below the bot's CPU priority those processes draw (nice, 0-19): a member
    # waiting on an acknowledgement goes before a map being drawn; 0: the same priority.
    render_niceness: int = Field(default=10, ge=0, le=19)
    # Game loops in a pass at once, in one process, at most (bot/loop.py, PASSES_AT_ONCE);
    # unset: the measured default, which keeps interactions answered while hundreds of
    # phases resolve at once. Fewer run while the event loop has no time to spare
    # (bot/pass_gate.py).
    passes_at_once: int | None = Field(default=None, ge=1, le=1024)
    # The shortest phase a live game may be given (the end-to-end tests run a timed phase
    # across two processes' restarts, in real time).
    shortest_live_phase_seconds: int = Field(default=30, ge=1, le=3600)
    # Games whose engine state is kept parsed in memory, the ones played last; the others
    # keep it as its stored JSON (a tenth of the size) until they are played again. A
    # parsed state is tens of KiB, and a server holds many games idle between moves.
    engine_states_kept: int = Field(default=64, ge=1)
    # Discord's own pacing, kept by default: seconds between the identifies of a process's
    # shards (Discord lets a bot start one session per 5 s) and seconds without a new
    # server at the start before the bot counts itself ready (discord.py's defaults). The
    # end-to-end tests' loopback Discord has no such limits and sends every server at once.
    identify_spacing_seconds: float = Field(default=5.0, ge=0, le=60)
    guild_ready_seconds: float = Field(default=2.0, ge=0, le=60)

    @field_validator("token", "dev_guild", "gateway_url", "shards", "shard_count", "render_processes",
                     "passes_at_once", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        # .env.example ships the keys empty; an empty value means "not set".
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("api_base")
    @classmethod
    def _no_trailing_slash(cls, value: str) -> str:
        return value.rstrip("/")


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
