"""4.0 Ostacoli alla navigazione: 4.1 barre di sabbia, 4.1.1 navi interessate, 4.1.2 navi
incagliate, 4.2 scogliere (and their own "4.1.1" for frigates), the coast."""
from __future__ import annotations

from rules.hoo import actions, sequence
from rules.hoo.state import Shoal
from tests.hoo.helpers import kinds, roller, ship, table

WIND = 3  # from the south: a ship heading north runs


def _on_course(cls: str, kind: str, **kw):
    s = ship("hms", q=0, r=0, facing=0, cls=cls, speed=3, **kw)
    state = table(s, ship("foe", "b", q=9, r=0), wind=WIND, step="move")
    state.shoals = [Shoal(q=0, r=1, kind=kind)]
    return s, state


def test_a_sandbar_stops_a_flagship_and_costs_her_sails():
    """4.1: "arrestano immediatamente il movimento della nave, procurandole 1D6 di danno alle
    alberature (vele), e lasciandole incagliate nell'esagono"; 4.1.1: "le Ammiraglie ne vengono
    sempre bloccate"."""
    s, state = _on_course("100", "sand")
    actions.sail(state, s, "FFF", roller(4))
    assert (s.q, s.r) == (0, 1) and s.aground and s.lost["sails"] == 4


def test_frigates_clear_sandbars_and_ships_of_the_line_stick_on_an_even_roll():
    """4.1.1: "le Fregate evitano automaticamente le barre di sabbia ... i Vascelli debbono lanciare
    1D6 restando bloccate in caso di lancio pari"."""
    s, state = _on_course("32", "sand")
    actions.sail(state, s, "FFF", roller())
    assert (s.q, s.r) == (0, 3) and not s.aground
    s, state = _on_course("74", "sand")
    actions.sail(state, s, "FFF", roller(3))
    assert (s.q, s.r) == (0, 3) and not s.aground
    s, state = _on_course("74", "sand")
    actions.sail(state, s, "FFF", roller(2, 1))
    assert (s.q, s.r) == (0, 1) and s.aground


def test_aground_she_floats_off_on_more_than_five_with_her_sails():
    """4.1.2: "non possono muovere né ruotare ma, all'inizio della loro fase, lanciano 1D6 aggiungendo
    al punteggio ottenuto il valore delle loro vele. Se ottengono più di 5 sono libere e riprendono
    a muovere con velocità 1"."""
    s, state = _on_course("74", "sand", aground=True)
    s.lost["sails"] = 5  # sails 2
    r = roller(3)
    sequence.begin(state, r)
    assert s.aground and "stays_aground" in kinds(r)
    state.step, state.active = "move", 0
    sequence.begin(state, roller(4))
    assert not s.aground and s.speed == 1 and state.step == "move"


def test_a_reef_does_not_stop_her_but_tears_her_hull():
    """4.2: "le scogliere non provocano alcun arresto nel movimento della nave ma le infliggono 1D6
    danni allo scafo"."""
    s, state = _on_course("74", "reef")
    actions.sail(state, s, "FFF", roller(3))
    assert (s.q, s.r) == (0, 3) and s.lost["hull"] == 3


def test_frigates_escape_the_reef_on_an_even_roll():
    """The reefs' "4.1.1": "le Fregate debbono lanciare 1D6 evitando i danni in caso di lancio pari"."""
    s, state = _on_course("32", "reef")
    actions.sail(state, s, "FFF", roller(4))
    assert s.lost["hull"] == 0
    s, state = _on_course("32", "reef")
    actions.sail(state, s, "FFF", roller(1, 2))
    assert s.lost["hull"] == 2


def test_a_ship_sunk_on_a_reef_bars_the_hex():
    """4.2: "essa rimane nell'esagono di scogliera precludendo il passaggio a qualsiasi altra imbarcazione"."""
    s, state = _on_course("74", "reef")
    s.lost["hull"] = 8
    actions.sail(state, s, "FFF", roller(5))
    assert s.status == "sunk" and s.wreck and (s.q, s.r) == (0, 1)
    other = ship("next", q=0, r=0, facing=0, speed=2)
    state.ships.append(other)
    assert "FF" not in sequence.move_courses(state, other)


def test_the_coast_cannot_be_entered():
    s, state = _on_course("74", "land")
    assert not any(c.startswith("F") for c in sequence.move_courses(state, s))
