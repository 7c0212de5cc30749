"""Pure, deterministic rules engine for Broadside.

Nothing under ``rules`` may import discord, Pillow, sqlite or asyncio: the engine is
data in, data out, so that the bot, the renderer, the tests and the replayer all see
exactly the same game.
"""
from rules.core.registry import get_ruleset, ruleset_names

__all__ = ["get_ruleset", "ruleset_names"]
