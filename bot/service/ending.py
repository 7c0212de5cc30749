"""The last post of a game: the result, each side's score and losses, and the replay.

Built from the ruleset's interface only: ``outcome`` (the winner and the scores) and
``losses`` (ships out of the fight, which everyone at the table has seen go), so it
tells nothing a public view does not.
"""
from __future__ import annotations

import asyncio
from typing import Any

from bot.service.core import ServiceCore
from db import GameRow
from rules.core.registry import get_ruleset
from rules.core.summary import summarise


class EndingMixin(ServiceCore):
    async def final_lines(self, game_id: int, frames: int | None = None) -> list[str]:
        """The result, one line per side, and what the replay attached shows (``frames``;
        None: no replay is attached, and the post ends with the usual closing line)."""
        game = await self.game(game_id)
        rules = get_ruleset(game.ruleset)
        last = await self.db.last_step(game_id)
        start = await self.db.start_record(game_id)
        raw = last.state if last is not None else (start.state if start is not None else None)
        lines: list[str] = []
        if raw is not None:
            state = await asyncio.to_thread(rules.load_state, raw)
            outcome = rules.outcome(state)
            losses = rules.losses(state)
            if outcome is not None:
                winner = self.side_name(game, outcome.winner) if outcome.winner else None
                result = (self._t(game, "notice.final-winner", side=winner) if winner
                          else self._t(game, "notice.final-draw"))
                lines.append(self._t(game, "notice.final-result", result=result))
                sides = list(dict.fromkeys([*losses, *outcome.scores]))
                for side in sides:
                    score = (self._t(game, "notice.final-score", points=f"{outcome.scores[side]:g}")
                             if side in outcome.scores else "")
                    lost = ", ".join(losses.get(side, [])) or self._t(game, "notice.final-none")
                    lines.append(self._t(game, "notice.final-side", side=self.side_name(game, side), score=score,
                                         lost=lost))
        lines += await self._ladder_lines(game)
        if frames:
            lines.append(self._t(game, "notice.final-replay", frames=frames))
        else:
            lines.append(self._t(game, "notice.over"))
        return lines

    async def _ladder_lines(self, game: GameRow) -> list[str]:
        """How the game moved the ladder, or why it does not count (nothing for a game
        its host ended: it has no result to count)."""
        result = await self.db.result(game.id)
        if result is None or result.kind == "abandoned":
            return []
        players = (await self.db.result_players([game.id]))[game.id]
        if result.rated:
            moves = ", ".join(self._t(game, "ladder.move", who=p.display_name, before=f"{p.rating_before:.1f}",
                                      after=f"{p.rating_after:.1f}")
                              for p in players if p.rating_before is not None and p.rating_after is not None)
            return [self._t(game, "ladder.moved", moves=moves)] if moves else []
        why = "ladder.why-computer" if result.summary.get("computers") else "ladder.why-sides"
        return [self._t(game, "ladder.unrated", why=self._t(game, why))]

    async def game_summary(self, game_id: int) -> dict[str, Any]:
        """The game in brief for its summary card (``rules.core.summary``): the result,
        each side's losses and the decisive moments, from every stored state's public
        view and losses, as JSON."""
        game = await self.game(game_id)
        rules = get_ruleset(game.ruleset)
        start = await self.db.start_record(game_id)
        steps = await self.db.steps(game_id, with_state=True)
        raw = ([start.state] if start is not None else []) + [s.state for s in steps]

        def made() -> dict[str, Any]:
            return summarise(rules, [rules.load_state(r) for r in raw]).model_dump(mode="json")
        return await asyncio.to_thread(made)

    async def replay_alt(self, game_id: int, frames: int) -> str:
        """The replay's alt text (public: it names the game and how much it shows)."""
        game = await self.game(game_id)
        return self._t(game, "notice.final-replay-alt", title=self.title(game), frames=frames)
