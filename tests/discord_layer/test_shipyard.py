"""The fleet builder's form within Discord's limits: 25 options a menu, five rows, ids
of at most 100 characters that read back to what they carry."""
from __future__ import annotations

from bot.discord import shipyard
from bot.service.fleets import FleetView
from db.fleets import FleetShip
from rules.core.fleets import Design, Param
from rules.core.texts import say

MANY = [Design(id=f"d{i}", label=f"Design {i}", points=float(i + 1)) for i in range(30)]
BUILT = Design(id="built", label="Built", params=tuple(
    Param(f"p{n}", say("fleet.choose"), tuple((str(v), f"value {v}") for v in range(40))) for n in range(3)))


def view(designs, ships=()) -> FleetView:
    return FleetView(game_id=2**62, side="b", sides=("a", "b"), budget=100, spent=sum(s.points for s in ships),
                     max_ships=10, ships=list(ships), designs=list(designs), measure="in")


def rows(form):
    return {item.row for item in form.children}


def test_designs_past_25_go_to_a_second_page():
    content, form = shipyard.buy_form(view(MANY), shipyard.Ref("d", 2**62, 1), "en")
    (select,) = [i for i in form.children if getattr(i, "options", None)]
    assert len(select.options) == 25 and "page 1 of 2" in content
    (nxt,) = [i for i in form.children if getattr(i, "label", "") == "Page 2"]
    ref = shipyard.parse(nxt.custom_id)
    assert (ref.kind, ref.page, ref.side) == ("n", 1, 1)
    _, second = shipyard.buy_form(view(MANY), ref, "en")
    (select,) = [i for i in second.children if getattr(i, "options", None)]
    assert [o.label for o in select.options] == [f"Design {i}" for i in range(25, 30)]


def test_a_built_design_fills_five_rows_within_the_limits():
    ships = [FleetShip(1, n, "b", "p1", "built", {}, f"Ship {n}", 5.0) for n in range(1, 4)]
    ref = shipyard.Ref("d", 2**62, 1, design=0, choices="0z-")
    content, form = shipyard.buy_form(view([BUILT], ships), ref, "en", "Bought.", "Built: 5 points.")
    assert rows(form) == {0, 1, 2, 3, 4} and len(form.children) <= 25
    for item in form.children:
        assert len(item.custom_id) <= 100 and shipyard.parse(item.custom_id) is not None
        assert len(getattr(item, "options", [])) <= 25
    buy = next(i for i in form.children if getattr(i, "label", "") == "Buy")
    assert buy.disabled  # the third choice is missing (and "z" is past the menu's 25)
    assert "**Fleet of b**: 15 of 100 points spent, **85 left**" in content and "3. Ship 3: 5 points" in content


def test_forged_ids_read_as_nothing():
    for raw in ("bsy1:q:1:0:0:-:", "bsy1:d:1:0:0:-:----", "bsy1:d:" + "z" * 14 + ":0:0:-:", "bsy2:d:1:0:0:-:"):
        assert shipyard.parse(raw) is None, raw
