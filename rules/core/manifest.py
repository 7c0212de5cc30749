"""What the world outside ``rules/`` needs to know of a ruleset, declared once.

Every ruleset package holds one :class:`Manifest` (``rules/<name>/manifest.py``), found
by the registry's scan of ``rules/`` (or, for a ruleset shipped as its own
distribution, named as a Python entry point of the group ``broadside.rulesets``). The
registry (:mod:`rules.core.registry`), the renderer's board registry and the AI
registry read the manifests, so none of them lists rulesets.

Every word in a manifest (the title, the parameters' labels and descriptions, the quick
reference, what each captain does) is a code of the ruleset's own catalogue
(``rules/<name>/wording.py``), given as a string or a :func:`rules.core.texts.say` text
and worded in the reader's language with ``.render(lang)``: there is one way to
translate. So ``manifest.py`` imports its wording before it builds the manifest.

Code outside ``rules/`` (the board, the AI captains) is named by dotted path
(``"package.module:Name"``) and imported only when asked for: ``rules/`` never
imports the renderer, and listing the rulesets imports none of them.
"""
from __future__ import annotations

import importlib
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, field_validator, model_validator

from rules.core.scenarios import scenario_files
from rules.core.texts import Text, known, say

BoardKind = Literal["open_table", "hex", "squares"]
ParamKind = Literal["choice", "number", "text"]


def _coded(value: Any) -> Any:
    """A manifest's words: a code (or a ``say(code)`` text) of a catalogue already loaded."""
    if isinstance(value, str):
        value = say(value)
    if isinstance(value, Text) and not known(value.code):
        raise ValueError(f"{value.code!r} is not a code of any catalogue: a manifest's words are codes of the "
                         "ruleset's own catalogue (import its wording module before building the manifest)")
    return value


Coded = Annotated[Text, BeforeValidator(_coded)]


class OrderParam(BaseModel):
    """One parameter of the ruleset's orders, as a command line offers it.

    ``name`` is the key in the order's payload; ``option`` the name of the command
    option that carries it (they differ where the payload's word reads badly as an
    option: Cannoni's turning ``template`` is typed as ``card``).
    """

    model_config = ConfigDict(frozen=True)

    name: str
    option: str = ""
    kind: ParamKind = "choice"
    unit: str | None = None  # "inch", "degree", ... for numbers
    label: Coded  # the option's name, as a player sees it
    description: Coded
    # Also a parameter of a move's preview, described there for what it does to the picture.
    preview: Coded | None = None

    @model_validator(mode="before")
    @classmethod
    def _option_defaults_to_name(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("option"):
            return {**data, "option": data.get("name", "")}
        return data


class Manifest(BaseModel):
    """One ruleset's declaration."""

    model_config = ConfigDict(frozen=True)

    name: str
    title: Coded
    board: BoardKind
    ruleset: str  # "package.module:Class", the :class:`rules.core.ruleset.Ruleset`
    board_factory: str  # "package.module:Class" of the renderer's board for this ruleset
    # The package whose ``scenarios`` folder holds the ready-made setups, one JSON file each
    # (:mod:`rules.core.scenarios`); the ruleset reads them into its setup model.
    scenarios: str
    params: tuple[OrderParam, ...] = ()
    quickref: Coded | None = None  # the /rules text; without it the bot says how any game runs
    previews: bool = False  # the ruleset can show where a move would end (Ruleset.preview)
    # AI captains by level, weakest first ("deckhand" -> "package.module:Class"). A level
    # the ruleset does not name is played by the form-filler.
    captains: dict[str, str] = {}
    # What each of those captains does, in the ruleset's own terms (shown to a host who
    # picks a level, and when a computer takes a seat); a level without one is described
    # by the bot's general words for it.
    captain_descriptions: dict[str, Coded] = {}
    # The scenario ``/duel`` plays unless told otherwise: a short one-against-one battle
    # a newcomer can finish in one sitting. None: the first scenario.
    duel_scenario: str | None = None

    @field_validator("ruleset", "board_factory")
    @classmethod
    def _dotted(cls, path: str) -> str:
        if ":" not in path:
            raise ValueError(f"{path!r} is not a dotted path of the form 'package.module:Name'")
        return path

    @field_validator("captains")
    @classmethod
    def _dotted_captains(cls, paths: dict[str, str]) -> dict[str, str]:
        for path in paths.values():
            cls._dotted(path)
        return paths

    def param(self, name: str) -> OrderParam | None:
        return next((p for p in self.params if p.name == name), None)

    def scenario_names(self) -> list[str]:
        """The ready-made scenarios' names, the default first, without loading the ruleset."""
        return [str(data["name"]) for data in scenario_files(self.scenarios)]

    def duel(self) -> str:
        """The scenario a duel plays unless told otherwise."""
        return self.duel_scenario or self.scenario_names()[0]


def load_object(path: str) -> Any:
    """The object a dotted path ``"package.module:Name"`` names."""
    module, _, attr = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj
