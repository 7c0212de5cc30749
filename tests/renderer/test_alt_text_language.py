"""An Italian game gets Italian alt text; English is as it was (the demos' alt texts
were compared byte for byte before and after the words became texts by code)."""
from __future__ import annotations

from renderer import describe_image


def _english_words_left(text: str) -> list[str]:
    words = ("Turn ", "phase", "Wind from", "heading", "nearest enemy", "bearing", "Out of play",
             "Movement", "Deployment", "Game over", " to act", " to move", "And ")
    return [w for w in words if w in text]


def test_cannoni_alt_text_in_italian(squadron_views):
    for view in squadron_views[::10]:
        english, italian = describe_image(view, "en"), describe_image(view, "it")
        assert english != italian
        assert italian.startswith("Turno ") or italian.startswith("Partita finita")
        assert "Vento da" in italian and "prua a" in italian
        assert not _english_words_left(italian), _english_words_left(italian)
    assert describe_image(squadron_views[-1]) == describe_image(squadron_views[-1], "en")


def test_nauta_alt_text_in_italian():
    from renderer.nauta.samples import play

    views = play("artemisium", seed=2, max_steps=40)[0]
    assert views
    for view in views[::5]:
        italian = describe_image(view, "it")
        assert "Quadrati della griglia" in italian
        assert not _english_words_left(italian), (_english_words_left(italian), italian)


def test_the_map_header_in_italian(squadron_views):
    from renderer import board_for

    view = squadron_views[-1]
    board = board_for(view)
    assert board.header(view) == board.header(view, "en")
    italian = board.header(view, "it").lines
    assert italian[1].startswith("Vento da")
    assert not _english_words_left(" ".join(italian))


def test_the_legend_in_italian(squadron_views):
    from dataclasses import replace

    from renderer import board_for
    from renderer.theme import DEFAULT_THEME

    view = squadron_views[0]
    board = board_for(view)
    english = board.legend(view, DEFAULT_THEME)
    italian = board.legend(view, replace(DEFAULT_THEME, lang="it"), full=True)
    assert [title for title, _ in english.sections][:2] == ["Sides", "Ships"]
    assert [title for title, _ in italian.sections][:2] == ["Parti", "Navi"]
    words = [e.label for _, entries in italian.sections for e in entries]
    assert "vele spiegate" in words and "sails furled" not in words


def test_the_header_counts_the_ships_to_act_in_words():
    """"19 to act" read as a bare number; the header says what is counted."""
    from renderer import board_for
    from tests.renderer.render_cases import load_case

    view = load_case("fleet")
    board = board_for(view)
    assert " · 19 ships to act, next: HMS Bellerophon 8" in board.header(view, "en").lines[0]
    assert " · 19 navi devono agire, prossime: HMS Bellerophon 8" in board.header(view, "it").lines[0]
