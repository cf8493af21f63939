"""Taking spells away: Banish, Spell Loss and Dampen.

Glossary terms played here: Banish, Spell Loss, Dampen.

- Banish: "To remove a spell from the battle entirely. Banished cards can not be re-attuned even if they
  are Bonded." A banished card lies in its owner's ``banished`` pile, which re-attuning never looks at
  (``Game.reattune`` offers the discard pile only). ``Dispel Banish`` and ``Spell Loss N Banish`` send
  cards there.
- Spell Loss N [Banish | Return]: the target removes N spells of their choice from their Codex —
  Sacrificed (to the discard pile) by default, Banished, or (Return) prepared spells go back to the
  Codex unprepared. "The Magi who owns the Codex is the one who chooses" (Sacrifice).
- [Energy] Dampen N: on a Response aimed at a manifesting spell, its controller "must immediately choose
  to either pay the additional costs or else discard the spell (no refund as this is not a Dispel)".
"""

from __future__ import annotations

from typing import Any

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.core.errors import Unsupported
from spellc.engine.rulesets.serpents_tongue import acts, exchange
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Place

# Where a Spell Loss (or a Dispel) sends a spell, by the word the effect prints after it.
SPELL_LOSS_TO = {None: Place.DISCARD, "Banish": Place.BANISHED, "Return": Place.CODEX}


def destination(word: object, what: str, card: str) -> Place:
    """The place a printed word (``Banish``, ``Return`` or none) names; any other word is unsupported."""
    if word not in SPELL_LOSS_TO:
        raise Unsupported(f"{what} {word}", card)
    return SPELL_LOSS_TO[word]


def spell_loss(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> Flow[None]:
    """The target chooses ``amount`` spells of their Codex and Sacrifices, Banishes or un-prepares them."""
    if not isinstance(target, Being):
        return
    word = aspect.params[1] if len(aspect.params) > 1 else None
    to = destination(word, "Spell Loss", fx.card.title)
    verb = {Place.DISCARD: "sacrifices", Place.BANISHED: "banishes", Place.CODEX: "returns unprepared"}[to]
    for _ in range(amount):
        pool = target.prepared if to is Place.CODEX else [*target.prepared, *target.codex]
        if not pool:
            break
        options = _by_title(pool)
        pick = yield from game.ask("spell loss", target, f"Spell Loss: which spell does {target.name} lose?",
                                   options, fx.card)
        lost = game.card(int(pick.value))
        if to is Place.CODEX:
            target.prepared.remove(lost)
            lost.place = Place.CODEX
            target.codex.append(lost)
        else:
            game.discard(lost, to)
        game.say(f"{target.name} {verb} {lost.title} (Spell Loss from {fx.name})")


def _by_title(cards: list[Card]) -> list[Choice]:
    """One choice per title: cards of the same title are alike in the Codex."""
    seen: dict[str, Choice] = {}
    for c in cards:
        seen.setdefault(c.title, acts.named(c.title, c.id))
    return list(seen.values())


def dampen(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> Flow[None]:
    """The Dampened spell's controller pays the extra energy now, or the spell is discarded unrefunded."""
    if not isinstance(target, Card) or not target.manifesting:
        return
    energy = Energy(aspect.qualifier) if aspect.qualifier else Energy.RESONANCE
    who = target.controller or target.owner
    cost = f"{amount} {energy.value}"
    yield from game.emit_event("this is Dampened", card=target)  # before its controller chooses

    def options(game: Battle, who: Being) -> list[Choice]:
        pay = [Choice(f"pay {cost}", True)] if game.can_pay(who, energy, amount) else []
        return [*pay, Choice(f'discard "{target.title}"', False)]

    # An energy exchange may pay for it ("at any time"): offered beside the choice.
    pick = yield from exchange.ask(game, who, "dampen", f"{fx.name} Dampens {target.title}: pay {cost} or discard it?",
                                   options, target)
    if pick is not None and pick.value:
        game.pay(who, energy, amount, "Dampen")
        target.paid.append((energy, amount))  # a casting cost like the others: a later Dispel refunds it
        game.say(f"{who.name} pays {cost} more for {target.title} (Dampen)")
    else:
        game.say(f"{target.title} is discarded: {who.name} does not pay the Dampen (no refund)")
        game.discard(target)


DIRECTIVES: dict[str, Any] = {"spell_loss": spell_loss, "dampen": dampen}
