"""Cannoni in batteria! (Lu(ri)doteca, v1.11) — the flagship ruleset."""
from rules.core.registry import register_ruleset


def _factory():
    from rules.cannoni.ruleset import CannoniRuleset

    return CannoniRuleset()


register_ruleset("cannoni", _factory)
