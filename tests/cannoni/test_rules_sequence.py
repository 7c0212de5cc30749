"""Rulebook examples: *Sequenza di gioco*, *Vento*, *Preparazione*, *Punteggi di
attivazione*, *Attivazione*, *Iniziativa* and *Azione* (the obligatory first move).

One test per rule, named after its section, the Italian rule quoted in the docstring,
dice forced, exact outcomes asserted.
"""
from __future__ import annotations

import pytest
from tests.cannoni.conftest import (
    BRIT, FRAN, RULES, SEATS, act, in_phase, make_state, of, offered, order, problems, quiet,
    resolve, roller, rolls, ship, spec,
)

from rules.cannoni import sequence
from rules.cannoni.setup import CannoniSetup, ShipSetup
from rules.cannoni.options import CannoniOptions
from rules.cannoni.state import Table
from rules.core import game
from rules.core.decisions import Order
from rules.core.dice import ForcedDice


def duel(**kw):
    """HMS Sophie (Britain) and Bayonnaise (France), far apart, on a beam reach."""
    return make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 90),
                      ship("bayo", "bayonnaise", "france", 60, 40, 270), **kw)


def squadron(**kw):
    """Two ships a side, far apart."""
    return make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 90),
                      ship("speedy", "hms_speedy", "britain", 10, 20, 90),
                      ship("bayo", "bayonnaise", "france", 60, 40, 270),
                      ship("virg", "virginie", "france", 60, 30, 270), **kw)


# --- 1. Condizioni di vittoria ----------------------------------------------------------

def test_sequenza_1_condizioni_di_vittoria_checked_first_at_turn_start():
    """"1. Condizioni di vittoria: si controlla se una delle due parti ha raggiunto le
    condizioni di vittoria." — before the wind or anything else: no die is thrown."""
    state = duel(turn=2)
    state.ship("bayo").struck = True
    r, dice = roller()  # no die at all
    sequence.begin_turn(state, r)
    assert state.step == "over"
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.kind) == ("britain", "crushing")
    assert [e.kind for e in r.log.events] == ["turn_start", "game_over"]


# --- 3. Affondamento ----------------------------------------------------------------------

def test_sequenza_3_affondamento_ship_removed_at_step_3_of_its_last_turn():
    """"3. Affondamento: le navi che hanno raggiunto l'ultimo turno di affondamento sono
    rimosse dal gioco." — removed at step 3, before the wind (step 5) is rolled."""
    state = squadron(turn=2)
    state.ship("bayo").sinking_until = 3
    r, _ = roller(5)
    sequence.begin_turn(state, r)
    assert state.ship("bayo").status == "afloat"  # turn 2: not yet
    state.turn = 3
    r, _ = roller(5)
    sequence.begin_turn(state, r)
    assert state.ship("bayo").status == "sunk"
    kinds = [e.kind for e in r.log.events]
    assert kinds.index("sunk") < kinds.index("roll")
    assert state.step == "chits"
    assert "bayo" not in [s.id for s in sequence.chit_ships(state)]


def test_affondamento_sinking_ship_takes_no_action():
    """"La nave che sta affondando non può manovrare né compiere alcuna azione." — her
    phases go by without a decision."""
    state = squadron()
    state.ship("bayo").sinking_until = 4
    state = in_phase(state, 5, {"bayo": 5, "sophie": 5}, previous=["bayo", "sophie", "speedy", "virg"])
    assert state.initiative[0] == "bayo"
    assert [d.subject for d in RULES.pending(state)] == ["sophie"]
    assert state.ship("bayo").acted
    state, events = act(state, "sophie", {"action": "move", "distance": 2})
    assert state.phase == 4
    assert [d.subject for d in RULES.pending(state)] == ["sophie"]
    assert (state.ship("bayo").x, state.ship("bayo").y) == (60, 40)


# --- 5. Vento -----------------------------------------------------------------------------

@pytest.mark.parametrize("wind, die, after", [
    (4, 1, 6),    # 1: two points clockwise
    (4, 2, 5),    # 2: one point clockwise
    (4, 3, 4), (4, 8, 4),  # 3-8: no change
    (4, 9, 3),    # 9: one point anticlockwise
    (4, 10, 2),   # 10: two points anticlockwise (by symmetry: the row is lost)
    (15, 1, 1),   # round the rose clockwise
    (0, 9, 15), (1, 10, 15),  # and anticlockwise
])
def test_vento_variazione_del_vento_table(wind, die, after):
    """"Il giocatore che controlla la nave con l'iniziativa più alta tira 1d10 per
    controllare eventuali variazioni di vento": 1 due quarte in senso orario, 2 una
    quarta in senso orario, 3-8 nessuna variazione, 9 una quarta in senso antiorario."""
    state = duel(turn=2, wind=wind)
    r, _ = roller(die)
    sequence.begin_turn(state, r)
    assert state.wind == after
    assert rolls(r.log.events) == [("wind variation", die)]


def test_vento_no_variation_on_the_first_turn():
    """The wind is set by the scenario (or the initial table) and only varies from the
    second turn's step 5 on: turn 1 throws no die."""
    state = duel(turn=1, wind=6)
    sequence.begin_turn(state, quiet())
    assert state.wind == 6 and state.step == "chits"


@pytest.mark.parametrize("die, wind", [(2, 0), (3, 2), (4, 4), (5, 6), (6, 8), (7, 10), (8, 12), (9, 14)])
def test_direzione_iniziale_del_vento_table(die, wind):
    """"Direzione iniziale del vento": 2 da nord, 3 da nord est, 4 da est, 5 da sud est,
    6 da sud, 7 da sud ovest, 8 da ovest, 9 da nord ovest."""
    setup = CannoniSetup(name="x", title="x", table=Table(width=72, height=48), wind=None,
                         sides=["britain", "france"],
                         ships=[ShipSetup(id="a", ship="hms_sophie", side="britain", x=10, y=10, heading=90),
                                ShipSetup(id="b", ship="bayonnaise", side="france", x=60, y=40, heading=270)])
    dice = ForcedDice([1, die])  # the initiative draw (one d2), then the wind
    state, result = game.start(RULES, setup, CannoniOptions(), SEATS, dice)
    assert dice.remaining == 0
    assert state.wind == wind
    assert state.step == "chits"


@pytest.mark.parametrize("die, chooser", [(1, BRIT), (10, FRAN)])
def test_direzione_iniziale_del_vento_chosen_on_1_and_10(die, chooser):
    """"1 Sceglie il più anziano ... 10 Scegli il più giovane": the engine asks a side
    (the first side stands for the eldest, the last for the youngest)."""
    setup = CannoniSetup(name="x", title="x", table=Table(width=72, height=48), wind=None,
                         sides=["britain", "france"],
                         ships=[ShipSetup(id="a", ship="hms_sophie", side="britain", x=10, y=10, heading=90),
                                ShipSetup(id="b", ship="bayonnaise", side="france", x=60, y=40, heading=270)])
    state, _ = game.start(RULES, setup, CannoniOptions(), SEATS, ForcedDice([1, die]))
    assert state.step == "wind_choice"
    [d] = RULES.pending(state)
    assert d.player == chooser
    state, _ = game.resolve(RULES, state, [Order(decision="wind", player=chooser,
                                                 payload={"direction": 12})], ForcedDice([]))
    assert state.wind == 12 and state.step == "chits"


# --- 6a. Danni per incendio a bordo -------------------------------------------------------------

def test_preparazione_incendio_owner_chooses_mast_and_side():
    """"Ogni nave con un incendio a bordo subisce un danno alla velatura ed uno allo
    scafo. Il giocatore che controlla la nave decide a quale albero e a quale bordo dello
    scafo attribuire i danni." """
    state = duel(turn=2)
    state.ship("bayo").fire = True
    r, _ = roller(5)
    sequence.begin_turn(state, r)
    assert state.step == "fire_damage"
    [d] = RULES.pending(state)
    assert (d.player, d.subject) == (FRAN, "bayo")
    state, _ = resolve(state, [Order(decision=d.id, player=FRAN,
                                     payload={"side": "port", "mast": "mizzen"})])
    bayo = state.ship("bayo")
    assert (bayo.hull["starboard"].lost, bayo.hull["port"].lost) == (0, 1)
    assert [(m.name, m.lost) for m in bayo.masts] == [("fore", 0), ("main", 0), ("mizzen", 1)]
    assert state.step == "chits"


def test_preparazione_incendio_default_side_and_mast_with_most_boxes_left():
    """Without the owner's choice in time, the engine's published default burns the
    hull side and the mast with the most boxes left (ties: starboard, the foremost)."""
    state = duel(turn=2)
    bayo = state.ship("bayo")
    bayo.fire = True
    bayo.hull["starboard"].lost = 2
    bayo.masts[0].lost = 1  # fore 3 left, main 6, mizzen 4
    bayo.masts[2].lost = 0
    r, _ = roller(5)
    sequence.begin_turn(state, r)
    assert spec(state, "bayo").default == {"action": "allocate", "side": "port", "mast": "main"}
    state, events = resolve(state, [])
    bayo = state.ship("bayo")
    assert (bayo.hull["starboard"].lost, bayo.hull["port"].lost) == (2, 1)
    assert [m.lost for m in bayo.masts] == [1, 1, 0]
    assert of(events, "default_order")


# --- 6b. Punteggi di attivazione ----------------------------------------------------------

def test_punteggi_di_attivazione_spent_chits_are_not_offered():
    """"I gettoni di attivazione non possono essere riutilizzati." """
    state = duel()
    state.ship("sophie").chits_used = [5, 3]
    [d] = [d for d in RULES.pending(state) if d.player == BRIT]
    param = RULES.spec(state, d).actions[0].param("sophie")
    assert param.values() == [1, 2, 4]
    bad = RULES.validate(state, Order(decision=d.id, player=BRIT, payload={"sophie": 5}))
    assert [p.code for p in bad] == ["bad-choice"]


def test_punteggi_di_attivazione_full_set_again_after_five_turns():
    """"Una volta usati tutti i gettoni il giocatore ha di nuovo a disposizione l'intera
    serie." — and "i gettoni utilizzati sono scartati e lasciati scoperti"."""
    state = duel()
    state.ship("sophie").chits_used = [1, 2, 3, 4]
    state.ship("bayo").chits_used = [2]
    state = in_phase(state, 1, {"sophie": 5, "bayo": 1})
    state, _ = act(state, "sophie", {"action": "pass"})
    state, _ = act(state, "bayo", {"action": "move", "distance": 2}, dice=[5])  # then turn 2's wind
    assert state.turn == 2 and state.step == "chits"
    assert state.ship("sophie").chits_used == []
    assert state.ship("bayo").chits_used == [2, 1]
    [d] = [d for d in RULES.pending(state) if d.player == BRIT]
    assert RULES.spec(state, d).actions[0].param("sophie").values() == [1, 2, 3, 4, 5]
    public = RULES.view(state, None)
    assert [s["chits_used"] for s in public["ships"]] == [[], [2, 1]]


def test_punteggi_di_attivazione_struck_ship_gets_no_chit():
    """"Ogni nave deve avere un punteggio di attivazione tranne quelle che si sono arrese,
    ma non ancora catturate." """
    state = squadron()
    state.ship("virg").struck = True
    [d] = [d for d in RULES.pending(state) if d.player == FRAN]
    assert [p.name for p in RULES.spec(state, d).actions[0].params] == ["bayo"]
    orders = [Order(decision=d.id, player=FRAN, payload={"bayo": 2}),
              Order(decision="t1.chits.brit", player=BRIT, payload={"sophie": 1, "speedy": 1})]
    state, _ = resolve(state, orders)
    assert state.ship("virg").chit is None
    assert state.ship("bayo").chit == 2


def test_punteggi_di_attivazione_random_chit_when_none_given():
    """No chit in time: one is drawn at random among those still available, with a die
    as many-sided as the chits left — and only the owner sees it."""
    state = duel()
    state.ship("bayo").chits_used = [3, 5]  # 1, 2, 4 left
    orders = [Order(decision="t1.chits.brit", player=BRIT, payload={"sophie": 1})]
    state, events = resolve(state, orders, dice=[3])
    assert state.ship("bayo").chit == 4
    [die] = [e for e in events if e.kind == "roll"]
    assert (die.data["sides"], die.data["value"], die.to) == (3, 3, [FRAN])
    [chit] = [e for e in events if e.kind == "chit_set" and e.data["ship"] == "bayo"]
    assert chit.to == [FRAN]


def test_punteggi_di_attivazione_last_chit_left_needs_no_draw():
    """With one chit left of the five there is nothing to draw: it is that chit, and no
    die is thrown."""
    state = duel()
    state.ship("bayo").chits_used = [1, 2, 3, 5]
    orders = [Order(decision="t1.chits.brit", player=BRIT, payload={"sophie": 1})]
    state, events = resolve(state, orders, dice=[])
    assert state.ship("bayo").chit == 4
    assert rolls(events) == []


# --- 7-9. Attivazione ---------------------------------------------------------------------------

def test_attivazione_phases_five_to_one_ships_active_from_their_chit_down():
    """"Nella fase cinque possono agire (sono attive) le navi che hanno un gettone di
    attivazione pari a cinque ... Le navi attivate restano attive per tutte le successive
    fasi di Azione dello stesso turno." """
    state = duel()
    orders = [Order(decision="t1.chits.brit", player=BRIT, payload={"sophie": 3}),
              Order(decision="t1.chits.fran", player=FRAN, payload={"bayo": 1})]
    state, events = resolve(state, orders)
    assert [e["phase"] for e in of(events, "phase_empty")] == [5, 4]
    assert state.phase == 3
    assert [d.subject for d in RULES.pending(state)] == ["sophie"]
    state, _ = act(state, "sophie", {"action": "move", "distance": 2})
    assert (state.phase, [d.subject for d in RULES.pending(state)]) == (2, ["sophie"])
    state, _ = act(state, "sophie", {"action": "pass"})
    assert state.phase == 1
    assert [d.subject for d in RULES.pending(state)] == ["sophie"]
    state, _ = act(state, "sophie", {"action": "pass"})
    assert [d.subject for d in RULES.pending(state)] == ["bayo"]


def test_attivazione_chit_hidden_from_the_public_until_its_phase_is_called():
    """"L'attivazione di una nave avviene scoprendo il gettone di attivazione posto sulla
    basetta quando viene chiamato il punteggio corrispondente." The chit lies face down
    until then; its owner knows it."""
    state = in_phase(duel(), 3, {"sophie": 3, "bayo": 1})
    public = {s["id"]: s for s in RULES.view(state, None)["ships"]}
    assert (public["sophie"]["chit"], public["sophie"]["active"]) == (3, True)
    assert (public["bayo"]["chit"], public["bayo"]["chit_hidden"]) == (None, True)
    own = {s["id"]: s for s in RULES.view(state, FRAN)["ships"]}
    assert own["bayo"]["chit"] == 1
    enemy = {s["id"]: s for s in RULES.view(state, BRIT)["ships"]}
    assert enemy["bayo"]["chit"] is None
    state = in_phase(state, 1, {"sophie": 3, "bayo": 1})
    public = {s["id"]: s for s in RULES.view(state, None)["ships"]}
    assert public["bayo"]["chit"] == 1


def test_iniziativa_highest_chit_first_ties_to_the_previous_order():
    """"La nave che ha il punteggio di attivazione più alto ha l'Iniziativa ... Nel caso
    una o più navi abbiano lo stesso punteggio di attivazione l'iniziativa va alla nave,
    tra queste, che nella fase precedente aveva il punteggio di attivazione più alto." """
    state = squadron()
    state = in_phase(state, 2, {"sophie": 2, "speedy": 4, "bayo": 2, "virg": 1},
                     previous=["virg", "bayo", "speedy", "sophie"])
    assert state.initiative == ["speedy", "bayo", "sophie", "virg"]
    # Actions go in that order: the first ship asked is the one with the initiative.
    assert [d.subject for d in RULES.pending(state)] == ["speedy"]


@pytest.mark.parametrize("draw, order", [(1, ["a", "b"]), (2, ["b", "a"])])
def test_iniziativa_first_turn_ties_drawn_by_lot(draw, order):
    """"Solo nella prima fase del primo turno, in caso di uguale punteggio di attivazione,
    si sorteggia la nave con l'iniziativa." — one recorded draw at the start."""
    setup = CannoniSetup(name="x", title="x", table=Table(width=72, height=48), wind=0,
                         sides=["britain", "france"],
                         ships=[ShipSetup(id="a", ship="hms_sophie", side="britain", x=10, y=10, heading=90),
                                ShipSetup(id="b", ship="bayonnaise", side="france", x=60, y=40, heading=270)])
    dice = ForcedDice([draw])
    state, _ = game.start(RULES, setup, CannoniOptions(), SEATS, dice)
    assert dice.remaining == 0
    state, _ = resolve(state, [Order(decision="t1.chits.brit", player=BRIT, payload={"a": 3}),
                               Order(decision="t1.chits.fran", player=FRAN, payload={"b": 3})])
    assert state.initiative == order
    assert [d.subject for d in RULES.pending(state)] == order[:1]


def test_attivazione_hidden_chits_do_not_show_through_the_initiative_order():
    """"ogni giocatore sceglie segretamente un gettone di attivazione ... e lo pone
    coperto": two tables that differ only in hidden chits look the same to the public."""
    views = []
    for a, b in ((2, 1), (1, 2)):
        state = squadron()
        state = in_phase(state, 5, {"sophie": 5, "speedy": a, "bayo": b, "virg": 5},
                         previous=["sophie", "speedy", "bayo", "virg"])
        views.append(RULES.view(state, None))
    assert views[0] == views[1]


# --- 8. Azione: the obligatory first move --------------------------------------------------------

def test_azione_primo_movimento_obbligatorio_only_moves_offered():
    """"Una nave, appena attivata, deve obbligatoriamente manovrare o accostare" — the
    form offers nothing else, and any other order is refused."""
    state = in_phase(duel(), 5, {"sophie": 5, "bayo": 1})
    assert offered(state, "sophie") == ["move", "turn"]
    assert [p.code for p in problems(state, "sophie", {"action": "pass"})] == ["unknown-action"]


def test_azione_primo_movimento_default_is_minimum_speed_straight_ahead():
    """With no order in time the obligation is met by the published default: straight
    ahead at the minimum speed (Sophie, beam reach, battle sails: 3-1)."""
    state = in_phase(duel(), 5, {"sophie": 5, "bayo": 1})
    assert spec(state, "sophie").default == {"action": "move", "distance": 1.0}
    state, events = act(state, "sophie", None)
    assert (state.ship("sophie").x, state.ship("sophie").y) == (11, 10)


def test_azione_after_the_first_move_any_action():
    """"resta inteso che il giocatore può anche non eseguire nessuna azione, ad eccezione
    del primo movimento che è obbligatorio" — in the next phases anything goes."""
    state = in_phase(duel(), 5, {"sophie": 5, "bayo": 1})
    state, _ = act(state, "sophie", {"action": "move", "distance": 1})
    assert state.phase == 4
    assert {"move", "turn", "sails", "pass"} <= set(offered(state, "sophie"))


def test_azione_ship_unable_to_move_is_excused():
    """"... a meno che la nave, per qualunque motivo, non sia impossibilitata a muovere":
    sails furled ("le navi con le vele serrate non possono muoversi")."""
    state = duel()
    state.ship("sophie").sails = "furled"
    state = in_phase(state, 5, {"sophie": 5, "bayo": 1})
    assert {"sails", "pass"} <= set(offered(state, "sophie"))
    assert not {"move", "turn"} & set(offered(state, "sophie"))
    assert spec(state, "sophie").default == {"action": "pass"}


def test_azione_head_to_wind_first_action_may_be_the_forced_tack():
    """"Per le navi controvento la prima azione in un turno può essere una Virata
    obbligata" — a ship in irons owes no move; the tack is offered among the rest."""
    state = duel(wind=4)  # from the east: Sophie heads 90, straight into it
    state = in_phase(state, 5, {"sophie": 5, "bayo": 1})
    assert {"tack", "sails", "pass"} <= set(offered(state, "sophie"))
    assert not {"move", "turn"} & set(offered(state, "sophie"))
