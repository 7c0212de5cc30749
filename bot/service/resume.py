"""A restart's side of the service: every running game's engine state at once.

After a restart each game's loop needs its game's engine state on its first pass. Built
game by game, that was two statements a game (its last step, its start) and a state
parsed on the event loop between the other games' passes (the ruleset's modules imported
there too, by the first). Here they are read in one statement and parsed in one batch in
a worker thread, while the event loop goes on with the gateway's connection and the
interactions, before the loops start.
"""
from __future__ import annotations

import asyncio

from bot.service.core import GameRuntime, ServiceCore, logger
from rules.core.registry import get_ruleset


class ResumeMixin(ServiceCore):
    async def load_running_runtimes(self) -> int:
        """Keep the engine state of every running game that has none kept yet; returns how
        many were kept. A game whose state was dropped meanwhile (a step undone, another
        process's write) or read by someone else in the meantime keeps what it has: the
        same rule as :meth:`_runtime`'s."""
        dropped = dict(self._dropped)
        latest = await self.db.running_states()

        def parsed() -> list[GameRuntime]:
            built = []
            for row in latest:
                try:
                    ruleset = get_ruleset(row.ruleset)
                    built.append(GameRuntime(row.game_id, ruleset, ruleset.load_state(row.state), row.step_idx,
                                             row.seed, keeper=self._keeper))
                except Exception:
                    # Its loop reads it again on its first pass, and reports what fails there.
                    logger.warning("game %s: its state could not be read with the others", row.game_id,
                                   exc_info=True)
            return built

        kept = 0
        for runtime in await asyncio.to_thread(parsed):
            game_id = runtime.game_id
            if game_id not in self._runtimes and self._dropped.get(game_id) == dropped.get(game_id):
                self._runtimes[game_id] = runtime
                self._keeper.used(runtime, parsed=True)  # counted, so set aside once idle like any other
                kept += 1
        return kept
