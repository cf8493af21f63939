"""A match of Incantation charges: rounds of a Draw Phase and an Action Phase (declared below as data), the
plays each phase allows, and the Interrupts that answer Incantation events.

Decision kinds (what scripts and players answer): ``turn`` (an entity's Action: play a card, begin an
Incantation, pretend to, or pass), ``draw phase`` (spend the charges at once on an Incantation, or keep them),
and the steps' ``may``, ``pay`` and ``choose one``.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from spellc.engine.core import flow
from spellc.engine.core.decisions import Choice, Decision, Flow, Outcome
from spellc.engine.core.errors import IllegalAction
from spellc.engine.core.events import Hooks, settle
from spellc.engine.core.steps import Asker, Do, run
from spellc.engine.rulesets.incantation_charges import incantation
from spellc.engine.rulesets.incantation_charges.cards import EVENTS, ActionCard, Aim, Kind, Library
from spellc.engine.rulesets.incantation_charges.state import DISCARD, HAND, WAITING, ZONES, Entity, Settings
from spellc.engine.rulesets.incantation_charges.steps import KINDS, describe
from spellc.engine.rulesets.incantation_charges.table import Effect, Owed, Table, draw, spend_charges

DRAW_PHASE, ACTION_PHASE = "Draw Phase", "Action Phase"
BEGIN, PRETEND, PASS, KEEP = "begin an incantation", "feign an incantation", "pass", "keep the charges"
EVENT_LIMIT = 100  # Interrupts answering Interrupts: a chain longer than this is a card loop


class Game:
    """The game holds no chance: the seed's rules roll no die, and a random match's decks are shuffled as it is
    set up (setup.py)."""

    def __init__(self, entities: list[Entity], library: Library, settings: Settings | None = None) -> None:
        self.table = Table({e.name: e for e in entities}, settings or Settings())
        self.library = library
        self.round = 0
        self.phase = ""
        self.outcome: Outcome | None = None
        self.hooks: Hooks[Game] = Hooks()  # tools watching the match (a scenario replay)

    # ---- the match protocol (engine.core.match.Rules) and the flow (engine.core.flow.Flowing)
    def run(self) -> Generator[Decision, Choice, Outcome]:
        remember_holdings(self.table)
        return (yield from flow.play(self, ROUND, self.table.settings.max_rounds))

    def explain(self, decision: Decision, choice: str) -> str | None:
        """Why ``choice`` is no legal answer, by the rule it breaks ("Rule: reason"), when one says why."""
        entity = self.table.entities.get(decision.being or "")
        if entity is None:
            return None
        if choice.startswith('play "'):
            title = choice[len('play "'):].split('"', 1)[0]
            card = next((c for c in entity.hand if c.title == title), None)
            if card is None:
                return f'Hand: "{title}" is not in {entity.name}\'s hand'
            if card.incantation is not None and not incantation.can_spend(entity, card):
                return (f"Incantation: \"{title}\" has Incantation {card.incantation}; {entity.name} has "
                        f"{entity.charges} charges")
        if choice == BEGIN and not incantation.may_begin_an_incantation(entity, self.table.settings):
            return (f"Incapable entities: {entity.name} holds no Action with an Incantation entry, and the DM's "
                    "setting keeps it from beginning an Incantation")
        return None

    def intervene(self, kind: str, who: str, value: str) -> None:
        raise IllegalAction("Incantation", "nothing is done between two decisions in this game")

    def reconsider(self, decision: Decision) -> Decision:
        """No intervention is accepted: the decision stands."""
        return decision

    def emit_event(self, event: str) -> Flow[None]:
        self.hooks.fire(self, event)
        return
        yield

    def draw_at_limit(self) -> Outcome:
        return Outcome(draw=True, reason=f"no side won within {self.table.settings.max_rounds} rounds")

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["library"] = None  # shared by copies, never pickled (engine.core.match)
        return state

    # ---- the phases
    def draw_phase(self) -> Flow[None]:
        for entity in self.table.living():
            draw(self.table, entity)
        for entity in self.table.living():
            if incantation.gain_incantation_charge(entity):
                self.table.say(f"{entity.name} gains an Incantation charge ({entity.charges})")
            if entity.charges:  # stored ones too, whether or not it still incants
                yield from self.play_in_draw_phase(entity)
            if self.outcome is not None:
                return

    def play_in_draw_phase(self, entity: Entity) -> Flow[None]:
        """"During the Draw Phase, an entity with Incantation charges has the opportunity to play such an
        Action. This does not count as or against the Action that may be played later in the Action Phase."
        The charge just gained "may be immediately spent to play an Action with an Incantation entry equal to
        or less than the entity's current total of charges, or the charge may be stored to play later"."""
        plays = [c for c in self._plays(entity) if self.table.in_hand(entity, c.value[1]).is_incantation]
        if not plays:
            return
        answer = yield Decision("draw phase", entity.name, f"{entity.name}: spend the charges now?",
                                (*plays, Choice(KEEP, (KEEP,))))
        if answer.value[0] == "play":
            yield from self.play_card(entity, answer.value[1], answer.value[2])

    def action_phase(self) -> Flow[None]:
        for entity in list(self.table.entities.values()):
            if entity.defeated or self.outcome is not None:
                continue
            incantation.incanting_ends_at_turn_start(entity)
            yield from self.take_turn(entity)

    def take_turn(self, entity: Entity) -> Flow[None]:
        settings = self.table.settings
        options = self._plays(entity)
        if incantation.may_begin_an_incantation(entity, settings):
            options.append(Choice(BEGIN, (BEGIN,)))
        if incantation.may_pretend(entity, settings):
            options.append(Choice(PRETEND, (PRETEND,)))
        options.append(Choice(PASS, (PASS,)))
        answer = yield Decision("turn", entity.name, f"{entity.name}'s Action", tuple(options))
        what = answer.value[0]
        if what == "play":
            yield from self.play_card(entity, answer.value[1], answer.value[2])
        elif what == BEGIN:
            yield from self.begin_as_an_action(entity)
        elif what == PRETEND:
            incantation.pretend_to_incant(entity)
            self.table.say(f"{entity.name} pretends to incant")
        else:
            self.table.say(f"{entity.name} passes")

    # ---- plays
    def _plays(self, entity: Entity) -> list[Choice]:
        """Every card of the entity's hand it may play now, at each target it may be played at (named by title
        and name, never by object, so that a choice applies to a copy of the match)."""
        out: list[Choice] = []
        seen: set[str] = set()
        for card in entity.hand:
            if card.title in seen or (card.is_incantation and not incantation.can_spend(entity, card)):
                continue
            seen.add(card.title)
            if card.aim is Aim.ENEMY:
                out += [Choice(f'play "{card.title}" at {e.name}', ("play", card.title, e.name))
                        for e in self.table.enemies(entity)]
            else:
                out.append(Choice(f'play "{card.title}"', ("play", card.title, None)))
        return out

    def begin_as_an_action(self, entity: Entity) -> Flow[None]:
        """"The simplest way to do this is to begin an Incantation as an Action.\""""
        fx = Effect(self.table, ActionCard(title="Begin an Incantation"), entity)
        yield from run((Do("begin an incantation"),), fx, KINDS, self._asker(entity, None))
        yield from self.settle()

    def play_card(self, entity: Entity, title: str, target: str | None) -> Flow[None]:
        card = self.table.in_hand(entity, title)
        entity.zones.take(card, HAND)
        entity.plays[card.title] += 1  # what a study rates the card by; no rule reads it
        victim = self.table.entities[target] if target else (entity if card.aim is Aim.SELF else None)
        self.table.say(f'{entity.name} plays "{card.title}"' + (f" at {target}" if target else ""))
        if card.incantation is not None:
            spend_charges(self.table, entity, card.incantation)
        if card.kind is Kind.INTERRUPT:
            entity.zones.put(card, WAITING)
            self.table.say(f'"{card.title}" waits until {card.interrupt.event if card.interrupt else "never"}')
        else:
            entity.zones.put(card, DISCARD)
            yield from run(card.steps, Effect(self.table, card, entity, victim), KINDS, self._asker(entity, card))
        yield from self.settle()

    def _asker(self, entity: Entity, card: ActionCard | None) -> Asker:
        return Asker(entity.name, card.title if card else None, describe)

    # ---- Interrupts and the end of the match
    def settle(self) -> Flow[None]:
        """Interrupts answer the events the play raised, in order; then the match may be over."""
        yield from settle(self.table.owed, self.answer, limit=EVENT_LIMIT, say=self.table.say, name=lambda o: o.event)
        self.check_outcome()

    def answer(self, owed: Owed) -> Flow[None]:
        subject = self.table.entities[owed.subject]
        for entity in self.table.living():
            for card in list(entity.zones[WAITING]):
                trigger = card.interrupt
                if (trigger is None or EVENTS[trigger.event] != owed.event
                        or not incantation.is_answered_by(entity, subject)):
                    continue
                entity.zones.take(card, WAITING)
                entity.zones.put(card, DISCARD)
                self.table.say(f'"{card.title}" of {entity.name} answers: {subject.name} {owed.event}')
                fx = Effect(self.table, card, entity, them=subject)
                yield from run(trigger.steps, fx, KINDS, self._asker(entity, card))

    def check_outcome(self) -> None:
        teams = {e.team for e in self.table.living()}
        if len(teams) <= 1 and self.outcome is None:
            self.outcome = Outcome(winner=next(iter(teams), None), draw=not teams,
                                   incapacitated=[e.name for e in self.table.entities.values() if e.defeated],
                                   reason="the last side standing")

    def snapshot(self) -> dict[str, Any]:
        return {"round": self.round, "phase": self.phase,
                "entities": {e.name: e.snapshot() for e in self.table.entities.values()}}


def remember_holdings(table: Table) -> None:
    """As the match begins, the titles of every card each entity was dealt, its hand and its deck: what it holds
    for a study to rate each card by (a random match deals the deck it draws from, so every card it will play is
    there). A copy of the match runs the rules again from a restart point taken later, and keeps what was
    remembered then."""
    for entity in table.entities.values():
        if entity.held is None:
            entity.held = tuple(card.title for zone in ZONES for card in entity.zones[zone])


# "Each round has a Draw Phase and an Action Phase" (see incantation.py for why in this order).
ROUND = (flow.Phase(DRAW_PHASE, (Game.draw_phase,), begins="draw phase begins", ends="draw phase ends"),
         flow.Phase(ACTION_PHASE, (Game.action_phase,), begins="action phase begins", ends="action phase ends"))
