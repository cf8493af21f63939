"""What the tests of Incantation 2 build: magicians, spells and battles from the engine's own values, dice thrown
with scripted faces, and a piece of the rules driven by answering its decisions."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from typing import TypeVar

from spellc.engine.core import chance
from spellc.engine.core.decisions import Decision, Flow
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import (
    Difficulty,
    Frequency,
    Level,
    Library,
    MagicianCard,
    Range,
    SpellCard,
)
from spellc.engine.rulesets.rackham_incantation.elements import Element
from spellc.engine.rulesets.rackham_incantation.state import Magician, Model

T = TypeVar("T")
W, A, E, F, L, D = Element.WATER, Element.AIR, Element.EARTH, Element.FIRE, Element.LIGHT, Element.DARKNESS


# ---------------------------------------------------------------- building values
def mage(name: str = "Méliador", *, people: str = "Alahan", level: Level = Level.ADEPT, power: int = 7,
         initiative: int = 6, elements: tuple[Element, ...] = (A, L), camp: str = "Light",
         reserve: dict[Element, int] | None = None, spirit_of: tuple[Element, ...] = (),
         warrior_mage: bool = False, spells: tuple[str, ...] = ()) -> Magician:
    """A magician (Méliador of the Example of Play unless told otherwise) with its reference card."""
    card = MagicianCard(title=name, people=people, level=level, power=power, initiative=initiative,
                        elements=elements, spells=spells, spirit_of=spirit_of, warrior_mage=warrior_mage)
    return Magician(name, camp, card=card, reserve=Counter(reserve or {}))


def gorgon(reserve: dict[Element, int] | None = None) -> Magician:
    """"The Gorgon is Adept of Achéron. It controls Darkness and Fire. Its Power is 6" (8), Initiative 4."""
    return mage("Gorgon", people="Achéron", power=6, initiative=4, elements=(F, D), camp="Shadow",
                reserve=reserve)


SEVEN, THIRTY_CM, ONCE_A_TURN = Difficulty(7), Range(cm=30), Frequency()


def spell(title: str = "Flash of Light", *, college: str = "Elemental Light",
          gems: tuple[tuple[str, int], ...] = (("Light", 2),), difficulty: Difficulty = SEVEN,
          reach: Range = THIRTY_CM, frequency: Frequency = ONCE_A_TURN, target: str = "enemy") -> SpellCard:
    """A spell card (the Example of Play's Flash of Light unless told otherwise)."""
    return SpellCard(title=title, college=college, gems=gems, difficulty=difficulty, range=reach,
                     frequency=frequency, target=target)


def battle(*models: Model, cards: Iterable[SpellCard] = ()) -> Battle:
    """A battle of ``models`` whose dice are scripted (each a ``die`` decision)."""
    return Battle({m.name: m for m in models}, Library.of(cards))


# ---------------------------------------------------------------- dice and decisions
class Script:
    """A die source that answers each throw from a list of faces (as tests/test_chance.py's)."""

    def __init__(self, *faces: int) -> None:
        self.faces = deque(faces)

    def die(self, sides: int, why: str) -> Flow[int]:
        return self.faces.popleft()
        yield  # a Flow, as a battle's source is


def thrown(dice: chance.Dice, *faces: int) -> chance.Roll:
    """``dice`` thrown with the faces given, one die (and each throw again) after another."""
    source = Script(*faces)
    flow = chance.roll(source, dice, "test")
    try:
        next(flow)
    except StopIteration as done:
        roll: chance.Roll = done.value
        assert not source.faces, f"faces left unthrown: {list(source.faces)}"
        return roll
    raise AssertionError("the script source asks no decision")


def drive(flow: Flow[T], *answers: object) -> tuple[T, list[Decision]]:
    """Run a piece of the rules to its end, answering each decision it asks with the next of ``answers`` (a
    choice's label or value; a die's face); what it returns, and the decisions it asked."""
    pending = deque(answers)
    asked: list[Decision] = []
    try:
        decision = next(flow)
        while True:
            asked.append(decision)
            labels = [c.label for c in decision.options]
            assert pending, f"unanswered {decision.kind}: {decision.prompt} {labels}"
            want = pending.popleft()
            picked = next((c for c in decision.options if want in (c.label, c.value)), None)
            assert picked is not None, f"{want!r} is not among {labels} for {decision.prompt}"
            decision = flow.send(picked)
    except StopIteration as done:
        assert not pending, f"answers left unasked: {list(pending)}"
        return done.value, asked
