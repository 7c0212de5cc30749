"""A ship's card speaks the game's language: every word drawn on an Italian card comes
from the ruleset's catalogue, and the English card is the one it always was."""
from __future__ import annotations

import copy

import pytest
from PIL import ImageDraw

from renderer import render_card
from renderer.nauta.samples import play


@pytest.fixture
def drawn(monkeypatch):
    """The texts a render draws, in order."""
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self, xy, text, *args, **kwargs):
        seen.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    return seen


def _texts(drawn: list[str], view, ship: str, lang: str | None) -> set[str]:
    drawn.clear()
    render_card(view, ship, **({"lang": lang} if lang else {}))
    return set(drawn)


def _sentences(texts: set[str], view) -> set[str]:
    """The drawn texts made of words: not numbers, grid squares, ship names, nor a
    ship list's sources (Cannoni's notes, printed as they were written)."""
    ships = view["ships"]
    printed = {str(s.get("name")) for s in ships} | {str((s.get("log") or {}).get("notes")) for s in ships}
    return {t for t in texts if sum(c.isalpha() for c in t) > 12 and not any(t in p for p in printed)}


def test_a_cannoni_card_is_drawn_in_italian(squadron_views, drawn):
    view = copy.deepcopy(squadron_views[len(squadron_views) // 2])
    ship = view["ships"][0]["id"]
    english, italian = _texts(drawn, view, ship, None), _texts(drawn, view, ship, "it")
    assert _texts(drawn, view, ship, "en") == english  # English unless told, as before
    assert "Damage (crossed boxes are struck)" in english and "Danni (le caselle barrate sono perse)" in italian
    assert "Speed (inches per action, max–min)" in english and "Velocità (pollici per azione, max–min)" in italian
    assert _sentences(english, view) & _sentences(italian, view) == set(), "English words left on the Italian card"


@pytest.fixture(scope="module")
def mylae_end():
    return play("mylae", seed=1)[0][-1]


def test_a_nauta_card_is_drawn_in_italian(mylae_end, drawn):
    view = mylae_end
    for ship in [s["id"] for s in view["ships"]][:4]:
        english, italian = _texts(drawn, view, ship, "en"), _texts(drawn, view, ship, "it")
        assert "Record (crossed boxes are spent or struck)" in english
        assert "Registro (le caselle barrate sono spese o perse)" in italian
        assert _sentences(english, view) & _sentences(italian, view) == set(), "English words left on the Italian card"
