"""What Serpent's Tongue's players know beyond its rules (engine.core.players): how well a Magi stands, and how
to deal again what it cannot see.

The evaluation weighs a side's energies and its spells in play against the other side's, in the Quick Start's
words: Essence is "basically your health", and "matches are over once a Magi or team no longer has Essence";
Resonance "is used to cast spells"; "At 20 Discord, Magi are automatically incapacitated and lose the battle";
Will is "used for upgrading spells and to perform an Energy Exchange". A finished match is scored by its
Outcome.

The determinization: a Magi sees every spell in play, in the Rite zone, in discard piles and banished, and every
energy; it does not see another Magi's Codex (its spells and their order) nor the spells it has prepared ("placing
them in the front pocket of their Codex"), and nobody knows the dice still to roll or the next counter out of an
Encounter's bag. So those hidden spells are dealt again from the cards there are, as a legal Codex allows beside
the spells of that Magi already seen, and the match's dice are seeded again.

What each Magi held as the match began, and cast, is kept by the rules as they play (holdings.py): a study reads
it to rate each card.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from spellc.engine.core.players import Knowledge
from spellc.engine.rulesets.serpents_tongue import codex, holdings
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary, SpellCard
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import MAGI, Being, Card, Zone

# What each thing is worth, in Essence: Essence is health, and the rest is worth what it will do to Essence.
RESONANCE_WORTH = 0.15  # it pays for spells: a Fluency 1 Attack costs about 2 and deals about 2
# Resonance is worth what can be cast with it soon: beyond a few rounds' spells, hoarded, it deals nothing ("A
# Speaker's power can ramp up quickly in a single encounter, but then drain away almost as quickly").
RESONANCE_USABLE = 10
WILL_WORTH = 0.3  # "1 Will for 3 tiers" of a Ritual Path, or an energy exchange
DISCORD_WORTH = 0.3  # each point of Discord, on the way to the 20 that incapacitate
SPELL_WORTH = 0.6  # a spell in play, per Fluency: its Duration keeps dealing (or stopping) Dmg every round
# How sharply a lead in Essence turns into a won match: a lead of 6 Essence (half a Magi) scores about 0.85.
STEEPNESS = 0.3


def evaluation(game: Battle, being: str) -> float:
    """How well ``being``'s team stands, from 0 (lost) to 1 (won): the match's Outcome once it is over, else the
    lead of its side's standing over its opponents', squashed into (0, 1)."""
    outcome = game.outcome
    me = game.being(being)
    if outcome is not None:
        if outcome.draw or outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == me.team else 0.0
    lead = 0.0
    for b in game.beings:
        lead += standing(b) if b.team == me.team else -standing(b)
    for effect in game.pending:  # a spell manifesting: what was paid for it is not lost, it is on its way
        if effect.is_spell:
            worth = SPELL_WORTH * max(1, effect.card.spec.fluency)
            lead += worth if effect.controller.team == me.team else -worth
    return 1.0 / (1.0 + math.exp(-STEEPNESS * lead))


def standing(b: Being) -> float:
    """A being's standing, in Essence: "Incapacitated Magi cannot spend/gain energies ... or take any Actions"
    (nothing); else its Essence, its Resonance and Will, less its Discord, and its spells in play."""
    if b.incapacitated:
        return 0.0
    discord = max(0, -b.harmony)
    worth = b.essence + RESONANCE_WORTH * min(b.resonance, RESONANCE_USABLE) + WILL_WORTH * b.will
    worth -= DISCORD_WORTH * discord
    return worth + SPELL_WORTH * sum(spell_worth(card, b) for card in b.in_play())


def spell_worth(card: Card, bearer: Being) -> float:
    """A spell in play on ``bearer``, for whoever controls it: its Fluency, the bearer's gain if its own, the
    bearer's loss if an opponent's ("Play your Attacks into your TARGET's attack zone": an Attack or a Curse in a
    Magi's zones is aimed at it)."""
    fluency = max(1, card.spec.fluency)
    controller = card.controller or card.owner
    if controller.team == bearer.team:
        return fluency if card.zone not in (Zone.ATTACK, Zone.CURSE) else 0.0
    return -fluency


def determinize(game: Battle, being: str, rng: random.Random) -> None:
    """Deal again, in place, what ``being`` cannot see: every other Magi's Codex and prepared spells, drawn from
    the cards there are as a legal Codex allows, and the dice still to roll."""
    me = game.being(being)
    spells = spell_cards(game.library)
    for other in game.beings:
        if other is not me and other.kind is MAGI:
            deal_hidden_spells(other, spells, rng)
    game.rng.seed(rng.getrandbits(64))  # "When energy is tied ... simply roll a die": no one knows the roll


def spell_cards(library: CardLibrary) -> list[type[SpellCard]]:
    """The spells a Codex may hold (what ``setup.duel`` draws Codexes from), listed once per library: a search
    deals again at every iteration."""
    kept = _SPELLS.get(id(library))
    if kept is None or kept[0] is not library:
        spells = sorted((s for s in library.cards.values() if s.kind == "spell"), key=lambda s: s.title)
        kept = _SPELLS[id(library)] = (library, spells)
    return kept[1]


_SPELLS: dict[int, tuple[CardLibrary, list[type[SpellCard]]]] = {}


def deal_hidden_spells(b: Being, spells: list[type[SpellCard]], rng: random.Random) -> None:
    """Each spell of ``b``'s Codex and front pocket becomes a spell drawn at random, so that the Codex stays
    legal beside the spells of ``b`` already seen (in play, in the Rite zone, discarded, banished)."""
    hidden = [c for c in (*b.codex, *b.prepared) if c.spec.kind == "spell"]
    if not hidden:
        return
    seen = [c.spec for c in b.discard + b.banished + b.rite if c.spec.kind == "spell"]
    seen += [c.spec for c in b.zones.all() if c.owner is b and c.spec.kind == "spell"]
    titles = Counter(s.title for s in seen)
    fluency = Counter(s.fluency for s in seen)
    for card in hidden:
        spec = legal_draw(spells, titles, fluency, rng)
        titles[spec.title] += 1
        fluency[spec.fluency] += 1
        card.become(spec)
    b.codex_views.clear()  # what was read off the Codex is of the spells it held before


def legal_draw(spells: list[type[SpellCard]], titles: Counter[str], fluency: Counter[int],
               rng: random.Random) -> type[SpellCard]:
    """A spell that a Codex already holding ``titles`` at ``fluency`` may take ("Only 3 spells of the same title
    may be included ... Only 5 of these can be fluency level 3, and only 2 can be fluency level 4"); after a
    few refusals, any spell (a Codex the rules allow exists: the real one)."""
    limit = {3: codex.MAX_FLUENCY_3, 4: codex.MAX_FLUENCY_4}
    spec = spells[rng.randrange(len(spells))]
    for _ in range(20):
        cap = 1 if spec.has("Unique to Codex") else codex.MAX_PER_TITLE
        if titles[spec.title] < cap and fluency[spec.fluency] < limit.get(spec.fluency, codex.CODEX_SIZE):
            return spec
        spec = spells[rng.randrange(len(spells))]
    return spec


def seats(game: Battle) -> tuple[str, ...]:
    """The Magi, in the order they sit (an Encounter plays by its own rules, not by a player's choices)."""
    return tuple(b.name for b in game.beings if b.encounter is None)


KNOWLEDGE = Knowledge(evaluation=evaluation, determinize=determinize, seats=seats, holdings=holdings.held)
