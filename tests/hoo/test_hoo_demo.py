"""`broadside demo --ruleset hoo` plays a whole game and writes maps, a replay, a record and
a log; `broadside replay` plays that record to its end, identically every time, in
English and Italian."""
from __future__ import annotations

import asyncio

from PIL import Image

from bot.cli import main
from bot.demo import run_demo
from renderer import DEFAULT_THEME
from rules.core.record import GameRecord, replay


def test_the_hoo_demo_writes_maps_replay_record_and_log_and_its_record_replays(tmp_path, capsys):
    result = asyncio.run(run_demo(tmp_path, seed=3, ruleset="hoo", scenario="castiglione", level="captain"))
    assert len(result.images) >= 3
    with Image.open(result.images[0]) as first:
        assert first.size[0] == DEFAULT_THEME.width
    assert result.images[0].with_suffix(".txt").read_text(encoding="utf-8").startswith("Hex map")  # its alt text
    with Image.open(result.replay) as anim:
        assert anim.format == "GIF" and getattr(anim, "n_frames", 1) > 1
    record = GameRecord.load(result.record)
    assert record.ruleset == "hoo"
    replayed, _ = replay(record)
    assert replayed.outcome is not None
    log = result.log.read_text(encoding="utf-8")
    assert "broadside at" in log and "The battle is over" in log

    assert main(["replay", str(result.record)]) == 0
    first, _ = capsys.readouterr()
    assert main(["replay", str(result.record)]) == 0
    again, _ = capsys.readouterr()
    assert first == again and first.splitlines()[-1].startswith("The battle is over")
    assert "hoo.scenario" not in first
    assert main(["replay", "--lang", "it", str(result.record)]) == 0
    italian, _ = capsys.readouterr()
    assert italian.splitlines()[-1].startswith("La battaglia è finita") and "Gran Bretagna" in italian
