"""The last post of a game: the result, each side's score and losses, and the replay."""
from __future__ import annotations


async def _finished_duel(table, replays=None):
    table.loops.replays = replays
    table.seed = 1
    game = await table.duel()
    await table.play_out(game.id)
    return game


async def test_the_last_post_gives_the_result_scores_losses_and_the_replay(table):
    drawn = []

    def replays(views):
        drawn.append(len(views))
        return b"GIF89a" + bytes(len(views)), len(views)

    game = await _finished_duel(table, replays)
    ruleset, state = await table.state(game.id)
    outcome, losses = ruleset.outcome(state), ruleset.losses(state)
    last = table.transport.posts[-1]
    assert last.lines[0].startswith("**The game is over: ")
    names = {"britain": "Britain", "france": "France"}  # each side by its name, never its id
    assert (f"{names[outcome.winner]} wins" if outcome.winner else "no winner") in last.lines[0]
    for side in ("britain", "france"):
        line = next(x for x in last.lines if x.startswith(f"{names[side]}: "))
        if side in outcome.scores:
            assert f"{outcome.scores[side]:g} points" in line
        assert line.endswith(f"lost {', '.join(losses[side]) or 'nothing'}.")
    assert any(losses.values()), "a duel ends with a ship out of the fight"
    # The replay is drawn once, from the frames /replay shows (a frame per phase with action).
    assert drawn == [len(await table.service.replay_views(game.id))]
    assert last.image is not None and last.image.filename.endswith(".gif")
    assert f"the whole game in {drawn[0]} frames" in last.image.alt
    assert last.lines[-1].startswith(f"The whole game in {drawn[0]} frames is attached.")
    # One ending, after the story of the last phase.
    assert sum(1 for p in table.transport.posts for x in p.lines if x.startswith("**The game is over")) == 1


async def test_an_ending_whose_replay_fails_still_gives_the_result(table):
    def broken(views):
        raise RuntimeError("no replay today")

    game = await _finished_duel(table, broken)
    last = table.transport.posts[-1]
    assert last.image is None and last.lines[0].startswith("**The game is over: ")
    assert last.lines[-1] == "The game is over. The host can export the record with /host export."
    assert (await table.service.game(game.id)).status == "over"

