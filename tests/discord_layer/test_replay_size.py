"""/replay keeps under Discord's upload limit: a GIF too large is drawn again from fewer
views, evenly spread, the first and the last always kept."""
from __future__ import annotations

import asyncio
import io
from pathlib import Path

from PIL import Image

from bot.discord.pictures import ReplayCache, replay_gif
from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset

RECORD = Path(__file__).resolve().parents[2] / "records" / "cannoni-squadron-action.json"


def _views() -> list[dict]:
    record = GameRecord.model_validate_json(RECORD.read_text(encoding="utf-8"))
    _, states = replay(record, keep_states=True)
    rules = get_ruleset(record.ruleset)
    return [rules.view(s, None) for s in states]


async def test_a_replay_over_the_limit_is_drawn_from_fewer_views():
    views = _views()[:24]
    whole, n = await replay_gif(views, 10 * 2**20)
    assert n == len(views)
    frames = Image.open(io.BytesIO(whole)).n_frames
    assert frames > 4
    # A limit the whole replay does not fit: fewer views, until it fits.
    limit = len(whole) * 2 // 3
    smaller, used = await replay_gif(views, limit)
    assert len(smaller) <= limit and 2 <= used < len(views)
    last = Image.open(io.BytesIO(smaller))
    last.seek(last.n_frames - 1)
    end = Image.open(io.BytesIO(whole))
    end.seek(end.n_frames - 1)
    # It still ends where the game is (the palettes of the two GIFs differ a little).
    a, b = last.convert("L").tobytes(), end.convert("L").tobytes()
    assert len(a) == len(b) and sum(abs(x - y) > 24 for x, y in zip(a, b)) < len(a) // 500
    assert Image.open(io.BytesIO(smaller)).n_frames < frames
    # A limit nothing fits: the two-view replay, the best there is.
    tiny, used = await replay_gif(views, 1)
    assert used == 2 and tiny.startswith(b"GIF")


async def test_a_replay_is_drawn_once_per_story_and_one_at_a_time():
    cache = ReplayCache(size=2)
    drawn: list[str] = []
    running = 0

    def drawing(name: str):
        async def draw() -> tuple[bytes, int]:
            nonlocal running
            running += 1
            assert running == 1, "two replays drawn at once"
            await asyncio.sleep(0.01)
            drawn.append(name)
            running -= 1
            return name.encode(), 1
        return draw

    results = await asyncio.gather(*(cache.get(key, drawing(str(key))) for key in ("a", "a", "b", "a", "c")))
    assert [r[0] for r in results] == [b"a", b"a", b"b", b"a", b"c"]
    assert drawn == ["a", "b", "c"]
    await cache.get("b", drawing("b"))  # forgotten: only the last two stories are kept
    assert drawn == ["a", "b", "c", "b"]


# A whole fleet action between two computer captains, as `broadside demo --scenario
# fleet-action --seed 1` plays it: 20 ships, 12 turns, 389 steps.
FLEET = Path(__file__).resolve().parents[1] / "data" / "cannoni-fleet-action-captains.json"
EIGHT_MB = 8 * 2**20


def test_a_twelve_turn_twenty_ship_replay_is_a_frame_a_phase_with_action_under_8_mb():
    from bot.discord.pictures import closing_replay
    from bot.service.posting import frames_with_action, public_weights

    record = GameRecord.model_validate_json(FLEET.read_text(encoding="utf-8"))
    result, states = replay(record, keep_states=True)
    rules = get_ruleset(record.ruleset)
    # The frames the game's last post is drawn from (GameService.replay_views).
    kept = sorted({0, *frames_with_action([public_weights(rules, s.events) for s in result.steps]), len(states) - 1})
    views = [rules.view(states[i], None) for i in kept]
    assert len(views[0]["ships"]) == 20 and views[-1]["turn"] == 12
    assert len(views) < len(states) // 5, "idle phases and the chits make no frame"
    gif, used = closing_replay(views)
    assert used == len(views), "it fits without leaving frames out"
    assert len(gif) < EIGHT_MB, len(gif)
    with Image.open(io.BytesIO(gif)) as anim:
        assert anim.n_frames == len(views)
    # Every frame's header tells its turn (the map draws "Turn N of 12" from the view).
    assert all(isinstance(v.get("turn"), int) and 1 <= v["turn"] <= 12 for v in views)
