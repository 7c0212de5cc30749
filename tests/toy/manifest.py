"""The toy race's manifest: registered by the tests with ``rules.core.registry.register``.
Its words are codes of the toy's catalogue (wording.py)."""
from rules.core.manifest import Manifest, OrderParam
from tests.toy import wording  # noqa: F401  the codes below are its own

MANIFEST = Manifest(
    name="toy", title="toy.manifest.title", board="squares",
    ruleset="tests.toy.rules:ToyRace", board_factory="tests.toy.board:ToyBoard", scenarios="tests.toy",
    params=(OrderParam(name="speed", kind="choice", label="toy.param.speed", description="toy.param.speed.about"),),
    quickref="toy.quickref",
)
