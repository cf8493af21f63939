"""A match of Amtgard as a timeline: at each step the field's reeve is asked what happens next (an event), and
the rules play it. Declared below as one phase, ``event``, played once a round: a round is an event.

Events (the choices' labels, what a scenario line names): ``Ana begins Stoneskin``, ``Ana completes Stoneskin
on Bo``, ``Ana completes Fireball`` (a ball in hand), ``Ana is interrupted``, ``Ana moves``, ``Ana stops
chanting``, ``Ana returns to the physical world``, ``Bo hits Ana's torso with a weapon`` (or ``with an arrow``,
``with a thrown weapon``), ``Bo hits Ana's left arm with Fireball``, ``Bo hits Ana's shield with Iceball``, ``Bo
hits Ana's cloak with Lightning Bolt``, ``Ana dies``, ``Ana takes a voluntary death``, ``Ana respawns``, ``Ana is
returned to life``, ``Ana removes Stoneskin``, ``30 s pass``. A meta-magic is stated with its ability: ``Ana
completes Hold Person on Bo with Extension``. A completion may name any player: the reeve records what was
done, and an ability cast at a target it may not affect, or while Suppressed, fails and is used up all the same.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from spellc.engine.core import flow
from spellc.engine.core.decisions import Choice, Decision, Flow, Outcome
from spellc.engine.core.errors import IllegalAction
from spellc.engine.core.events import Hooks
from spellc.engine.core.steps import Asker, run
from spellc.engine.rulesets.amtgard import casting, chants, enchantments, events, hits, life, ongoing, states
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import AbilityCard, Library
from spellc.engine.rulesets.amtgard.effects import KINDS, Effect, describe
from spellc.engine.rulesets.amtgard.listing import Listing
from spellc.engine.rulesets.amtgard.players import Player
from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS, Kind

REEVE = "reeve"
NEVER_BEGUN = (Kind.META_MAGIC, Kind.TRAIT, Kind.ARCHETYPE)  # stated with another ability's; always on
PAUSES = (5, 30, 60)  # the seconds a random timeline lets pass at once (a scenario may say any)


class Game:
    def __init__(self, field: Battlefield, max_events: int = 400) -> None:
        self.field = field
        self.round = 0
        self.phase = ""
        self.outcome: Outcome | None = None
        self.max_events = max_events
        self.pauses: tuple[int, ...] = PAUSES
        self.hooks: Hooks[Game] = Hooks()
        self.listing = Listing()  # the choices of its events, each made once (not pickled: a copy makes its own)

    # ---- the match protocol and the flow
    def run(self) -> Generator[Decision, Choice, Outcome]:
        return (yield from flow.play(self, TIMELINE, self.max_events))

    def emit_event(self, event: str) -> Flow[None]:
        self.hooks.fire(self, event)
        return
        yield

    def draw_at_limit(self) -> Outcome:
        return Outcome(draw=True, reason=f"the timeline ends after {self.max_events} events")

    @property
    def library(self) -> Library:
        """The cards, the field's: shared by the copies of a match and never pickled with its state
        (Battlefield.__getstate__); the core hands a copy the match's own (Match.copy)."""
        return self.field.library

    @library.setter
    def library(self, library: Library) -> None:
        self.field.library = library

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["listing"] = Listing()
        return state

    def intervene(self, kind: str, who: str, value: str) -> None:
        """A fact of the field stated between two events: ``distance`` ("NAME FEET"), ``unseen`` (whom ``who``
        cannot see), ``willing`` / ``unwilling``."""
        f = self.field
        if who not in f.players:
            raise IllegalAction("Facts", f"no player is named {who}")
        if kind == "distance":
            other, feet = value.rsplit(" ", 1)
            f.place(who, other, int(feet))
        elif kind == "unseen":
            f.unseen.add((who, value))
        elif kind in ("willing", "unwilling"):
            f.players[who].willing = kind == "willing"
        else:
            raise IllegalAction("Facts", f"no fact is called {kind!r}")

    def reconsider(self, decision: Decision) -> Decision:
        """A fact stated (a distance, who is willing) changes which events may happen next: listed again."""
        if decision.kind != "event":
            return decision
        return Decision(decision.kind, decision.being, decision.prompt, tuple(self.events()), decision.card)

    def explain(self, decision: Decision, choice: str) -> str | None:
        """Why an event is not one the rules allow now, "Rule: reason" (words that name no event of this match
        say so: :meth:`unknown`)."""
        event = events.read(choice)
        if event is None:
            return f"Events: no event reads {choice!r}"
        problem = self.unknown(event)
        if problem:
            return problem
        if event.verb == "pass":
            return f"Time: a timeline lets {', '.join(map(str, self.pauses))} s pass at once"
        who = self.field.player(event.who)
        if event.verb in ("begin", "complete"):
            return self._why_not_use(event, who)
        if event.verb == "hit":
            return self._why_not_hit(who, self.field.player(event.target or ""), event.where or "", event.what or "")
        if event.verb == "charge":
            return casting.can_charge(self.field, who, event.title or "")
        if event.verb == "return to the physical world":
            return states.why_not_return(who)
        return self._why_not_plain(event, who)

    def unknown(self, event: events.Event) -> str | None:
        """Why ``event`` names what this match does not have (a player, an ability, a weapon), or None."""
        missing = self.missing(event)
        return missing[0] if missing else None

    def missing(self, event: events.Event) -> tuple[str, str, tuple[str, ...]] | None:
        """What :meth:`unknown` says, with the name ``event`` gives that this match has not and the names it has
        in its place (for the nearest), or None."""
        for name in (event.who, event.target):
            if name and name not in self.field.players:
                return f"Players: no player is named {name}", name, tuple(self.field.players)
        for title in (event.title, *event.metas):
            if title is not None and title not in self.library:
                return f"Abilities: no ability is titled {title!r}", title, tuple(self.library.titles())
        if event.what is not None and event.what not in hits.WEAPONS and event.what not in self.library:
            return (f"Hits: nothing is named {event.what!r} (hit with {', '.join(hits.WEAPONS)}, or an active ball "
                    "or arrow)", event.what, tuple(hits.WEAPONS))
        return None

    def _why_not_use(self, event: events.Event, caster: Player) -> str | None:
        card = self.library[event.title or ""]
        for meta in event.metas:
            problem = casting.can_add_meta(self.field, caster, self.library[meta], card)
            if problem:
                return problem
        free = event.verb == "complete" and casting.free_throw(self.field, caster, card, event.metas) is not None
        return casting.can_use(self.field, caster, card, free)

    @staticmethod
    def _why_not_plain(event: events.Event, who: Player) -> str | None:
        """Why an event of one player's, which asks nothing of an ability, may not happen now."""
        if event.verb in ("dies", "voluntary death") and not who.alive:
            return f"Death: {who.name} is dead"
        if event.verb in ("respawn", "return to life") and who.alive:
            return f"Death: {who.name} is alive"
        if event.verb in ("interrupt", "moves") and who.incanting is None:
            return f"Incantation: {who.name} is incanting nothing"
        if event.verb == "stop chanting" and who.chanting is None:
            return f"Chant: {who.name} keeps no Chant going"
        if event.verb == "remove" and who.enchantment(event.title or "") is None:
            return f"Enchantments: {who.name} wears no {event.title}"
        return None

    def _why_not_hit(self, attacker: Player, target: Player, where: str, what: str) -> str | None:
        if not attacker.alive or any(attacker.has(s) for s in casting.UNABLE):
            return f"Action: {attacker.name} may not strike now"
        if target is attacker:
            return f"Hits: {attacker.name} strikes others, not themselves"
        if not target.alive:
            return f"Death: {target.name} is dead"
        if where not in LOCATIONS and where not in target.equipment:
            return f"Hits: {target.name} has no {where}"
        if what not in hits.WEAPONS and attacker.active_ball != what:
            return (f"Magic Balls: {attacker.name} holds no active {what}"
                    + (f" (its active ball is {attacker.active_ball})" if attacker.active_ball else ""))
        return ongoing.heated(self.field, attacker) if what == hits.WEAPON else None

    # ---- the timeline
    def next_event(self) -> Flow[None]:
        picked = yield Decision("event", REEVE, "what happens next?", tuple(self.events()))
        before = {p.name: set(p.states) for p in self.field.players.values()}
        wounders = [p for p in self.field.players.values() if p.wounded_enemy]
        yield from self.happen(*picked.value)
        for p in wounders:  # "immediately after": the next event ends it
            p.wounded_enemy = False
        yield from self.states_ended(before)

    def events(self) -> list[Choice]:
        """Every event the rules allow now, as choices whose value names it (a timeline has no winner: the
        rules adjudicate each event, and the match ends at its limit). The choices come from the match's
        table (listing.Listing): the same words are made once."""
        out: list[Choice] = []
        listed, library = self.listing, self.field.library
        players = list(self.field.players.values())
        listed.seat(tuple([p.name for p in players]))
        for p in players:
            if casting.able(p):  # the dead, Frozen and Stunned incant nothing and strike nothing
                out += self._uses(p, library)
                out += self._hits(p, players)
            out += listed.own(p.name, p.alive, bool(p.chanting),
                              states.INSUBSTANTIAL in p.states and states.why_not_return(p) is None,
                              bool(p.incanting), tuple([e.title for e in p.enchantments]) if p.enchantments else (),
                              () if library.charged.isdisjoint(p.abilities) else self._charges(p))
        out += listed.passes(self.pauses)
        return out

    def _charges(self, p: Player) -> tuple[str, ...]:
        """The abilities ``p`` may say the Charge Incantation for now."""
        charged = self.field.library.charged
        return tuple([t for t in p.abilities if t in charged and not casting.can_charge(self.field, p, t)])

    def _uses(self, p: Player, library: Library) -> list[Choice]:
        """Every incantation ``p``, able to act (casting.able), may begin or complete now, at every target it may
        aim at, with the meta-magics it may state ("stated immediately after indicating the target and prior to
        beginning the incantation"): one begun is completed with what was stated as it began. What
        casting.can_use asks, asked once for a yes or no."""
        out: list[Choice] = []
        cards, listed = library.cards, self.listing
        worn = p.enchantments
        granted = [t for e in worn if e.active for t in e.granted] if worn else ()
        metas: tuple[str, ...] | None = None
        for title in dict.fromkeys([*p.abilities, *granted]) if granted else p.abilities:
            card = cards[title]
            if card.kind in NEVER_BEGUN:
                continue
            free = p.chanting is not None and casting.free_throw(self.field, p, card) is not None
            # Without an enchantment, every use is the player's own (casting.source_of).
            left = casting.uses_left(p, title) if worn else p.uses_left.get(title, 0)
            if left == 0 and not free:
                continue
            if card.trigger is not None and casting.triggered(self.field, p, card) is not None:
                continue
            if left == 0 or p.incanting == title:  # only its free throw; or completing the one begun
                out += listed.completions(p.name, card, ())
                continue
            if metas is None:
                metas = () if library.meta_magics.isdisjoint(p.abilities) else self._metas(p)
            # Meta-magic modifies the player's own copy with a use left, never one an enchantment grants.
            usable = metas if metas and title in p.abilities and p.uses_left.get(title, 0) != 0 else ()
            out += listed.uses(p.name, card, usable)
        return out

    def _metas(self, p: Player) -> tuple[str, ...]:
        """The meta-magics ``p`` may state now (casting.can_add_meta asks the rest, of the ability they modify)."""
        library = self.field.library
        return tuple([t for t in p.abilities if t in library.meta_magics
                      and not casting.can_use(self.field, p, library[t])])

    def _hits(self, p: Player, players: list[Player]) -> list[Choice]:
        """Every hit ``p``, able to act, may strike on another living player."""
        heated = bool(p.ongoing) and ongoing.heated(self.field, p) is not None
        out: list[Choice] = []
        for t in players:
            if t is p or not t.alive:
                continue
            out += self.listing.hits(p.name, t.name, p.active_ball, heated, tuple(t.equipment))
        return out

    # ---- playing an event
    def happen(self, verb: str, *args: Any) -> Flow[None]:
        """The event a choice names (by names and titles, never objects: a copy of the match replays it)."""
        f = self.field
        if verb == "pass":
            yield from self.time_passes(args[0])
        elif verb == "dies":
            yield from self.death(f.player(args[0]), None, "a killing blow")
        elif verb == "complete":
            yield from self.complete(f.player(args[0]), self.library[args[1]], f.player(args[2]), args[3])
        elif verb == "begin":
            yield from self.start(f.player(args[0]), self.library[args[1]], args[2])
        elif verb == "hit":
            yield from self.hit(f.player(args[0]), f.player(args[1]), args[2], args[3])
        else:
            PLAIN[verb](f, f.player(args[0]), *args[1:])

    def start(self, caster: Player, card: AbilityCard, metas: tuple[str, ...]) -> Flow[None]:
        casting.begin(self.field, caster, card.title, metas)
        self.field.say(f"{caster.name} begins {card.title}" + (f" with {' and '.join(metas)}" if metas else ""))
        return
        yield

    def time_passes(self, seconds: int) -> Flow[None]:
        self.field.say(f"{seconds} s pass")
        ended = self.field.clock.advance(seconds)
        states.expire(self.field, [k for k in ended if k[1] != ongoing.ONGOING])
        ongoing.expire(self.field, [k for k in ended if k[1] == ongoing.ONGOING])
        return
        yield

    def complete(self, caster: Player, card: AbilityCard, target: Player, metas: tuple[str, ...]) -> Flow[None]:
        """The incantation completed: the ability is used up "regardless of if the target was valid or
        affected"; then it fails if it was improperly cast (Suppressed) or its target was not a valid one, has no
        effect if its target is out of range or unseen, and takes effect otherwise."""
        freed = casting.free_throw(self.field, caster, card, metas)
        if caster.incanting != card.title and freed is None:  # completed at once: begun and finished
            casting.begin(self.field, caster, card.title, metas)
        metas, improper = caster.metas, caster.improper
        caster.incanting, caster.metas, caster.improper = None, (), None
        if freed is None:  # a free throw begins no incantation, which would end the Chant that frees it
            casting.consume(self.field, caster, card.title, own=bool(metas))
        if card.trigger == "kill":  # "may only use one Kill Trigger ability per eligible killing blow"
            caster.killing_blow = None
        self.field.say(f"{caster.name} completes {card.title}" + (f" on {target.name}" if not card.thrown else "")
                       + (f" with {' and '.join(metas)}" if metas else "")
                       + (f", free while chanting {freed}" if freed else ""))
        failed = self.fails(caster, card, target, improper, freed)
        if failed:
            self.field.say(f"{card.title} fails, and is used up all the same: {failed}")
            return
        missed = casting.in_reach(self.field, caster, card, target, metas)
        if missed:
            self.field.say(f"{card.title} has no effect: {missed}")
            return
        if card.thrown:
            caster.active_ball = card.title  # "must be held in the caster's hand by the end of the incantation"
            return
        if card.chant:  # its effect lasts while its Chant does
            chants.start_chant(self.field, caster, card.title)
        if card.is_enchantment:
            worn = enchantments.enchant(self.field, caster, target, card)
            if card.steps:
                yield from self.play(card, card.steps, caster, target, worn=worn, bearer=target)
            return
        yield from self.play(card, card.steps, caster, target)

    def fails(self, caster: Player, card: AbilityCard, target: Player, improper: str | None, freed: str | None
              ) -> str | None:
        """Why a completed ability fails, or None: cast while Suppressed (as it began, or as it ends), or at a
        target it may not affect (casting.fails_on; a thrown ball has no target until it strikes). A ball thrown
        free while chanting is the Chant's, on which Suppressed "has no effect ... Chants already in progress"."""
        cast = None if freed else improper or casting.improperly_cast(caster)
        return cast or (None if card.thrown else casting.fails_on(self.field, caster, card, target))

    def play(self, card: AbilityCard, steps: Any, caster: Player, target: Player, **where: Any) -> Flow[None]:
        fx = Effect(self.field, card, caster, target, **where)
        yield from run(steps, fx, KINDS, Asker(caster.name, card.title, describe))
        for player in fx.deaths:
            yield from self.death(player, card.school.value, card.title)

    def hit(self, attacker: Player, target: Player, where: str, what: str) -> Flow[None]:
        """A weapon or a thrown ability strikes. The enchantments that answer a hit (Gift of Air) are played at the
        same time as its result on the armor (Ancestral Armor): the armor first, then their steps."""
        ball = self.library[what] if what not in hits.WEAPONS else None
        effects, spent = hits.effects_of(self.field, attacker, ball, what)
        strike = hits.Hit(attacker, target, where, ball, effects, weapon=what)
        if ball is not None:
            attacker.active_ball = None  # it "discharges"
        self.field.say(f"{attacker.name} hits {target.name}'s {where} with {what}"
                       + (f" ({', '.join(effects)})" if effects else ""))
        if spent is not None:
            enchantments.spend_strip(self.field, attacker, spent)
        blocked = hits.shut_off(strike)
        if blocked:
            self.field.say(blocked)
            return
        if where in ("shield", "weapon"):
            hits.strike_equipment(self.field, strike)
            if hits.reaches_player(strike):
                yield from self.listed_effects(strike)
            return
        answering = [(w, self.library[w.title]) for w in target.enchantments
                     if w.active and strike.melee and self.library[w.title].on("hit by a melee weapon")]
        wounded = hits.strike_body(self.field, strike)
        attacker.wounded_enemy = wounded and target.team != attacker.team
        yield from self.listed_effects(strike)
        for worn, card in answering:
            yield from self.play(card, card.on("hit by a melee weapon"), target, target, worn=worn, bearer=target)
        cause = hits.fatal(strike, wounded)
        if cause:
            yield from self.death(target, strike.school if cause == "Wounds Kill" else None, cause)
            if target.team != attacker.team:  # the final blow, or one an enemy avoided death from
                attacker.killing_blow = self.field.clock.now

    def listed_effects(self, strike: hits.Hit) -> Flow[None]:
        """A ball's or an arrow's own steps on the player it strikes ("in addition to their listed effects"), unless
        the player bears what stops a projectile (Protection from Projectiles: its bearer is unaffected)."""
        ball = strike.ability
        if ball is None or not ball.steps:
            return
        stopper = hits.stops_projectile(self.field, strike)
        if stopper:
            self.field.say(f"{stopper} stops the effects of {ball.title} on {strike.target.name}")
            return
        yield from self.play(ball, ball.steps, strike.attacker, strike.target)

    def death(self, player: Player, school: str | None, cause: str) -> Flow[None]:
        owed = yield from life.dies(self.field, player, school, cause)
        for other in owed:
            yield from self.death(other, None, "a killing effect")

    def states_ended(self, before: dict[str, set[tuple[str, str | None]]]) -> Flow[None]:
        """An enchantment that answers the end of a State ("when Frozen ends") plays as its bearer loses it."""
        for player in self.field.players.values():
            if not player.alive or not player.enchantments:  # none to answer it
                continue
            for state, _ in before[player.name] - set(player.states):
                for worn in list(player.enchantments):
                    card = self.library[worn.title]
                    steps = card.on(f"{state} ends")
                    if worn.active and steps:
                        yield from self.play(card, steps, player, player, worn=worn, bearer=player)

    def snapshot(self) -> dict[str, Any]:
        return {"time": self.field.clock.now, "players": {p.name: p.snapshot() for p in self.field.players.values()}}


# The events that ask nothing and owe nothing: a rule of the field played on one player.
def returns_to_the_physical_world(field: Battlefield, player: Player) -> None:
    """“I return to the physical world” x2, incanted: an incantation like any other as it starts (an
    incantation in progress is interrupted), then the State goes (states.return_to_the_physical_world)."""
    casting.starts_incanting(field, player, "“I return to the physical world”")
    if player.incanting is not None:
        casting.interrupt(field, player)
    states.return_to_the_physical_world(field, player)


PLAIN: dict[str, Any] = {"voluntary death": life.voluntary_death, "respawn": life.respawn,
                         "return to life": life.return_to_life, "interrupt": casting.interrupt,
                         "moves": casting.moves, "remove": enchantments.remove_own, "charge": casting.charge,
                         "stop chanting": chants.stops_chanting,
                         "return to the physical world": returns_to_the_physical_world}

TIMELINE = (flow.Phase("event", (Game.next_event,)),)
