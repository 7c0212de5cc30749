"""Events stored by older versions keep reading: games in old databases and old
exports hold events with words already in them (``way_it``, ``result``/``result_it``,
a lapsed order's English ``reason``). Each sample below was taken from games played
before events carried codes only, with the lines the old version printed for it; the
English must be the same to the byte. The lines that changed on purpose keep the old
line in ``en_before`` / ``it_before``: an Italian one where a mast was named in English,
those naming a side, which now read the side's name ("Britain", "Atene") rather than its
id, and Nauta's opening line, which names its edition by the book's title ("Nauta")."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core.events import Event
from rules.core.registry import get_ruleset

SAMPLES = json.loads((Path(__file__).parent / "data" / "old_events.json").read_text(encoding="utf-8"))


def test_the_samples_hold_the_old_shapes():
    data = [s["event"]["data"] for s in SAMPLES]
    assert any("way_it" in d for d in data)
    assert any("result_it" in d for d in data)
    assert any("reason" in d and s["event"]["kind"] == "order_void" for s, d in zip(SAMPLES, data))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: f"{s['ruleset']}-{s['event']['kind']}")
def test_an_old_event_reads_as_it_did(sample):
    ruleset = get_ruleset(sample["ruleset"])
    event = Event.model_validate(sample["event"])
    assert ruleset.describe(event, "en") == sample["en"]
    assert ruleset.describe(event, "it") == sample["it"]
