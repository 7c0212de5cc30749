"""`broadside demo` end to end: computer captains play a whole game through the real
service, database, loop and renderer, offline."""
from __future__ import annotations

import asyncio
import json

import pytest
from PIL import Image

from bot.cli import main
from bot.demo import run_demo
from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset, ruleset_names


def test_the_demo_writes_maps_replay_record_and_log(tmp_path):
    result = asyncio.run(run_demo(tmp_path, seed=3, scenario="frigate-duel", level="captain"))
    assert result.images, "a map per resolution"
    with Image.open(result.images[0]) as first:
        assert first.size[0] == 1280 and first.mode == "RGB"
    with Image.open(result.replay) as anim:
        assert anim.format == "GIF" and getattr(anim, "n_frames", 1) > 1
    record = GameRecord.load(result.record)
    replayed, _ = replay(record)
    assert replayed.outcome is not None
    assert json.loads((tmp_path / "outcome.json").read_text())["kind"] == replayed.outcome.kind
    log = result.log.read_text(encoding="utf-8")
    assert "Game over:" in log and "computer captain" in log.lower()


def test_the_demo_command_plays_a_galley_battle(tmp_path, capsys):
    assert main(["demo", "--ruleset", "nauta", "--scenario", "mylae", "--seed", "2",
                 "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "replay" in out and (tmp_path / "record.json").exists()
    assert list(tmp_path.glob("post-*"))


def test_an_unknown_ruleset_is_refused_in_one_line_naming_the_known_ones(tmp_path, capsys):
    assert main(["demo", "--ruleset", "chess", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == f"broadside: unknown ruleset 'chess'; known: {', '.join(ruleset_names())}\n"
    assert not (tmp_path / "out").exists()


def test_the_demo_help_lists_rulesets_scenarios_and_levels(capsys):
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    out = capsys.readouterr().out
    for name in ruleset_names():
        assert f"  {name}: {', '.join(get_ruleset(name).scenarios())}" in out
    assert "levels: random, deckhand, captain" in out
