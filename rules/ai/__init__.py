"""AI captains: opponents that fill a seat from what that seat may see.

    from rules.ai import get_captain, ai_orders
    orders = ai_orders(ruleset, state, {"p2": get_captain("captain")}, seed=game_seed)

See docs/ai.md for the levels and how each decides.
"""
from rules.ai.base import AICaptain, Check, FormFiller, NoLegalOrder
from rules.ai.driver import ai_orders, decide, decision_rng
from rules.ai.registry import captain_levels, get_captain

__all__ = ["AICaptain", "Check", "FormFiller", "NoLegalOrder", "ai_orders", "captain_levels", "decide",
           "decision_rng", "get_captain"]
