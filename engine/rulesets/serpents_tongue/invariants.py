"""Invariants of a match in any state: what a random legal match must never break (tests use them).

Each returns a list of broken rules, empty when the state is sound.
"""

from __future__ import annotations

from spellc.engine.core.match import Match
from spellc.engine.rulesets.serpents_tongue import allies, encounter_state, namshub
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.duration import lasts
from spellc.engine.rulesets.serpents_tongue.rules import Game
from spellc.engine.rulesets.serpents_tongue.state import MAX_INTERRUPT_STONES, Place, aspects_of


def of_match(match: Match) -> list[str]:
    """The invariants at a match's current decision (the conformance every ruleset declares, ruleset.toml):
    settled at a turn's action choice with no effect in progress."""
    game = match.game
    assert isinstance(game, Game)
    d = match.decision
    return broken(game, d is not None and d.kind == "action" and not game.pending)


def broken(game: Game, settled: bool) -> list[str]:
    """``settled``: no effect is in progress (a turn's action choice), so every spell in play must last."""
    out: list[str] = []
    for b in game.beings:
        if b.energy(Energy.RESONANCE) < 0:
            out.append(f"{b.name} has negative Resonance ({b.resonance})")
        for e in (Energy.WILL, Energy.VOICE, Energy.ESSENCE):
            if b.energy(e) < 0:
                out.append(f"{b.name} has negative {e.value}")
        if b.essence > b.starting_essence:
            out.append(f"{b.name} has {b.essence} Essence, above its starting {b.starting_essence}")
        for zone, capacity in b.zones.capacity.items():
            if len(b.slots_taken(zone)) > capacity:
                out.append(f"{b.name} has {len(b.slots_taken(zone))} cards in its {zone.value} zone, past {capacity}")
        # Past 2 only by effects of the Magi's own side ("Collect Interrupt Stone").
        if not 0 <= b.interrupt_stones <= MAX_INTERRUPT_STONES + b.own_side_stones:
            out.append(f"{b.name} has {b.interrupt_stones} interrupt stones")
        if b.full_actions < 0 or b.full_actions > b.actions_per_round + 1 + _bonus(game, b):
            out.append(f"{b.name} has {b.full_actions} Full Actions")
        if b.essence <= 0 and not b.incapacitated and Energy.ESSENCE not in b.lacks:
            out.append(f"{b.name} has 0 Essence but is not incapacitated")
    out.extend(_places(game))
    out.extend(_kept_views(game))
    out.extend(_kept_aspects(game))
    out.extend(_combinations(game))
    out.extend(allies.broken(game) + namshub.broken(game))  # Koishaka and Nam-Shub pages
    if settled:
        for card in game.all_in_play():
            if card.spec.kind == "spell" and not lasts(card):
                out.append(f"{card.title} is in play with no Duration, Durability or Focus to keep it there")
    return out


def _kept_views(game: Game) -> list[str]:
    """What the match keeps to read faster is what it would read afresh: the cards in play (kept until a zone
    at the table changes or a being comes or goes)."""
    fresh = [card for b in game.beings for card in b.in_play()]
    kept = game.all_in_play()
    if kept != fresh:
        return [f"the cards kept as in play ({[c.title for c in kept]}) are not those in play "
                f"({[c.title for c in fresh]})"]
    return []


def _kept_aspects(game: Game) -> list[str]:
    """Every card's aspects, kept as they change (Card.update_aspects), are those it has now (state.aspects_of): in
    every place, the spells being cast included."""
    cards = [c for b in game.beings for pile in (b.codex, b.prepared, b.rite, b.discard, b.banished, b.in_play())
             for c in pile] + [fx.card for fx in game.pending]
    return [f"{c.title} #{c.id} keeps the aspects {[a.text() for a in c.aspects]}, not those it has "
            f"({[a.text() for a in aspects_of(c)]})" for c in cards if c.aspects != aspects_of(c)]


def _bonus(game: Game, b: object) -> int:
    return encounter_state.stat_bonus(game, b, "actions")  # type: ignore[arg-type]


def _combinations(game: Game) -> list[str]:
    """A Transmute in play lies on a spell in play that lists it, in that spell's zone; a spell lists only
    Transmutes in play combined with it."""
    out = []
    for card in game.all_in_play():
        spell = card.combined_with
        if spell is not None and (spell.place is not Place.IN_PLAY or card not in spell.combined
                                  or card.zone is not spell.zone):
            out.append(f"{card.title} #{card.id} is combined with {spell.title}, which does not hold it")
        for t in card.combined:
            if t.place is not Place.IN_PLAY or t.combined_with is not card:
                out.append(f"{card.title} #{card.id} lists {t.title} #{t.id}, which is not combined with it")
    return out


def _places(game: Game) -> list[str]:
    """No card in two places, and every card where its ``place`` says."""
    seen: set[int] = set()
    out = []
    for b in game.beings:
        piles = ((Place.CODEX, b.codex), (Place.PREPARED, b.prepared), (Place.DISCARD, b.discard),
                 (Place.BANISHED, b.banished), (Place.RITE, b.rite), (Place.IN_PLAY, b.in_play()))
        for place, pile in piles:
            for card in pile:
                if card.id in seen:
                    out.append(f"{card.title} #{card.id} is in two places at once")
                seen.add(card.id)
                if card.place is not place:
                    out.append(f"{card.title} #{card.id} lies in {b.name}'s {place.value} but says {card.place.value}")
    return out
