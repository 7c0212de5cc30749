"""Nauta / Classis drawn on the open table: the board (named by the ruleset's manifest,
``renderer.nauta.board:NautaBoard``), its galleys, alt text, card and sample games."""
