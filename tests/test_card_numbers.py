"""A number a card line writes is one value in every game (issue 28, item 1: "One generic front end reads those
declarations. It produces the AST"): its number, with where it is written, made by the transformer every game of
blocks of lines shares (compiler.card_transform), so no game's checks read a number again from its words."""

from __future__ import annotations

import pytest

from spellc.compiler.build import FRONTENDS
from spellc.compiler.card_ast import Card, Number
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.parse import card_grammar, parse
from spellc.compiler.source import SourceFile

# A line of each game that writes a number, its number and the column it is written at.
NUMBERS = [("incantation_charges", 'action "Strike" {\n    incantation 2\n    effect: draw 1 card\n}\n', 2, 17),
           ("rackham_incantation", 'spell "Flash" {\n    power 2\n}\n', 2, 11),
           ("amtgard", 'ability "Stoneskin" {\n    charge x3\n}\n', 3, 12),
           ("serpents_tongue", 'spell "Quick Sand" {\n    resonance -2\n}\n', -2, 15)]


def cards(game: str, text: str) -> list[Card]:
    front = FRONTENDS[game]
    source = SourceFile("n.spell", text)
    tree = parse(source, Diagnostics(), card_grammar(front.ruleset.grammar))
    assert tree is not None
    read: list[Card] = front.transform(tree, source)
    return read


@pytest.mark.parametrize(("game", "text", "value", "column"), NUMBERS)
def test_a_number_a_line_writes_is_its_number_where_it_is_written_in_every_game(
        game: str, text: str, value: int, column: int) -> None:
    [card] = cards(game, text)
    number = card.fields[0].value
    assert isinstance(number, Number) and (number, number.span.line, number.span.column) == (value, 2, column)
