"""The rules of seed 000, one function each, named after the rule they play. Every sentence quoted here is
the seed's.

Two readings the seed leaves to us, said once here:
- A round is a Draw Phase for every entity, then an Action Phase in which each entity takes its turn.
  "The entity continues incanting until the start of the entity's next turn", and "during the Draw Phase,
  an entity that is incanting gains one Incantation charge": so the Draw Phase comes between one turn and
  the next, or an Incantation begun as an Action could never gain a charge.
- Incanting ending at the start of a turn does not lose the charges: only damage ("loses any current
  Incantation as well as any built-up Incantation charges") and spending take them away. Charges are
  "stored to play later", and "an entity with Incantation charges" may play in the Draw Phase whether or not
  it still incants.
- The seed names the Draw Phase but not what is drawn: each entity draws the top card of its deck.
"""

from __future__ import annotations

from spellc.engine.core import resources
from spellc.engine.rulesets.incantation_charges.cards import ActionCard
from spellc.engine.rulesets.incantation_charges.state import CHARGES, Entity, Settings


def begin_an_incantation(entity: Entity) -> None:
    """"Once an entity has begun an Incantation, the entity is now incanting.\""""
    entity.incanting = True
    entity.pretending = False


def pretend_to_incant(entity: Entity) -> None:
    """"A player may still try to pretend to incant ... Such false Incantations are not actual
    Incantations": the entity is not incanting and gains no charge by it."""
    entity.pretending = True


def incanting_ends_at_turn_start(entity: Entity) -> None:
    """"The entity continues incanting until the start of the entity's next turn." An effect that prevented
    the loss of its Incantation lasted as long: it ends too."""
    entity.incanting = False
    entity.pretending = False
    entity.warded = False


def gain_incantation_charge(entity: Entity) -> bool:
    """"During the Draw Phase, an entity that is incanting gains one Incantation charge.\""""
    if not entity.incanting:
        return False
    resources.gain(entity, CHARGES, 1)
    entity.spent = False
    return True


def can_spend(entity: Entity, card: ActionCard) -> bool:
    """An Action with an Incantation entry is played "provided the entity has sufficient Incantation
    charges": an entry "equal to or less than the entity's current total of charges"."""
    return card.incantation is not None and resources.can_pay(entity, CHARGES, card.incantation)


def spend_incantation_charges(entity: Entity, amount: int) -> None:
    """"Whenever an entity spends any number of Incantation charges for any purpose, the entity then loses
    any leftover charges that may be remaining.\""""
    resources.spend(entity, CHARGES, amount)
    resources.lose(entity, CHARGES, entity.charges)
    entity.spent = True


def damage_breaks_the_incantation(entity: Entity) -> bool:
    """"An entity that suffers damage loses any current Incantation as well as any built-up Incantation
    charges. Some effects can prevent this loss; any effect that prevents an entity from losing its
    Incantation also prevents the entity from losing any accumulated Incantation charges." Whether it lost
    them."""
    if entity.warded:
        return False
    entity.incanting = False
    entity.pretending = False
    resources.lose(entity, CHARGES, entity.charges)
    return True


def ward_the_incantation(entity: Entity) -> None:
    """An effect that prevents the loss, until the start of the entity's next turn."""
    entity.warded = True


def capable_of_incantations(entity: Entity) -> bool:
    """Whether the entity is "capable of playing any Incantations": it holds an Action with an Incantation
    entry."""
    return any(card.is_incantation for card in entity.hand)


def may_begin_an_incantation(entity: Entity, settings: Settings) -> bool:
    """"This Action is always available" unless "the DM may determine that an entity that is not capable of
    playing any Incantations can also not begin an Incantation" (the match's setting)."""
    return not settings.incantation_needs_means or capable_of_incantations(entity)


def may_pretend(entity: Entity, settings: Settings) -> bool:
    """Pretending is left to an entity the DM's setting keeps from beginning a real Incantation."""
    return not may_begin_an_incantation(entity, settings)


def is_answered_by(holder: Entity, subject: Entity) -> bool:
    """Whether an Interrupt of ``holder`` answers an Incantation-related event of ``subject``: its events are
    an enemy's, someone of another side. A false Incantation raises no event at all: "they cannot trigger
    Assists or Interrupts that rely on Incantation-related events"."""
    return subject.team != holder.team
