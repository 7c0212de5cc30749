"""Configuration from the environment and .env, with the keys of .env.example."""
from __future__ import annotations

from pathlib import Path

from bot.settings import Settings

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"


def _clean(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    for key in ("TOKEN", "DATABASE", "DEV_GUILD", "LOG_LEVEL", "API_BASE"):
        monkeypatch.delenv(f"BROADSIDE_{key}", raising=False)


def test_defaults(monkeypatch, tmp_path):
    _clean(monkeypatch, tmp_path)
    s = Settings()
    assert s.token is None and s.dev_guild is None
    assert s.database == "broadside.sqlite3" and s.log_level == "INFO"
    assert s.api_base == "https://discord.com/api/v10"


def test_the_example_file_is_a_valid_configuration(monkeypatch, tmp_path):
    _clean(monkeypatch, tmp_path)
    (tmp_path / ".env").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    s = Settings()
    assert s.token is None and s.dev_guild is None and s.database == "broadside.sqlite3"
    keys = {line.split("=", 1)[0] for line in EXAMPLE.read_text().splitlines() if "=" in line and line[0] != "#"}
    assert keys == {f"BROADSIDE_{name.upper()}" for name in Settings.model_fields}


def test_the_environment_wins_and_the_token_stays_secret(monkeypatch, tmp_path):
    _clean(monkeypatch, tmp_path)
    (tmp_path / ".env").write_text("BROADSIDE_LOG_LEVEL=debug\nBROADSIDE_DEV_GUILD=42\n", encoding="utf-8")
    monkeypatch.setenv("BROADSIDE_TOKEN", "sekrit-token")
    monkeypatch.setenv("BROADSIDE_API_BASE", "http://127.0.0.1:9999/api/")
    s = Settings()
    assert s.log_level == "DEBUG" and s.dev_guild == 42
    assert s.api_base == "http://127.0.0.1:9999/api"
    assert s.token is not None and s.token.get_secret_value() == "sekrit-token"
    assert "sekrit" not in repr(s) and "sekrit" not in str(s.model_dump())


def test_the_example_keeps_the_test_only_settings_apart(monkeypatch, tmp_path):
    """A server owner reads the top of the file; the loopback endpoints sit under a
    heading that says they are for tests."""
    text = EXAMPLE.read_text(encoding="utf-8")
    owner, _, tests_only = text.partition("# ---- For tests only")
    assert tests_only, "a heading for the test-only settings"
    for key in ("BROADSIDE_API_BASE=", "BROADSIDE_GATEWAY_URL="):
        assert key in tests_only and key not in owner
    for key in ("BROADSIDE_TOKEN=", "BROADSIDE_DATABASE=", "BROADSIDE_GRACE_SECONDS=",
                "BROADSIDE_DUEL_INVITE_MINUTES="):
        assert key in owner
    s = Settings(_env_file=None)
    assert s.grace_seconds == 8 and s.duel_invite_minutes == 15
