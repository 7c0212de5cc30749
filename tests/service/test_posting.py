"""How the stored steps are cut into thread posts (bot.service.posting), and that the
loop keeps its promise with them: nothing posted twice after a failure or a restart."""
from __future__ import annotations

from bot.service import Pacing
from bot.service.posting import StoredStep, Told, cut, frames_with_action, phase_lines, wholly_told
from bot.transport import TransientDeliveryError


def _step(idx: int, *weights: str) -> StoredStep:
    return StoredStep(idx, idx, [Told(w, f"{idx}.{n} {w}") for n, w in enumerate(weights)])


# A turn: chits placed, two idle phases, a phase with a move spread over two steps,
# then the last phase with a reveal and fire, and the next turn's start.
TURN = [
    _step(0, "turn_start", "filler"),
    _step(1, "filler", "phase_end", "filler", "phase_end", "reveal", "heading", "action"),
    _step(2, "action", "phase_end", "heading", "action", "action"),
    _step(3, "phase_end", "turn_start", "filler"),
]


def test_idle_phases_make_no_post_and_a_phase_with_action_makes_one():
    segments = cut(TURN, "phase", flush=False)
    posted = [s for s in segments if s.acted]
    assert len(posted) == 2
    first, second = posted
    # The turn's heading waits for the turn's first action; filler and marks are left out.
    assert phase_lines(first.acted[0], lambda ship: "", lambda side, items: "; ".join(items)) == [
        "0.0 turn_start", "1.4 reveal", "1.5 heading", "1.6 action", "2.0 action"]
    assert first.end == (2, 2) and second.end == (3, 1)
    # Each step is marked told once all of its events are in posts that went out.
    assert wholly_told(TURN, first.end) == [0, 1]
    assert wholly_told(TURN, second.end) == [0, 1, 2]


def test_a_turn_is_one_post_with_a_frame_per_phase_with_action():
    [turn] = [s for s in cut(TURN, "turn", flush=False) if s.acted]
    assert [p.at for p in turn.acted] == [2, 3]
    assert frames_with_action([[t.weight for t in s.told] for s in TURN]) == [2, 3]


def test_when_someone_must_act_the_story_so_far_is_told_but_an_idle_open_phase_waits():
    segments = [s for s in cut(TURN[:2], "act", flush=True) if s.acted]
    assert [len(s.acted) for s in segments] == [1]
    assert segments[-1].end == (1, 7)
    idle = cut(TURN[:1], "act", flush=True)
    assert not any(s.acted for s in idle) and wholly_told(TURN[:1], idle[-1].end) == []


def test_a_post_cut_when_someone_had_to_act_is_cut_there_again_on_the_next_pass():
    start = _step(0, "action", "phase_end", "heading")  # the next phase's heading: an idle tail
    [told] = [s for s in cut([start], "act", flush=True) if s.acted]
    assert told.end == (0, 2)
    later = [start, _step(1, "filler", "reveal", "heading", "action")]
    again = [s for s in cut(later, "act", flush=True, cuts=frozenset({told.end})) if s.acted]
    assert [s.end for s in again] == [(0, 2), (1, 4)]  # the same first post, then the rest
    assert phase_lines(again[1].acted[0], lambda ship: "", lambda side, items: "; ".join(items))[:2] == ["1.1 reveal", "0.2 heading"]
    # Without the note the two would run together: the first post told a second time.
    assert [s.end for s in cut(later, "act", flush=True) if s.acted] == [(1, 4)]


def test_at_the_end_of_the_game_everything_is_told():
    last = [_step(0, "action", "phase_end", "heading")]
    assert wholly_told(last, cut(last, "act", flush=True)[-1].end) == []  # the heading waits
    assert wholly_told(last, cut(last, "act", flush=True, final=True)[-1].end) == [0]


def test_reveals_are_one_line_per_side():
    step = StoredStep(1, 1, [Told("reveal", "A shows chit 3.", "a"), Told("reveal", "B shows chit 3.", "b"),
                             Told("reveal", "C shows chit 3.", "c"), Told("action", "A sails.", "a")])
    [segment] = cut([step], "phase", flush=True)
    sides = {"a": "britain", "b": "france", "c": "britain"}
    lines = phase_lines(segment.acted[0], sides.get, lambda side, items: f"{side}: {'; '.join(items)}.")
    assert lines == ["britain: A shows chit 3; C shows chit 3.", "france: B shows chit 3.", "A sails."]


async def test_a_post_that_went_out_is_not_posted_again_when_marking_the_steps_failed(table, monkeypatch):
    game = await table.duel(pacing=Pacing(style="live", phase_seconds=300, posting="phase"))
    real_mark = table.service.mark_announced
    failed = []

    async def mark(game_id, idx, **how):
        if not failed:
            failed.append(idx)
            raise TransientDeliveryError("a crash between the post and its note", code=0)
        await real_mark(game_id, idx, **how)

    monkeypatch.setattr(table.service, "mark_announced", mark)
    await table.order_for(game.id, table.ANNE)
    await table.settle()
    await table.order_for(game.id, table.BOB)
    await table.settle()
    assert failed
    await table.close()
    await table.open()  # a restart: the backlog is cut again, the same posts found sent
    await table.advance(30)
    turn_posts = [p for p in table.transport.posts if p.lines and p.lines[0] == "— Turn 1 —"]
    assert len(turn_posts) == 1
    assert (await table.db.unannounced(game.id))[1] == []


async def test_the_host_changes_the_posting_and_the_thread_is_told(table):
    game = await table.duel()
    await table.service.set_posting(game.id, table.HOST, "turn")
    assert (await table.service.game(game.id)).posting == "turn"
    assert any("one post a turn" in t for t in table.transport.public_texts())
