"""`broadside run`: a clear message without a token; endpoints from the settings."""
from __future__ import annotations

import discord
import yarl

from bot.cli import main
from bot.discord import point_at
from bot.settings import Settings


def test_run_without_a_token_says_where_to_get_one(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BROADSIDE_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "https://discord.com/developers/applications" in err
    assert "Bot -> Reset Token" in err and "BROADSIDE_TOKEN=" in err
    assert "broadside demo" in err


def test_run_with_a_bad_configuration_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BROADSIDE_DEV_GUILD", "not-a-number")
    assert main(["run"]) == 2
    assert "not valid" in capsys.readouterr().err


def test_the_client_is_pointed_at_the_configured_endpoints(monkeypatch):
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    point_at(Settings(_env_file=None))
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("wss://gateway.discord.gg/")
    point_at(Settings(_env_file=None, api_base="http://127.0.0.1:8123/api/v10/", gateway_url="ws://127.0.0.1:8124/"))
    assert discord.http.Route("GET", "/gateway").url == "http://127.0.0.1:8123/api/v10/gateway"
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("ws://127.0.0.1:8124/")


def test_run_without_a_network_says_so_in_one_line(monkeypatch, tmp_path, capsys):
    """A token but no way to Discord (here: a port nobody listens on): one line, no traceback."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setenv("BROADSIDE_TOKEN", "a-token")
    monkeypatch.setenv("BROADSIDE_API_BASE", "http://127.0.0.1:9/api/v10")
    monkeypatch.setenv("BROADSIDE_DATABASE", str(tmp_path / "db.sqlite3"))
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("broadside: cannot reach Discord at 127.0.0.1: check your connection (")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_run_with_a_refused_token_says_to_reset_it(monkeypatch, tmp_path, capsys):
    from bot.discord.client import Broadside

    def refused(self, token, **kwargs):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setenv("BROADSIDE_TOKEN", "a-bad-token")
    monkeypatch.setattr(Broadside, "run", refused)
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Reset Token" in err and "BROADSIDE_TOKEN" in err


async def test_discords_start_up_pacing_is_kept_unless_the_settings_shorten_it(monkeypatch):
    """By default a process waits 5 s between its shards' identifies and 2 s for more
    servers before it is ready, as discord.py does; the settings may shorten both (the
    end-to-end tests' loopback Discord has no identify limit)."""
    import bot.discord.client as client_module
    from bot.discord.client import ShardedBroadside

    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(client_module.asyncio, "sleep", sleep)
    default = ShardedBroadside(Settings(_env_file=None), shard_ids=[0, 1], shard_count=2)
    assert default._connection.guild_ready_timeout == 2.0
    await default.before_identify_hook(0, initial=True)
    await default.before_identify_hook(1)
    assert slept == [5.0]
    quick = ShardedBroadside(Settings(_env_file=None, identify_spacing_seconds=0, guild_ready_seconds=0.2),
                             shard_ids=[0, 1], shard_count=2)
    assert quick._connection.guild_ready_timeout == 0.2
    await quick.before_identify_hook(1)
    assert slept == [5.0, 0.0]
