"""The fewer-taps menus one level below the loopback tests: a required value with one
legal choice is chosen already, and the ids of the standing menus and of the one form
parse back and keep within Discord's limits."""
from __future__ import annotations

from bot.discord import fleet, forms, standing_menus
from bot.service.quick import QuickOrder
from bot.service.standing import StandingBoard
from bot.transport import PendingDecision
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec
from rules.core.standing import StandingKind, StandingOffer


def spec(*params: ParamSpec, actions: int = 1) -> DecisionSpec:
    decision = Decision(id="t1.p5.ship", kind="action", player="p1", subject="ship", label="Action")
    acts = [ActionSpec(action=f"a{i}", label=f"A{i}", params=list(params) if i == 0 else []) for i in range(actions)]
    return DecisionSpec(decision=decision, actions=acts)


def test_a_required_value_with_one_legal_choice_is_chosen_for_the_player():
    one = ParamSpec(name="only", label="Only", choices=[Choice(value=3, label="3")])
    many = ParamSpec(name="many", label="Many", choices=[Choice(value=v, label=str(v)) for v in (1, 2)])
    optional = ParamSpec(name="opt", label="Opt", required=False, choices=[Choice(value="x", label="x")])
    form = forms.Form.from_state(spec(one, many, optional), "")
    assert form.picks == [0, None, None]
    assert form.payload() == {"action": "a0", "only": 3}
    ranged = ParamSpec(name="d", label="D", kind="number", min=2, max=2, step=0.5)
    assert forms.Form.from_state(spec(ranged), "").payload() == {"action": "a0", "d": 2}
    # With a choice of actions nothing is chosen before the action is.
    assert forms.Form.from_state(spec(one, actions=2), "").payload() is None
    assert forms.Form.from_state(spec(one, actions=2), "0").payload() == {"action": "a0", "only": 3}


def test_standing_menu_ids_parse_back_and_a_ship_whose_id_does_not_fit_gets_no_menu():
    ref = standing_menus.StandingRef(2**40, "t3.p4", "indefatigable")
    assert standing_menus.parse(ref.custom_id()) == ref and len(ref.custom_id()) <= 100
    every = standing_menus.StandingRef(7, "", "virginie")
    assert every.custom_id() == "bss1:7:*:virginie" and standing_menus.parse(every.custom_id()) == every
    kinds = [StandingKind(kind=f"k{i}", label=f"Kind {i}") for i in range(30)]
    board = StandingBoard([StandingOffer(subject="s" * 80, label="Long", kinds=kinds),
                           StandingOffer(subject="short", label="Short", kinds=kinds)], [])
    ((content, view),) = standing_menus.messages(7, board, "", "en")
    (select,) = view.children
    assert select.custom_id == "bss1:7:*:short" and len(select.options) == 25  # "none" and 24 kinds
    assert "Long: no standing order" in content


def test_the_one_forms_ids_keep_within_discord_for_many_ships_and_full_menus():
    options = [QuickOrder(f"order {i}", {"action": "a0", "n": i}) for i in range(25)]
    menus = [(PendingDecision(Decision(id=f"t1.p5.ship{i}", kind="action", player="p1", label=f"Ship {i}"),
                              spec(), None), options) for i in range(12)]
    picks = fleet.first_picks(menus)
    content, view = fleet.message(2**62, 123456, menus, picks, "en", page=2)
    assert view is not None and len(content) <= 2000
    ids = [c.custom_id for c in view.children]
    assert all(len(i) <= 100 for i in ids) and len(ids) == 4 + 2  # four menus, Previous and Confirm
    assert fleet.parse(ids[0]) == ("s", 2**62, 123456, "-" * 12, 8)
    # A menu with one order has it chosen already.
    single = [(menus[0][0], options[:1]), (menus[1][0], options)]
    assert fleet.first_picks(single) == "0-"
