"""The entities at the table and what happens to them: damage, healing, drawing. Events that Interrupts wait
for are owed here and settled by the game (engine.rulesets.incantation_charges.game) once the play that
raised them is done."""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.engine.core import resources
from spellc.engine.rulesets.incantation_charges import incantation
from spellc.engine.rulesets.incantation_charges.cards import ActionCard
from spellc.engine.rulesets.incantation_charges.state import DECK, HAND, HEALTH, Entity, Settings


@dataclass(frozen=True, slots=True)
class Owed:
    """An event an Interrupt may answer: what happened, and to whom."""

    event: str
    subject: str


@dataclass(eq=False)
class Table:
    entities: dict[str, Entity]  # in seat order
    settings: Settings
    log: list[str] = field(default_factory=list)
    owed: list[Owed] = field(default_factory=list)

    def living(self) -> list[Entity]:
        return [e for e in self.entities.values() if not e.defeated]

    def enemies(self, of: Entity) -> list[Entity]:
        return [e for e in self.living() if e.team != of.team]

    def say(self, line: str) -> None:
        self.log.append(line)

    def owe(self, event: str, subject: Entity) -> None:
        self.owed.append(Owed(event, subject.name))

    def in_hand(self, entity: Entity, title: str) -> ActionCard:
        return next(c for c in entity.hand if c.title == title)


@dataclass(eq=False)
class Effect:
    """One play of a card's steps: who plays it, at whom, and (for an Interrupt) whom the event concerned."""

    table: Table
    card: ActionCard
    player: Entity
    target: Entity | None = None
    them: Entity | None = None

    def who(self, word: str) -> Entity | None:
        return {"you": self.player, "target": self.target, "them": self.them}[word]


def suffer_damage(table: Table, entity: Entity, amount: int) -> int:
    """Health lost; damage suffered breaks the entity's Incantation (unless an effect prevents it)."""
    lost = resources.lose(entity, HEALTH, amount)
    if lost <= 0:  # no Health lost: no damage suffered
        return 0
    table.say(f"{entity.name} suffers {lost} damage ({entity.health} Health)")
    had = entity.incanting or entity.charges > 0
    if had and incantation.damage_breaks_the_incantation(entity):
        table.say(f"{entity.name} loses its Incantation and its charges")
    elif had:
        table.say(f"{entity.name} keeps its Incantation and {entity.charges} charges: the loss is prevented")
    if entity.defeated:
        entity.incanting = False
        table.say(f"{entity.name} is defeated")
    return lost


def spend_charges(table: Table, entity: Entity, amount: int) -> None:
    """Charges spent, on an Action's entry or for an effect: the rest are lost, and enemies may answer."""
    incantation.spend_incantation_charges(entity, amount)
    table.say(f"{entity.name} spends {amount} Incantation charges and loses the rest")
    table.owe("spends incantation charges", entity)


def heal(table: Table, entity: Entity, amount: int) -> int:
    gained = resources.gain(entity, HEALTH, amount)
    if gained:
        table.say(f"{entity.name} heals {gained} ({entity.health} Health)")
    return gained


def draw(table: Table, entity: Entity, count: int = 1) -> int:
    """The top cards of the entity's deck into its hand; what it drew."""
    drawn = 0
    for _ in range(count):
        if not entity.zones[DECK]:
            break
        card = entity.zones[DECK][0]
        entity.zones.take(card, DECK)
        entity.zones.put(card, HAND)
        drawn += 1
    return drawn
