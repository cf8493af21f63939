"""The rules of Serpent's Tongue (Crucible Update): the round, the cast cycle, Defenses, maintenance.

Each method is one rule of the Quick Start or the Glossary, named after it. Keyword behaviour is
looked up in :mod:`engine.behaviours` through the registry, never by a list of names here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine import behaviours
from engine.cards import (
    PHYSICAL_SPHERES,
    Ability,
    Aspect,
    CardLibrary,
    Energy,
    Requirement,
    Role,
    Selector,
    SpellCard,
    Sphere,
)
from engine.decisions import Cast, Decider, Decision, Meditate, Pass, Preparation, UseAbility
from engine.dice import Dice
from engine.effects import Effect
from engine.errors import IllegalAction, Unsupported
from engine.state import (
    ENHANCEMENT_SLOTS,
    MAINTENANCE_ORDER,
    Being,
    Card,
    Place,
    Zone,
    being_json,
)

# Resonance roll table: "1-3 = 1, 4-6 = 2, 7-9 = 3, 10 = 5 (Resonance Overload)".
RESONANCE_TABLE = ((3, 1), (6, 2), (9, 3), (10, 5))
MAX_PREPARED = 3


@dataclass
class Options:
    """Rules options of a match. Level 1: "we will not use the advanced energies of Harmony or Will"."""

    level: int = 2


@dataclass
class Outcome:
    winner: str | None = None  # a team name
    incapacitated: list[str] = field(default_factory=list)
    draw: bool = False


class Game:
    def __init__(self, beings: list[Being], library: CardLibrary, dice: Dice, decider: Decider,
                 options: Options | None = None) -> None:
        self.beings = beings
        self.library = library
        self.dice = dice
        self.decider = decider
        self.options = options or Options()
        self.round = 0
        self.order: list[Being] = list(beings)
        self.outcome: Outcome | None = None
        self.log: list[str] = []
        self.snapshots: list[dict[str, Any]] = []
        self.on_round_end: list[Callable[[Game], None]] = []

    # ------------------------------------------------------------------ helpers
    @property
    def level1(self) -> bool:
        return self.options.level == 1

    def being(self, name: str) -> Being:
        for b in self.beings:
            if b.name == name:
                return b
        raise IllegalAction("Target", f"there is no being named {name!r} in this match")

    def opponents(self, b: Being) -> list[Being]:
        return [o for o in self.beings if o.team != b.team]

    def say(self, text: str) -> None:
        self.log.append(f"R{self.round}: {text}")

    def living(self) -> list[Being]:
        return [b for b in self.order if not b.incapacitated]

    def all_in_play(self) -> Iterator[Card]:
        for b in self.beings:
            yield from b.in_play()

    # ------------------------------------------------------------------ energies
    def gain(self, b: Being, energy: Energy, amount: int) -> int:
        """Incapacitated Magi cannot gain energies; Essence never rises above starting Essence."""
        if b.incapacitated or amount <= 0 or (self.level1 and energy in (Energy.HARMONY, Energy.WILL)):
            return 0
        now = b.energy(energy)
        new = now + amount
        if energy is Energy.ESSENCE:
            new = min(new, b.starting_essence)
        b.set_energy(energy, new)
        return new - now

    def lose(self, b: Being, energy: Energy, amount: int) -> int:
        """Dmg to an energy. Harmony may go negative (Discord); the others stop at zero."""
        if amount <= 0 or (self.level1 and energy in (Energy.HARMONY, Energy.WILL)):
            return 0
        now = b.energy(energy)
        new = now - amount if energy is Energy.HARMONY else max(0, now - amount)
        b.set_energy(energy, new)
        if energy is Energy.ESSENCE and new == 0:
            self.incapacitate(b)
        return now - new

    def can_pay(self, b: Being, energy: Energy, amount: int) -> bool:
        if self.level1 and energy in (Energy.HARMONY, Energy.WILL):
            return True
        return energy is Energy.HARMONY or b.energy(energy) >= amount

    def pay(self, b: Being, energy: Energy, amount: int, rule: str) -> None:
        if b.incapacitated:
            raise IllegalAction("Incapacitated", f"{b.name} is incapacitated and cannot pay energies")
        if not self.can_pay(b, energy, amount):
            raise IllegalAction(rule, f"{b.name} cannot pay {amount} {energy.value} "
                                      f"(has {b.energy(energy)})")
        if not (self.level1 and energy in (Energy.HARMONY, Energy.WILL)):
            b.set_energy(energy, b.energy(energy) - amount)
        if energy is Energy.ESSENCE and b.essence == 0:
            self.incapacitate(b)

    def incapacitate(self, b: Being) -> None:
        if not b.incapacitated:
            b.incapacitated = True
            self.say(f"{b.name} is incapacitated")

    # ------------------------------------------------------------------ the match
    def play(self, max_rounds: int = 100) -> Outcome:
        while self.outcome is None and self.round < max_rounds:
            self.play_round()
        return self.outcome or Outcome()

    def play_round(self) -> None:
        self.round += 1
        self.initiative_phase()
        self.maintenance_phase()
        self.check_victory()
        if self.outcome is None:
            self.spell_preparation_phase()
            self.action_phase()
            self.end_round()
        self.snapshots.append(self.snapshot())
        for hook in self.on_round_end:
            hook(self)

    def snapshot(self) -> dict[str, Any]:
        return {"round": self.round, "beings": {b.name: being_json(b) for b in self.beings}}

    # ------------------------------------------------------------------ initiative phase
    def resonance_roll(self) -> None:
        roll = self.dice.roll("Resonance roll")
        amount = next(r for top, r in RESONANCE_TABLE if roll <= top)
        self.say(f"Resonance roll {roll}: every Magi gains {amount} Resonance")
        for b in self.beings:
            self.gain(b, Energy.RESONANCE, amount)
            if roll == 10:  # Resonance Overload
                self.lose(b, Energy.HARMONY, 1)

    def initiative_key(self, b: Being) -> tuple[int, ...]:
        """Highest Harmony, then Resonance, then Will, then Essence (level 1: Resonance, Essence)."""
        if self.level1:
            return (b.resonance, b.essence)
        return (b.harmony, b.resonance, b.will, b.essence)

    def initiative_phase(self) -> None:
        self.resonance_roll()
        living = [b for b in self.beings if not b.incapacitated]
        groups: dict[tuple[int, ...], list[Being]] = {}
        for b in living:
            groups.setdefault(self.initiative_key(b), []).append(b)
        order: list[Being] = []
        for key in sorted(groups, reverse=True):
            order.extend(self.break_tie(groups[key]))
        self.order = order + [b for b in self.beings if b.incapacitated]
        self.say("initiative: " + ", ".join(b.name for b in self.order))

    def break_tie(self, tied: list[Being]) -> list[Being]:
        """"When energy is tied ... roll a die; the player that wins the roll may choose who goes first"."""
        if len(tied) == 1:
            return tied
        rolls = {b: self.dice.roll(f"initiative tie-break for {b.name}") for b in tied}
        best = max(rolls.values())
        winners = [b for b in tied if rolls[b] == best]
        if len(winners) > 1:
            return self.break_tie(tied)  # the highest rolls tied as well: roll again
        winner = winners[0]
        first = self.decider.decide(self, Decision("initiative", winner, "who goes first?", tuple(tied)))
        if first not in tied:
            raise IllegalAction("Initiative", f"{first} is not among the tied beings")
        rest = sorted((b for b in tied if b is not first), key=lambda b: -rolls[b])
        return [first, *rest]

    # ------------------------------------------------------------------ maintenance phase
    def maintenance_phase(self) -> None:
        for zone in MAINTENANCE_ORDER:
            for owner in self.order:
                for card in list(owner.zones[zone]):
                    if card.active and card.zone is zone:
                        self.resolve(card)

    def resolve(self, card: Card) -> None:
        """"Pay any sustain costs, impact the effect, remove a Duration counter"."""
        if not self.sustain(card):
            self.say(f"{card.title} is not sustained and is discarded")
            self.discard(card)
            return
        if card.spec.directives or card.spec.on_impact is not SpellCard.on_impact:
            self.maintenance_impact(card)
        if card.active:
            self.fire(card, "resolved")
        if card.active and "duration" in card.counters:
            card.counters["duration"] -= 1
            if card.counters["duration"] <= 0:
                self.say(f"{card.title} loses its last Duration counter and is discarded")
                self.discard(card)

    def maintenance_impact(self, card: Card) -> None:
        bearer = card.bearer
        if bearer is None:
            return
        if card.zone is Zone.ATTACK:
            self.impact_being(card, bearer, offensive=True)
        else:  # Curses are behind the Defenses; Defenses and Enhancements act on their bearer
            self.apply_effect(card, bearer)

    def sustain(self, card: Card) -> bool:
        for req in card.spec.requirements:
            if req.timing.at_sustain and not self.requirement_met(card, req, card.controller, card.bearer):
                return False
        return True

    # ------------------------------------------------------------------ victory
    def check_victory(self) -> None:
        """"Check for this victory condition only after the maintenance phase"."""
        teams: dict[str, list[Being]] = {}
        for b in self.beings:
            teams.setdefault(b.team, []).append(b)
        standing = [t for t, members in teams.items() if not all(m.incapacitated for m in members)]
        if len(standing) <= 1 and len(teams) > 1:
            down = [b.name for b in self.beings if b.incapacitated]
            self.outcome = Outcome(winner=standing[0] if standing else None, incapacitated=down,
                                   draw=not standing)
            self.say("the match is a draw" if not standing else f"team {standing[0]} wins")

    # ------------------------------------------------------------------ spell preparation
    def spell_preparation_phase(self) -> None:
        for b in self.order:
            if b.incapacitated:
                continue
            plan = self.decider.preparation(self, b)
            self.reattune(b, plan)
            self.prepare(b, plan)

    def reattune(self, b: Being, plan: Preparation) -> None:
        """One non-Bonded spell at 1 + fluency, any number of Bonded spells at 1 Resonance each."""
        non_bonded = 0
        for title in plan.reattune:
            card = next((c for c in b.discard if c.title == title), None)
            if card is None:
                raise IllegalAction("Re-Attune", f"{b.name} has no discarded {title!r} to re-attune")
            bonded = card.spec.has("Bonded")
            if not bonded:
                non_bonded += 1
                if non_bonded > 1:
                    raise IllegalAction("Re-Attune", f"{b.name} may re-attune only one non-Bonded spell a round")
            self.pay(b, Energy.RESONANCE, 1 if bonded else 1 + card.spec.fluency, "Re-Attune")
            b.discard.remove(card)
            card.place = Place.CODEX
            b.codex.append(card)
            self.say(f"{b.name} re-attunes {title}")

    def prepare(self, b: Being, plan: Preparation) -> None:
        if len(plan.prepare) > MAX_PREPARED:
            raise IllegalAction("Spell Preparation", f"{b.name} may prepare at most {MAX_PREPARED} spells")
        for title in plan.prepare:
            card = next((c for c in b.codex if c.title == title), None)
            if card is None:
                raise IllegalAction("Spell Preparation", f"{title!r} is not in {b.name}'s Codex")
            b.codex.remove(card)
            card.place = Place.PREPARED
            b.prepared.append(card)
        if plan.prepare:
            self.say(f"{b.name} prepares {', '.join(plan.prepare)}")

    # ------------------------------------------------------------------ action phase
    def action_phase(self) -> None:
        for b in self.beings:
            b.full_actions = 2
        passes = 0
        while True:
            acted = False
            for b in list(self.order):
                if b.incapacitated or self.outcome is not None:
                    continue
                action = self.decider.action(self, b)
                if isinstance(action, Pass):
                    continue
                self.take(b, action)
                acted = True
            passes = 0 if acted else passes + 1
            if passes >= 1:
                return

    def take(self, b: Being, action: Meditate | Cast | UseAbility) -> None:
        if isinstance(action, Meditate):
            self.meditate(b)
        elif isinstance(action, Cast):
            self.cast(b, action)
        elif isinstance(action, UseAbility):
            self.use_ability(b, action)
        else:
            raise TypeError(f"unknown action {action!r}")

    def spend_full_action(self, b: Being, what: str) -> None:
        if b.interrupt_stones:
            raise IllegalAction("Interrupt Stone", f"{b.name} has an interrupt stone and cannot take a Full Action")
        if b.full_actions <= 0:
            raise IllegalAction("Action", f"{b.name} has no Full Action left for {what} this round")
        b.full_actions -= 1

    def meditate(self, b: Being) -> None:
        """Meditate: a Full Action to gain 2 Resonance and 1 Harmony."""
        self.spend_full_action(b, "Meditate")
        self.gain(b, Energy.RESONANCE, 2)
        self.gain(b, Energy.HARMONY, 1)
        self.say(f"{b.name} meditates")

    def end_round(self) -> None:
        """Spells prepared but not cast return to the Codex; once-per-round limits reset."""
        for b in self.beings:
            for card in b.prepared:
                card.place = Place.CODEX
                b.codex.append(card)
            b.prepared.clear()
        for card in self.all_in_play():
            card.ability_uses.clear()

    # ------------------------------------------------------------------ the cast cycle
    def cast(self, caster: Being, action: Cast) -> None:
        """Place, pay, respond, activate."""
        card = next((c for c in caster.prepared if c.title == action.title), None)
        if card is None:
            known = action.title in self.library
            raise IllegalAction("Spell Preparation", f"{caster.name} cannot cast {action.title!r}: "
                                f"{'it is not prepared' if known else 'there is no such spell'}")
        self.check_supported(card)
        free = card.has("Free Action")
        target, bearer, zone = self.place(caster, card, action)
        discards = self.check_requirements(caster, card, bearer, action.discards)
        # Pay: every check passed, so paying cannot fail half-way.
        if not free:
            self.spend_full_action(caster, f"casting {card.title}")
        self.pay_orbs(caster, card)
        for req in card.spec.requirements:
            if req.timing.at_cast and req.cost is not None:
                self.pay(caster, req.cost.energy, req.cost.amount, "Requirements")
        for d in discards:
            card.sacrificed.append(d)
            self.discard(d)
        caster.prepared.remove(card)
        card.place = Place.MANIFESTING
        card.caster = card.controller = caster
        card.target, card.bearer, card.zone = target, bearer, zone
        offensive = isinstance(target, Being) and target.team != caster.team
        self.say(f"{caster.name} casts {card.title}" + (f" at {_name(target)}" if target else ""))
        if offensive and isinstance(target, Being):
            self.fire_offensive_cast(caster, target)
        # Respond: no Response spells are played yet (see the coverage report).
        self.activate(card)

    def check_supported(self, card: Card) -> None:
        for a in card.aspects():
            if behaviours.for_keyword(a.name) is None:
                raise Unsupported(a.name, card.title)

    def place(self, caster: Being, card: Card, action: Cast) -> tuple[Being | Card | None, Being | None, Zone | None]:
        role = card.role
        if role is Role.ATTACK:
            target = self.being(action.target) if action.target else self.only_opponent(caster)
            if target.team == caster.team:
                raise IllegalAction("Attack Spell", "an Attack must target an opponent")
            if target.incapacitated:
                raise IllegalAction("Target", f"{target.name} is incapacitated")
            return target, target, Zone.ATTACK
        if role in (Role.DEFENSE, Role.COMPONENT, Role.ENHANCE):
            bearer = self.being(action.target) if action.target else caster
            if bearer.team != caster.team or (role is Role.COMPONENT and bearer is not caster):
                raise IllegalAction(f"{role.value} Spell", f"a {role.value} can only target its caster"
                                    + ("" if role is Role.COMPONENT else " or an Ally"))
            return bearer, bearer, Zone.ENHANCEMENT if role is Role.ENHANCE else Zone.DEFENSE
        if role is Role.ABJURATION:
            spell = self.find_target_spell(caster, card, action)
            return spell, spell.bearer, None
        raise Unsupported(f"{role.value} spells", card.title)

    def only_opponent(self, caster: Being) -> Being:
        living = [o for o in self.opponents(caster) if not o.incapacitated]
        if len(living) != 1:
            raise IllegalAction("Target", "name the target of this spell")
        return living[0]

    def find_target_spell(self, caster: Being, card: Card, action: Cast) -> Card:
        sel = card.spec.targets
        candidates = [c for c in self.all_in_play()
                      if (action.target is None or c.title == action.target)
                      and (action.target_of is None or (c.bearer and c.bearer.name == action.target_of))
                      and sel is not None and self.matches(c, sel)]
        if not candidates:
            raise IllegalAction("Abjuration Spell", f"{card.title} has no valid target"
                                + (f" named {action.target!r}" if action.target else ""))
        if len(candidates) > 1 and action.target is None:
            return self.choose(caster, "target", f"which spell does {card.title} target?", candidates)
        return candidates[0]

    def pay_orbs(self, caster: Being, card: Card) -> None:
        for energy, value in ((Energy.RESONANCE, card.spec.resonance), (Energy.HARMONY, card.spec.harmony)):
            if value < 0:
                self.pay(caster, energy, -value, "Energy Orbs")
                card.paid.append((energy, -value))
            elif value > 0:
                self.gain(caster, energy, value)

    def check_requirements(self, caster: Being, card: Card, bearer: Being | None,
                           named: tuple[str, ...]) -> list[Card]:
        """Check every `to cast` requirement and the orbs before anything is paid; return the discards."""
        res = -card.spec.resonance if card.spec.resonance < 0 else 0
        if res and not self.can_pay(caster, Energy.RESONANCE, res):
            raise IllegalAction("Energy Orbs", f"{caster.name} cannot pay {res} Resonance for "
                                f"{card.title} (has {caster.resonance})")
        discards: list[Card] = []
        answers = list(named)
        for req in card.spec.requirements:
            if not req.timing.at_cast:
                continue
            if req.form == "Discard" and req.selector is not None:
                discards.append(self.choose_discard(caster, card, req.selector, answers, discards))
            elif req.cost is not None:
                total = req.cost.amount + (res if req.cost.energy is Energy.RESONANCE else 0)
                if not self.can_pay(caster, req.cost.energy, total):
                    raise IllegalAction("Requirements", f"{caster.name} cannot pay {req.cost.text()} "
                                        f"for {card.title}")
            elif not self.requirement_met(card, req, caster, bearer):
                raise IllegalAction("Requirements", f"{card.title} requires {_req_text(req)}")
        if answers:
            raise IllegalAction("Requirements", f"{card.title} has no requirement to discard {answers[0]!r}")
        return discards

    def choose_discard(self, caster: Being, card: Card, sel: Selector, answers: list[str],
                       taken: list[Card]) -> Card:
        options = [c for c in caster.in_play()
                   if c.controller is caster and c not in taken and self.matches(c, sel)]
        if answers:
            title = answers.pop(0)
            chosen = next((c for c in options if c.title == title), None)
            if chosen is None:
                raise IllegalAction("Requirements", f"{title!r} is not an active {sel.text()} that "
                                    f"{caster.name} controls")
            return chosen
        if not options:
            raise IllegalAction("Requirements", f"{card.title} requires Discard {sel.text()}, and "
                                f"{caster.name} controls none")
        if len(options) == 1:
            return options[0]
        return self.choose(caster, "discard", f"discard which {sel.text()} for {card.title}?", options)

    def requirement_met(self, card: Card, req: Requirement, controller: Being | None,
                        bearer: Being | None) -> bool:
        if req.form == "Active" and req.selector is not None:
            if req.on_bearer:
                pool = bearer.in_play() if bearer else []
                return any(c is not card and self.matches(c, req.selector) for c in pool)
            return any(c is not card and c.controller is controller and self.matches(c, req.selector)
                       for c in self.all_in_play())
        if req.cost is not None and controller is not None:
            if not self.can_pay(controller, req.cost.energy, req.cost.amount):
                return False
            if req.timing.at_sustain and card.active:
                self.pay(controller, req.cost.energy, req.cost.amount, "Sustain")
            return True
        if req.form == "Discard":
            raise Unsupported("Discard ... to sustain", card.title)
        return True

    def matches(self, card: Card, sel: Selector, caster: Being | None = None) -> bool:
        if sel.state == "active" and not card.active:
            return False
        if sel.sphere and card.sphere is not sel.sphere:
            return False
        if sel.role and card.role is not sel.role:
            return False
        if sel.curse and not card.spec.is_curse():
            return False
        return all(d in card.spec.descriptors for d in sel.descriptors)

    # ------------------------------------------------------------------ activation and impact
    def activate(self, card: Card) -> None:
        caster = card.caster
        assert caster is not None
        target = card.target
        if isinstance(target, Being) and target.incapacitated and card.role is Role.ATTACK:
            self.say(f"{card.title} fizzles: its target is no longer valid")
            self.discard(card)
            return
        if isinstance(target, Card) and not target.active:
            self.say(f"{card.title} fizzles: its target is no longer active")
            self.discard(card)
            return
        role = card.role
        if role is Role.ABJURATION:
            card.place = Place.IN_PLAY  # briefly, while it impacts
            self.apply_effect(card, target)
            self.say(f"{card.title} is discarded after its impact")
            self.discard(card)
            return
        assert isinstance(target, Being) and card.zone is not None
        self.enter_zone(card, target, card.zone)
        self.start_counters(card)
        if role is Role.ATTACK:
            hit = self.impact_being(card, target, offensive=True)
            if card.spec.is_curse():
                if hit and card.active:
                    self.move(card, Zone.CURSE)
                    self.set_duration(card, card.spec.aspect("Curse Duration"))
                    self.say(f"{card.title} becomes an active Curse on {target.name}")
                elif card.active:
                    self.say(f"{card.title} is blocked and discarded: a Curse that misses is discarded")
                    self.discard(card)
                    return
        else:
            self.apply_effect(card, target)
        self.fire(card, "activated")
        if card.active and not self.lasts(card):
            self.discard(card)

    def start_counters(self, card: Card) -> None:
        """"When a spell with Duration # is activated, place # Duration counters on it"."""
        durability = card.spec.aspect("Durability")
        if durability is not None and isinstance(durability.value, int):
            card.counters["durability"] = durability.value
        self.set_duration(card, card.spec.aspect("Duration"))
        for a in card.gained:
            if a.name == "Duration" and isinstance(a.value, int) and "duration" in card.counters:
                card.counters["duration"] += a.value

    def set_duration(self, card: Card, aspect: Aspect | None) -> None:
        if aspect is None:
            return
        if aspect.value == "P":
            card.persistent = True
        elif aspect.value == "F":
            raise Unsupported("Duration F", card.title)
        elif isinstance(aspect.value, int):
            card.counters["duration"] = aspect.value

    def lasts(self, card: Card) -> bool:
        """"In order for a spell to remain in play, it must have either Durability or Duration"."""
        if card.spec.is_curse() and card.zone is Zone.ATTACK:
            return False
        return card.persistent or card.counters.get("duration", 0) > 0 or card.counters.get("durability", 0) > 0

    def enter_zone(self, card: Card, bearer: Being, zone: Zone) -> None:
        card.place = Place.IN_PLAY
        card.bearer, card.zone = bearer, zone
        if zone is Zone.ENHANCEMENT:
            self.make_room(bearer, card)
        bearer.zones[zone].append(card)
        if card.has("Unique to Bearer"):
            for other in bearer.in_play():
                if other is not card and other.title == card.title:
                    self.say(f"{other.title} is discarded: Unique to Bearer")
                    self.discard(other)

    def make_room(self, bearer: Being, card: Card) -> None:
        if card.has("Shape-Shift"):
            for other in list(bearer.zones[Zone.ENHANCEMENT]):
                if other.has("Shape-Shift"):
                    self.say(f"{other.title} is discarded: only one Shape-Shift may be active")
                    self.discard(other)
        slots = bearer.zones[Zone.ENHANCEMENT]
        if len(slots) >= ENHANCEMENT_SLOTS:
            gone = self.choose(bearer, "enhancement", "which Enhancement is discarded to make room?", list(slots))
            self.say(f"{gone.title} is discarded: a Magi has only {ENHANCEMENT_SLOTS} Enhancement slots")
            self.discard(gone)

    def move(self, card: Card, zone: Zone) -> None:
        assert card.bearer is not None and card.zone is not None
        card.bearer.zones[card.zone].remove(card)
        card.zone = zone
        card.bearer.zones[zone].append(card)

    def effective_aspects(self, card: Card, ability: Ability | None, target: Being) -> list[Aspect]:
        """The aspects an effect has, with what passive effects in play grant it (Cellular Degeneration)."""
        if ability is not None:
            return list(ability.aspects)
        base = list(card.aspects())
        for source in self.all_in_play():
            for mod in source.spec.modifiers:
                if self.modifier_applies(source, mod.selector, card, target):
                    base.extend(mod.grants)
        return base

    def modifier_applies(self, source: Card, sel: Selector, card: Card, target: Being) -> bool:
        whose = {"caster": source.caster, "bearer": source.bearer, "controller": source.controller}
        if sel.whose and card.controller is not whose[sel.whose]:
            return False
        if sel.at and target is not whose.get(sel.at):
            return False
        if sel.sphere and card.sphere is not sel.sphere:
            return False
        if sel.role and card.role is not sel.role:
            return False
        return all(d in card.spec.descriptors for d in sel.descriptors)

    def impact_being(self, card: Card, target: Being, offensive: bool) -> bool:
        """An offensive effect meets the target's Defenses first; True when it impacts the target."""
        aspects = self.effective_aspects(card, None, target)
        if offensive and self.blocked(card, target, aspects, None):
            return False
        self.apply_effect(card, target, aspects=aspects)
        return True

    def being_of(self, x: Being | Card | None) -> Being | None:
        if isinstance(x, Being):
            return x
        return x.bearer if isinstance(x, Card) else None

    def blocked(self, card: Card, target: Being, aspects: list[Aspect], ability: Ability | None) -> bool:
        names = {a.name for a in aspects}
        physical = all(a.qualifier == "Physical" for a in aspects
                       if behaviours.kind_of(a.name) == "directive") and any(a.qualifier == "Physical"
                                                                              for a in aspects)
        for shield in list(target.zones[Zone.DEFENSE]):
            if not (shield.active and shield.has("Shield")):
                continue
            if "Subtle" in names and not shield.has("Refined"):
                continue
            blocks = card.sphere in shield.spec.broadcast or (
                physical and bool(PHYSICAL_SPHERES & set(shield.spec.broadcast)))
            if not blocks:
                continue
            what = ability.name if ability else card.title
            self.say(f"{shield.title} blocks {what}")
            if "durability" in shield.counters:
                shield.counters["durability"] -= 1
                if shield.counters["durability"] <= 0 and shield.counters.get("duration", 0) <= 0:
                    self.say(f"{shield.title} loses its last Durability and is discarded")
                    self.discard(shield)
            return True
        return False

    def apply_effect(self, card: Card, target: Being | Card | None, aspects: list[Aspect] | None = None) -> None:
        """Impact: the directives of the aspect list, then the rules text ("on impact")."""
        fx = Effect(self, card, target)
        all_aspects = aspects if aspects is not None else list(card.aspects())
        bonuses = [a for a in all_aspects if a.bonus]
        directives = [_with_bonus(d, bonuses) for d in all_aspects
                      if behaviours.kind_of(d.name) == "directive" and not d.bonus]
        for d in directives:
            behaviour = behaviours.for_keyword(d.name)
            if behaviour is None:
                raise Unsupported(d.name, card.title)
            behaviour(fx, d, target)
        card.spec().on_impact(fx)

    # ------------------------------------------------------------------ triggers and abilities
    def fire(self, card: Card, event: str) -> None:
        for trig in card.spec.triggers:
            if trig.event == event and card.active:
                getattr(card.spec(), trig.method)(Effect(self, card, card.bearer))

    def fire_offensive_cast(self, caster: Being, target: Being) -> None:
        """Karmic Debt: "each time the bearer casts an offensive spell at the caster"."""
        for card in list(self.all_in_play()):
            for trig in card.spec.triggers:
                if (trig.event == "bearer casts offensive spell at caster" and card.bearer is caster
                        and card.caster is target):
                    getattr(card.spec(), trig.method)(Effect(self, card, card.bearer))

    def use_ability(self, b: Being, action: UseAbility) -> None:
        card = next((c for c in b.in_play() if c.title == action.spell and c.bearer is b), None)
        if card is None:
            raise IllegalAction("Ability", f"{b.name} bears no active {action.spell!r}")
        ability = next((a for a in card.spec.abilities if a.name == action.ability), None)
        if ability is None:
            raise IllegalAction("Ability", f"{action.spell!r} grants no ability {action.ability!r}")
        if ability.has("Once per Round") and card.ability_uses.get(ability.name, 0) >= 1:
            raise IllegalAction("Once per Round", f"{ability.name} was already used this round")
        if not ability.has("Free Action"):
            self.spend_full_action(b, ability.name)
        card.ability_uses[ability.name] = card.ability_uses.get(ability.name, 0) + 1
        target = self.being(action.target) if action.target else self.only_opponent(b)
        self.say(f"{b.name} uses {ability.name} of {card.title} at {target.name}")
        # An ability is not a spell: it places nothing and fires no "casts an offensive spell" trigger.
        fx = Effect(self, card, target, ability=ability)
        getattr(card.spec(), ability.method)(fx)

    # ------------------------------------------------------------------ leaving play
    def discard(self, card: Card) -> None:
        if card.bearer is not None and card.zone is not None and card in card.bearer.zones[card.zone]:
            card.bearer.zones[card.zone].remove(card)
        card.leave_play()
        card.place = Place.DISCARD
        if card not in card.owner.discard:
            card.owner.discard.append(card)

    def choose(self, b: Being, kind: str, prompt: str, options: list[Any]) -> Any:
        answer = self.decider.decide(self, Decision(kind, b, prompt, tuple(options)))
        if answer not in options:
            raise IllegalAction(kind, f"{answer!r} is not one of the choices")
        return answer


def _name(x: Being | Card | None) -> str:
    return x.name if isinstance(x, Being) else (x.title if x else "")


def _req_text(req: Requirement) -> str:
    what = req.selector.text() if req.selector else (req.cost.text() if req.cost else "")
    return f"{req.form} {what}{' on Bearer' if req.on_bearer else ''}"


def _with_bonus(d: Aspect, bonuses: list[Aspect]) -> Aspect:
    extra = sum(int(b.value) for b in bonuses if b.name == d.name and isinstance(b.value, int))
    if extra and isinstance(d.value, int):
        return Aspect(name=d.name, params=(d.value + extra, *d.params[1:]), qualifier=d.qualifier)
    return d


__all__ = ["Game", "Options", "Outcome", "Sphere"]
