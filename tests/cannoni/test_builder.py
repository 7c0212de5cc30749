"""Appendix B ("Linee guida per il libro di bordo") as the builder applies it."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.cannoni.builder import (
    CARRONADE_TABLE,
    FIRE_TABLE,
    SPEED_TABLES,
    TURNING_TABLE,
    ShipSpec,
    build_logbook,
    crew_boxes,
    fire_modifiers,
    ship_value,
    turning,
)
from rules.cannoni.catalogue import CATALOGUE, catalogue_logbooks, get_logbook
from rules.cannoni.logbook import RANGE_BANDS, SpeedTable

# shared/ sits beside the clone, in CI as on a developer's machine.
RULEBOOK = Path(
    os.environ.get(
        "CANNONI_RULEBOOK",
        Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_e75664c483369225.txt",
    )
)


def spec(**overrides) -> ShipSpec:
    fields = dict(
        name="Test", nation="britain", ship_class=5, guns=38, decks=1, crew_men=280
    )
    fields.update(overrides)
    return ShipSpec(**fields)


def speeds_as_tuples(table: SpeedTable) -> dict[str, tuple]:
    rows = {
        point: (
            (table.row(point).full.max, table.row(point).full.min),
            (table.row(point).battle.max, table.row(point).battle.min),
        )
        for point in ("close_hauled", "beam_reach", "broad_reach", "running")
    }
    rows["drift"] = (table.drift_full, table.drift_battle)
    return rows


# --- L'equipaggio ------------------------------------------------------------------

def test_appendix_b_crew_800_men_gives_16_boxes():
    """"una nave con 800 uomini di equipaggio ha 16 Effettivi ... 800 / 60 = 13,33
    che arrotondato al multiplo di quattro superiore dà ... 16"."""
    assert crew_boxes(800) == 16
    assert build_logbook(spec(ship_class=1, decks=3, guns=100, crew_men=800)).crew_boxes == 16


@pytest.mark.parametrize(
    ("men", "boxes"), [(1, 4), (40, 4), (240, 4), (241, 8), (480, 8), (481, 12), (960, 16), (961, 20)]
)
def test_appendix_b_crew_rounds_up_to_next_multiple_of_four(men, boxes):
    """"dividere questo numero per 60 ed arrotondarlo al multiplo di quattro superiore"."""
    assert crew_boxes(men) == boxes


@pytest.mark.parametrize(
    ("nation", "manoeuvre", "combat", "gunnery"),
    [
        ("france", 6, 2, 2),
        ("britain", 7, 2, 1),
        ("netherlands", 6, -1, 0),
        ("spain", 5, 1, -1),
        ("portugal", 6, 0, 0),
        ("usa", 6, 1, 1),
    ],
)
def test_appendix_b_nation_skill_table(nation, manoeuvre, combat, gunnery):
    """The crew table: Francia 6-7 +2 +2, Gran Bretagna 7-8 +2 +1, Olanda 6 -1 0,
    Spagna 5 +1 -1, Portogallo 6 0 0, Stati Uniti 6-7 +1 +1 (lower end by default)."""
    book = build_logbook(spec(nation=nation))
    assert (book.manoeuvre, book.combat, book.gunnery) == (manoeuvre, combat, gunnery)


def test_appendix_b_manoeuvre_is_chosen_within_the_nation_range():
    """Gran Bretagna "7-8": either end may be picked, nothing outside it."""
    assert build_logbook(spec(manoeuvre=8)).manoeuvre == 8
    with pytest.raises(ValidationError):
        spec(manoeuvre=6)
    with pytest.raises(ValidationError):
        spec(nation="spain", manoeuvre=6)


def test_appendix_b_skill_adjustment_is_one_step_at_most():
    """"Per equipaggi particolarmente capaci ... aumentare di uno il modificatore,
    ma non oltre. Così come per equipaggi carenti diminuirlo di uno"."""
    book = build_logbook(spec(gunnery_adj=1, combat_adj=-1, manoeuvre_adj=1))
    assert (book.manoeuvre, book.combat, book.gunnery) == (8, 1, 2)
    with pytest.raises(ValidationError):
        spec(gunnery_adj=2)


def test_appendix_b_manoeuvre_stays_on_the_2_to_8_scale():
    """Manovra "è un numero intero compreso tra 8 ... fino a 2"."""
    with pytest.raises(ValidationError):
        spec(manoeuvre=8, manoeuvre_adj=1)


# --- Il fuoco ----------------------------------------------------------------------

def test_appendix_b_fire_uses_the_largest_row_not_above_the_guns():
    """Rows are given for set gun counts; 74 guns read the 74 row, 73 the 68 row."""
    # Britain's gunnery is +1.
    row_74 = [m + 1 for m in FIRE_TABLE[74]]
    row_68 = [m + 1 for m in FIRE_TABLE[68]]
    assert build_logbook(spec(ship_class=3, decks=2, guns=74)).fire == row_74
    assert build_logbook(spec(ship_class=3, decks=2, guns=79)).fire == row_74
    assert build_logbook(spec(ship_class=3, decks=2, guns=73)).fire == row_68


def test_appendix_b_fire_below_twelve_guns_reads_the_4_row():
    """The table jumps from 12 to 4 guns, and ships with fewer than 4 still fire."""
    expected = [-1, -2, -2, -3, -3] + [None] * 6
    assert fire_modifiers(10, 0, 0) == expected
    assert fire_modifiers(2, 0, 0) == expected
    assert fire_modifiers(0, 0, 0) == [None] * 11


def test_appendix_b_fire_without_modifier_is_not_effective():
    """"se non è presente il modificatore il tiro della nave non è efficace a quella
    distanza": the 38 row stops at 28"."""
    book = build_logbook(spec(guns=38, nation="netherlands"))
    assert book.fire == [2, 2, 1, 1, 0, 0, -1, -1, -2, -3, None]
    assert book.max_range() == 28
    assert book.fire_modifier(30) is None
    assert book.fire_modifier(3) == 2


def test_appendix_b_carronade_bonus_adds_only_to_the_short_bands():
    """"aggiungere il bonus per la presenza delle carronate ... per le distanze
    riportate nelle intestazioni delle colonne" (0-2 to 6-8); 24 carronades use
    the 20 row (+2 +1 +1)."""
    # Guns 32 row + carronades 20 row + US gunnery +1 and a crack crew +1.
    assert fire_modifiers(32, 24, 2) == [6, 4, 4, 2, 1, 1, 0, 0, -1, -1, None]
    assert fire_modifiers(32, 30, 0)[:5] == [4, 3, 2, 1, -1]
    assert fire_modifiers(32, 16, 0)[:3] == [3, 2, 1]


def test_appendix_b_fewer_than_ten_carronades_give_no_bonus():
    """The carronade table starts at 10."""
    assert fire_modifiers(32, 9, 0) == fire_modifiers(32, 0, 0)
    assert fire_modifiers(32, 10, 0)[:3] == [3, 2, 1]


def test_appendix_b_fire_50_row_ocr_slip_read_as_minus_3():
    """The text prints -6 at 32" for 50 guns, breaking a regular progression."""
    assert build_logbook(spec(ship_class=4, decks=2, guns=50, nation="portugal")).fire[-1] == -3


def test_appendix_b_fire_table_is_monotone():
    """More guns never fire worse, and no row improves with range: guards the
    transcription."""
    rows = sorted(FIRE_TABLE)
    for row in rows:
        values = FIRE_TABLE[row]
        assert list(values) == sorted(values, reverse=True), row
    for smaller, larger in zip(rows, rows[1:]):
        assert len(FIRE_TABLE[smaller]) <= len(FIRE_TABLE[larger])
        for a, b in zip(FIRE_TABLE[smaller], FIRE_TABLE[larger]):
            assert a <= b, (smaller, larger)


# --- Transcription against the rulebook text (skipped without the text) -----------

def _rulebook_rows(header: str, end: str) -> dict[str, list[str]]:
    if not RULEBOOK.exists():
        pytest.skip("rulebook text not available")
    text = RULEBOOK.read_text(encoding="utf-8")
    block = text[text.index(header) : text.index(end, text.index(header))]
    rows = {}
    for line in block.splitlines()[1:]:
        cells = [c.strip() for c in line.split("\t") if c.strip()]
        if cells:
            rows[cells[0]] = cells[1:]
    return rows


def test_appendix_b_tables_match_the_rulebook_text():
    """Fire, carronade and turning tables cell by cell (only the known OCR slip differs)."""
    fire = _rulebook_rows("Cannoni\t0-2", "Una volta calcolati")
    assert {int(k) for k in fire} == set(FIRE_TABLE)
    for guns, cells in fire.items():
        printed = [int(c) for c in cells]
        if guns == "50":
            printed[-1] = -3
        assert tuple(printed) == FIRE_TABLE[int(guns)], guns
    carronades = _rulebook_rows("Carronate\t0-2", "Manovrabilità")
    assert {int(k): tuple(int(c) for c in v) for k, v in carronades.items()} == CARRONADE_TABLE
    turning_rows = _rulebook_rows("Classe\tFrancia", "Movimento")
    printed_turning = {int(k.rstrip("°")) if k != "oltre" else 9: tuple(v) for k, v in turning_rows.items()}
    assert printed_turning == TURNING_TABLE


def test_appendix_b_first_speed_table_matches_the_rulebook_text():
    rows = _rulebook_rows("Classe Velatura\t1°-2°\t\t3°", "Le tabelle di movimento")
    names = {"Bolina": "close_hauled", "Traverso": "beam_reach", "Lasco": "broad_reach", "Poppa": "running"}
    groups = ("1-2", "3", "4-6", "7+")
    for italian, point in names.items():
        cells = [tuple(int(n) for n in re.findall(r"\d+", c)) for c in rows[italian]]
        for i, group in enumerate(groups):
            assert SPEED_TABLES[group].rows[point] == (cells[2 * i], cells[2 * i + 1])
    drift = [int(c) for c in rows["Deriva"]]
    assert [SPEED_TABLES[g].drift for g in groups] == list(zip(drift[::2], drift[1::2]))


# --- Manovrabilità -----------------------------------------------------------------

@pytest.mark.parametrize(
    ("ship_class", "nation", "expected"),
    [
        (1, "france", ("D", 1)),
        (2, "france", ("D", 2)),
        (2, "britain", ("D", 1)),
        (3, "netherlands", ("C", 3)),
        (3, "spain", ("C", 2)),
        (4, "britain", ("C", 3)),
        (5, "france", ("B", 4)),
        (5, "netherlands", ("B", 3)),
        (6, "spain", ("B", 4)),
        (7, "britain", ("A", 4)),
        (9, "france", ("A", 4)),
    ],
)
def test_appendix_b_turning_by_class_and_nation(ship_class, nation, expected):
    """"la rotta da seguire per virare (una lettera da A a D) ed il numero di virate
    in funzione della classe della nave e della nazione"."""
    assert turning(ship_class, nation) == expected
    book = build_logbook(spec(ship_class=ship_class, nation=nation, decks=1))
    assert (book.turning, book.turning_number) == expected


def test_appendix_b_turning_for_nations_missing_from_the_table():
    """No Portuguese or American column: the USA read Britain's, Portugal Spain's."""
    for ship_class in range(1, 10):
        assert turning(ship_class, "usa") == turning(ship_class, "britain")
        assert turning(ship_class, "portugal") == turning(ship_class, "spain")
    assert turning(5, "usa") != turning(5, "france")


# --- Movimento ---------------------------------------------------------------------

@pytest.mark.parametrize(
    ("ship_class", "point", "sails", "expected"),
    [
        (1, "close_hauled", "battle", (1, 0)),
        (2, "running", "full", (3, 2)),
        (3, "beam_reach", "full", (3, 1)),
        (3, "close_hauled", "battle", (2, 0)),
        (4, "broad_reach", "battle", (5, 2)),
        (6, "close_hauled", "full", (3, 2)),
        (7, "broad_reach", "full", (6, 3)),
        (9, "beam_reach", "battle", (3, 1)),
    ],
)
def test_appendix_b_movement_table_by_class_group(ship_class, point, sails, expected):
    """The first movement table: groups 1°-2°, 3°, 4°-5°-6°, 7°-oltre."""
    cell = getattr(build_logbook(spec(ship_class=ship_class)).speeds.row(point), sails)
    assert (cell.max, cell.min) == expected


def test_appendix_b_drift_by_class_group():
    drifts = {c: build_logbook(spec(ship_class=c)).speeds for c in (1, 3, 5, 8)}
    assert [(t.drift_full, t.drift_battle) for t in drifts.values()] == [(1, 1), (2, 1), (2, 1), (3, 2)]


def test_appendix_b_worked_speed_example_french_fifth_rate():
    """"una fregata francese (5° classe ...) che è molto manovrabile con vele da
    battaglia ed è eccellente in bolina": the second table of the text."""
    book = build_logbook(
        spec(nation="france", weatherly=True, handy_with=("battle",))
    )
    assert speeds_as_tuples(book.speeds) == {
        "close_hauled": ((4, 2), (3, 1)),
        "beam_reach": ((4, 2), (3, 1)),
        "broad_reach": ((5, 3), (5, 1)),
        "running": ((4, 2), (3, 0)),
        "drift": (2, 1),
    }


def test_appendix_b_leewardly_lowers_close_hauled_max_never_below_one():
    """"diminuire di un pollice le velocità massime ... in bolina per ogni velatura
    (lo spostamento massimo, però, non può essere mai minore ad un pollice)"."""
    first_rate = build_logbook(spec(ship_class=1, leewardly=True)).speeds.close_hauled
    assert (first_rate.full.max, first_rate.full.min) == (1, 1)
    assert (first_rate.battle.max, first_rate.battle.min) == (1, 0)
    frigate = build_logbook(spec(leewardly=True)).speeds
    assert (frigate.close_hauled.full.max, frigate.close_hauled.battle.max) == (2, 2)
    assert frigate.beam_reach.full.max == 4


def test_appendix_b_handy_on_a_point_lowers_its_minimum_not_below_zero():
    """"diminuire di un pollice le velocità minime per l'andatura specificata (le
    andature minime non possono essere inferiori a zero)"."""
    close = build_logbook(spec(ship_class=1, handy_on=("close_hauled",))).speeds.close_hauled
    assert (close.full.min, close.battle.min) == (0, 0)
    untouched = build_logbook(spec(ship_class=1, handy_on=("close_hauled",))).speeds.running
    assert (untouched.full.min, untouched.battle.min) == (2, 2)


def test_appendix_b_unhandy_on_a_point_raises_its_minimum_not_above_max():
    """"aumentare di un pollice le velocità minime ... (le andature minime non
    possono essere superiori a quelle massime)"."""
    beam = build_logbook(spec(ship_class=1, unhandy_on=("beam_reach",))).speeds.beam_reach
    assert (beam.full.max, beam.full.min) == (2, 2)
    assert (beam.battle.max, beam.battle.min) == (1, 1)


def test_appendix_b_unhandy_with_sails_raises_every_row_of_that_column():
    """"nave poco manovrabile con vele ...: aumentare di un pollice le velocità minime
    per la velatura specificata in ogni andatura"."""
    table = speeds_as_tuples(build_logbook(spec(ship_class=3, unhandy_with=("full",))).speeds)
    assert [table[p][0] for p in ("close_hauled", "beam_reach", "broad_reach", "running")] == [
        (2, 2), (3, 2), (5, 3), (4, 3)
    ]
    assert table["close_hauled"][1] == (2, 0)


def test_appendix_b_contradictory_sailing_flags_are_rejected():
    with pytest.raises(ValidationError):
        spec(weatherly=True, leewardly=True)
    with pytest.raises(ValidationError):
        spec(handy_on=("running",), unhandy_on=("running",))


# --- Scafo e alberi ----------------------------------------------------------------

@pytest.mark.parametrize(
    ("ship_class", "guns", "per_side", "draught"),
    [
        (1, 100, 16, 3),
        (2, 90, 14, 3),
        (3, 74, 12, 3),
        (4, 50, 10, 2),
        (5, 38, 10, 2),  # 32-60 guns: the "4°-5°" row, 20 boxes
        (5, 28, 8, 2),  # a small 5th rate falls in the "5°-6°" row
        (6, 28, 8, 2),  # top of 12-16
        (6, 24, 7, 2),
        (6, 20, 6, 2),  # bottom of 12-16
        (7, 18, 4, 1),
        (8, 14, 4, 1),  # top of 4-8
        (8, 10, 3, 1),
        (8, 6, 2, 1),
        (9, 0, 2, 1),
    ],
)
def test_appendix_b_hull_table_by_class(ship_class, guns, per_side, draught):
    """"le sezioni e le caselle indicate rappresentano il totale dei punti scafo
    ottenuti sommando la fiancata di dritta e quella di babordo"; ranges follow the
    ship's guns within the row."""
    book = build_logbook(spec(ship_class=ship_class, guns=guns))
    assert (book.hull_per_side, book.draught) == (per_side, draught)


def test_appendix_b_hull_range_counts_carronades_as_pieces():
    """A cutter armed only with carronades is not a 0-gun boat."""
    assert build_logbook(spec(ship_class=8, guns=0, carronades=10)).hull_per_side == 3


def test_appendix_b_hull_and_draught_overrides():
    """An odd total splits with the extra box on each side (round up)."""
    book = build_logbook(spec(hull_boxes=15, draught=3))
    assert (book.hull_per_side, book.draught) == (8, 3)


@pytest.mark.parametrize(
    ("ship_class", "masts"),
    [
        (1, [("fore", 8, 0.3), ("main", 8, 0.0), ("mizzen", 8, -0.3)]),
        (2, [("fore", 8, 0.3), ("main", 8, 0.0), ("mizzen", 8, -0.3)]),
        (3, [("fore", 6, 0.3), ("main", 8, 0.0), ("mizzen", 6, -0.3)]),
        (5, [("fore", 6, 0.3), ("main", 6, 0.0), ("mizzen", 6, -0.3)]),
        (6, [("fore", 4, 0.3), ("main", 6, 0.0), ("mizzen", 4, -0.3)]),
        (7, [("fore", 4, 0.2), ("main", 4, -0.1)]),
        (8, [("fore", 4, 0.2), ("main", 4, -0.1)]),
        (9, [("main", 4, 0.0)]),
    ],
)
def test_appendix_b_masts_table_by_class(ship_class, masts):
    """Alberi: Trinchetto / Maestra / Mezzana boxes by class (2/8 = 8 boxes ...)."""
    book = build_logbook(spec(ship_class=ship_class))
    assert [(m.name, m.boxes, m.offset) for m in book.masts] == masts


def test_appendix_b_mast_override_for_a_single_masted_cutter():
    book = build_logbook(spec(ship_class=8, mast_boxes=(8,)))
    assert [(m.name, m.boxes, m.offset) for m in book.masts] == [("main", 8, 0.0)]
    with pytest.raises(ValidationError):
        spec(mast_boxes=(4, 4, 4, 4))


@pytest.mark.parametrize(("ship_class", "length_mm"), [(1, 85), (2, 85), (3, 75), (4, 65), (6, 65), (8, 65)])
def test_scala_e_imbasettamento_base_sizes(ship_class, length_mm):
    """40x65mm for 4th-6th and smaller, 40x75mm for 3rd, 40x85mm for 1st-2nd."""
    book = build_logbook(spec(ship_class=ship_class))
    assert book.base_length == pytest.approx(length_mm / 25.4)
    assert book.base_width == pytest.approx(40 / 25.4)


# --- Il valore di una nave ---------------------------------------------------------

def test_valore_di_una_nave_first_rate_by_hand():
    """3 decks + D(1) + hull 16/side (4+4) + masts 8/8/8 (2+2+2) + 821 men = 16
    boxes (4) + manoeuvre 7 + combat 2 + gunnery 1 + 2 carronades (0) = 32."""
    book = build_logbook(spec(ship_class=1, decks=3, guns=102, carronades=2, crew_men=821))
    assert book.value == 32


def test_valore_di_una_nave_heavy_frigate_by_hand():
    """1 deck + B(3) + hull 10/side (3+3) + masts 6/6/6 (2+2+2) + 456 men = 8 boxes
    (2) + manoeuvre 7 + combat 1 + gunnery 1+1 + 24 carronades (2) = 30."""
    book = build_logbook(
        spec(nation="usa", guns=32, carronades=24, crew_men=456, manoeuvre=7, gunnery_adj=1)
    )
    assert book.value == 30


def test_valore_hull_sections_are_counted_per_side():
    """The hull table's "Sezioni" column (20 boxes = 6 sections, 12 = 4) counts the
    sections drawn on each side, so 18 boxes (9 a side) make 6, not 5."""
    base = build_logbook(spec(hull_boxes=16)).value
    assert build_logbook(spec(hull_boxes=12)).value == base
    assert build_logbook(spec(hull_boxes=18)).value == base + 2
    assert build_logbook(spec(hull_boxes=20)).value == base + 2


def test_valore_mast_sections_round_up_per_mast():
    """"l'ultima però può essere composta di meno di quattro caselle": a 6-box mast
    is two sections, so 6/6/6 is worth 6 points, not ceil(18/4) = 5."""
    assert build_logbook(spec(mast_boxes=(6, 6, 6))).value - build_logbook(spec(mast_boxes=(4, 4, 4))).value == 3


@pytest.mark.parametrize(("carronades", "points"), [(0, 0), (19, 0), (20, 1), (23, 1), (24, 2), (40, 2)])
def test_valore_carronade_points(carronades, points):
    """"due punti se ha 24 o più carronate, 1 punto se ha tra 20 e 24"."""
    # A fixed hull keeps the carronades from moving the hull row.
    with_carronades = build_logbook(spec(carronades=carronades, hull_boxes=20)).value
    without = build_logbook(spec(hull_boxes=20)).value
    assert with_carronades - without == points


def test_valore_ship_value_recomputes_from_the_other_fields():
    book = build_logbook(spec())
    assert ship_value(book.model_copy(update={"value": -99})) == book.value
    assert ship_value(book.model_copy(update={"decks": book.decks + 1})) == book.value + 1


# --- Catalogue ---------------------------------------------------------------------

@pytest.mark.parametrize("ship_id", sorted(CATALOGUE))
def test_catalogue_ship_builds_with_sane_values(ship_id):
    book = get_logbook(ship_id)
    spec_ = CATALOGUE[ship_id]
    assert book.hull_per_side > 0
    assert book.value > 0
    assert len(book.fire) == len(RANGE_BANDS) == 11
    assert book.fire[0] is not None
    assert book.crew_boxes % 4 == 0 and book.crew_boxes > 0
    assert 1 <= len(book.masts) <= 3
    assert spec_.notes
    # Ships of the line are at least two-deckers, everything smaller one.
    assert (book.decks >= 2) == (book.ship_class <= 3)


def test_catalogue_covers_rates_and_navies():
    books = catalogue_logbooks()
    assert len(books) >= 14
    assert {b.nation for b in books.values()} == {
        "france", "britain", "netherlands", "spain", "portugal", "usa"
    }
    assert {1, 3, 5, 6, 7, 8} <= {b.ship_class for b in books.values()}


def test_catalogue_unknown_id_lists_the_known_ones():
    with pytest.raises(KeyError, match="hms_victory"):
        get_logbook("black_pearl")
