"""A match of Incantation 2: turns of a Movement phase (trances are declared), a Magic phase ("integrated with
the Shooting phase": the magicians cast in Initiative order) and the mana recovery at the end of the turn,
declared below as data. The battle's rules are in casting.py, counters.py, recovery.py and effects.py.

Decision kinds: ``trance``, ``cast type`` (fast, prolonged or neither, as the Magic phase begins),
``tactical roll`` order aside (dice), ``activation`` (a spell to cast at a target, a sacrifice, or done),
``neutral gem``, ``difficulty``, ``additional gem``, ``counter`` (an absorption, a dispel, or let it be),
``re-roll`` (a six at mana recovery: re-roll and add, or stand), ``regain a gem``, ``gem of the sacrifice``, the
steps' ``may``, ``pay`` and ``choose one``, and ``die`` when the dice are scripted.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from spellc.engine.core import flow
from spellc.engine.core.decisions import Choice, Decision, Flow, Outcome
from spellc.engine.core.errors import IllegalAction
from spellc.engine.core.events import Hooks
from spellc.engine.core.steps import Asker, run
from spellc.engine.rulesets.rackham_incantation import casting, counters, initiative, recovery
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import Library
from spellc.engine.rulesets.rackham_incantation.casting import Cast
from spellc.engine.rulesets.rackham_incantation.effects import KINDS, Effect, describe
from spellc.engine.rulesets.rackham_incantation.elements import (
    ELEMENTS,
    Element,
    absorptions,
    combination_text,
    gems_text,
)
from spellc.engine.rulesets.rackham_incantation.state import Magician

MOVEMENT, MAGIC, RECOVERY = "Movement phase", "Magic phase", "Mana recovery"
TRANCE, NO_TRANCE = "enter a trance", "no trance"
FAST, PROLONGED, NEITHER = casting.FAST_CAST, casting.PROLONGED_CAST, "neither"
DONE = "done"
ELEMENT_NAMES = frozenset(e.value for e in ELEMENTS)
GEM_DECISIONS = frozenset({"neutral gem", "additional gem", "regain a gem", "gem of the sacrifice", "spend gem"})
# The choices that are the same at every turn, made once.
TRANCE_OPTIONS = (Choice(TRANCE, True), Choice(NO_TRANCE, False))
CAST_TYPES = (Choice(FAST, FAST), Choice(PROLONGED, PROLONGED), Choice(NEITHER, None))
DECLARATIONS = (Choice(FAST, ("declare", FAST)), Choice(PROLONGED, ("declare", PROLONGED)))
DONE_CHOICE = Choice(DONE, ("done",))


class Game:
    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.round = 0
        self.phase = ""
        self.outcome: Outcome | None = None
        self.last_cast: Cast | None = None  # the spell a counter decision is (or was last) about
        self.hooks: Hooks[Game] = Hooks()

    # ---- the match protocol (engine.core.match.Rules) and the flow (engine.core.flow.Flowing)
    def run(self) -> Generator[Decision, Choice, Outcome]:
        """The core's flow of turns itself: every decision passes through one generator fewer."""
        return flow.play(self, TURN, self.battle.settings.max_turns)

    def emit_event(self, event: str) -> Flow[None]:
        self.hooks.fire(self, event)
        return
        yield

    def draw_at_limit(self) -> Outcome:
        return Outcome(draw=True, reason=f"no camp won within {self.battle.settings.max_turns} turns")

    def intervene(self, kind: str, who: str, value: str) -> None:
        """A fact of the battlefield stated between two decisions (what is not a board, state.py): ``distance``
        (``value`` "NAME CM"), ``melee``, ``out of melee``, ``blind`` (``value``: whom ``who`` cannot see),
        ``moved`` or ``ran``."""
        facts = self.battle.facts
        names = [who, *([value.rsplit(" ", 1)[0]] if kind == "distance" else [value] if kind == "blind" else [])]
        for name in names:
            if name not in self.battle.models:
                raise IllegalAction("Facts", f"no model is named {name}")
        if kind == "distance":
            other, cm = value.rsplit(" ", 1)
            facts.place(who, other, int(cm))
        elif kind == "melee":
            facts.melee.add(who)
        elif kind == "out of melee":
            facts.melee.discard(who)
        elif kind == "blind":
            facts.blind.add((who, value))
        elif kind == "moved":
            facts.moved.add(who)
        elif kind == "ran":
            facts.busy.add(who)
        else:
            raise IllegalAction("Facts", f"no fact is called {kind!r}")

    @property
    def library(self) -> Library:
        """The battle's: a copy of the match is handed it again (its pickle leaves it out, battle.py)."""
        return self.battle.library

    @library.setter
    def library(self, library: Library) -> None:
        self.battle.library = library

    def explain(self, decision: Decision, choice: str) -> str | None:
        """Why ``choice`` is no legal answer of ``decision``'s magician, "Rule: reason", when a rule says why."""
        m = self.battle.models.get(decision.being or "")
        if not isinstance(m, Magician):
            return None
        if choice.startswith('cast "') and '" at ' in choice:
            return self._why_not_cast(m, *choice[len('cast "'):].partition('" at ')[::2])
        if choice.startswith(("absorb with ", "dispel with ")):
            return self._why_not_counter(m, choice)
        if choice.startswith("sacrifice "):
            return recovery.why_not_sacrifice(self.battle, m, choice[len("sacrifice "):])
        if choice == TRANCE and m.spec.warrior_mage:
            return f"Warrior-Mage: {m.name} is unable to enter a trance"
        if choice in (FAST, PROLONGED):
            return casting.may_declare(m, choice)
        if choice in ELEMENT_NAMES and decision.kind in GEM_DECISIONS:
            element = Element(choice)
            if element not in m.controls:
                return f"Elements: {m.name} cannot use gems of {choice}, an Element it does not control"
            if decision.kind != "regain a gem" and m.reserve[element] == 0:
                return f"Mana: {m.name} holds no gem of {choice}"
        return None

    def _why_not_cast(self, m: Magician, title: str, target: str) -> str | None:
        if title not in m.spec.spells:
            return f"Spell list: {title} is not among {m.name}'s spells"
        victim = self.battle.models.get(target)
        if victim is None:
            return f"Target: no model is named {target}"
        return casting.why_not(self.battle, m, self.library.spell(title), victim)

    def _why_not_counter(self, m: Magician, choice: str) -> str | None:
        """About the last spell cast: why ``m`` may not absorb or dispel it."""
        cast = self.last_cast
        if cast is None:
            return "Counter-spell: no spell has been cast to counter"
        problem = counters.can_be_countered(cast) or counters.may_counter(self.battle, m, cast)
        if problem:
            return problem
        if cast.countered:
            return f"Counter-spell: {cast.spell.title} was {cast.countered}"
        if choice.startswith("absorb with "):
            return why_not_absorb(m, cast, choice[len("absorb with "):])
        if cast.dispel_tried:
            return f"Dispel: only one dispel attempt can be made against {cast.spell.title}, and one was made"
        return None

    # ---- the turn
    def movement_phase(self) -> Flow[None]:
        """"A player declares that his magician is in a trance in the Movement phase" (Warrior-Magi "are unable
        to enter a trance")."""
        self.battle.say(f"Turn {self.round}")
        if self.battle.settings.random_facts:
            self.battle.state_facts_at_random()
        for m in self.battle.magicians():
            m.new_turn()
            m.wounds_at_start = m.wounds
            if m.spec.warrior_mage:
                continue
            picked = yield from self.battle.ask("trance", m, f"{m.name}: enter a trance?",
                                                TRANCE_OPTIONS)
            if picked.value:
                recovery.enter_a_trance(m)
                self.battle.say(f"{m.name} enters a trance")

    def magic_phase(self) -> Flow[None]:
        """The declarations, then each magician casts in Initiative order."""
        for m in self.battle.magicians():
            if casting.may_cast(self.battle, m):
                yield from self.declare_cast_type(m)
        order = yield from initiative.initiative_order(self.battle)
        for m in order:
            if m.present and self.outcome is None:
                yield from self.activate(m)

    def declare_cast_type(self, m: Magician) -> Flow[None]:
        picked = yield from self.battle.ask("cast type", m, f"{m.name}: declare a fast or prolonged cast?",
                                            CAST_TYPES)
        if picked.value:
            self.declare(m, picked.value)

    def declare(self, m: Magician, kind: str) -> None:
        """"A magician can declare a fast cast anytime in the Magic phase" (a prolonged cast alike): as the phase
        begins, its Initiative orders the casting; later, only the difficulty of the spells still to cast
        changes. One of the two a turn (casting.may_declare)."""
        (casting.declare_fast_cast if kind == FAST else casting.declare_prolonged_cast)(m)
        self.battle.say(f"{m.name} declares a {kind} (Initiative {m.initiative})")

    def activate(self, m: Magician) -> Flow[None]:
        """"Each magician can cast his spells one by one in the order he wishes"; "a magician is not compelled to
        cast a spell"."""
        while self.outcome is None and m.present:
            picked = yield from self.battle.ask("activation", m, f"{m.name}'s casting", self.activation_options(m))
            what = picked.value
            if what[0] == "done":
                return
            if what[0] == "declare":
                self.declare(m, what[1])
                continue
            if what[0] == "sacrifice":
                yield from recovery.sacrifice(self.battle, m, self.battle.model(what[1]))
                continue
            yield from self.cast(m, what[1], what[2])

    def activation_options(self, m: Magician) -> list[Choice]:
        """A spell to cast at a target, a cast type to declare, a devoted model to sacrifice, or done."""
        casts = casting.cast_options(self.battle, m)
        declarations = DECLARATIONS if casts and casting.declared(m) is None else ()  # may_declare: none yet
        return [*casts, *declarations, *recovery.sacrifice_options(self.battle, m), DONE_CHOICE]

    def reconsider(self, decision: Decision) -> Decision:
        """A fact stated (a distance, a melee, who cannot see whom) changes which spells a magician may cast at
        whom: its casting choices are listed again. Other decisions are about a spell already cast: they stand."""
        m = self.battle.models.get(decision.being or "")
        if decision.kind != "activation" or not isinstance(m, Magician):
            return decision
        return Decision(decision.kind, decision.being, decision.prompt, tuple(self.activation_options(m)),
                        decision.card)

    def cast(self, m: Magician, title: str, target: str) -> Flow[None]:
        spell = self.library.spell(title)
        cast = yield from casting.attempt(self.battle, m, spell, self.battle.model(target))
        if not casting.succeeds(cast):
            return
        self.last_cast = cast
        yield from counters.counter_window(self.battle, cast)
        if cast.countered:
            return
        fx = Effect(self.battle, cast)
        asker = Asker(m.name, title, describe)
        yield from run(spell.steps, fx, KINDS, asker)
        if spell.extra is not None:
            for _ in range(cast.extra // spell.extra.per):
                yield from run(spell.extra.steps, fx, KINDS, asker)
        self.check_outcome()

    def recovery_phase(self) -> Flow[None]:
        """"At the end of the turn, each model with a Power characteristic makes a mana recovery roll.\""""
        for m in self.battle.magicians():
            yield from recovery.mana_recovery(self.battle, m, m.wounds_at_start)
        self.battle.facts.new_turn()

    def check_outcome(self) -> None:
        """The camp with the last magicians on the battlefield wins, the others' slain, banished, or killed as
        their Stamina fell below 0 (stamina.py). The seed's book is magic only: a battle's other ways to end are
        Confrontation's."""
        camps = self.battle.camps()
        if len(camps) <= 1 and self.outcome is None:
            self.outcome = Outcome(winner=next(iter(camps), None), draw=not camps,
                                   incapacitated=[m.name for m in self.battle.models.values()
                                                  if isinstance(m, Magician) and not m.present],
                                   reason="the last camp with a magician")

    def snapshot(self) -> dict[str, Any]:
        return {"turn": self.round, "phase": self.phase,
                "magicians": {m.name: {"gems": dict(sorted((e.value, n) for e, n in m.reserve.items() if n)),
                                       "spells cast": m.spells_cast, "wounds": m.wounds}
                              for m in self.battle.magicians()}}


def why_not_absorb(m: Magician, cast: Cast, said: str) -> str:
    """Why an absorption named ``said`` ("Darkness + Earth") is refused: the wrong Elements, Elements the
    magician does not control, or gems it does not hold."""
    try:
        offered = tuple(sorted((Element(n.strip()) for n in said.split("+")), key=ELEMENTS.index))
    except ValueError:
        return f"Absorption: {said} names no Element"
    if len(offered) != len(cast.spent):
        return (f"Absorption: {cast.spell.title} was cast with {len(cast.spent)} gems "
                f"({combination_text(cast.spent)}); absorbing it takes as many")
    if offered not in absorptions(cast.spent, dict.fromkeys(ELEMENTS, len(offered)), ELEMENTS):
        return (f"Absorption: {combination_text(offered)} does not oppose {combination_text(cast.spent)} gem for "
                "gem (the Elemental Opposites table)")
    foreign = sorted({e.value for e in offered if e not in m.controls})
    if foreign:
        return f"Absorption: {m.name} does not control {', '.join(foreign)}"
    return f"Absorption: {m.name} does not hold {combination_text(offered)} (holds {gems_text(m.reserve)})"


# The turn: "The Magic phase is integrated with the Shooting phase" (6.1.2); "at the end of the turn, each
# model with a Power characteristic makes a mana recovery roll" (7).
TURN = (flow.Phase(MOVEMENT, (Game.movement_phase,), begins="movement phase begins"),
        flow.Phase(MAGIC, (Game.magic_phase,), begins="magic phase begins", ends="magic phase ends"),
        flow.Phase(RECOVERY, (Game.recovery_phase,), begins="recovery begins", ends="turn ends"))
