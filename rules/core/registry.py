"""The rulesets this installation knows, read from their manifests.

Two ways find them, so nothing here or elsewhere lists rulesets:

- **the scan**: every package ``rules/<r>/`` with a ``manifest.py`` that defines
  ``MANIFEST`` (a :class:`~rules.core.manifest.Manifest`). A new ruleset's own
  packages are all it takes; no file outside them is edited.
- **entry points** of the group ``broadside.rulesets``, for a ruleset shipped as its
  own distribution (its ``pyproject.toml`` names its manifest).

A manifest found both ways is known once; two different manifests under one name are
refused. Tests may :func:`register` a manifest of their own (a toy ruleset) directly.

**Each when needed.** A ruleset asked for by name (:func:`manifest`, :func:`get_ruleset`:
a stored game's) is looked for first in the package of that name, ``rules/<name>/``,
whose manifest alone is imported when it declares that name. A restart then imports
the rulesets of its running games only, not every ruleset's manifest and wording. The
rest are found as before, all at once: when the rulesets are listed (:func:`manifests`,
:func:`ruleset_names`), when a name is not found that way, and when a text's code is not
found in the catalogues loaded so far (a ruleset's catalogue comes with its manifest).
So two manifests under one name are refused when the rulesets are first listed.
"""
from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rules.core import texts
from rules.core.manifest import Manifest, load_object
from rules.core.ruleset import Ruleset

GROUP = "broadside.rulesets"
SCANNED = "rules"  # the package whose sub-packages are scanned for a manifest

_MANIFESTS: dict[str, Manifest] = {}
_INSTANCES: dict[str, Ruleset] = {}
_discovered = False
_discovering = False
_DISCOVERY = threading.RLock()


def register(manifest: Manifest) -> None:
    """Make a ruleset known (or replace the manifest of one with the same name)."""
    _MANIFESTS[manifest.name] = manifest
    _INSTANCES.pop(manifest.name, None)


def _has_manifest(folders: Iterable[str], name: str) -> bool:
    return any((Path(folder) / name / "manifest.py").is_file() for folder in folders)


def scanned(package: str = SCANNED) -> Iterator[Manifest]:
    """The manifests of ``package``'s sub-packages that have a ``manifest.py`` defining
    ``MANIFEST``. Only those modules are imported (``rules.core.manifest``, the class
    itself, defines none)."""
    root = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda i: i.name):
        if not info.ispkg or not _has_manifest(root.__path__, info.name):
            continue
        found = getattr(importlib.import_module(f"{package}.{info.name}.manifest"), "MANIFEST", None)
        if found is None:
            continue
        if not isinstance(found, Manifest):
            raise TypeError(f"{package}.{info.name}.manifest.MANIFEST is not a Manifest")
        yield found


def _scanned_one(name: str, package: str = SCANNED) -> Manifest | None:
    """The manifest of the sub-package ``name`` of ``package``, if it has one that declares
    that name; None otherwise (the full scan then finds it, or says what is wrong)."""
    root = importlib.import_module(package)
    if not name.isidentifier() or not any((Path(folder) / name / "__init__.py").is_file()
                                          for folder in root.__path__) or not _has_manifest(root.__path__, name):
        return None
    found = getattr(importlib.import_module(f"{package}.{name}.manifest"), "MANIFEST", None)
    return found if isinstance(found, Manifest) and found.name == name else None


def entry_points(group: str) -> Any:
    """The installed distributions' entry points of ``group`` (importing the machinery
    that reads them only when the rulesets are all looked for)."""
    from importlib.metadata import entry_points as installed

    return installed(group=group)


def from_entry_points() -> Iterator[Manifest]:
    for point in entry_points(group=GROUP):
        found = point.load()
        if not isinstance(found, Manifest):
            raise TypeError(f"entry point {point.name!r} of {GROUP} names {point.value}, which is not a Manifest")
        if found.name != point.name:
            raise ValueError(f"entry point {point.name!r} of {GROUP} names the manifest of {found.name!r}")
        yield found


def _discover() -> None:
    global _discovered, _discovering
    if _discovered:
        return
    # One thread scans; another asking meanwhile (the bot loads the rulesets in a worker
    # thread after a restart) waits for the whole list rather than see half of it.
    with _DISCOVERY:
        if _discovered or _discovering:  # done meanwhile, or asked again by a manifest being imported
            return
        _discovering = True
        try:
            found: dict[str, Manifest] = {}
            for candidate in [*scanned(), *from_entry_points()]:
                known = found.setdefault(candidate.name, candidate)
                # The same manifest object twice (scanned, and named by an installed entry
                # point) is one ruleset; two different ones cannot share a name.
                if known is not candidate:
                    raise ValueError(f"two rulesets are called {candidate.name!r}: {known.ruleset} and"
                                     f" {candidate.ruleset}")
            for name, manifest_ in found.items():
                _MANIFESTS.setdefault(name, manifest_)
        finally:
            _discovering = False
            _discovered = True


def manifests() -> list[Manifest]:
    """Every known ruleset's manifest, by name."""
    _discover()
    return [_MANIFESTS[name] for name in sorted(_MANIFESTS)]


def ruleset_names() -> list[str]:
    return [m.name for m in manifests()]


def manifest(name: str) -> Manifest:
    if name not in _MANIFESTS and not _discovered:
        found = _scanned_one(name)
        if found is not None:
            _MANIFESTS[name] = found
    if name not in _MANIFESTS:
        _discover()
    try:
        return _MANIFESTS[name]
    except KeyError:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(ruleset_names())}") from None


def get_ruleset(name: str) -> Ruleset:
    if name not in _INSTANCES:
        ruleset = load_object(manifest(name).ruleset)()
        if not isinstance(ruleset, Ruleset):
            raise TypeError(f"{manifest(name).ruleset} does not make a rules.core.ruleset.Ruleset")
        _INSTANCES[name] = ruleset
    return _INSTANCES[name]


# A text's code not found in the catalogues loaded so far may be a ruleset's not yet loaded.
texts.when_incomplete(_discover)
