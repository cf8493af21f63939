"""A Magi's actions as choice values, and the kinds of decision Serpent's Tongue puts.

Decision kinds: action, respond, target, mode, optional, discard, upgrade, ritual, sustain, speak, first,
prepare, re-attune, resolve order, enhancement, sacrifice, spell loss, dampen, shield order (the bearer
re-orders its Shields; the first choice keeps the order they were placed in), die, draw. The energy
exchanges ride along as extra choices of action, respond, re-attune, sustain and dampen decisions
(engine.rulesets.serpents_tongue.exchange).
"""

from __future__ import annotations

from functools import cache

from spellc.engine.core.decisions import Choice, record


# The innate and standard actions of the action phase, as choice values.
@record
class Act:
    verb: str  # pass | meditate | shed | cast | ability | exchange | dismiss | upgrade-spec | swap-focus
    # | nam-shub | nam-shub-step | will-break
    card: int | None = None
    name: str | None = None  # ability name, spec tier, or "give:get" for an exchange


PASS = Choice("pass", Act("pass"))
MEDITATE = Choice("meditate", Act("meditate"))
SHED = Choice("shed interrupt stone", Act("shed"))
DONE = Choice("done", None)


# A card's choices are offered again at nearly every decision (the Codex at each preparation, the prepared
# spells at each turn): each is made once. A choice is never changed, so one object serves every decision.
@cache
def named(title: str, card_id: int) -> Choice:
    """A card offered by its title: ``"Fireball"``, its value the card's id."""
    return Choice(f'"{title}"', card_id)


@cache
def cast(title: str, card_id: int) -> Choice:
    """Casting a card, offered as an action or a Response."""
    return Choice(f'cast "{title}"', Act("cast", card_id))


@cache
def upgrade(title: str, card_id: int, tier: str) -> Choice:
    """Unlocking a tier of a Specialization (offered at every turn of its controller while it can pay)."""
    return Choice(f'upgrade "{title}" {tier}', Act("upgrade-spec", card_id, tier))


@cache
def dismiss(title: str, card_id: int) -> Choice:
    """Dismissing a card in play (a Specialization is offered at every turn of its controller)."""
    return Choice(f'dismiss "{title}"', Act("dismiss", card_id))
