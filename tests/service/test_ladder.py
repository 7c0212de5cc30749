"""What finished games come to: results settled once, the ladder, statistics, history."""
from __future__ import annotations

import pytest

from bot.service import ratings
from bot.service.ladder import summarise
from db.results import PlayedRow, Rating, ordinal


async def _played_duel(table, seed: int = 1):
    table.seed = seed
    game = await table.duel()
    await table.play_out(game.id)
    return game


async def test_a_finished_duel_moves_the_ladder_once(table):
    game = await _played_duel(table)
    ruleset, state = await table.state(game.id)
    outcome = ruleset.outcome(state)
    result = await table.db.result(game.id)
    assert result is not None and result.rated and result.kind == outcome.kind and result.winner == outcome.winner
    page = await table.service.ladder_page(1, None, 0)
    assert page.ruleset == "cannoni" and [r.games for r in page.ratings] == [1, 1]
    by_user = {r.user_id: r for r in page.ratings}
    anne, bob = by_user[table.ANNE], by_user[table.BOB]
    if outcome.winner is None:
        assert (anne.draws, bob.draws) == (1, 1)
    else:
        winner, loser = (anne, bob) if outcome.winner == game.setup["sides"][0] else (bob, anne)
        assert (winner.wins, loser.losses) == (1, 1)
        assert ordinal(winner) > ordinal(loser) and page.ratings[0] == winner
    # Settled once: a second settle (a retry, a restart) changes nothing.
    assert not await table.service.settle(game.id)
    assert (await table.service.ladder_page(1, "cannoni", 0)).ratings == page.ratings
    assert await table.db.unsettled_games() == []


async def test_a_restart_settles_a_game_that_ended_without_its_result(table, monkeypatch):
    real = type(table.service).settle

    async def broken(self, game_id):
        raise RuntimeError("the process died here")

    monkeypatch.setattr(type(table.service), "settle", broken)
    game = await _played_duel(table)
    assert (await table.service.game(game.id)).status == "over"
    assert await table.db.result(game.id) is None
    monkeypatch.setattr(type(table.service), "settle", real)
    await table.close()
    await table.open()
    assert (await table.db.result(game.id)).rated
    assert (await table.service.ladder_page(1, "cannoni", 0)).ratings[0].games == 1


async def test_a_game_ended_by_its_host_is_abandoned_and_unrated(table):
    table.seed = 1
    game = await table.duel()
    await table.play_round(game.id)
    await table.service.end_game(game.id, table.HOST)
    result = await table.db.result(game.id)
    assert result.kind == "abandoned" and not result.rated and result.winner is None
    assert (await table.service.ladder_page(1, "cannoni", 0)).ratings == []
    stats = await table.service.stats(1, table.ANNE)
    assert (stats.games, stats.abandoned, stats.rated) == (1, 1, 0)


async def test_a_game_ended_in_the_lobby_has_no_result(table):
    game = await table.duel(start=False)
    await table.service.end_game(game.id, table.HOST)
    assert await table.db.result(game.id) is None
    assert (await table.service.history_page(1, 0)).results == []


async def test_a_game_against_the_computer_is_unrated(table):
    table.seed = 1
    game = await table.duel()
    seats = await table.service.seats(game.id)
    bob = next(s for s in seats if s.user_id == table.BOB)
    await table.service.hand_to_ai(game.id, table.HOST, bob.seat_id, "captain", confirm=True)
    await table.settle()
    await table.play_out(game.id, users=(table.ANNE,))
    result = await table.db.result(game.id)
    assert not result.rated and result.summary["computers"] == ["captain"]
    assert (await table.service.ladder_page(1, "cannoni", 0)).ratings == []
    stats = await table.service.stats(1, table.ANNE)
    assert stats.games == 1 and stats.rated == 0


async def test_statistics_and_history_of_finished_games(table):
    first = await _played_duel(table, seed=1)
    second = await _played_duel(table, seed=2)
    stats = await table.service.stats(1, table.ANNE)
    assert stats.games == 2 and stats.won + stats.lost + stats.drawn == 2 and stats.rated == 2
    assert stats.favourite is not None and stats.favourite_games == 2  # the same frigate both times
    assert stats.average_turns is not None and stats.average_turns > 0
    assert set(stats.ratings) == {"cannoni"} and stats.ratings["cannoni"].games == 2
    history = await table.service.history_page(1, 0)
    assert [r.game_id for r in history.results] == [second.id, first.id]
    assert {p.user_id for p in history.players[first.id]} == {table.ANNE, table.BOB}
    # Another member's statistics are empty, not someone else's.
    assert (await table.service.stats(1, table.CARL)).games == 0
    # Another server sees none of it.
    assert (await table.service.history_page(2, 0)).results == []
    assert (await table.service.ladder_page(2, "cannoni", 0)).ratings == []


def test_a_side_is_a_team_and_a_draw_ranks_the_sides_equal():
    """Two members of one side against one: the winners both gain, the loser drops; a draw
    between equals moves nobody's mean."""
    before = {u: ratings.first(u, f"m{u}") for u in (1, 2, 3)}
    after = ratings.rerate(before, {1: "a", 2: "a", 3: "b"}, "a", {})
    assert after[1].mu > before[1].mu and after[2].mu > before[2].mu and after[3].mu < before[3].mu
    assert (after[1].wins, after[3].losses, after[3].games) == (1, 1, 1)
    drawn = ratings.rerate({1: before[1], 3: before[3]}, {1: "a", 3: "b"}, None, {})
    assert drawn[1].mu == pytest.approx(before[1].mu) and drawn[1].draws == 1
    assert drawn[1].sigma < before[1].sigma  # a game played makes the rating surer


def test_a_newcomer_starts_at_zero_on_the_ladder():
    assert ordinal(ratings.first(1, "x")) == pytest.approx(0.0)


def test_statistics_from_played_games():
    def played(outcome, ships, turns, kind="crushing", taken=1, lost=0):
        return PlayedRow(game_id=1, ruleset="cannoni", kind=kind, rated=True, turns=turns, side="a",
                         outcome=outcome, ships=ships, taken=taken, lost=lost, rating_before=None, rating_after=None)

    stats = summarise([played("won", ["Victory"], 10), played("lost", ["Victory", "Agamemnon"], 6, lost=2),
                       played("abandoned", ["Agamemnon"], 2, kind="abandoned", taken=0),
                       played("won", ["Bellona"], 8, kind="partial")],
                      {"cannoni": Rating(1, "x", 30.0, 2.0, 3, 2, 1, 0)})
    assert (stats.games, stats.won, stats.lost, stats.abandoned) == (4, 2, 1, 1)
    assert stats.wins_by_kind == {"crushing": 1, "partial": 1}
    assert stats.favourite == "Victory" or stats.favourite == "Agamemnon"
    assert stats.favourite_games == 2
    assert stats.average_turns == 8.0  # the abandoned game's turns are not a game's length
    assert (stats.taken, stats.ships_lost) == (3, 2)


async def test_the_last_post_tells_how_the_ladder_moved(table):
    game = await _played_duel(table)
    players = (await table.db.result_players([game.id]))[game.id]
    last = table.transport.posts[-1]
    line = next(x for x in last.lines if x.startswith("Ladder: "))
    for p in players:
        assert f"{p.display_name} {p.rating_before:.1f} → {p.rating_after:.1f}" in line
    assert str(table.ANNE) not in line  # names, not ids


async def test_the_last_post_says_why_a_game_against_the_computer_does_not_count(table):
    table.seed = 1
    game = await table.duel()
    bob = next(s for s in await table.service.seats(game.id) if s.user_id == table.BOB)
    await table.service.hand_to_ai(game.id, table.HOST, bob.seat_id, "captain", confirm=True)
    await table.settle()
    await table.play_out(game.id, users=(table.ANNE,))
    lines = table.transport.posts[-1].lines
    assert "This game does not count for the ladder (a computer captain played)." in lines
