"""The rules of Serpent's Tongue (Crucible Update): the round, and the state every rule reads and changes.

The round is declared as data (``ROUND``): its phases in order, each playing the rules of its chapter module,
a function of the game named after the rule (:mod:`.initiative`, :mod:`.maintenance`, :mod:`.preparation`,
:mod:`.actions`). :class:`Game` holds the match: its beings and cards, the energies' arithmetic and limits,
the decisions it asks and the dice it rolls, and how a card enters and leaves its zones.

The engine is a generator (:meth:`Game.run`): it plays the rules and, whenever someone must choose, yields a
:class:`~engine.core.decisions.Decision` listing every legal choice, and is sent one back. Nothing here asks
a callback, so a match can stop at any decision, be inspected, copied and resumed (:mod:`engine.core.match`).
The cast cycle, Responses and Defenses live in :mod:`.casting` and :mod:`.impact`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from spellc.engine.core import chance, flow, resources
from spellc.engine.core.decisions import Choice, Decision, Flow, Outcome
from spellc.engine.core.errors import IllegalAction
from spellc.engine.core.events import Hooks
from spellc.engine.core.zones import Table
from spellc.engine.rulesets.serpents_tongue import (
    actions,
    acts,
    allies,
    control,
    encounter,
    events,
    holdings,
    initiative,
    maintenance,
    preparation,
    transmutes,
    triggers,
)
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, CardLibrary, Energy, Selector
from spellc.engine.rulesets.serpents_tongue.protocol import Options
from spellc.engine.rulesets.serpents_tongue.state import (
    ENERGIES,
    IN_PLAY,
    MANIFESTING,
    ROUND_COUNTERS,
    Being,
    Card,
    Place,
    Zone,
    aspect_named,
    being_json,
    fits,
)

D10 = chance.parse("d10")
DISCORD_LIMIT = 20  # "If a Magi reaches 20 Discord, he or she is immediately incapacitated"


def refresh_round_counters(game: Game) -> None:
    """The once-a-round counters go back (state.ROUND_COUNTERS), and so do the abilities' uses."""
    for b in game.beings:
        resources.refresh(b, ROUND_COUNTERS, "round begins")
    for card in game.all_in_play():
        card.ability_uses.clear()


def _kept(card: Card, name: str) -> Aspect | None:
    """Its aspect ``name`` of those it keeps (looked for among their names first: most cards have few)."""
    return aspect_named(card.aspects, name) if name in card.names else None


ROUND_OVER = "round is over"  # no rule reacts to it: it is heard by what watches the match (Game.hooks)

# The round (Quick Start, "Round Structure"): "Each round always begins with a Resonance roll", then the
# initiative, maintenance, spell preparation and action phases; "After all players have concluded their
# maintenance phases, check for any victory conditions", and a match that ends there plays no more phases.
# Each phase's steps are the rules of its chapter module, in order.
ROUND = (
    flow.Phase("refresh", steps=(refresh_round_counters,)),
    flow.Phase("initiative", begins="round begins", steps=(initiative.initiative_phase,)),
    flow.Phase("maintenance", steps=(maintenance.maintenance_phase, triggers.settle, maintenance.check_victory)),
    flow.Phase("preparation", steps=(preparation.spell_preparation_phase,)),
    flow.Phase("action", steps=(actions.action_phase,), ends="round ends"),  # before the prepared spells go back
    flow.Phase("cleanup", steps=(preparation.prepared_spells_return,)),
    flow.Phase("end", steps=(), ends=ROUND_OVER, after_outcome=True),  # even for a round that ended the match
)


# The energies a level 1 match leaves alone: "we will not use the advanced energies of Harmony or Will" (Act I).
ADVANCED = frozenset({Energy.HARMONY, Energy.WILL, Energy.VOICE})


class Game:
    """The whole state of a match and the rules that change it."""

    def __init__(self, beings: list[Being], library: CardLibrary, options: Options | None = None, *,
                 plays: frozenset[str]) -> None:
        self.beings = beings
        self.library = library
        self.options = options or Options()
        # The behaviours the engine plays: the names the ruleset's registry binds (bindings.implemented()),
        # given by whoever sets the match up, since the registry sits above these rules. A card whose keyword
        # is bound to nothing cannot be cast (declaration.unsupported).
        self.plays = plays
        # Read at every decision (energies, exchanges): a level 1 match leaves the ADVANCED energies alone.
        self.level1 = self.options.level == 1
        self.table = Table()  # every being's zones count their changes here: all_in_play is kept until one
        # all_in_play, kept: the table's count of changes and the beings it was read at, and the cards it found
        # (three attributes rather than a tuple: read at every call, several times a decision).
        self._in_play_at: int = -1
        self._seated: list[Being] = []
        self._in_play: list[Card] = []
        self._heard: tuple[list[Card] | None, frozenset[str]] = (None, frozenset())  # kept with _in_play (reacts_to)
        self.rng = random.Random(self.options.seed)
        self.round = 0
        self.phase = "setup"
        self.order: list[Being] = list(beings)
        self.outcome: Outcome | None = None
        self.log: list[str] = []
        self.hooks: Hooks[Game] = Hooks()  # tools watching the match (a scenario replay keeps each round's end)
        self.pending: list[Any] = []  # effects in their Response phase, innermost last
        self.pending_triggers: list[events.Pending] = []  # triggers owed by events, not yet run (events)
        self.turn: str | None = None
        self.nam_shubs: list[Card] = []  # begun Nam-Shub pages, beside their team zones (namshub)
        self._next_id = 0
        self._cards: dict[int, Card] = {}  # every registered card by id: a card never leaves the match
        # What a study rates each card by (holdings.py), read once the match is over and by no rule: the cards a
        # Magi held as the match began are its own of ids up to ``dealt`` (None until it begins); ``casts``
        # counts the casts of each, by id. (A number rather than a list of cards: a copy unpickles the state.)
        self.dealt: int | None = None
        self.casts: Counter[int] = Counter()
        for b in beings:
            for card in b.codex + b.prepared + b.in_play():
                self.register(card)

    def __getstate__(self) -> dict[str, Any]:
        """A restart point (engine.core.match) holds the state, not the card library: that is shared."""
        state = dict(self.__dict__)
        state["library"] = None
        return state

    # ------------------------------------------------------------------ the match protocol (engine.core.match)
    def explain(self, decision: Decision, choice: str) -> str | None:
        """The rule that refuses ``choice``, and why ("Energy Exchange: ... one per round")."""
        return actions.explain(self, decision, choice)

    def intervene(self, kind: str, who: str, value: str) -> None:
        """"No more Easy Mode!": an Encounter changes mode between two decisions (a script does it as a
        round begins); the match records it, so a copy has it too."""
        if kind != "mode":
            raise IllegalAction("Match", f"Serpent's Tongue knows no intervention {kind!r}")
        encounter.set_mode(self, self.being(who), value)

    def reconsider(self, decision: Decision) -> Decision:
        """An Encounter's mode changes no choice of the decision pending: the same one."""
        return decision

    # ------------------------------------------------------------------ helpers
    def register(self, card: Card) -> Card:
        if not card.id:
            self._next_id += 1
            card.id = self._next_id
        self._cards[card.id] = card
        return card

    def being(self, name: str) -> Being:
        for b in self.beings:
            if b.name == name:
                return b
        raise IllegalAction("Target", f"there is no being named {name!r} in this match")

    def card(self, card_id: int) -> Card:
        card = self._cards.get(card_id)
        if card is None:
            raise IllegalAction("Card", f"there is no card #{card_id}")
        return card

    def opponents(self, b: Being) -> list[Being]:
        return [o for o in self.beings if o.team != b.team]

    def foes(self, b: Being) -> list[Being]:
        """The opponents still standing: those a spell or an ability may aim at (asked for every Attack that
        might be cast, at every decision: one pass over the beings)."""
        team = b.team
        return [o for o in self.beings if o.team != team and not o.incapacitated]

    def allies(self, b: Being) -> list[Being]:
        """"A Magi on the same team" — the Magi itself included, for targeting its own zones."""
        return [o for o in self.beings if o.team == b.team]

    def say(self, text: str) -> None:
        if self.options.log:
            self.log.append(f"R{self.round}: {text}")

    def living(self) -> list[Being]:
        return [b for b in self.order if not b.incapacitated]

    def all_in_play(self) -> list[Card]:
        """Every being's spells in play, being by being, then its body (read at nearly every decision: kept
        until a zone at the table changes, or a being comes or goes): to read, never to change."""
        if self._in_play_at == self.table.changes and self._seated == self.beings:
            return self._in_play
        for b in self.beings:  # a being that came to the table since: its zones count their changes here
            if b.zones.table is not self.table:
                self.table.seat(b.zones)
        cards = self._in_play = [card for b in self.beings for card in b.in_play()]
        self._in_play_at, self._seated = self.table.changes, list(self.beings)
        return cards

    def reacts_to(self, event: str, card: Card | None = None) -> bool:
        """Whether a spell in play, or ``card`` (the one ``event`` happens to), has a trigger on ``event``: what
        its triggers hear (Card.hears), for the spells in play kept as long as :meth:`all_in_play` is. Most
        events, even with spells in play, set nothing off, and are queued no further (events.queue)."""
        # all_in_play, its kept list read without a call when it holds (most events, most of the time)
        cards = self._in_play if self._in_play_at == self.table.changes and self._seated == self.beings else (
            self.all_in_play())
        if cards:
            kept = self._heard
            if kept[0] is not cards:
                kept = self._heard = (cards, frozenset().union(*[c.hears for c in cards]))
            if event in kept[1]:
                return True
        return card is not None and event in card.hears

    # ------------------------------------------------------------------ asking
    def ask(self, kind: str, being: Being | None, prompt: str, options: Sequence[Choice],
            card: Card | None = None) -> Flow[Choice]:
        """Put a decision; a question with one legal answer is answered by the rules themselves."""
        if not options:
            raise AssertionError(f"no legal choice for {kind}: {prompt}")
        if len(options) == 1:
            return options[0]
        if being is not None and being.body is not None:
            being = allies.commander(being)  # a Koishaka's choices are its controller's
        # Every field given by position: a keyword costs the call half as much again, at every decision.
        choice = yield Decision(kind, being.name if being else None, prompt, tuple(options),
                                card.title if card else None)
        return choice

    def decision(self, kind: str, being: Being, prompt: str, options: Sequence[Choice],
                 card: Card | None = None) -> Decision:
        """The decision :meth:`ask` yields, for a question of several answers put to ``being``: where the rules
        ask at nearly every step (a turn's action, a spell to prepare), they yield it themselves, with no flow
        of :meth:`ask` to make and run at each step."""
        if being.body is not None:
            being = allies.commander(being)  # a Koishaka's choices are its controller's
        return Decision(kind, being.name, prompt, tuple(options), card.title if card else None)

    def die(self, sides: int, why: str) -> Flow[int]:
        """One die, from the match's one seeded source or, when chance is scripted, a ``die`` decision."""
        if self.options.chance == "auto":
            return self.rng.randint(1, sides)
        choice = yield Decision("die", None, why, chance.faces(sides))
        return int(choice.value)

    def roll(self, why: str, dice: chance.Dice = D10) -> Flow[int]:
        """The total of a roll (a ten-sided die unless ``dice`` says otherwise; its 0 face reads as 10)."""
        if self.options.chance == "auto" and dice.keep is None and not dice.explode:
            # Every die counts, each thrown once: the same draws as chance.roll's from the seeded source, summed
            # without a flow and a Roll made for each die (a roll or two every round).
            randint, sides = self.rng.randint, dice.sides
            total = dice.plus
            for _ in range(dice.count):
                total += randint(1, sides)
            return total
        thrown = yield from chance.roll(self, dice, why)
        return thrown.total

    # ------------------------------------------------------------------ energies
    def gain(self, b: Being, energy: Energy, amount: int) -> int:
        """Incapacitated Magi cannot gain energies; Essence never rises above starting Essence."""
        if b.incapacitated or amount <= 0 or (self.level1 and energy in ADVANCED) or energy in b.lacks:
            return 0
        # With no spell in play (most gains), nothing enjoins: told without asking control.enjoined.
        injunction = control.enjoined(self, b, energy) if self.all_in_play() else None
        if injunction is not None:
            self.say(f"{b.name} cannot gain {energy.value}: {injunction.title} (Injunction)")
            return 0
        # resources.gain, written out (a Magi gains at every Meditation, every cast that generates): up to its
        # most, and a value above its most already stays where it is.
        res = ENERGIES[energy]
        now = getattr(b, res.attr)
        new = now + amount
        top = getattr(b, res.cap_attr) if res.cap_attr is not None else res.cap
        if top is not None:
            new = max(now, min(new, top))
        setattr(b, res.attr, new)
        return int(new - now)

    def lose(self, b: Being, energy: Energy, amount: int) -> int:
        """Dmg to an energy. Harmony may go negative (Discord); the others stop at zero."""
        if amount <= 0 or (self.level1 and energy in ADVANCED) or energy in b.lacks:
            return 0
        lost = resources.lose(b, ENERGIES[energy], amount)
        self.check_limits(b)
        return lost

    def can_pay(self, b: Being, energy: Energy, amount: int) -> bool:
        if b.incapacitated:
            return False
        if amount <= 0 or (self.level1 and energy in ADVANCED):
            return True
        # resources.can_pay, written out (asked for every spell that might be cast): Harmony may be paid into Discord
        res = ENERGIES[energy]
        return res.floor is None or getattr(b, res.attr) - amount >= res.floor

    def pay(self, b: Being, energy: Energy, amount: int, rule: str) -> None:
        if not self.can_pay(b, energy, amount):
            raise IllegalAction(rule, f"{b.name} cannot pay {amount} {energy.value} (has {b.energy(energy)})")
        if amount > 0 and not (self.level1 and energy in ADVANCED):
            if energy not in b.lacks:  # a lacked energy "is always considered to be zero"
                resources.spend(b, ENERGIES[energy], amount)
            self.check_limits(b)

    def check_limits(self, b: Being) -> None:
        # After every loss and payment: the energies are read first, being rarely at a limit.
        if b.essence <= 0 and Energy.ESSENCE not in b.lacks:
            self.incapacitate(b, "0 Essence")
        elif b.harmony <= -DISCORD_LIMIT and Energy.HARMONY not in b.lacks and not self.level1:
            self.incapacitate(b, f"{DISCORD_LIMIT} Discord")

    def incapacitate(self, b: Being, why: str) -> None:
        """Incapacitated: no energies, no Focus, no actions; its Duration effects stay and resolve."""
        if b.incapacitated:
            return
        b.incapacitated = True
        self.say(f"{b.name} is incapacitated ({why})")
        events.queue(self, "WHO is incapacitated", being=b)
        for card in list(self.all_in_play()):
            if card.focus is b:
                self.remove_focus(card, "its Focus is lost: the Magi is incapacitated")
        allies.on_incapacitated(self, b)

    # ------------------------------------------------------------------ the match
    def run(self) -> Flow[Outcome]:
        """The match's flow: the rounds' own (flow.play), not a flow of its own around it, which every decision of
        the match would pass through. What the match begins with is done as the flow is made: the match runs it
        at once (engine.core.match)."""
        holdings.begin(self)
        return flow.play(self, ROUND, self.options.max_rounds)

    def play_round(self) -> Flow[None]:
        return flow.play_round(self, ROUND)

    def draw_at_limit(self) -> Outcome:
        return Outcome(draw=True, reason=f"no winner after {self.round} rounds",
                       incapacitated=[b.name for b in self.beings if b.incapacitated])

    def snapshot(self) -> dict[str, Any]:
        return {"round": self.round, "beings": {b.name: being_json(b) for b in self.beings}}

    # ------------------------------------------------------------------ events
    def queue_event(self, event: str, *, card: Card | None = None, being: Being | None = None) -> None:
        """``event`` happened in plain code: its triggers run at the next settling (events)."""
        events.queue(self, event, card=card, being=being)

    def emit_event(self, event: str, *, card: Card | None = None, being: Being | None = None) -> Flow[None]:
        """``event`` happens now: what watches the match hears it, then its triggers run at once
        (engine.rulesets.serpents_tongue.events), in the flow returned, which its caller reads at once."""
        self.hooks.fire(self, event)
        return triggers.emit(self, event, card=card, being=being)

    # ------------------------------------------------------------------ zones and leaving play
    def enter_zone(self, card: Card, bearer: Being, zone: Zone) -> Flow[None]:
        card.place = Place.IN_PLAY
        card.bearer, card.zone = bearer, zone
        if zone is Zone.ENHANCEMENT:
            yield from self.make_room(bearer, card)
        bearer.zones.put(card, zone)
        if card.combined:  # Transmutes combined with it while it was being cast (most spells have none)
            transmutes.follow(card)
        self.uniqueness(card)

    def shift_control(self, card: Card, who: Being) -> None:
        """``who`` becomes the controller of ``card`` in play (Swap Focus, `gain control of`): "if the caster
        gains control of a duplicate spell, the original is discarded" (Unique to Caster)."""
        card.controller = who
        self.uniqueness(card)
        events.queue(self, "this changes controller", card=card)  # run for the new controller, as play settles

    def uniqueness(self, card: Card) -> None:
        """Unique to Bearer / Caster / Descriptor X and Legendary: the newcomer stays, the original goes."""
        others = [c for c in self.all_in_play() if c is not card and c.place is IN_PLAY]
        rules: list[tuple[str, Any]] = [
            ("Unique to Bearer", lambda o: o.title == card.title and o.bearer is card.bearer),
            ("Unique to Caster", lambda o: o.title == card.title and o.controller is card.controller),
            ("Legendary", lambda o: o.title == card.title),
        ]
        names = card.names
        for name, same in rules:
            if name in names:
                for other in others:
                    if same(other) and other.place is Place.IN_PLAY:
                        self.say(f"{other.title} is discarded: {name}")
                        self.discard(other)
        descriptor = "Unique to Descriptor"
        unique = _kept(card, descriptor)
        for other in others:
            for u in (unique, _kept(other, descriptor)):
                if u is not None and u.value in card.spec.descriptors and u.value in other.spec.descriptors \
                        and other.place is Place.IN_PLAY:
                    self.say(f"{other.title} is discarded: Unique to Descriptor {u.value}")
                    self.discard(other)

    def make_room(self, bearer: Being, card: Card) -> Flow[None]:
        if "Shape-Shift" in card.names:
            for other in list(bearer.zones[Zone.ENHANCEMENT]):
                if "Shape-Shift" in other.names:
                    self.say(f"{other.title} is discarded: only one Shape-Shift may be active")
                    self.discard(other)
        if not bearer.room_in(Zone.ENHANCEMENT):
            options = [acts.named(c.title, c.id) for c in bearer.slots_taken(Zone.ENHANCEMENT)]
            gone = yield from self.ask("enhancement", bearer, "which Enhancement is discarded to make room?",
                                       options, card)
            lost = self.card(gone.value)
            self.say(f"{lost.title} is discarded: a Magi has only {bearer.zones.capacity[Zone.ENHANCEMENT]} "
                     "Enhancement slots")
            self.discard(lost)

    def move(self, card: Card, zone: Zone) -> None:
        assert card.bearer is not None and card.zone is not None
        card.bearer.zones.take(card, card.zone)
        card.zone = zone
        card.bearer.zones.put(card, zone)
        transmutes.follow(card)

    def remove_focus(self, card: Card, why: str) -> None:
        """"If the caster's Focus is removed from the spell, immediately discard the spell, unless Sealed"."""
        card.focus = None
        events.queue(self, "this loses Focus", card=card)
        if "Sealed" in card.names:
            card.persistent = True
            return
        self.say(f"{card.title} is discarded: {why}")
        self.discard(card)

    def discard(self, card: Card, to: Place = Place.DISCARD) -> None:
        """Leave play (or the Rite zone) for the discard pile, the Codex or banishment."""
        # It leaves play: its trigger still runs (queued only when something hears it, as events.queue tells: most
        # of the time nothing does).
        if card.place in (IN_PLAY, MANIFESTING) and self.reacts_to("this is discarded", card):
            events.queue(self, "this is discarded", card=card)
        if card.spec.koishaka:
            allies.on_discard(self, card)  # an Ally spell takes its Koishaka with it
        self._uncombine(card)  # an Encounter's spell too: it leaves play, if not for a discard pile
        if card.encounter_ability:
            # "Encounters do not actually discard their spells and abilities."
            self._unplace(card)
            card.leave_play()
            encounter.return_card(card)
            return
        self._unplace(card)
        card.leave_play()
        owner = card.owner
        for pile in (owner.discard, owner.codex, owner.banished, owner.prepared):
            if card in pile:
                pile.remove(card)
        card.place = to
        {Place.DISCARD: owner.discard, Place.CODEX: owner.codex, Place.BANISHED: owner.banished}[to].append(card)

    def _uncombine(self, card: Card) -> None:
        """Combination: "if the target spell is discarded, all spells combined with it are also discarded"; and
        "the effect of a Transmute is removed when the Transmute is discarded", from the spell it lay on."""
        for t in list(card.combined):
            self.discard(t)
        card.combined.clear()
        spell = card.combined_with
        if spell is not None and card in spell.combined:
            spell.combined.remove(card)
            spell.update_aspects()

    def _unplace(self, card: Card) -> None:
        for b in self.beings:
            for z, cards in b.zones.items():
                if card in cards:
                    b.zones.take(card, z)
            if card in b.rite:
                b.rite.remove(card)
            if card in b.prepared:
                b.prepared.remove(card)

    # ------------------------------------------------------------------ selectors
    def matches(self, card: Card, sel: Selector) -> bool:
        if sel.state == "active" and not card.active:
            return False
        if sel.state == "manifesting" and not card.manifesting:
            return False
        if sel.state == "dormant" and not (card.dormant and card.place is Place.IN_PLAY):
            return False
        if sel.state == "rite" and card.place is not Place.RITE:
            return False
        return fits(card, sel)
