"""The rulesets this installation knows, read from their manifests.

Each ruleset package declares a :class:`~rules.core.manifest.Manifest` and names it as
an entry point of the group ``broadside.rulesets`` (``pyproject.toml``), so nothing
here or elsewhere lists rulesets. Tests may :func:`register` a manifest of their own
(a toy ruleset) directly.
"""
from __future__ import annotations

from importlib.metadata import entry_points

from rules.core.manifest import Manifest, load_object
from rules.core.ruleset import Ruleset

GROUP = "broadside.rulesets"

_MANIFESTS: dict[str, Manifest] = {}
_INSTANCES: dict[str, Ruleset] = {}
_discovered = False


def register(manifest: Manifest) -> None:
    """Make a ruleset known (or replace the manifest of one with the same name)."""
    _MANIFESTS[manifest.name] = manifest
    _INSTANCES.pop(manifest.name, None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for point in entry_points(group=GROUP):
        manifest = point.load()
        if not isinstance(manifest, Manifest):
            raise TypeError(f"entry point {point.name!r} of {GROUP} names {point.value}, which is not a Manifest")
        if manifest.name != point.name:
            raise ValueError(f"entry point {point.name!r} of {GROUP} names the manifest of {manifest.name!r}")
        _MANIFESTS.setdefault(manifest.name, manifest)


def manifests() -> list[Manifest]:
    """Every known ruleset's manifest, by name."""
    _discover()
    return [_MANIFESTS[name] for name in sorted(_MANIFESTS)]


def ruleset_names() -> list[str]:
    return [m.name for m in manifests()]


def manifest(name: str) -> Manifest:
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
