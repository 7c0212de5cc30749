"""The Hearts of Oak map: every phase of seeded games draws, in both languages; the
frame follows the ships across the endless sea; the alt text names every ship and
never a hidden marker; the card reads the boxes."""
from __future__ import annotations

import random

from renderer.api import render_map
from renderer.board import board_for
from renderer.theme import DEFAULT_THEME
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.ruleset import Seat
from rules.hoo.ruleset import HooRuleset

RULES = HooRuleset()


def views(scenario: str, seed: int, steps: int = 40):
    setup = RULES.scenarios()[scenario]
    seats = [Seat(id=f"p{i + 1}", side=s) for i, s in enumerate(RULES.sides(setup))]
    dice, rng = SeededDice(seed), random.Random(seed)
    state, _ = game.start(RULES, setup, RULES.options_model(), seats, dice)
    out = [RULES.view(state, None)]
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        orders = [random_order(RULES, state, d, rng, prefer=("fire", "sail")) for d in RULES.pending(state)]
        state, _ = game.resolve(RULES, state, orders, dice)
        out.append(RULES.view(state, None))
    return out


def test_every_phase_draws_with_a_worded_alt_text_in_both_languages():
    for view in views("shoals", 3, 25)[::3]:
        for lang in ("en", "it"):
            img = render_map(view, lang=lang)
            assert img.width == DEFAULT_THEME.width and img.height > 500
            alt = board_for(view).describe(view, lang)
            assert 0 < len(alt) <= 1000
            for ship in view["ships"]:
                if ship.get("x") is not None and ship.get("status") == "afloat":
                    assert ship["name"] in alt
        assert "vento da" in board_for(view).describe(view, "it") and "wind from" in board_for(view).describe(view)


def test_a_hidden_marker_is_a_question_mark_on_the_map_and_in_the_alt_text():
    view = next(v for v in views("squadrons", 4) if any(s["marker_hidden"] for s in v["ships"]))
    hidden = next(s for s in view["ships"] if s["marker_hidden"])
    alt = board_for(view).describe(view, "en")
    assert f"{hidden['name']} (" in alt and "?" in alt.split(hidden["name"], 1)[1].split(".")[0]


def test_the_frame_follows_the_ships_across_the_endless_sea():
    view = views("castiglione", 1, 1)[-1]
    far = {**view, "ships": [{**s, "x": s["x"] + 40, "y": s["y"] - 25} for s in view["ships"]]}
    board = board_for(view)
    x0, y0, x1, y1 = board.world(far)
    n0, m0, n1, m1 = board.world(view)
    assert x0 > n1  # nothing of the old sea is shown: the picture moved with the ships
    assert abs((x1 - x0) - (n1 - n0)) < 1e-9 and abs((y1 - y0) - (m1 - m0)) < 1e-9  # at the same size
    render_map(far)


def test_the_card_shows_crossed_out_boxes():
    view = views("castiglione", 1, 1)[-1]
    ship = dict(view["ships"][0], lost={"sails": 2, "guns": 0, "hull": 1, "crew": 0})
    card = board_for(view).card({**view, "ships": [ship]}, ship["id"], DEFAULT_THEME)
    assert card.width >= 360 and card.height > 100
    # As the rulebook's card: a row a track with the hit table's dice, X for a box crossed out,
    # the last five hull boxes yellow (▣).
    title, lines = board_for(view).card_words({**view, "ships": [ship]}, ship["id"], "en")
    assert title == "Castiglione — Vascello da 74 (92 points)"
    assert lines[1:5] == ["Sails (1-2): X X 3 3 3 2 2 2 1 1", "Guns (3): 6 5 4 4 3 3 2 2 1 1",
                          "Hull (4-5): X □ □ □ □ ▣ ▣ ▣ ▣ ▣", "Crew (6): 5 4 3 3 3 2 2 2 1 1"]
    _, italian = board_for(view).card_words({**view, "ships": [ship]}, ship["id"], "it")
    assert italian[1:5] == ["Vele (1-2): X X 3 3 3 2 2 2 1 1", "Cannoni (3): 6 5 4 4 3 3 2 2 1 1",
                            "Scafo (4-5): X □ □ □ □ ▣ ▣ ▣ ▣ ▣", "Equipaggio (6): 5 4 3 3 3 2 2 2 1 1"]


def test_an_arc_hex_on_the_frames_edge_is_cut_at_the_edge():
    """The arcs are drawn inside the frame only: a hex the edge cuts is drawn up to it."""
    from renderer.hoo.board import clip

    hexagon = [(10, 0), (5, 8.66), (-5, 8.66), (-10, 0), (-5, -8.66), (5, -8.66)]
    cut = clip(hexagon, (0, -20, 50, 50))
    assert min(x for x, _ in cut) == 0 and max(x for x, _ in cut) == 10
    assert clip(hexagon, (20, 20, 50, 50)) == []
    assert sorted(clip(hexagon, (-50, -50, 50, 50))) == sorted(hexagon)


def test_the_alt_text_names_the_ships_in_the_tinted_arcs():
    """The arcs are a tint on the map: the alt text says who lies in them, and on which side."""
    view = next(v for v in views("castiglione", 2, 60) if v["step"] == "fire" and any(v["targets"].values()))
    side = "port" if view["targets"]["port"] else "starboard"
    target = next(s["name"] for s in view["ships"] if s["id"] == view["targets"][side][0])
    acting = next(s["name"] for s in view["ships"] if s["id"] in view["to_act"])
    assert f"In {acting}'s arcs: {target} ({side})." in board_for(view).describe(view, "en")
    words = {"port": "sinistra", "starboard": "dritta"}[side]
    assert f"Negli archi di tiro di {acting}: {target} ({words})." in board_for(view).describe(view, "it")


def test_numbered_ships_show_their_number_by_the_name_and_in_the_alt_text():
    """3.1.1: with more than four ships each side numbers its ships, and the initiative
    pairs them by number; a player reads each ship's number on the map, and a reader of
    the alt text hears it. A duel numbers nothing and shows none."""
    view = next(v for v in views("fleet-action", 5, 6) if v.get("numbers"))
    second = view["numbers"]["italy"][1]
    name = next(s["name"] for s in view["ships"] if s["id"] == second)
    alt_en, alt_it = board_for(view).describe(view, "en"), board_for(view).describe(view, "it")
    assert alt_en[alt_en.index(f"{name} ("):].split(" for the initiative")[0].endswith("no. 2")
    assert "n. 2 del suo schieramento" in alt_it
    numbered = render_map(view)
    unnumbered = render_map({**view, "numbers": {}})
    assert numbered.tobytes() != unnumbered.tobytes()  # the labels carry the numbers
    duel = views("castiglione", 5, 3)[-1]
    assert not duel.get("numbers") and "for the initiative" not in board_for(duel).describe(duel, "en")


def test_a_label_as_near_a_neighbour_as_its_own_ship_has_a_line_to_her_hull(monkeypatch):
    """Ships in neighbouring hexes: a label placed beside its ship may lie as near a
    neighbour, and a reader on a phone takes it for the neighbour's. Every label lies
    clearly nearer its own ship (CLEARLY_NEARER) than any other, or has a leader line
    that starts on its own ship's hull."""
    import renderer.hoo.board as hoo_board
    import renderer.labels as labels
    from shapely.geometry import Point, Polygon
    from tests.hoo.helpers import ship, table

    placed, leaders = [], []
    original_place, original_leader = hoo_board.place_label, labels.leader_line

    def place(canvas, taken, box, make, **kw):
        rect = original_place(canvas, taken, box, make, **kw)
        hull = Polygon(canvas.poly_px(kw["hull"].exterior.coords)) if kw.get("hull") is not None else None
        placed.append((box, rect, hull))
        return rect

    def leader(canvas, box, rect):
        leaders.append((box, rect))
        original_leader(canvas, box, rect)

    monkeypatch.setattr(hoo_board, "place_label", place)
    monkeypatch.setattr(labels, "leader_line", leader)
    crowd = table(ship("amphion", "a", 0, 0, 1), ship("bellona", "a", 1, 0, 2), ship("corona", "b", 0, 1, 4),
                  ship("rivoli", "b", 1, 1, 5), ship("favorite", "b", -1, 1, 0), ship("victorious", "a", 2, -1, 3),
                  ship("castiglione", "b", -1, 2, 1))
    render_map(RULES.view(crowd, None))
    assert len(placed) == 7
    by_label = {rect: start for start, rect in leaders}
    ambiguous = 0
    rivals = [box for box, _, _ in placed]
    for box, rect, hull in placed:
        own = labels._centre_gap(rect, box)
        if all(other == box or labels._centre_gap(rect, other) >= own * labels.CLEARLY_NEARER for other in rivals):
            continue
        ambiguous += 1
        assert rect in by_label, f"a label as near a neighbour as its own ship has no line: {rect}"
        start = by_label[rect]
        assert hull is not None
        centre = Point((start[0] + start[2]) / 2, (start[1] + start[3]) / 2)
        assert hull.distance(centre) < 1.5, "the line does not start on her own hull"
    assert ambiguous, "the crowd put no label near a neighbour: the test shows nothing"
