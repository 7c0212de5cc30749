"""The bot process: a plain :class:`discord.Client` with a command tree, the game
service, the Discord transport and the game loops.

Intents are minimal (guilds only: no message content, no members, no presences):
everything arrives as interactions, and everything the bot knows about a game is in
the database.
"""
from __future__ import annotations

import asyncio
import logging
import signal
import sys
from typing import Any, Callable

import aiohttp
import discord
import yarl
from discord import app_commands

from bot.discord import campaign, commands, components, duel, fleet, forms, ladder, listing, shipyard, standing_menus
from bot.discord.markup import DiscordMarkup
from bot.discord.pictures import LoopPictures, ReplayCache
from bot.discord.replies import answer_error
from bot.discord.transport import DiscordTransport
from bot.discord.translator import CatalogueTranslator
from bot.c_heap import CHeapKeeper
from bot.heap import HeapKeeper
from bot.leases import LeaseKeeper, parse_shards
from bot.loop import LoopManager, passes_for
from bot.service import Clock, GameService, Limits
from bot.settings import Settings
from bot.transport import ImageProvider
from db import Database
from renderer.pool import RenderPool

log = logging.getLogger("broadside.discord")

TOKEN_HELP = """broadside: no Discord bot token is configured.

To run the bot on Discord:
  1. open https://discord.com/developers/applications and pick (or create) your application;
  2. go to Bot -> Reset Token, and copy the token;
  3. put it in a .env file next to where you run broadside (see .env.example):
       BROADSIDE_TOKEN=your-token-here
     or set BROADSIDE_TOKEN in the environment.

To watch a game without Discord, try `broadside demo`.
"""


class DatabaseUnreachable(RuntimeError):
    """The database server (BROADSIDE_DATABASE) cannot be reached."""


class CommandTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


class Broadside(discord.Client):
    """The bot. ``clock``, ``images`` and ``seed_source`` are for tests and the offline
    demo; ``sync_commands=False`` skips registering the commands with Discord;
    ``own_process``: the bot is the whole process (``broadside run``), so it may tune the
    process's garbage collector and C heap for itself."""

    def __init__(self, settings: Settings, *, clock: Clock | None = None, images: ImageProvider | None = None,
                 seed_source: Callable[[], int] | None = None, sync_commands: bool = True,
                 own_process: bool = False, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        options.setdefault("guild_ready_timeout", settings.guild_ready_seconds)
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(), **options)
        self.settings = settings
        self.tree = CommandTree(self)
        commands.register(self.tree)
        duel.register(self.tree)
        ladder.register(self.tree)
        campaign.register(self.tree)
        shipyard.register(self.tree)
        self.transport = DiscordTransport(self)
        self.markup = DiscordMarkup()  # learns the command ids when the tree is synced
        self.replays = ReplayCache()
        self._clock = clock
        self._images = images
        self._seed_source = seed_source
        self._sync_commands = sync_commands
        self._heap = HeapKeeper() if own_process else None
        self._c_heap = CHeapKeeper() if own_process else None
        self._warming: asyncio.Task[None] | None = None  # the rulesets loaded after a start
        if self._c_heap is not None:
            self._c_heap.one_heap()
        self.db: Database | None = None
        self.render_pool: RenderPool | None = None
        self.service: GameService = None  # type: ignore[assignment]  # set in setup_hook
        self.loops: LoopManager | None = None
        #: Resuming the stored games (started by the setup, run beside the gateway).
        self.resumed: asyncio.Task[None] | None = None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py's own pause between a process's shards (5 s), from the settings.
        if not initial:
            await asyncio.sleep(self.settings.identify_spacing_seconds)

    async def setup_hook(self) -> None:
        if self._c_heap is not None:
            self._c_heap.start()
        try:
            self.db = await Database.open(self.settings.database)
        except OSError as exc:  # a PostgreSQL server down or misnamed: not Discord's fault
            raise DatabaseUnreachable(str(exc) or type(exc).__name__) from exc
        limits = Limits(lobbies_per_member=self.settings.max_lobbies_per_member,
                        games_per_server=self.settings.max_games_per_server)
        self.service = GameService(self.db, self.transport, clock=self._clock, seed_source=self._seed_source,
                                   limits=limits)
        self.service.grace_seconds = self.settings.grace_seconds
        self.service.campaign_grace_seconds = self.settings.campaign_grace_seconds
        self.service.shortest_live_phase = self.settings.shortest_live_phase_seconds
        self.service.states_kept = self.settings.engine_states_kept
        self.service.invite_seconds = self.settings.duel_invite_minutes * 60
        # Each game gets its own map provider (a steady scale between phases) unless a
        # test hands in one provider for all.
        # Several processes share a PostgreSQL database: each runs only the games it leases.
        leases = None
        if self.db.kind == "postgresql":
            ttl = self.settings.lease_seconds
            leases = LeaseKeeper(self.db, sharding=parse_shards(self.settings.shards, self.settings.shard_count),
                                 ttl=ttl, beat=ttl / 4, foreign_grace=ttl / 4)
        # The loop's pictures are drawn in worker processes (started at the first drawing).
        self.render_pool = RenderPool(self.settings.render_processes, niceness=self.settings.render_niceness)
        pictures = LoopPictures(self.render_pool)
        self.loops = LoopManager(self.service, images=self._images,
                                 image_factory=None if self._images is not None else pictures.map_maker,
                                 replays=pictures.replay, animate=None if self._images is not None else pictures.animate,
                                 leases=leases, cards=pictures.card,
                                 passes_at_once=self.settings.passes_at_once or passes_for(
                                     self.db.connections, max(1, self.render_pool.workers)))
        await self.tree.set_translator(CatalogueTranslator())
        if self._sync_commands:
            await self.sync_commands()
        # The games resume beside the gateway's connection, not before it: discord.py
        # connects once this hook returns, and a process restarted with a backlog would
        # answer no interaction until every game was claimed and its loop started.
        self.resumed = self.loops.start_in_background()
        self._warming = asyncio.get_running_loop().create_task(self._warm_once_settled())
        self._stop_on_sigterm()
        if self._heap is not None:
            loops = self.loops
            self._heap.start(lambda: loops.settle(timeout=120))

    async def _warm_once_settled(self) -> None:
        """The rulesets loaded ahead of their first use, once the resumed games have made
        their first passes (a restart is not slowed by it)."""
        loops = self.loops
        try:
            if loops is not None:
                await loops.settle(timeout=120)
        except Exception:  # noqa: BLE001 - busy or failed loops are no reason not to load them
            pass
        if self.service is not None:
            try:
                await self.service.warm()
            except Exception:  # noqa: BLE001 - loaded at first use instead
                log.exception("could not load the rulesets ahead of their first use")

    async def sync_commands(self) -> None:
        """Register the commands: instantly in the development server, else globally (Discord
        may take a while to show global changes)."""
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        self.markup.learn(synced)
        log.info("%d commands registered %s", len(synced),
                 f"in server {self.settings.dev_guild}" if self.settings.dev_guild else "globally")

    def _stop_on_sigterm(self) -> None:
        # Service managers stop processes with SIGTERM: close as on Ctrl-C, loops and database first.
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(self.close()))
        except (NotImplementedError, RuntimeError):
            pass  # no signal handlers on this platform or loop: Ctrl-C still stops the bot

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d servers", self.user, self.user.id if self.user else "?",
                 len(self.guilds))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Order menus are routed by their custom ids, so they work after a restart.
        if interaction.type is discord.InteractionType.component:
            if not (await forms.handle(self, interaction) or await listing.handle(self, interaction)
                    or await duel.handle(self, interaction) or await standing_menus.handle(self, interaction)
                    or await fleet.handle(self, interaction) or await ladder.handle(self, interaction)
                    or await campaign.handle(self, interaction) or await shipyard.handle(self, interaction)):
                await components.unknown(interaction)

    async def close(self) -> None:
        if self._warming is not None:
            self._warming.cancel()
        if self._heap is not None:
            self._heap.stop()
        if self._c_heap is not None:
            self._c_heap.stop()
        if self.loops is not None:
            await self.loops.stop()
            self.loops = None
        if self.render_pool is not None:
            await self.render_pool.close()  # after the loops: nothing draws any more
            self.render_pool = None
        if self.db is not None:
            await self.db.close()
            self.db = None
        await super().close()


class ShardedBroadside(Broadside, discord.AutoShardedClient):
    """The bot running some of the bot's shards (``broadside run --shards 0-3
    --shard-count 8``): one gateway connection per shard, in one process."""


def client_options(settings: Settings) -> dict[str, Any]:
    """The shard options discord.py takes, from the settings (none: one connection)."""
    sharding = parse_shards(settings.shards, settings.shard_count)
    if settings.shard_count is None:
        return {}
    ids = sorted(sharding.shard_ids) if sharding.shard_ids is not None else list(range(sharding.shard_count))
    return {"shard_ids": ids, "shard_count": sharding.shard_count}


def point_at(settings: Settings) -> None:
    """Send the unmodified client to the configured endpoints (a loopback server in tests)."""
    discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def run(settings: Settings, client_type: type[Broadside] = Broadside) -> int:
    """``broadside run``: the bot, until Ctrl-C or SIGTERM. Returns the exit status.
    (``client_type``: the load benchmark runs a measuring subclass the same way.)"""
    if settings.token is None:
        sys.stderr.write(TOKEN_HELP)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # discord.py logs request bodies and gateway payloads at DEBUG: direct messages and
    # menu choices, i.e. hidden orders. Its loggers never go below INFO.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(settings.log_level)))
    point_at(settings)
    options = client_options(settings)
    if options and client_type is Broadside:
        client_type = ShardedBroadside
    elif options and not issubclass(client_type, discord.AutoShardedClient):
        # A subclass of the bot (the load benchmark's) runs sharded the same way.
        client_type = type(f"Sharded{client_type.__name__}", (client_type, discord.AutoShardedClient), {})
    client = client_type(settings, own_process=True, **options)
    try:
        client.run(settings.token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        sys.stderr.write("broadside: Discord refused the token (BROADSIDE_TOKEN). Reset it in the developer "
                         "portal (Bot -> Reset Token) and update .env.\n")
        return 1
    except DatabaseUnreachable as exc:
        where = yarl.URL(settings.database).host or "its socket" if "://" in settings.database else settings.database
        sys.stderr.write(f"broadside: cannot reach the database ({where}): {exc}. Check BROADSIDE_DATABASE and"
                         " that the server runs.\n")
        return 1
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, OSError, asyncio.TimeoutError) as exc:
        # No network, a DNS failure, a proxy in the way: one line, not aiohttp's traceback.
        where = yarl.URL(settings.api_base).host or settings.api_base
        reason = str(exc).strip() or type(exc).__name__
        sys.stderr.write(f"broadside: cannot reach Discord at {where}: check your connection ({reason}).\n")
        return 1
    return 0
