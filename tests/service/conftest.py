"""The table every service test plays at: a database file, a hand-wound clock, the
in-process transport, the service and its loops, and scripted players.

Everything lives here (not in an importable helper module) so the tests do not
depend on how the test folders are packaged.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot.loop import LoopManager
from bot.service import FakeClock, GameService, Pacing
from bot.transport import InProcessTransport
from db import Database, GameRow
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset

PREFER = ("fire", "load", "turn", "move")


def json_image(view: dict[str, Any], lang: str = "en") -> tuple[bytes, str]:
    """A stand-in renderer: the 'picture' is the public view itself, so tests can read it."""
    return json.dumps(view, sort_keys=True).encode(), f"map of turn {view.get('turn')}"


@dataclass
class Table:
    HOST: ClassVar[int] = 100
    ANNE: ClassVar[int] = 200
    BOB: ClassVar[int] = 300
    CARL: ClassVar[int] = 400

    path: Path
    clock: FakeClock
    transport: InProcessTransport
    seed: int = 7
    db: Database | None = None
    service: GameService | None = None
    loops: LoopManager | None = None
    images: Any = json_image
    cards: Any = None  # the summary card's drawer (tests/service/test_summary_card.py)
    rng: random.Random = field(default_factory=lambda: random.Random(11))

    async def open(self) -> "Table":
        """(Re)start the bot on the same database file, as after a restart."""
        self.db = await Database.open(self.path)
        self.service = GameService(self.db, self.transport, clock=self.clock, seed_source=lambda: self.seed)
        self.loops = LoopManager(self.service, images=self.images, cards=self.cards)
        await self.loops.start()
        await self.loops.settle()
        return self

    async def close(self) -> None:
        if self.loops is not None:
            await self.loops.stop()
        if self.db is not None:
            await self.db.close()
        self.db = self.service = self.loops = None

    async def settle(self) -> None:
        assert self.loops is not None
        await self.loops.settle()

    async def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        await self.settle()

    # -- games ---------------------------------------------------------------------------
    async def duel(self, *, pacing: Pacing | None = None, language: str = "en", options: dict | None = None,
                   scenario: str = "frigate-duel", start: bool = True) -> GameRow:
        svc = self.service
        assert svc is not None
        game = await svc.create_game(1, 10, self.HOST, "cannoni", scenario, options=options,
                                     pacing=pacing or Pacing(style="live", phase_seconds=300), language=language,
                                     thread_id=11)
        sides = game.setup["sides"]
        await svc.join(game.id, self.ANNE, sides[0], "Anne")
        await svc.join(game.id, self.BOB, sides[1], "Bob")
        if start:
            await svc.start(game.id, self.HOST)
            await self.settle()
        return await svc.game(game.id)

    async def state(self, game_id: int):
        """The engine state as stored (what a restarted bot would rebuild)."""
        assert self.db is not None
        game = await self.db.game(game_id)
        ruleset = get_ruleset(game.ruleset)
        last = await self.db.last_step(game_id)
        start = await self.db.start_record(game_id)
        return ruleset, ruleset.load_state(last.state if last else start.state)

    async def order_for(self, game_id: int, user_id: int, key_prefix: str = "k") -> int:
        """Every pending decision of the user, answered by random legal play; returns how many.

        The loops settle first. The state played against is read from the database and
        the decisions from the service, which keeps its own state: an order given just
        before (another player's, the last of a phase) may have woken a loop that is
        resolving now, and a resolution commits its step before it swaps the service's
        state. Read in that window, the two come from different phases. (That order may
        have ended the game: nobody owes anything then.)"""
        svc = self.service
        assert svc is not None
        await self.loops.settle()
        if (await svc.game(game_id)).status == "over":
            return 0
        ruleset, state = await self.state(game_id)
        count = 0
        for pending in await svc.my_pending(game_id, user_id):
            order = random_order(ruleset, state, pending.decision, self.rng, prefer=PREFER)
            assert order is not None, pending.decision
            key = f"{key_prefix}-{user_id}-{pending.decision.id}-{self.rng.random()}"
            result = await svc.submit_order(game_id, user_id, pending.decision.id, order.payload, key)
            assert result.stored, result.message
            count += 1
        return count

    async def play_round(self, game_id: int, users: tuple[int, ...] = ()) -> int:
        count = 0
        for user in users or (self.ANNE, self.BOB):
            count += await self.order_for(game_id, user)
        await self.settle()
        return count

    async def play_out(self, game_id: int, users: tuple[int, ...] = (), limit: int = 3000) -> int:
        """Play until the game is over; returns the number of rounds."""
        assert self.service is not None
        users = users or (self.ANNE, self.BOB)
        for rounds in range(limit):
            if (await self.service.game(game_id)).status == "over":
                return rounds
            if not await self.play_round(game_id, users):
                await self.advance(10_000)  # nobody of ours owes anything: let the deadline pass
        raise AssertionError("the game did not end")


@pytest.fixture
async def table(tmp_path):
    clock = FakeClock()
    t = Table(path=tmp_path / "broadside.sqlite3", clock=clock, transport=InProcessTransport(now=clock.now))
    await t.open()
    yield t
    await t.close()
