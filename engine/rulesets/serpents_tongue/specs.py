"""Specializations: the Initiate ability from the start, tiers unlocked once per round as a Free Action.

"You must unlock tier 1 of a tree before tier 2, but you may unlock the two trees (A or B) in either
order." Voice may be spent 1-for-1 instead of Resonance, mixed as the Magi likes.
"""

from __future__ import annotations

from collections.abc import Iterator

from spellc.engine.core.decisions import Choice
from spellc.engine.rulesets.serpents_tongue import acts
from spellc.engine.rulesets.serpents_tongue.cards import Ability, Energy, Modifier, SpecTier, SpellCard
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Place, Zone


def unlocked(card: Card) -> list[SpecTier]:
    if not card.counters:  # no tier unlocked yet (read for every passive effect, at every decision)
        return []
    return [t for t in card.spec.tiers if card.counters.get(f"tier {t.key}")]


def modifiers(card: Card) -> tuple[Modifier, ...]:
    """A card's passive effects: its own, and those of the Specialization tiers it has unlocked (read for
    every spell that might be cast, at every decision: most of the time, its own alone)."""
    tiers = unlocked(card)
    if not tiers:
        return card.spec.modifiers
    return card.spec.modifiers + tuple(mod for t in tiers for mod in t.modifiers)


def abilities(card: Card) -> Iterator[Ability]:
    yield from card.spec.abilities
    for t in unlocked(card):
        yield from t.abilities


def next_tiers(card: Card) -> list[SpecTier]:
    done = {t.key for t in unlocked(card)}
    return [t for t in card.spec.tiers if t.key not in done and (t.tier == 1 or f"{t.tree}{t.tier - 1}" in done)]


def upgrade_options(game: Battle, b: Being) -> list[Choice]:
    """Upgrade Specialization: an innate Free Action, once per round."""
    if b.spec_upgraded_this_round:
        return []
    out = []
    for card in b.in_play():
        if card.spec.kind != "specialization" or card.controller is not b or not card.active:
            continue
        for t in next_tiers(card):
            if b.resonance + b.voice >= t.cost:
                out.append(acts.upgrade(card.title, card.id, t.key))
    return out


def upgrade(game: Battle, b: Being, card: Card, key: str) -> None:
    tier = next(t for t in card.spec.tiers if t.key == key)
    voice = min(b.voice, tier.cost)  # Voice has no other use here but exchanges of 10: spend it first
    game.pay(b, Energy.VOICE, voice, "Specialization")
    game.pay(b, Energy.RESONANCE, tier.cost - voice, "Specialization")
    card.counters[f"tier {key}"] = 1
    b.spec_upgraded_this_round = True
    paid = " and ".join(p for p in (f"{voice} Voice" * bool(voice), f"{tier.cost - voice} Resonance"
                                    * bool(tier.cost - voice)) if p)
    game.say(f"{b.name} unlocks {card.title} {key} ({tier.name}) for {paid or 'nothing'}")


def artifact_problem(b: Being, spec: type[SpellCard] | None, title: str) -> str | None:
    """"Magi generally may only carry a single Artifact at any time"; Artifacts, like Specializations,
    "are active at the start of the battle and cannot generally be activated after combat begins"."""
    if spec is None or spec.kind != "artifact":
        return f"{title!r} is not a compiled Artifact"
    if any(c.spec.kind == "artifact" for c in b.in_play()):
        return f"{b.name} already carries an Artifact: a Magi may carry only one"
    return None


def start(game: Battle, b: Being, spec: type[SpellCard]) -> Card:
    """"Each Magi may begin battle with one active Specialization" — in an Enhancement slot."""
    card = game.register(Card(spec=spec, owner=b))
    card.place = Place.IN_PLAY
    card.caster = card.controller = card.bearer = b
    card.zone = Zone.ENHANCEMENT
    card.persistent = True
    b.zones.put(card, Zone.ENHANCEMENT)
    return card
