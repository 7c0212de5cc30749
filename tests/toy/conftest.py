"""The toy race is registered for these tests only, by the registry's own
``register(manifest)``, and forgotten afterwards (as is the board the renderer made
for it), so no other test sees a ruleset it did not ask for."""
from __future__ import annotations

import pytest

from renderer import board as boards
from rules.core import registry
from tests.toy.manifest import MANIFEST


@pytest.fixture(autouse=True)
def toy_registered():
    # Discover the installed rulesets before saving the registry, so the toy is added to
    # them and they are still there afterwards (saved before, the first test of a run
    # would restore an empty registry that counts as discovered).
    registry.manifests()
    saved = [dict(live) for live in (registry._MANIFESTS, registry._INSTANCES, boards._BOARDS, boards._INSTANCES)]
    registry.register(MANIFEST)
    yield MANIFEST
    for live, old in zip((registry._MANIFESTS, registry._INSTANCES, boards._BOARDS, boards._INSTANCES), saved):
        live.clear()
        live.update(old)
