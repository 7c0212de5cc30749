"""The summary card at the end of a game: posted once in the thread, right after the
last post, as its own part (so a restart never posts it twice nor loses it)."""
from __future__ import annotations

import json

from bot.transport import TransientDeliveryError
from rules.core.summary import GameSummary

THREAD = 11


def json_card(summary: dict, lang: str = "en") -> tuple[bytes, str]:
    """A stand-in for the card: the 'picture' is the summary itself, so tests can read it."""
    return json.dumps(summary, sort_keys=True).encode(), f"summary card in {lang}"


def _over(post) -> bool:
    return any(x.startswith("**The game is over") for x in post.lines)


def _cards(table) -> list:
    return [p for p in table.transport.posts if p.image is not None and p.image.filename.endswith("-summary.png")]


async def test_the_card_follows_the_last_post_once_with_the_game_summary(table):
    drawn = []

    def cards(summary, lang):
        drawn.append(lang)
        return json_card(summary, lang)

    table.loops.cards = cards
    table.seed = 1
    game = await table.duel()
    await table.play_out(game.id)
    await table.advance(60)
    posts = table.transport.posts
    assert drawn == ["en"]
    assert [p for p in posts if _over(p)] == [posts[-2]], "the card comes right after the last post"
    card = posts[-1]
    assert _cards(table) == [card] and card.lines == [] and card.place.target == THREAD
    assert card.image.alt == "summary card in en"
    summary = GameSummary.model_validate_json(card.image.data)
    ruleset, state = await table.state(game.id)
    outcome, losses = ruleset.outcome(state), ruleset.losses(state)
    assert summary.outcome == outcome
    assert {s.side: s.lost for s in summary.sides} == {side: losses.get(side, []) for side in ("britain", "france")}
    # every ship out of the fight at the end has her moment
    lost = {(side, name) for side, names in losses.items() for name in names}
    assert lost <= {(m.side, m.name) for m in summary.moments if m.kind != "first_blood"}


async def test_a_restart_between_the_last_post_and_the_card_posts_the_card_once(table):
    calls = []

    def failing_once(summary, lang):
        calls.append(lang)
        if len(calls) == 1:  # the card's post fails, and the bot stops before a retry
            table.transport.broken[THREAD] = TransientDeliveryError("HTTP 503")
        return json_card(summary, lang)

    table.loops.cards = failing_once
    table.seed = 1
    game = await table.duel()
    await table.play_out(game.id)
    assert calls == ["en"] and not _cards(table)
    assert sum(1 for p in table.transport.posts if _over(p)) == 1
    await table.close()
    del table.transport.broken[THREAD]
    table.cards = json_card
    await table.open()
    assert len(_cards(table)) == 1, "the card went out after the restart"
    assert sum(1 for p in table.transport.posts if _over(p)) == 1, "the last post is not posted again"
    await table.close()
    await table.open()
    assert len(_cards(table)) == 1 and sum(1 for p in table.transport.posts if _over(p)) == 1


async def test_a_game_without_a_card_drawer_ends_as_before(table):
    table.seed = 1
    game = await table.duel()
    await table.play_out(game.id)
    assert _over(table.transport.posts[-1]) and not _cards(table)
