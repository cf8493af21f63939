"""The Ritual Path: tiers of a spell of fluency 2 and higher, bought as it is cast.

Glossary terms played here: Ritual Path, and an Ally's help with it. "Tiers cost 1 Harmony for 1 tier or
1 Will for 3 tiers", bought left to right (N/A tiers too); "Human Allies may help to upgrade your Ritual Path
at the same price. An Ally's investment is cumulative with your own".
"""

from __future__ import annotations

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Kind

RITUAL_WILL_TIERS = 3  # "Tiers cost 1 Harmony for 1 tier or 1 Will for 3 tiers"


def options(game: Battle, caster: Being, card: Card, start: int = 0) -> list[Choice]:
    """The tiers ``caster`` may buy next, ``start`` tiers being bought already (by the caster, for an Ally)."""
    options = [Choice("no tiers", (0, 0, 0))]
    for tiers in range(1, len(card.spec.ritual) - start + 1):
        for will in range(0, tiers // RITUAL_WILL_TIERS + 1):
            harmony = tiers - will * RITUAL_WILL_TIERS
            if will and not game.can_pay(caster, Energy.WILL, will):
                continue
            parts = [f"{will} Will"] * bool(will) + [f"{harmony} Harmony"] * bool(harmony)
            options.append(Choice(f"{tiers} tier{'s' * (tiers > 1)} for {' and '.join(parts)}",
                                  (tiers, will, harmony)))
    return options


def buy(game: Battle, caster: Being, card: Card) -> Flow[None]:
    """Tiers bought left to right (N/A tiers too) for 1 Harmony each or 1 Will for 3."""
    if not card.spec.ritual or game.level1:
        return
    pick = yield from game.ask("ritual", caster, f"buy tiers of {card.title}'s ritual path?",
                               options(game, caster, card), card)
    tiers, will, harmony = pick.value
    if tiers:
        game.pay(caster, Energy.WILL, will, "Ritual Path")
        game.pay(caster, Energy.HARMONY, harmony, "Ritual Path")
        card.paid.extend([(Energy.WILL, will)] * bool(will) + [(Energy.HARMONY, harmony)] * bool(harmony))
        game.say(f"{caster.name} buys {tiers} ritual tier(s) of {card.title}")
    tiers = yield from allies_help(game, caster, card, tiers)  # "cumulative with your own"
    card.ritual_tiers = tiers
    for tier in card.spec.ritual[:tiers]:
        card.gained.extend(tier.aspects)
    card.update_aspects()


def allies_help(game: Battle, caster: Being, card: Card, bought: int) -> Flow[int]:
    """"Human Allies may help to upgrade your Ritual Path at the same price. An Ally's investment is
    cumulative with your own": each human Ally in turn may buy the next tiers. Returns the tiers bought."""
    tiers = bought
    helpers = [a for a in game.allies(caster) if a is not caster and a.kind is Kind.MAGI and not a.incapacitated]
    for ally in helpers:
        if tiers >= len(card.spec.ritual):
            break
        pick = yield from game.ask("ritual", ally, f"help {caster.name} with tiers of {card.title}'s ritual path?",
                                   options(game, ally, card, start=tiers), card)
        n, will, harmony = pick.value
        if not n:
            continue
        for energy, amount in ((Energy.WILL, will), (Energy.HARMONY, harmony)):
            if amount:
                game.pay(ally, energy, amount, "Ritual Path")
                card.helped.append((ally, energy, amount))
        tiers += n
        game.say(f"{ally.name} buys {n} ritual tier(s) of {card.title} for {caster.name}")
    return tiers
