"""Which shards a process runs (bot/leases.py, `broadside run --shards`)."""
from __future__ import annotations

import pytest

from bot.discord.client import ShardedBroadside, client_options
from bot.leases import Sharding, parse_shards
from bot.settings import Settings


def test_a_guild_belongs_to_the_shard_discord_routes_it_to():
    sharding = Sharding(frozenset({0, 1, 2, 3}), 8)
    guild = (5 << 22) | 12345  # the shard is read from the id's timestamp bits
    assert sharding.shard_of(guild) == 5 and not sharding.owns(guild)
    assert Sharding(frozenset({5}), 8).owns(guild)
    assert Sharding().owns(guild)  # one process: every shard


def test_shard_lists_are_read_and_checked():
    assert parse_shards("0-3", 8).shard_ids == frozenset({0, 1, 2, 3})
    assert parse_shards("1-2,6", 8).shard_ids == frozenset({1, 2, 6})
    assert parse_shards(None, None) == Sharding(None, 1)
    for bad, count in (("0-8", 8), ("3-1", 8), ("0-3", None)):
        with pytest.raises(ValueError):
            parse_shards(bad, count)


def test_a_sharded_process_opens_only_its_shards():
    settings = Settings(token="x", shards="0-3", shard_count=8)
    options = client_options(settings)
    assert options == {"shard_ids": [0, 1, 2, 3], "shard_count": 8}
    client = ShardedBroadside(settings, sync_commands=False, **options)
    assert client.shard_ids == [0, 1, 2, 3] and client.shard_count == 8
    assert client_options(Settings(token="x")) == {}
