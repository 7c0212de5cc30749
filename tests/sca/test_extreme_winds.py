"""Optional rule 2 ii, "Intensità del vento estreme" (the switch ``extreme_winds``, with
``wind_rolls``): the calm and the storm."""
from __future__ import annotations

from rules.core.dice import ForcedDice, Roller
from rules.core.events import EventLog
from rules.sca.sailing import ship_speed
from rules.sca.turns import wind_variation
from tests.conformance.test_rulesets import play
from tests.sca.helpers import kinds, order, part, ship, start

E = 4


def vary(state, dice):
    log = EventLog()
    wind_variation(state, Roller(ForcedDice(dice), log))
    return log


def test_regola_opzionale_2_bonaccia():
    """"E possibile che il vento venga modificato ... fino a due condizioni estreme, che non possono
    essere superate: bonaccia e tempesta. La bonaccia si ha quando l'intensità del vento, attualmente
    pari a aria leggera — light airs, decresce ancora. In bonaccia solo le navi equipaggiate con remi
    possono muovere alla metà della velocità prevista per navi della stessa classe."

    Light air, last turn's potential "diminuire ... antiorario" (4), this turn's 7 repeats it: the wind
    falls calm and backs a point. The frigate does not move; the gunboat rows at half a light air's
    easy sail (75 / 2)."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="full"),
                           ship("g", "british", 1000, 1300, E, type="gunboat-large"),
                           ship("t", "french", 2800, 1800, 12), wind=0, strength="light",
                           extreme_winds=True)
    state.wind_potential = (-1, -1)
    vary(state, [2, 2, 3])
    assert (state.strength, state.wind) == ("calm", 15)
    assert ship_speed(state, state.ship("a")) == 0.0 and ship_speed(state, state.ship("g")) == 37.5
    # "che non possono essere superate": another fall leaves it calm; a rise brings light air back.
    vary(state, [1, 1, 2])
    assert state.strength == "calm"
    state.wind_potential = (1, 1)
    vary(state, [6, 6, 6])
    assert state.strength == "light"


def test_regola_opzionale_2_without_the_extremes_light_air_is_the_least():
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 2800, 1800, 12),
                           strength="light")
    state.wind_potential = (-1, -1)
    vary(state, [2, 2, 3])
    assert state.strength == "light"


def test_regola_opzionale_2_tempesta():
    """"La tempesta si ottiene quando il vento, già forte — strong wind, aumenta ancora. In questo caso
    tutti i vascelli che hanno vele superiori a vele di manovra — easy sail — devono effettuare un test
    per i danni alla velatura."

    Strong wind, "aumentare ... orario" (14) after 18: a storm, veering a point. In her part the frigate
    under full sail takes the rigging test (optional rule 9's, here without its switch): average crew 8,
    a throw of 9 (-1), full sail -5, the storm -5 (one beyond the strong wind's -4): -3, three tenths of
    her DC to the rigging. The one under easy sail takes none; both run at the strong wind's speeds."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="full"),
                           ship("b", "british", 1000, 1300, E, sail="easy"),
                           ship("t", "french", 2800, 1800, 12), wind=0, strength="strong",
                           extreme_winds=True)
    state.wind_potential = (1, 1)
    vary(state, [4, 5, 5])
    assert (state.strength, state.wind) == ("storm", 1)
    assert ship_speed(state, state.ship("a")) == 240.0 and ship_speed(state, state.ship("b")) == 120.0
    state, step = part(ruleset, state, [order(state, "a"), order(state, "b")], [4, 4, 4, 3, 3, 3])
    tests = [e.data for e in step.events if e.kind == "rigging_test"]
    assert [(t["ship"], t["why"], t["score"]) for t in tests] == [("A", "storm", -3)]
    assert state.ship("a").rigging_lost > 0 or tests[0]["damage"] > 0


def test_regola_opzionale_2_estremi_a_whole_game_plays():
    ruleset, state, record = play("sca", "squadrons", 5, options={"wind_rolls": True, "extreme_winds": True})
    assert ruleset.outcome(state) is not None


def test_regola_opzionale_2_estremi_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 5, ruleset="sca",
                           options={"wind_rolls": True, "extreme_winds": True, "navigation": True})
    assert played.outcome is not None and played.decisions > 0
