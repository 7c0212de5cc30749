"""Ruleset-agnostic engine: dice, events, decisions, records, registry."""
