"""Every registered ruleset's views keep the typed view contract (rules.core.view), and
carry what the renderer draws ranges and reach from."""
from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from renderer.cannoni.samples import play
from renderer.nauta.samples import play as play_nauta
from rules.cannoni.logbook import LogBook
from rules.cannoni.sailing import templates_for
from rules.core.view import PublicView, side_indices
from rules.nauta.shooting import weapon


@pytest.fixture(scope="module")
def games():
    return {"cannoni": play("harbour-raid", seed=3, max_steps=30),
            "nauta": play_nauta("mylae", seed=2)}


@pytest.mark.parametrize("ruleset", ["cannoni", "nauta"])
def test_every_view_keeps_the_contract(games, ruleset):
    views, _state = games[ruleset]
    for view in views:
        before = copy.deepcopy(view)
        head = PublicView.read(view)
        assert view == before  # reading changes nothing in the dict a view produced
        assert head.ruleset == ruleset
        assert head.side_indices() == side_indices(view)
        assert [p.id for p in head.ships] == [s["id"] for s in view["ships"]]
        for piece in head.ships:
            assert piece.side in head.side_indices()
            assert piece.label and piece.x is not None and piece.heading is not None
            assert head.piece(piece.id).name == piece.name


def test_the_contract_refuses_a_view_without_its_keys():
    with pytest.raises(ValidationError):
        PublicView.read({"ships": []})
    with pytest.raises(ValidationError):
        PublicView.read({"ruleset": "x", "ships": [{"id": "a", "name": "A"}]})  # no side
    with pytest.raises(KeyError, match="no ship 'b'"):
        PublicView.read({"ruleset": "x", "ships": [{"id": "a", "side": "s"}]}).piece("b")
    assert PublicView.read({"ruleset": "x", "board": {"kind": "hex"}}).board_kind == "hex"


def test_cannoni_views_carry_gun_range_and_turning_cards(games):
    views, state = games["cannoni"]
    for ship in state.ships:
        data = next(s for s in views[-1]["ships"] if s["id"] == ship.id)
        assert data["gun_range"] == ship.log.max_range()
        assert data["turning_cards"] == templates_for(LogBook.model_validate(data["log"]))


def test_nauta_views_carry_each_ships_weapon(games):
    views, state = games["nauta"]
    for ship in state.ships:
        data = next(s for s in views[-1]["ships"] if s["id"] == ship.id)
        assert data["weapon"] == weapon(state, ship)
