"""Registers the toy race for a whole pytest run, so that suites which list the
rulesets when they are collected (tests/conformance) play it too:

    python -m pytest -p tests.toy.plugin tests/conformance
"""
from __future__ import annotations

from rules.core import registry
from tests.toy.manifest import MANIFEST


def pytest_configure(config) -> None:
    registry.manifests()  # the installed rulesets first
    registry.register(MANIFEST)
