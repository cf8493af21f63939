"""A small table for rules tests: two Magi, chosen cards put straight into play, scripted choices."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest

from engine.decisions import Action, Cast, Decision, Pass, Preparation
from engine.rules import Game, Options
from engine.state import Being, Card, Place
from generated import LIBRARY


class Table:
    """Answers the engine's questions from queues the test fills; dice from a list."""

    def __init__(self, level: int = 1) -> None:
        self.white = Being(name="White", team="White", essence=12, resonance=0)
        self.black = Being(name="Black", team="Black", essence=12, resonance=0)
        self.rolls: deque[int] = deque()
        self.choices: deque[Any] = deque()
        self.actions: deque[tuple[str, Action]] = deque()
        self.preparations: dict[str, Preparation] = {}
        self.game = Game([self.white, self.black], LIBRARY, self, self, Options(level=level))

    # Dice
    def roll(self, why: str) -> int:
        return self.rolls.popleft()

    # Decider
    def action(self, game: Game, being: Being) -> Action:
        if self.actions and self.actions[0][0] == being.name:
            return self.actions.popleft()[1]
        return Pass()

    def preparation(self, game: Game, being: Being) -> Preparation:
        return self.preparations.pop(being.name, Preparation())

    def decide(self, game: Game, decision: Decision) -> Any:
        if decision.kind != "optional" and len(decision.options) == 1:
            return decision.options[0]
        answer = self.choices.popleft()
        for option in decision.options:
            if option == answer or getattr(option, "title", None) == answer or getattr(option, "name", None) == answer:
                return option
        return answer

    # Helpers
    def give(self, being: Being, title: str, prepared: bool = True) -> Card:
        card = Card(spec=LIBRARY[title], owner=being)
        card.place = Place.PREPARED if prepared else Place.CODEX
        (being.prepared if prepared else being.codex).append(card)
        return card

    def cast(self, being: Being, title: str, target: str | None = None, *discards: str) -> Card:
        card = self.give(being, title)
        being.full_actions = max(being.full_actions, 1)
        self.game.cast(being, Cast(title, target, None, tuple(discards)))
        return card

    def in_play(self, being: Being, title: str, target: str | None = None, *discards: str) -> Card:
        """Cast with the Resonance it needs, so a test can set up the board quickly."""
        being.resonance += max(0, -LIBRARY[title].resonance)
        return self.cast(being, title, target, *discards)


@pytest.fixture
def table() -> Table:
    return Table()


def compile_cards(text: str) -> dict[str, Any]:
    """Compile card source text for a test and load the generated classes, as `spellc build` would."""
    import tempfile
    from pathlib import Path

    from compiler.build import compile_paths
    from compiler.emit_python import emit_python

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "test.spell"
        path.write_text(text, encoding="utf-8")
        result = compile_paths([path])
    assert result.ok, result.diagnostics.render()
    cards: dict[str, Any] = {}
    for name, source in emit_python(result.spells).items():
        if name != "__init__.py":
            namespace: dict[str, Any] = {}
            exec(compile(source, name, "exec"), namespace)
            cards.update({c.title: c for c in namespace["CARDS"]})
    return cards
