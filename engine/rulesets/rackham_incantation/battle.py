"""The battlefield of a match: its models in the order they were set up, the facts about them, the dice, and
the log. The rules (casting, counters, recovery, the effects) act on it; the game (game.py) runs its turns."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spellc.engine.core import chance
from spellc.engine.core.decisions import Choice, Decision, Flow
from spellc.engine.rulesets.rackham_incantation.cards import Library
from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS, Element
from spellc.engine.rulesets.rackham_incantation.state import Facts, Magician, Model, Settings


@dataclass(eq=False)
class Battle:
    models: dict[str, Model]
    library: Library
    settings: Settings = field(default_factory=Settings)
    facts: Facts = field(default_factory=Facts)
    seed: int | None = None  # None: the dice are scripted, each a ``die`` decision
    log: list[str] = field(default_factory=list)
    rng: random.Random = field(init=False)
    # What each magician's cards let it cast, worked out once (casting.known_spells): by its name, its card, the
    # library and the table. A copy of the match works them out again rather than carry them, and is handed the
    # library (engine.core.match: "shared by copies, never pickled with the state").
    spell_lists: dict[str, tuple[object, Library, tuple[Any, ...]]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.spell_lists = {}

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "spell_lists": {}, "library": None}

    # ---- who is where
    # Asked at most decisions: each reads Model.present's test itself (removed is None) rather than call it.
    def magicians(self) -> list[Magician]:
        return [m for m in self.models.values() if m.removed is None and isinstance(m, Magician)]

    def present(self) -> list[Model]:
        return [m for m in self.models.values() if m.removed is None]

    def enemies(self, of: Model) -> list[Model]:
        return [m for m in self.present() if m.camp != of.camp]

    def camps(self) -> set[str]:
        """The camps that still have a magician on the battlefield."""
        return {m.camp for m in self.magicians()}

    def model(self, name: str) -> Model:
        return self.models[name]

    def add(self, model: Model) -> Model:
        """A new model (summoned): named after its card, numbered when that name is taken."""
        base, n = model.name, 1
        while model.name in self.models:
            n += 1
            model.name = f"{base} {n}"
        self.models[model.name] = model
        return model

    @property
    def logged(self) -> bool:
        """Whether the battle keeps its log: a rule that spends work on a line (a gem count, dice) asks first."""
        return self.settings.log

    def say(self, line: str) -> None:
        if self.settings.log:
            self.log.append(line)

    def state_facts_at_random(self) -> None:
        """A random match's battlefield for the turn: each two models 0 to 40 cm apart (0: in base contact,
        engaged in a melee when they are enemies)."""
        names = [m.name for m in self.present()]
        self.facts.melee.clear()
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                cm = self.rng.choice((0, 10, 20, 30, 40))
                self.facts.place(a, b, cm)
                if cm == 0 and self.models[a].camp != self.models[b].camp:
                    self.facts.melee.update((a, b))

    # ---- asking
    def ask(self, kind: str, who: Model | None, prompt: str, options: Sequence[Choice],
            card: str | None = None) -> Flow[Choice]:
        """A decision; one with a single legal answer is answered by the rules themselves."""
        if len(options) == 1:
            return options[0]
        return (yield Decision(kind, who.name if who else None, prompt, tuple(options), card))

    def gem_choice(self, kind: str, m: Magician, prompt: str, among: Sequence[Element], card: str | None = None
                   ) -> Flow[Element]:
        """One gem's Element, among ``among`` (in the order of ELEMENTS)."""
        picked = yield from self.ask(kind, m, prompt, gem_options(among), card)
        return picked.value if isinstance(picked.value, Element) else Element(picked.value)

    # ---- dice (engine.core.chance)
    def die(self, sides: int, why: str) -> Flow[int]:
        if self.seed is not None:
            return self.rng.randint(1, sides)
        picked = yield Decision("die", None, why, chance.faces(sides))
        return int(picked.value)

    def roll(self, dice: chance.Dice, why: str) -> Flow[chance.Roll]:
        return chance.roll(self, dice, why)


_GEM_OPTIONS: dict[tuple[Element, ...], tuple[Choice, ...]] = {}  # by the Elements offered: a few dozen sets


def gem_options(among: Sequence[Element]) -> tuple[Choice, ...]:
    """A choice of each Element of ``among``, in the order of ELEMENTS (the same values every time, made once:
    a gem is chosen at most decisions of a match)."""
    key = tuple(among)
    options = _GEM_OPTIONS.get(key)
    if options is None:
        options = _GEM_OPTIONS[key] = tuple(Choice(e.value, e) for e in ELEMENTS if e in key)
    return options
