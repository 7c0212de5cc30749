"""`broadside demo` end to end: computer captains play a whole game through the real
service, database, loop and renderer, offline."""
from __future__ import annotations

import asyncio
import json
import re

import pytest
from PIL import Image

from bot.cli import main
from bot.demo import run_demo
from renderer.theme import DEFAULT_THEME
from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset, ruleset_names


def test_the_demo_writes_maps_replay_record_and_log(tmp_path):
    result = asyncio.run(run_demo(tmp_path, seed=3, scenario="frigate-duel", level="captain"))
    assert result.images, "a map per resolution"
    with Image.open(result.images[0]) as first:
        assert first.size[0] == DEFAULT_THEME.width and first.mode == "RGB"
    with Image.open(result.replay) as anim:
        assert anim.format == "GIF" and getattr(anim, "n_frames", 1) > 1
    record = GameRecord.load(result.record)
    replayed, _ = replay(record)
    assert replayed.outcome is not None
    assert json.loads((tmp_path / "outcome.json").read_text())["kind"] == replayed.outcome.kind
    log = result.log.read_text(encoding="utf-8")
    assert "Game over:" in log and "computer captain" in log.lower()
    # The log reads as a thread would, with no platform markup: the host by name.
    assert log.startswith("@host opens a game") and "/game join" in log
    assert "<@" not in log and "<t:" not in log and "</" not in log and "\u27e6" not in log


def test_the_demo_command_plays_a_galley_battle(tmp_path, capsys):
    assert main(["demo", "--ruleset", "nauta", "--scenario", "mylae", "--seed", "2",
                 "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "replay" in out and (tmp_path / "record.json").exists()
    assert list(tmp_path.glob("post-*"))


def test_an_unknown_ruleset_is_refused_in_one_line_naming_the_known_ones(tmp_path, capsys):
    assert main(["demo", "--ruleset", "chess", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == (f"broadside: unknown ruleset 'chess' (known: {', '.join(ruleset_names())}); "
                   "`broadside demo --help` lists them all.\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("given, line", [
    # The known rulesets are the installed ones: a new ruleset must not break this line.
    (["--ruleset", "cannon"], f"broadside: unknown ruleset 'cannon' (known: {', '.join(ruleset_names())}); "
                              "did you mean 'cannoni'?"),
    (["--scenario", "frigate"], "broadside: unknown cannoni scenario 'frigate' (known: brig-action, fleet-action, "
                                "frigate-duel, harbour-raid, squadron-action); did you mean 'frigate-duel'?"),
    (["--ruleset", "nauta", "--scenario", "frigate-duel"],
     "broadside: unknown nauta scenario 'frigate-duel' (known: artemisium, greek-fire, mylae); it is a cannoni "
     "scenario: add --ruleset cannoni."),
    (["--level", "captian"], "broadside: unknown level 'captian' (known: random, deckhand, captain); "
                             "did you mean 'captain'?"),
])
def test_every_demo_mistake_gets_one_line_and_a_suggestion(tmp_path, capsys, given, line):
    assert main(["demo", *given, "--out", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == line + "\n"
    assert not (tmp_path / "out").exists(), "refused before anything is written"


def test_the_demo_help_lists_rulesets_scenarios_and_levels(capsys):
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    out = capsys.readouterr().out
    for name in ruleset_names():
        assert f"  {name}: {', '.join(get_ruleset(name).scenarios())}" in out
    assert "levels: random, deckhand, captain" in out


def _turn_of(alt: str, last: int) -> int:
    found = re.search(r"Turn (\d+) of", alt)
    return int(found.group(1)) if found else last  # the last map: "Game over"


def test_the_squadron_action_demo_posts_at_most_three_maps_a_turn(tmp_path):
    """Before: a map after every resolution (193 for this game, some 16 a turn) and a
    frame per step in the replay. Now a post a turn, with an animated map of it."""
    result = asyncio.run(run_demo(tmp_path, seed=1, scenario="squadron-action", level="captain"))
    record = GameRecord.load(result.record)
    turns = replay(record, keep_states=True)[1][-1].turn
    assert 0 < len(result.images) < 40
    per_turn: dict[int, int] = {}
    for image in result.images:
        turn = _turn_of(image.with_suffix(".txt").read_text(encoding="utf-8"), turns)
        per_turn[turn] = per_turn.get(turn, 0) + 1
    assert max(per_turn.values()) <= 3 and len(per_turn) >= turns - 1
    assert result.posts < 3 * turns + 10  # lobby notices, one post a turn, the end
    log = result.log.read_text(encoding="utf-8")
    assert "no ship active" not in log and "End of phase" not in log
    assert any(image.suffix == ".gif" for image in result.images)
    # The replay: a frame per phase with action, each with its turn on it.
    with Image.open(result.replay) as anim:
        frames = anim.n_frames
    assert turns <= frames <= 5 * turns


def test_a_demo_posted_phase_by_phase_leaves_out_the_idle_phases(tmp_path):
    result = asyncio.run(run_demo(tmp_path, seed=1, scenario="squadron-action", posting="phase"))
    log = result.log.read_text(encoding="utf-8")
    assert "no ship active" not in log and "End of phase" not in log
    assert all(image.suffix == ".png" for image in result.images)
    assert len(result.images) <= 5 * 12 + 1  # at most one a phase


def test_an_italian_demo_tells_its_thread_and_captions_its_replay_in_italian(tmp_path, capsys):
    """``--lang it`` plays the game in Italian: its thread's lines and the replay's captions
    (the maps follow the game's language, as in Discord)."""
    assert main(["demo", "--ruleset", "nauta", "--lang", "it", "--seed", "2", "--out", str(tmp_path)]) == 0
    log = (tmp_path / "log.txt").read_text(encoding="utf-8")
    assert "apre una partita" in log and "opens a game" not in log
    alts = [path.read_text(encoding="utf-8") for path in sorted(tmp_path.glob("post-*.txt"))]
    assert alts and all(alt.startswith(("Turno", "Il tavolo", "Resoconto")) for alt in alts)  # the maps' words too
    with Image.open(tmp_path / "replay.gif") as anim:
        assert anim.n_frames > 1
