"""`broadside demo --ruleset sca` plays a whole game between computer captains and writes
maps, a replay, a record that replays, and a log that reads like the thread."""
from __future__ import annotations

from bot.cli import main
from rules.core.record import GameRecord, replay


def test_the_demo_plays_the_frigate_duel(tmp_path, capsys):
    assert main(["demo", "--ruleset", "sca", "--scenario", "duel", "--level", "captain", "--seed", "2",
                 "--out", str(tmp_path)]) == 0
    assert "replay" in capsys.readouterr().out
    record = GameRecord.load(tmp_path / "record.json")
    replayed, _ = replay(record)
    assert replayed.outcome is not None and record.ruleset == "sca"
    assert list(tmp_path.glob("post-*")) and (tmp_path / "replay.gif").exists()
    log = (tmp_path / "log.txt").read_text(encoding="utf-8")
    assert "Turn 1, Britain to act." in log and "Amethyst's orders: steer" in log
    assert "The battle is over:" in log and "{" not in log
