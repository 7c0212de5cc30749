"""The summary card: every text inside the image and clear of the others, readable at
Discord's 550 px on a phone, long fleets wrapped or cut with "and N more" only when the
alt text lists everything, and the alt text saying what the card says."""
from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from renderer.summary import (ALT_LIMIT, MOST_MOMENTS, PAD, SMALL_PX, WIDTH, alt_lists_everything,
                              describe_summary, layout, moment_words, render_summary, render_summary_bytes)
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.core.scenarios import scenario_title
from rules.core.summary import FIRST_BLOOD, GameSummary, Moment, SideSummary, summarise

RECORDS = Path(__file__).resolve().parents[2] / "records"
PHONE = 550

SUMMARY_MIN_PHONE_PX = 14  # the card is read more than glanced at: larger than a map's 8 px floor


def _recorded(name: str) -> GameSummary:
    record = GameRecord.load(RECORDS / f"{name}.json")
    _, states = replay(record, keep_states=True)
    return summarise(get_ruleset(record.ruleset), states)


def _played(ruleset: str, scenario: str, seed: int, steps: int = 1500) -> GameSummary:
    """A scenario played at random by both sides, every state kept."""
    rules = get_ruleset(ruleset)
    setup = rules.scenarios()[scenario]
    seats = [Seat(id=f"p{i}", side=side, name=side) for i, side in enumerate(rules.sides(setup))]
    dice, rng = SeededDice(seed), random.Random(seed)
    state, _ = game.start(rules, setup, rules.options_model(), seats, dice)
    states = [state]
    while rules.outcome(state) is None and len(states) < steps:
        orders = [o for d in rules.pending(state)
                  if (o := random_order(rules, state, d, rng, prefer=("fire", "load", "move"))) is not None]
        state, _ = game.resolve(rules, state, orders, dice)
        states.append(state)
    return summarise(rules, states)


def _crowded(name_len: int, taken: bool, turns: int) -> GameSummary:
    """Twenty ships, every one lost: each strikes, and then (``taken``) is taken or
    sinks, over ``turns`` turns; first blood first."""
    names = [f"{'Sovereign of the Seas'[:name_len]} {i}" for i in range(20)]
    side = lambda i: "britain" if i < 10 else "france"  # noqa: E731
    sides = [SideSummary(side="britain", score=12, lost=names[:10]), SideSummary(side="france", lost=names[10:])]
    found = [Moment(turn=1, kind=FIRST_BLOOD, name=names[12], side="france", by=names[3], by_side="britain",
                    hits=3, critical=True)]
    found += [Moment(turn=2 + i * turns // 20, kind="struck", name=n, side=side(i)) for i, n in enumerate(names)]
    if taken:
        found += [Moment(turn=3 + turns, kind="taken" if i % 3 else "sunk", name=n, side=side(i))
                  for i, n in enumerate(names)]
    return GameSummary(ruleset="cannoni", title="Fleet action (20 ships)", turns=4 + turns, sides=sides,
                       moments=found)


@pytest.fixture(scope="module")
def summaries() -> dict[str, GameSummary]:
    return {
        "duel": _recorded("cannoni-frigate-duel"),
        "squadron": _recorded("cannoni-squadron-action"),
        "boarding": _recorded("cannoni-boarding-capture"),
        "fleet": _played("cannoni", "fleet-action", seed=4),
        "galleys": _played("nauta", "mylae", seed=2),
        "crowded": _crowded(name_len=13, taken=False, turns=8),
        "crowded-taken": _crowded(name_len=13, taken=True, turns=6),  # each ship struck, then sunk or taken
        "crowded-long": _crowded(name_len=21, taken=True, turns=20),  # more than the alt text can hold
    }


def _check_fits(img: Image.Image) -> None:
    boxes = img.info["boxes"]
    assert boxes
    for x0, y0, x1, y1 in boxes:
        assert PAD // 2 <= x0 and x1 <= WIDTH - PAD // 2 and 0 <= y0 and y1 <= img.height - PAD // 2, (x0, y0, x1, y1)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], ("overlap", a, b)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_card_fits_and_reads_on_a_phone(summaries, lang):
    assert SMALL_PX * PHONE / WIDTH >= SUMMARY_MIN_PHONE_PX  # the smallest text, shown 550 px wide
    for name, summary in summaries.items():
        img = render_summary(summary, lang=lang)
        # the played fleet action (20 ships) stays short; forty moments over twenty turns,
        # more than the alt text can hold, are all drawn, grouped by turn, fate and side
        assert img.width == WIDTH and img.height < (2.6 if name == "crowded-long" else 1.8) * WIDTH, (name, img.size)
        _check_fits(img)
        # the card is not a blank: its header band and its text are there at phone size
        small = img.resize((PHONE, round(img.height * PHONE / img.width)), Image.LANCZOS)
        assert len(small.getcolors(1 << 16) or []) > 50, name


def test_a_long_list_is_cut_only_when_the_alt_text_holds_it_all(summaries):
    for name, summary in summaries.items():
        alt = describe_summary(summary)
        assert len(alt) <= ALT_LIMIT
        drawn = _texts(summary)
        cut = [t for t in drawn if t.startswith("and ") and t.endswith(" more")]
        if cut:
            assert alt_lists_everything(summary) and len(summary.moments) > MOST_MOMENTS, name
            assert all(m.name in alt for m in summary.moments), name
            assert cut == [f"and {len(summary.moments) - MOST_MOMENTS + 1} more"]
        else:
            # the card itself lists every moment, each ship by name
            card = " ".join(drawn).replace(", ", " ")
            assert all(m.name in card for m in summary.moments), name
    assert any(t.startswith("and ") for t in _texts(summaries["crowded"])), "the alt text lists them: cut"
    for crowded in ("crowded-taken", "crowded-long"):
        assert not alt_lists_everything(summaries[crowded]), "too many for the alt text"
        assert not any(t.startswith("and ") for t in _texts(summaries[crowded]))
        # grouped, a line for the ships one fate befell in a turn on one side
        assert any(t.startswith("taken: ") for t in _texts(summaries[crowded]))


def _texts(summary: GameSummary) -> list[str]:
    return [run.text for run in layout(summary, "en")]


def test_the_alt_text_says_what_the_card_says(summaries):
    squadron = summaries["squadron"]
    alt = describe_summary(squadron)
    assert alt.startswith("Summary card of A squadron action in the Channel. No winner — doubtful")
    for side in squadron.sides:
        assert f"{side.side.title()}: {', '.join(side.lost)}." in alt
    assert ("Decisive moments. Turn 2: struck: HMS Bellerophon; First blood: HMS Surprise hits Redoutable, a "
            "critical hit. Turn 6: struck: Virginie. Turn 10: struck: HMS Surprise, Redoutable. Turn 11: struck: "
            "HMS Speedy, Bayonnaise.") in alt
    it = describe_summary(squadron, "it")
    assert it.startswith(f"Resoconto di {scenario_title(squadron.title, 'it')}. ")
    assert "Nessun vincitore — vittoria discutibile" in it and "Turno 10: resa: HMS Surprise, Redoutable." in it
    duel = describe_summary(summaries["duel"])
    assert "France wins — crushing" in duel and "France: no ship lost." in duel
    # too long to name every ship twice: the sides by number, each ship's side in her moment
    crowded = describe_summary(summaries["crowded"])
    assert "Britain (12 points): 10 ship(s) lost. France: 10 ship(s) lost." in crowded
    assert "Turn 2: struck: Sovereign of  0, Sovereign of  1, Sovereign of  2 (Britain)." in crowded


def test_the_png_is_the_card(summaries):
    data = render_summary_bytes(summaries["boarding"], lang="it")
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.width == WIDTH
    texts = [run.text for run in layout(summaries["boarding"], "it")]
    assert "Turno 7" in texts and "HMS Surprise è catturata" in texts
