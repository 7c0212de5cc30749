"""Nauta (Daniele Varelli, 2005) and its Italian edition Classis: ancient and
medieval galleys."""
from rules.core.registry import register_ruleset


def _factory():
    from rules.nauta.ruleset import NautaRuleset

    return NautaRuleset()


register_ruleset("nauta", _factory)
