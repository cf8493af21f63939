"""The Spell Preparation Phase (Quick Start, "Round Structure"): re-attuning spells from the discard pile,
then preparing up to three; and, as the round ends, "Any spell that is prepared but is not cast by the end of
the round returns to the Codex"."""

from __future__ import annotations

import bisect

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue import acts, codex, exchange, namshub, triggers
from spellc.engine.rulesets.serpents_tongue.acts import DONE
from spellc.engine.rulesets.serpents_tongue.cards import RESONANCE, Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import BANISHED, DISCARD, PREPARED, Being, Card, Kind, Place

MAX_PREPARED = 3
# Re-attuning brings "a discarded spell back into your Codex", to be prepared and cast: a Specialization or an
# Artifact its Magi dismissed is no spell, and casting it would put it into play again.
PUT_INTO_PLAY = {"specialization": "Specializations, aka Specs, may not be put into play once the battle begins.",
                 "artifact": "Artifacts also may not be put into play once the battle begins."}


def reattune_price(card: Card) -> int:
    """"One non-Bonded spell at a Resonance cost of 1 plus the fluency level of the spell"; Bonded: 1."""
    return 1 if "Bonded" in card.spec.printed_names else 1 + card.spec.fluency  # at every re-attuning choice


def spell_preparation_phase(game: Battle) -> Flow[None]:
    yield from triggers.emit(game, "spell preparation begins")
    for b in list(game.order):
        if b.incapacitated or b.kind is Kind.ENCOUNTER:  # Encounters need not prepare their spells
            continue
        if b.discard or b.burned_foci:  # else nothing to re-attune, which no exchange changes: not asked
            yield from reattune(game, b)
        yield from prepare(game, b)


def reattune(game: Battle, b: Being) -> Flow[None]:
    """One non-Bonded spell at 1 + fluency, any number of Bonded spells and Burned Foci at 1 each."""
    while True:
        # An energy exchange may pay for it: offered beside the choices (exchange.py).
        pick = yield from exchange.ask(game, b, "re-attune", f"{b.name}: re-attune a spell?", reattune_options)
        if pick is None or pick.value is None:
            return
        if pick.value == "focus":
            game.pay(b, Energy.RESONANCE, 1, "Burn Focus")
            b.burned_foci -= 1
            game.say(f"{b.name} re-attunes a Burned Focus")
            continue
        card = game.card(pick.value)
        bonded = card.spec.has("Bonded")
        game.pay(b, Energy.RESONANCE, reattune_price(card), "Re-Attune")
        b.reattuned_this_round = b.reattuned_this_round or not bonded
        b.discard.remove(card)
        card.place = Place.CODEX
        b.codex.append(card)
        if game.options.log:  # the line is written only for a log kept (Game.say)
            game.say(f"{b.name} re-attunes {card.title}")


def reattune_options(game: Battle, b: Being) -> list[Choice]:
    options = [DONE]
    seen: set[str] = set()
    once, bound = b.reattuned_this_round, codex.BOUND  # read once: the discard pile is read card by card
    for card in b.discard:
        # What why_not_reattune finds against it, told without saying why (asked of every card of the pile at each
        # re-attuning choice, where most are refused and no reason is read): a spell of its own discard pile, one
        # non-Bonded spell a round, and its price (reattune_price, written out).
        title = card.title
        if title in seen or card.place is not DISCARD or card.owner is not b or card.kind not in bound:
            continue
        bonded = "Bonded" in card.spec.printed_names
        if (not once or bonded) and game.can_pay(b, RESONANCE, 1 if bonded else 1 + card.spec.fluency):
            seen.add(title)
            options.append(acts.named(title, card.id))
    if b.burned_foci and game.can_pay(b, Energy.RESONANCE, 1):
        options.append(Choice("Focus", "focus"))
    return options


def why_not_reattune(game: Battle, b: Being, card: Card) -> str | None:
    """Why ``b`` cannot re-attune ``card`` now: "Re-Attune: reason" (or "Banish: ..."), None when it can."""
    if card.place is BANISHED:
        return f"Banish: {card.title} is banished, and banished cards can not be re-attuned"
    if card.place is not DISCARD or card.owner is not b:
        return f"Re-Attune: {card.title} is not in {b.name}'s discard pile"
    if card.spec.kind not in codex.BOUND:  # a Specialization or an Artifact its Magi dismissed
        kind = card.spec.kind
        return (f"Re-Attune: {card.title} is {codex.KINDS.get(kind, kind)}, not a spell "
                f"(\"{PUT_INTO_PLAY.get(kind, codex.RULE_SPELLS)}\")")
    if b.reattuned_this_round and "Bonded" not in card.spec.printed_names:
        return (f"Re-Attune: {b.name} has already re-attuned a non-Bonded spell this round (one a round; "
                "Bonded spells are unlimited)")
    price = reattune_price(card)
    if not game.can_pay(b, RESONANCE, price):
        return f"Re-Attune: {card.title} costs {price} Resonance to re-attune, and {b.name} has {b.resonance}"
    return None


def prepare(game: Battle, b: Being) -> Flow[None]:
    """"Magi may prepare up to 3 spells by placing them in the front pocket of their Codex"."""
    chosen: list[str] = []
    offer = Preparable(b.codex)
    prompt = f"{b.name}: prepare a spell?"
    while len(b.prepared) < MAX_PREPARED:
        offered = offer.choices()  # "done" is always one: a Codex with nothing to prepare is not asked (Game.ask)
        pick = offered[0] if len(offered) == 1 else (yield game.decision("prepare", b, prompt, offered))
        if pick.value is None:
            break
        card = game.card(pick.value)
        offer.take(card)
        b.codex.remove(card)
        card.place = PREPARED
        b.prepared.append(card)
        chosen.append(card.title)
    if chosen and game.options.log:  # the line is written only for a log kept (Game.say)
        game.say(f"{b.name} prepares {', '.join(chosen)}")


class Preparable:
    """What a Magi may prepare: "done", then the first copy of each title in its Codex, in Codex order (a
    Nam-Shub is begun, not prepared). The Codex is read once as the preparation begins, not at each of its
    choices: a prepared copy gives its place to the title's next copy, if there is one, looked for only then (a
    Magi prepares a few of some twenty spells, each round)."""

    def __init__(self, codex: list[Card]) -> None:
        self._codex = codex.copy()  # the Codex as it was: the places below are in it
        # The first copies offered: their places in the Codex, in order, and their choices, alike.
        self._places: list[int] = []
        self._offered: list[Choice] = []
        page, named = namshub.NamShub.kind, acts.named  # read once: the Codex is read card by card, each round
        places, offered = self._places, self._offered
        seen: set[str] = set()
        for place, card in enumerate(codex):  # the title told apart first: most cards repeat one already seen
            title = card.title
            if title not in seen and card.kind != page:
                seen.add(title)
                places.append(place)
                offered.append(named(title, card.id))

    def choices(self) -> tuple[Choice, ...]:
        """A decision's options: a tuple, which the decision keeps as it is (Game.decision)."""
        return (DONE, *self._offered)

    def take(self, card: Card) -> None:
        """``card`` (a first copy offered) is prepared: the title's next copy, if any, is offered in its place."""
        codex = self._codex
        at = codex.index(card)
        i = self._places.index(at)
        del self._places[i], self._offered[i]
        title, page = card.title, namshub.NamShub.kind
        for place in range(at + 1, len(codex)):  # the copies after it are all still in the Codex
            copy = codex[place]
            if copy.title == title and copy.kind != page:
                i = bisect.bisect(self._places, place)
                self._places.insert(i, place)
                self._offered.insert(i, acts.named(title, copy.id))
                return


def prepared_spells_return(game: Battle) -> None:
    """"Any spell that is prepared but is not cast by the end of the round returns to the Codex"."""
    for b in game.beings:
        for card in b.prepared:
            card.place = Place.CODEX
            b.codex.append(card)
        b.prepared.clear()
