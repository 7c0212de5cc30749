"""`broadside replay`: the shipped records play to the end, identically every time."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from rules.core.record import GameRecord

RECORDS = sorted((Path(__file__).resolve().parents[1] / "records").glob("*.json"))


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_there_are_shipped_records():
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_shipped_record_replays_to_the_end_byte_identically(capsys, path):
    code, first, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "Game over:" in first.splitlines()[-1]
    _, second, _ = run(capsys, "replay", str(path))
    assert first == second
    _, as_json, _ = run(capsys, "replay", str(path), "--json")
    _, again, _ = run(capsys, "replay", str(path), "--json")
    assert as_json == again and json.loads(as_json)["outcome"]["kind"] in ("crushing", "partial", "doubtful")


def test_public_replay_hides_chits_until_asked(capsys):
    _, public, _ = run(capsys, "replay", str(RECORDS[0]))
    _, umpire, _ = run(capsys, "replay", str(RECORDS[0]), "--all-secrets")
    assert ": chit " not in public
    assert ": chit " in umpire


def test_an_illegal_order_stops_with_the_engines_message(capsys, tmp_path):
    record = GameRecord.load(RECORDS[0])
    step = next(s for s in record.steps if any(o.payload.get("action") == "move" for o in s.orders))
    order = next(o for o in step.orders if o.payload.get("action") == "move")
    order.payload["distance"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(record.dumps())
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1
    assert order.decision in err and "must be between" in err and "not 99" in err


def test_a_file_that_is_not_a_record_is_refused(capsys, tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}')
    code, _, err = run(capsys, "replay", str(junk))
    assert code == 2 and "not a game record" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "no such record" in err


def test_the_boarding_record_ends_in_a_capture_every_time(capsys):
    """A shipped game decided by a boarding: the same capture and the same end on every replay."""
    path = next(p for p in RECORDS if p.name == "cannoni-boarding-capture.json")
    endings = set()
    for _ in range(2):
        _, out, _ = run(capsys, "replay", str(path))
        lines = out.splitlines()
        taken = [line for line in lines if " is taken by " in line]
        assert taken and "Melee aboard" in out
        endings.add((taken[-1], lines[-1]))
    assert len(endings) == 1 and "crushing victory" in next(iter(endings))[1]
