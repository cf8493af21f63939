"""The Cast Cycle — Speak, declare, Place, Pay, Respond, Activate — and the resolution of spells in play.

Glossary terms played here: Cast Cycle, Spoken, Miscast, Eloquent, Voice, Manifesting, Requirements
(Active, Discard, Pay, Attunement, Dominance, Burn Focus, Sacrifice, to sustain), Generate, Upgrade,
Duration F and Focus, Response, Priority, Interrupt Stone, Veiled, Activate (Abjurations, Transmutes,
Evades and Allies each activate their own way), Resolve, Sustain, Curse Duration, Area, Evade, Abjuration
Spell. What a spell may aim at is targeting.py, its Duration duration.py, its Ritual Path
engine/rulesets/serpents_tongue/ritual_path.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.core.errors import Unsupported
from spellc.engine.rulesets.serpents_tongue import (
    acts,
    allies,
    behaviours,
    control,
    defenses,
    duration,
    encounter_state,
    events,
    exchange,
    holdings,
    impact,
    rite,
    ritual_path,
    rules_text,
    step_targets,
    targeting,
    tough,
    transmutes,
    triggers,
)
from spellc.engine.rulesets.serpents_tongue.acts import PASS
from spellc.engine.rulesets.serpents_tongue.cards import (
    RESONANCE,
    Ability,
    Aspect,
    Cost,
    Energy,
    Modifier,
    Requirement,
    Role,
    Selector,
    SpellCard,
    UpgradeTiming,
)
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import (
    CODEX,
    ENCOUNTER,
    IN_PLAY,
    MANIFESTING,
    MAX_INTERRUPT_STONES,
    PREPARED,
    RITE,
    Being,
    Card,
    Departure,
    Kind,
    Place,
    Zone,
    codex_view,
    fits,
)
from spellc.engine.rulesets.serpents_tongue.wording import selector_text

# The roles has_target tells apart, by their plain names: an Enum member read off its class is a hook's call on
# Python 3.11 (state.py), at every spell that might be cast.
ATTACK, TRANSMUTE, ALLY, COMPONENT = Role.ATTACK, Role.TRANSMUTE, Role.ALLY, Role.COMPONENT
# A refusal whose reason was not asked for (why_not's ``explain``): the options of a turn or of a Response window
# read only whether a spell can be cast, for every spell prepared, at every decision.
REFUSED = "Refused: the reason was not asked for"
ZONE_OF_ROLE = {Role.ATTACK: Zone.ATTACK, Role.DEFENSE: Zone.DEFENSE, Role.COMPONENT: Zone.DEFENSE,
                Role.ENHANCE: Zone.ENHANCEMENT}


# ================================================================== can it be cast?
def unsupported(game: Battle, card: Card) -> str | None:
    """The first aspect or requirement of the card whose behaviour the match does not play, or None."""
    for a in card.gained:
        if not behaviours.supported(a.name, game.plays):
            return a.name
    return _unsupported(card.spec, game.plays)  # type: ignore[arg-type]  # classes hash by identity


@cache
def _unsupported(spec: type[SpellCard], plays: frozenset[str]) -> str | None:
    for a in spec.directives + spec.empowerments:
        if not behaviours.supported(a.name, plays):
            return a.name
    for req in spec.requirements:
        if not behaviours.supported(req.form, plays):
            return f"! {req.form}"
    return None


@dataclass(slots=True)
class Provisional:
    """A spell as it would be cast now: what passive effects read to change its cost or speed. No effect is
    under way yet, so it has none of an :class:`Effect`'s bookkeeping (made for every spell that might be
    cast, at every decision)."""

    game: Battle
    card: Card
    controller: Being
    target: Being | Card | None = None
    ability: None = None
    # The passive effects in play, read once: its speed and its cost each count them, and nothing changes
    # while a spell is weighed (a Provisional is made for one check and dropped). None: not read yet.
    sources: list[tuple[Card, Modifier]] | None = None
    orbs: int | None = None  # its orb cost (orb_cost), once counted: the targets and the payment both ask

    def passives(self) -> list[tuple[Card, Modifier]]:
        found = self.sources
        if found is None:
            found = self.sources = impact.passive_sources(self.game)
        return found

    def aspects(self) -> Sequence[Aspect]:
        return impact.effective_aspects(self.game, self, self.passives())

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.aspects())


def provisional(game: Battle, caster: Being, card: Card, target: Being | Card | None = None) -> Provisional:
    """The spell as it would be cast now (for passive effects that change its cost or speed)."""
    return Provisional(game, card, caster, target)


def full_actions(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> int:
    """How many Full Actions casting ``card`` takes now, its aspects and passive effects counted (rite.py);
    ``fx``: its :func:`provisional` cast, when the caller has it already."""
    return rite.actions_needed(card, (fx or provisional(game, caster, card)).aspects())


def is_free(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> bool:
    return full_actions(game, caster, card, fx) == 0


def why_not(game: Battle, caster: Being, card: Card, in_window: bool = False,
            bans: control.Bans | None = None, passives: list[tuple[Card, Modifier]] | None = None,
            explain: bool = True) -> str | None:
    """Why ``caster`` cannot cast ``card`` now (a rule's name and the reason), or None when it can.
    ``bans``: the caster's (:func:`control.bans`), and ``passives``: the passive effects in play
    (:func:`impact.passive_sources`), when the caller read them for several spells. ``explain`` False: only
    whether it can is read (the options of a turn or a Response window), and the refusals most often met are
    :data:`REFUSED`, their reasons not written out."""
    if caster.incapacitated:
        return f"Incapacitated: {caster.name} cannot act"
    if bans is None or bans:  # given and empty (nearly always): nothing to look at
        prevented = control.why_not_cast(game, caster, card, bans)  # Prevented, Phased
        if prevented:
            return prevented
    # What the card prints is looked up once per card; what it gained since, each time.
    what = unsupported(game, card) if card.gained else _unsupported(card.spec, game.plays)  # type: ignore[arg-type]
    if what:
        return f"Unsupported: the engine cannot play '{what}' on '{card.title}' yet"
    response = card.responds
    # A Rite zone spell is cast (emerges) once its Full Actions are invested: it needs no preparation.
    if (card.place is PREPARED and card in caster.prepared) or (card.place is RITE and card in caster.rite):
        pass
    elif not (response and card.place in (CODEX, PREPARED) and card.owner is caster):
        return "Spell Preparation: it is not prepared"
    if card.title in caster.miscast_this_turn:
        return f"Miscast: {caster.name} miscast {card.title} this turn"
    if passives is None:
        passives = impact.passive_sources(game)
    # Its cost and speed, for every check below: with no passive effect in play and no Encounter's threshold
    # (nearly always), the card's own, read without a provisional cast.
    fx = Provisional(game, card, caster, None, None, passives) if passives or caster.encounter is not None else None
    if in_window:
        if not response:
            return f"Response: {card.title} cannot be cast out of turn"
        need = _needed(card, fx)
        if need > 1:
            return f"Actions: {card.title} needs several Full Actions, which a Response cannot wait for"
        if need and caster.interrupt_stones >= MAX_INTERRUPT_STONES:
            return f"Interrupt Stone: {caster.name} already has {MAX_INTERRUPT_STONES} interrupt stones"
    # A Free Action spell needs neither; the Full Actions are counted only when they could matter.
    elif (caster.interrupt_stones or caster.full_actions <= 0) and _needed(card, fx):
        if caster.interrupt_stones:
            return f"Interrupt Stone: {caster.name} must shed an interrupt stone first"
        return f"Action: {caster.name} has no Full Action left"
    # Its own requirements before its targets: they fail far more often, and cost less to read.
    spec = card.spec
    extra = 0  # "! Pay N Resonance" adds to the orb cost
    for req in spec.cast_requirements:
        problem = requirement_problem(game, caster, card, req, explain=explain)
        if problem:
            return f"Requirements: {problem}" if explain else REFUSED
        if req.form == "Pay" and req.cost is not None and req.cost.energy is RESONANCE:
            extra += req.cost.amount
    if not has_target(game, caster, card, fx):
        if not explain:
            return REFUSED
        on_bearer = spec.bearer_requirements
        if on_bearer and _targets(game, caster, card):
            return f"Requirements: {card.title} requires {_req_text(on_bearer[0])}"
        if _targets(game, caster, card):
            return (f"{tough.RULE}: every target of {card.title} is an opposing Tough spell, and {caster.name} "
                    f"cannot pay the Resonance it costs more (has {caster.resonance})")
        return f"Target: {card.title} has no valid target"
    step_problem = step_targets.why_not(game, caster, card) if spec.declarations else None
    if step_problem:
        return step_problem
    if caster.foci <= caster.burned_foci:  # no Focus free (free_foci, read without a call): a Duration F spell
        # needs one; its Duration is looked up only then
        duration = card.aspect("Duration")
        if duration is not None and duration.value == "F":
            return f"Focus: {caster.name} has no Focus left"
    need = (orb_cost(game, caster, card, fx) if fx is not None else spec.orbs) + extra
    if need > 0 and not game.can_pay(caster, RESONANCE, need):  # nothing to pay is paid (the caster stands)
        return f"Energy Orbs: {caster.name} cannot pay {need} Resonance for {card.title} (has {caster.resonance})"
    return None


def _needed(card: Card, fx: Provisional | None) -> int:
    """The Full Actions casting ``card`` takes: with ``fx`` (its provisional cast), as passive effects change them;
    without (none in play), as the card has them."""
    if fx is not None:
        return rite.actions_needed(card, fx.aspects())
    # Card.aspects(), written out for a card as printed (most cards, most of the time): its printed aspects.
    plain = not (card.gained or card.round_gained or card.impact_gained or card.combined)
    return rite.actions_needed(card, card.spec.printed if plain else card.aspects())


def orb_cost(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> int:
    fx = fx or provisional(game, caster, card)
    if fx.orbs is None:
        passives = fx.passives()  # most of the time none, which generate nothing
        net = card.spec.resonance + (impact.generated(game, fx, RESONANCE, passives) if passives else 0)
        fx.orbs = -net if net < 0 else 0
    return fx.orbs


def requirement_problem(game: Battle, caster: Being, card: Card, req: Requirement, bearer: Being | None = None,
                        sustaining: bool = False, explain: bool = True) -> str | None:
    """What ``caster`` lacks to meet ``req`` for ``card``, None when it meets it (``explain`` False: where only
    whether it does is read, an unmet Active or Discard requirement, the most often unmet, is :data:`REFUSED`)."""
    form = req.form
    if form == "Active" and req.selector is not None:
        if req.on_bearer:
            pool = bearer.in_play() if bearer else []
            ok = any(c is not card and c.active and game.matches(c, req.selector) for c in pool)
        else:  # a loop, not any() of a generator made for it: asked of every spell prepared, at every turn
            ok = False
            for c in game.all_in_play():
                if c is not card and c.controller is caster and game.matches(c, req.selector):
                    ok = True
                    break
        if ok:
            return None
        return f"{card.title} requires an active {req.selector.text()}" if explain else REFUSED
    if form == "Discard":
        if req.charge is not None:
            if not charge_holders(game, caster, req):
                return f"{card.title} requires {req.count or 1} {req.charge} charge(s) to discard"
            return None
        if req.selector is not None and not discardable(game, caster, card, req.selector):
            if not explain:
                return REFUSED
            return f"{card.title} requires Discard {req.selector.text()}, and {caster.name} controls none"
        return None
    if form == "Pay" and req.cost is not None:
        if not game.can_pay(caster, req.cost.energy, req.cost.amount):
            return f"{caster.name} cannot pay {req.cost.text()}"
        return None
    sphere = req.sphere or (req.selector.sphere if req.selector else None)
    if form == "Attunement" and sphere is not None:
        if not any(c.sphere is sphere for c in caster.discard):
            return f"Attunement: no {sphere.value} spell in {caster.name}'s discard pile"
        return None
    if form == "Dominance" and sphere is not None:
        counts: dict[str, int] = {}
        for c in caster.discard:
            counts[c.sphere.value] = counts.get(c.sphere.value, 0) + 1
        mine = counts.pop(sphere.value, 0)
        if mine == 0 or any(n >= mine for n in counts.values()):
            return f"Dominance: {sphere.value} is not the largest Sphere of {caster.name}'s discard pile"
        return None
    if form == "Actions":  # played by engine/rulesets/serpents_tongue/rite.py: the spell waits in the Rite zone
        return None
    if form == "Burn Focus":
        return None if caster.free_foci > 0 else f"{caster.name} has no Focus to burn"
    if form == "Sacrifice":
        n = req.count or 1
        return None if len(sacrificeable(caster)) >= n else f"{caster.name}'s Codex holds fewer than {n} spells"
    raise Unsupported(f"! {form}", card.title)


def sacrificeable(caster: Being) -> list[Card]:
    """The spells of the Codex; a Nam-Shub page is no spell to sacrifice (it has no Sphere)."""
    return [c for c in caster.codex if c.kind != "nam-shub"]


def discardable(game: Battle, caster: Being, card: Card, sel: Selector) -> list[Card]:
    return [c for c in game.all_in_play() if c is not card and c.controller is caster and game.matches(c, sel)]


def charge_holders(game: Battle, caster: Being, req: Requirement) -> list[Card]:
    key = (req.charge or "").lower()
    return [c for c in game.all_in_play() if c.controller is caster and c.counters.get(key, 0) >= (req.count or 1)]


# ================================================================== targets
def targets(game: Battle, caster: Being, card: Card, for_free: bool = False,
            fx: Provisional | None = None) -> list[Choice]:
    """Every legal target of ``card`` for ``caster``, as choices (declared when the spell is cast; ``fx``: its
    :func:`provisional` cast, when the caller has it)."""
    return [Choice(targeting.target_label(game, t), t) for t in legal_targets(game, caster, card, for_free, fx)]


def legal_targets(game: Battle, caster: Being, card: Card, for_free: bool = False,
                  fx: Provisional | None = None) -> list[targeting.Target]:
    """The targets of :func:`targets`, unlabelled (whether there is one is asked of every spell that might be
    cast, at every decision).

    A requirement "on Bearer" narrows them: the bearer-to-be must meet it; so does the Tough of a target,
    unless the spell is cast for free."""
    found = _targets(game, caster, card)
    # A Tough target costs more: one it cannot pay for is none (the targets of one spell are all of one kind).
    if not for_free and found and found[0][0] == "card":
        need = orb_cost(game, caster, card, fx)
        found = [t for t in found if t[0] != "card" or game.can_pay(
            caster, RESONANCE, need + tough.extra_cost(caster, [game.card(t[1])]))]
    on_bearer = card.spec.bearer_requirements
    if on_bearer:
        found = [t for t in found if t[0] != "being" or not any(
            requirement_problem(game, caster, card, r, game.being(t[1]), explain=False) for r in on_bearer)]
    return found


def has_target(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> bool:
    """Whether :func:`legal_targets` finds any, told without listing them: asked of every spell that might be
    cast, at every decision, where only its answer is read. A spell aimed at beings that no requirement "on
    Bearer" narrows needs one being it may aim at, found in one pass; the others' targets are weighed one by one
    until one is kept (:func:`_weighed_target`)."""
    spec = card.spec
    role = spec.role
    # Card.names(), written out for a card as printed (most cards, most of the time), as _targets reads it.
    plain = not (card.gained or card.round_gained or card.impact_gained or card.combined)
    names = spec.printed_names if plain else card.names()
    if "Area:G" in names and role is not TRANSMUTE:  # the global area: a target no filter narrows
        return True
    if "Evade" in names or role not in _AIMS_AT_BEINGS or spec.bearer_requirements:
        return _weighed_target(game, caster, card, fx)
    if role is ATTACK:  # _at_foes: a team of the foes (Area), or a foe not Cloaked
        if "Area" in names or not game.all_in_play():  # with no spell in play, nothing cloaks: a foe standing
            team = caster.team  # Game.foes, read without a list made
            for foe in game.beings:  # noqa: SIM110
                if foe.team != team and not foe.incapacitated:
                    return True
            return False
        foes = game.foes(caster)
        # A loop, not any() of a generator made for it: asked of every Attack prepared, at every turn.
        for foe in foes:  # noqa: SIM110
            if not control.cloaked(game, foe):
                return True
        return False
    if role is ALLY:  # _at_caster
        return True
    if "Area" in names and role is not COMPONENT:  # _at_allies: the caster's team, or an ally standing
        return True
    team = caster.team  # Game.allies, read without a list made (nor a generator)
    for ally in game.beings:  # noqa: SIM110
        if ally.team == team and not ally.incapacitated:
            return True
    return False


def _weighed_target(game: Battle, caster: Being, card: Card, fx: Provisional | None) -> bool:
    """Whether :func:`legal_targets` keeps any of the spell's targets, each weighed as it does until one is kept:
    a Tough spell the caster cannot pay for is none, nor is a bearer-to-be short of a requirement "on Bearer"."""
    found = _targets(game, caster, card)
    if not found:
        return False
    weigh_tough = found[0][0] == "card"  # as legal_targets: the targets of one spell are all of one kind
    on_bearer = card.spec.bearer_requirements
    need = -1  # the spell's orbs, counted at the first Tough target weighed
    for kind, key in found:
        if weigh_tough and kind == "card":
            if need < 0:
                need = orb_cost(game, caster, card, fx)
            if not game.can_pay(caster, RESONANCE, need + tough.extra_cost(caster, [game.card(key)])):
                continue
        if on_bearer and kind == "being":
            bearer = game.being(key)
            for r in on_bearer:
                if requirement_problem(game, caster, card, r, bearer, explain=False):
                    break
            else:
                return True
            continue
        return True
    return False


def _targets(game: Battle, caster: Being, card: Card) -> list[targeting.Target]:
    spec = card.spec
    role = spec.role  # the card's own (asked for every spell that might be cast: no property call)
    # Card.names(), written out for a card as printed (most cards, most of the time): its printed names.
    plain = not (card.gained or card.round_gained or card.impact_gained or card.combined)
    names = spec.printed_names if plain else card.names()
    if "Area:G" in names and role is not Role.TRANSMUTE:  # "Area is meaningless on ... Transmute spells"
        return [("global", None)]
    if "Evade" in names:
        return targeting.evade_targets(game, caster, card)
    aim = _AIMS.get(role)
    return aim(game, caster, card, "Area" in names) if aim is not None else []


def _at_foes(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    foes = game.foes(caster)
    if area:
        return [("team", t) for t in targeting.teams_of(foes)]
    return [("being", o.name) for o in foes if not control.cloaked(game, o)]


def _at_allies(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    if area and card.spec.role is not Role.COMPONENT:
        return [("team", caster.team)]
    return [("being", a.name) for a in game.allies(caster) if not a.incapacitated]


def _at_spells(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    if area and card.spec.role is Role.ABJURATION:
        return targeting.area_targets(game, caster, card)
    sel = card.spec.targets or Selector()
    return [("card", c.id) for c in targeting.spell_targets(game, caster, card, sel)]


def _at_caster(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    """"Magi cannot summon Koishaka on behalf of other Allies or opponents"."""
    return [("being", caster.name)]


# What each role aims at (``area``: the spell has Area), looked up once rather than role after role: asked for
# every spell that might be cast, at every decision.
_AIMS: dict[Role, Callable[[Battle, Being, Card, bool], list[targeting.Target]]] = {
    Role.ATTACK: _at_foes, Role.DEFENSE: _at_allies, Role.COMPONENT: _at_allies, Role.ENHANCE: _at_allies,
    Role.ABJURATION: _at_spells, Role.TRANSMUTE: _at_spells, Role.ALLY: _at_caster,
}
# The roles whose targets are beings (has_target finds one without listing them).
_AIMS_AT_BEINGS = frozenset({Role.ATTACK, Role.DEFENSE, Role.COMPONENT, Role.ENHANCE, Role.ALLY})


# ================================================================== the cast cycle
def cast(game: Battle, caster: Being, card: Card, in_window: bool = False) -> Flow[None]:
    # Speak: silently, or Intoned for Voice — at the risk of a Miscast.
    spoken = yield from speak(game, caster, card)
    if spoken == "miscast":
        miscast(game, caster, card)
        yield from triggers.emit(game, "WHO miscasts spell", being=caster)
        return
    need = full_actions(game, caster, card)
    if not in_window and need > 1:
        rite.begin(game, caster, card, spoken, need)  # "# Actions": Spoken, then it waits in the Rite zone
        if spoken == "intoned":  # its Voice is earned as it is Spoken into the Rite zone
            yield from triggers.emit(game, "WHO intones spell", being=caster)
        return
    yield from cast_spoken(game, caster, card, spoken, in_window, need=need)
    yield from triggers.settle(game)  # what the cast set off: the spells it discarded, a Magi it incapacitated


def cast_spoken(game: Battle, caster: Being, card: Card, spoken: str, in_window: bool = False,
                from_rite: bool = False, for_free: bool = False, last_action: bool = True,
                need: int | None = None) -> Flow[None]:
    """A Spoken spell is declared, placed, paid for, responded to and activated (``from_rite``: it has
    just had enough Full Actions invested in the Rite zone, and this last one discards nothing there —
    ``last_action`` False: it had them all already, and emerges as a Free Action; ``for_free``: an effect
    casts it "for free", see :func:`cast_free`; ``need``: its :func:`full_actions`, when the caller has just
    counted them)."""
    if need is None:
        need = full_actions(game, caster, card)
    free = for_free or need == 0 or (from_rite and not last_action)
    # Declare: "choose one" is chosen at declaration (seed 003), then the target, then the chosen
    # mode's step targets ("deal Dmg 2 to target Magi").
    if card.spec.modes:
        modes = step_targets.spell_modes(game, caster, card)
        pick = yield from game.ask("mode", caster, f"{card.title}: choose one", modes, card)
        card.mode = int(pick.value)
    offered = targets(game, caster, card, for_free)
    # Most spells have one target: taken here, as Game.ask would, without its prompt written and its flow run.
    choice = offered[0] if len(offered) == 1 else (
        yield from game.ask("target", caster, f"target of {card.title}?", offered, card))
    target, team, evaded = targeting.resolve_target(game, choice.value)
    yield from step_targets.declare_spell(game, caster, card, None if for_free else _tough_budget(game, caster, card,
                                                                                                   target))
    # Place.
    for pile in (caster.prepared, caster.codex, caster.rite):
        if card in pile:
            pile.remove(card)
    card.place = Place.MANIFESTING
    card.caster = card.controller = caster
    card.target = target
    fx = Effect(game, card, caster, target, team="*" if choice.value[0] == "global" else team, mode=card.mode,
                evade_of=evaded)
    # Pay: requirements, energy orbs, upgrades, ritual path — then the action itself. A spell Prolong Cast
    # sent back to the Rite zone paid as it was first cast; it "may be re-targeted when it emerges", no more.
    recast = card.prolonged
    if not recast:
        yield from pay(game, caster, card, fx, for_free)
    card.prolonged = False
    # The Full Actions it took, should Prolong Cast add to them: all it needed, from the Rite zone.
    card.counters[rite.INVESTED] = need if from_rite else int(not free)
    if spoken == "intoned" and not from_rite:  # a Rite zone spell earned its Voice when it was Spoken
        game.gain(caster, Energy.VOICE, card.spec.fluency)
        yield from triggers.emit(game, "WHO intones spell", being=caster)
    if in_window:
        if not free:
            caster.interrupt_stones += 1
            yield from triggers.emit(game, "WHO takes interrupt stone", being=caster)
    elif not free:
        caster.full_actions -= 1
        if not from_rite:
            rite.drop_rite(game, caster)
    at = f" at {choice.label}" if choice.label not in (caster.name,) else ""
    game.say(f"{caster.name} casts {card.title}{at}" + (" (Free Action)" if free else "")
             + (" as a Response" if in_window else ""))
    if not recast:  # a spell Prolong Cast sent back to the Rite zone was counted as it was first cast
        holdings.count_cast(game, caster, card)
    # Each event emitted only when something is owed or reacts to it (as triggers.emit tells): at most casts
    # nothing does, and no flow is made, run and passed through.
    if game.pending_triggers or game.reacts_to("WHO casts spell"):
        yield from triggers.emit(game, "WHO casts spell", being=caster)
    if game.pending_triggers or game.reacts_to("bearer casts offensive spell at caster"):
        yield from offensive_cast(game, caster, fx)
    yield from respond(game, fx)
    yield from activate(game, fx)
    card.impact_gained.clear()  # a 'this impact' Upgrade lasts its one impact


def _tough_budget(game: Battle, caster: Being, card: Card, target: Being | Card | None
                  ) -> Callable[[Being | Card], bool]:
    """Whether one more step target can be paid for: Tough ("targeting an opposing object with Tough x cost X
    more") counts every target, the spell's own and its step targets, on top of its orbs."""
    # Its orbs, counted at the first step target weighed (before any is asked, so on the state the cast left)
    # and kept for the others: most spells declare no step target, and need not count them.
    need: int | None = None

    def affordable(x: Being | Card) -> bool:
        nonlocal need
        if need is None:
            need = orb_cost(game, caster, card)
        chosen = [target, *card.step_targets.values(), x]
        return game.can_pay(caster, RESONANCE, need + tough.extra_cost(caster, chosen))
    return affordable


def free_casts(game: Battle, caster: Being, selector: Selector) -> list[Choice]:
    """The spells an effect may let ``caster`` cast "for free": prepared or in the Codex, of the kind it
    names, with a legal target. (Costs aside, the rules of casting hold: Prevented, Focus, requirements.)"""
    out: list[Choice] = []
    for card in [*caster.prepared, *caster.codex]:
        if card.spec.kind != "spell" or not fits(card, selector) or any(c.value == card.id for c in out):
            continue
        if control.why_not_cast(game, caster, card) or not _targets(game, caster, card):
            continue
        out.append(acts.named(card.title, card.id))
    return out


def _cast_free_words(selector: Selector) -> str:
    what = selector_text(selector)
    what = what if what.endswith("spell") else f"{what} spell"
    return f"cast {'an' if what[:1].lower() in 'aeiou' else 'a'} {what} for free"


@rules_text.kind("cast free", ("spells",), words=_cast_free_words)
def cast_free(fx: Effect, selector: Selector) -> Flow[bool]:
    """A rules-text step: "If a Spell is played 'for free', the extra cost from Tough X is also waived" (seed
    003, 7.4.5). The controller casts one of their spells that ``selector`` names, paying no energy and taking
    no Action or interrupt stone for it. True when a spell was cast."""
    game, who = fx.game, fx.controller
    options = free_casts(game, who, selector)
    if who.incapacitated or not options:
        return False
    pick = yield from game.ask("cast free", who, f"{fx.card.title}: cast which {selector.text()} for free?", options,
                               fx.card)
    card = game.card(pick.value)
    game.say(f"{who.name} casts {card.title} for free ({fx.card.title})")
    yield from cast_spoken(game, who, card, "silent", for_free=True)
    return True


SPOKEN = (Choice("silent", "silent"), Choice("intone", "intoned"), Choice("miscast", "miscast"))


def speak(game: Battle, caster: Being, card: Card) -> Flow[str]:
    eloquent = card.has("Eloquent")
    if not (game.options.intoning or eloquent) or caster.kind is not Kind.MAGI:
        return "silent"
    options = SPOKEN[1:] if eloquent else SPOKEN  # an Eloquent spell must be Spoken to be cast
    pick = yield from game.ask("speak", caster, f"how does {caster.name} cast {card.title}?", options, card)
    return str(pick.value)


def miscast(game: Battle, caster: Being, card: Card) -> None:
    """"Kotukh!": -1 Harmony (and Eloquent X more), every other being +1 Resonance, the spell goes back
    to the unprepared Codex; no Full Action is lost, but the turn passes."""
    eloquent = card.aspect("Eloquent")
    extra = int(eloquent.value) if eloquent and isinstance(eloquent.value, int) else 0
    game.lose(caster, Energy.HARMONY, 1 + extra)
    for other in game.beings:
        if other is not caster:
            game.gain(other, Energy.RESONANCE, 1)
    for pile in (caster.prepared, caster.codex):
        if card in pile:
            pile.remove(card)
    card.place = Place.CODEX
    caster.codex.append(card)
    caster.miscast_this_turn.add(card.title)
    game.say(f"{caster.name} miscasts {card.title}: Kotukh!")


def pay(game: Battle, caster: Being, card: Card, fx: Effect, for_free: bool = False) -> Flow[None]:
    """A spell cast "for free" pays no energy: no orbs, no `! Pay`, no Tough; its other requirements (a
    discard, an active spell) are no costs of energy and still hold, and upgrades stay optional at their price."""
    for req in card.spec.requirements:
        if req.timing.at_cast and not (for_free and req.form == "Pay"):
            yield from pay_requirement(game, caster, card, req)
    # Energy orbs, with what passive effects make the spell generate.
    for energy, printed in ((Energy.RESONANCE, card.spec.resonance), (Energy.HARMONY, card.spec.harmony)):
        net = printed + impact.generated(game, fx, energy)
        if net < 0 and for_free:
            continue
        if net < 0:
            game.pay(caster, energy, -net, "Energy Orbs")
            card.paid.append((energy, -net))
        elif net > 0:
            game.gain(caster, energy, net)
    extra = 0 if for_free else tough.extra_cost(caster, [fx.target, *fx.chosen.values()])
    if extra:
        game.pay(caster, Energy.RESONANCE, extra, tough.RULE)
        card.paid.append((Energy.RESONANCE, extra))
        game.say(f"{caster.name} pays {extra} Resonance more for targeting a Tough spell")
    yield from upgrades(game, caster, card)
    yield from ritual_path.buy(game, caster, card)
    duration = card.aspect("Duration")
    if duration is not None and duration.value == "F":
        place_focus(game, caster, card)


def pay_requirement(game: Battle, caster: Being, card: Card, req: Requirement) -> Flow[None]:
    if req.form == "Discard" and req.charge is not None:
        holders = charge_holders(game, caster, req)
        options = [acts.named(c.title, c.id) for c in holders]
        pick = yield from game.ask("discard", caster, f"discard {req.charge} charges from which spell?", options, card)
        holder = game.card(pick.value)
        holder.counters[req.charge.lower()] -= req.count or 1
        card.charges_spent.append((holder, req.charge.lower(), req.count or 1))
        game.say(f"{caster.name} discards {req.count or 1} {req.charge} charge from {holder.title}")
    elif req.form == "Discard" and req.selector is not None:
        options = [acts.named(c.title, c.id) for c in discardable(game, caster, card, req.selector)]
        pick = yield from game.ask("discard", caster, f"discard which {req.selector.text()} for {card.title}?",
                                   options, card)
        gone = game.card(pick.value)
        card.sacrificed.append(Departure.of(gone))
        game.say(f"{caster.name} discards {gone.title} for {card.title}")
        game.discard(gone)
    elif req.form == "Pay" and req.cost is not None:
        game.pay(caster, req.cost.energy, req.cost.amount, "Requirements")
        card.paid.append((req.cost.energy, req.cost.amount))
    elif req.form == "Burn Focus":
        burn_focus(game, caster)
    elif req.form == "Sacrifice":
        for _ in range(req.count or 1):
            options = [acts.named(c.title, c.id) for c in sacrificeable(caster)]
            pick = yield from game.ask("sacrifice", caster, f"sacrifice which spell for {card.title}?", options, card)
            gone = game.card(pick.value)
            card.sacrificed.append(Departure.of(gone))
            game.discard(gone)


def burn_focus(game: Battle, caster: Being) -> None:
    """"To discard a Focus": a Focus sustaining a spell may be burned; that spell then loses it."""
    caster.burned_foci += 1
    held = [c for c in game.all_in_play() if c.focus is caster]
    if len(held) > caster.free_foci and held:
        game.remove_focus(held[0], "its Focus was burned")


def place_focus(game: Battle, caster: Being, card: Card) -> None:
    held = [c for c in game.all_in_play() if c.focus is caster]
    if len(held) >= caster.free_foci and held:
        game.remove_focus(held[0], f"{caster.name}'s Focus moves to {card.title}")
    card.focus = caster


def upgrades(game: Battle, caster: Being, card: Card, timings: tuple[UpgradeTiming, ...] = tuple(UpgradeTiming)
             ) -> Flow[None]:
    """"^": extra aspects for one of the listed costs. "The condition must be true or the extra payment must
    be made at the time the rest of the casting costs are paid ... unless the Upgrade specifies an alternate
    timing such as 'per round' or 'this impact'": those are offered again (:func:`renew_upgrades`)."""
    for up in card.spec.upgrades:
        if up.timing not in timings:
            continue
        what = ", ".join(a.text() for a in up.aspects)
        when = "" if up.timing is UpgradeTiming.CAST else f" ({up.timing.value})"
        options = [Choice("no upgrade", None)]
        options += [Choice(f"{c.text()}", i) for i, c in enumerate(up.costs)
                    if game.can_pay(caster, c.energy, c.amount)]
        pick = yield from game.ask("upgrade", caster, f"upgrade {card.title} with {what}{when}?", options, card)
        if pick.value is None:
            continue
        cost = up.costs[int(pick.value)]
        game.pay(caster, cost.energy, cost.amount, "Upgrade")
        card.paid.append((cost.energy, cost.amount))
        {UpgradeTiming.CAST: card.gained, UpgradeTiming.PER_ROUND: card.round_gained,
         UpgradeTiming.THIS_IMPACT: card.impact_gained}[up.timing].extend(up.aspects)
        game.say(f"{caster.name} upgrades {card.title} with {what} for {cost.text()}{when}")


def renew_upgrades(game: Battle, card: Card) -> Flow[None]:
    """Each maintenance, as a spell resolves: last round's 'per round' Upgrades run out, and its controller
    may pay its 'per round' and 'this impact' Upgrades again."""
    card.round_gained.clear()
    card.impact_gained.clear()
    if card.dormant:  # "A Dormant spell does not cause any effect"
        return
    yield from upgrades(game, card.controller or card.owner, card, (UpgradeTiming.PER_ROUND, UpgradeTiming.THIS_IMPACT))


def offensive_cast(game: Battle, caster: Being, fx: Effect) -> Flow[None]:
    """Karmic Debt: "each time the bearer casts an offensive spell at the caster" (the flow of triggers.emit)."""
    return triggers.emit(game, "bearer casts offensive spell at caster", being=caster, at=victims(game, fx))



def victims(game: Battle, fx: Effect) -> list[Being]:
    if fx.team == "*":  # "the global area, which includes all Magi"
        return list(game.beings)
    if fx.team is not None:
        return [b for b in game.beings if b.team == fx.team and b.team != fx.controller.team]
    t = fx.target.bearer if isinstance(fx.target, Card) else fx.target
    return [t] if isinstance(t, Being) and t.team != fx.controller.team else []


# ================================================================== Responses
def respond(game: Battle, fx: Effect) -> Flow[None]:
    """The Response phase: the controller has priority, then the others in initiative order; it closes
    when every being in turn passes. Veiled effects have none."""
    # As triggers.emit tells: most of the time nothing is owed, and nothing reacts.
    if game.pending_triggers or game.reacts_to("WHO is targeted by offensive effect"):
        for b in victims(game, fx):  # "each time the Shadow is targeted by an effect", Veiled or not
            yield from triggers.emit(game, "WHO is targeted by offensive effect", being=b)
    if fx.has("Veiled"):
        return
    game.pending.append(fx)
    try:
        order = [b for b in game.order if not b.incapacitated]
        if fx.controller in order:
            i = order.index(fx.controller)
            order = order[i:] + order[:i]
        passes, i = 0, 0
        while passes < len(order) and fx.card.place in (MANIFESTING, IN_PLAY):
            b = order[i % len(order)]
            if b.kind is ENCOUNTER:
                acted = yield from encounter_state.respond(game, b, fx)
            elif holds_responses(b):
                acted = yield from respond_once(game, b, fx)
            else:  # nothing to respond with, which no exchange changes: it passes unasked (exchange.ask)
                acted = False
            if acted:
                passes = 0
            else:
                passes += 1
                i += 1
    finally:
        game.pending.remove(fx)


def response_options(game: Battle, b: Being) -> list[Choice]:
    out = []
    seen: set[str] = set()
    passives = None  # read for the first Response that gets that far, then for every other
    for card in [*response_spells(b.prepared), *codex_view(b, response_spells)]:
        if card.title in seen:
            continue
        if passives is None:
            passives = impact.passive_sources(game)
        if why_not(game, b, card, in_window=True, passives=passives, explain=False) is None:
            seen.add(card.title)
            out.append(acts.cast(card.title, card.id))
    return out


def response_spells(cards: list[Card]) -> list[Card]:
    """The Response spells among ``cards`` (read at every Response window: what the card keeps of its spec,
    Card.responds, no call)."""
    return [card for card in cards if card.responds]


def holds_responses(b: Being) -> bool:
    """Whether ``b`` has a Response spell prepared or in its Codex: one it could cast in a Response window (read
    at every window, for each being: most hold none, and pass without a flow made to ask them)."""
    for card in b.prepared:
        if card.responds:
            return True
    return bool(codex_view(b, response_spells))


def respond_once(game: Battle, b: Being, fx: Effect) -> Flow[bool]:
    """``b``'s turn of the Response window: a Response to cast, or pass. An energy exchange may come first
    (it may be what makes a Response affordable); it is offered then, not as a Response."""
    pick = yield from exchange.ask(game, b, "respond", f"respond to {fx.name}?",
                                   lambda: [PASS, *response_options(game, b)], fx.card)
    if pick is None or pick.value.verb == "pass":
        return False
    yield from cast(game, b, game.card(pick.value.card), in_window=True)
    return True


# ================================================================== activation
def activate(game: Battle, fx: Effect) -> Flow[None]:
    """"If its target is still existing and valid after the Response phase, the spell's effect impacts now"."""
    card = fx.card
    if card.place is not Place.MANIFESTING:
        return  # Dispelled, or its controller would not pay a Dampen
    problem = invalid_target(game, fx)
    if problem:
        game.say(f"{card.title} fizzles: {problem}")
        yield from triggers.emit(game, "this fizzles", card=card)  # still manifesting, then discarded
        game.discard(card)
        return
    card.counters.pop(rite.INVESTED, None)  # cast at last: no more Full Actions to count
    role = card.role
    if role is Role.ABJURATION:
        card.place = Place.IN_PLAY  # briefly, while it impacts
        for spell in targeting.abjured(game, fx):  # its target, or every spell of the team (Area)
            if spell.place in (Place.IN_PLAY, Place.MANIFESTING):  # an earlier impact may have taken it
                yield from impact.impact_card(game, fx, spell)
        yield from fire(game, card, "activated")  # it activated, if only for its impact
        game.say(f"{card.title} is discarded after its impact")
        game.discard(card)
        return
    if role is Role.TRANSMUTE:
        yield from activate_transmute(game, fx)
        return
    if card.has("Evade"):
        evaded = fx.evade_of
        if evaded is not None:
            game.say(f"{fx.controller.name} evades {evaded.name} with {card.title}")
            for b in ([fx.controller] if not card.has("Area") else game.allies(fx.controller)):
                evaded.evaded.add(b.name)
                events.queue(game, "WHO evades effect", being=b)  # its triggers run as the cast ends
        card.place = Place.IN_PLAY  # "Activation always mean the first time a card activates": as it dodges
        yield from fire(game, card, "activated")
        game.discard(card)
        return
    if role is Role.ALLY:
        yield from allies.summon(game, fx)
        yield from fire(game, card, "activated")
        return
    yield from place_in_zone(game, fx)
    if role is Role.ATTACK:
        yield from impact_attack(game, fx)
    else:
        bearer = card.bearer
        assert bearer is not None
        yield from impact.apply_directives(game, fx, bearer, fx.aspects())
        yield from rules_text.play(fx, "on_impact")
    yield from fire(game, card, "activated")
    if card.place is Place.IN_PLAY and not duration.lasts(card):
        game.discard(card)


def activate_transmute(game: Battle, fx: Effect) -> Flow[None]:
    """A Transmute impacts its target spell: the bearer's Defenses may stop an offensive one; when it
    gets through it combines (Exclusive first), and Backlash strikes its controller."""
    card, target = fx.card, fx.target
    assert isinstance(target, Card)
    bearer = target.bearer
    # "All Defenses protect the Magi and spells in the Magi's Defense zone, Enhance zone ...": a Transmute
    # aimed at a spell there, from an opponent, meets the bearer's Defenses (an Attack zone spell has none).
    guarded = target.zone in (Zone.DEFENSE, Zone.ENHANCEMENT, Zone.CURSE)
    offensive = bearer is not None and guarded and defenses.offensive(fx, bearer) and fx.sphere is not None
    if offensive and bearer is not None and not (yield from defenses.defenses(game, fx, bearer, fx.aspects())).hit:
        game.say(f"{card.title} is blocked and discarded")
        game.discard(card)
        return
    transmutes.combine(game, card, target)
    if target.manifesting and target.caster is not None:  # Prolong Cast: now needing more, it waits
        rite.prolong(game, target.caster, target, full_actions(game, target.caster, target))
    transmutes.backlash(game, fx, target)
    yield from rules_text.play(fx, "on_impact")
    yield from fire(game, card, "activated")
    if card.place is Place.IN_PLAY and not duration.lasts(card):
        game.say(f"{card.title} has no Duration and is discarded after its impact")
        game.discard(card)


def invalid_target(game: Battle, fx: Effect) -> str | None:
    t = fx.target
    if isinstance(t, Being) and t.incapacitated and fx.card.role is Role.ATTACK:
        return f"{t.name} is incapacitated"
    if isinstance(t, Being) and t.team != fx.controller.team and control.cloaked(game, t):
        return f"{t.name} is Cloaked"  # "opponents cannot target the Magi"
    if isinstance(t, Card):
        sel = fx.card.spec.targets or Selector()
        if sel.state == "manifesting" and not t.manifesting:
            return f"{t.title} is no longer manifesting"
        if sel.state == "active" and not t.active:
            return f"{t.title} is no longer active"
        if sel.state == "dormant" and not (t.dormant and t.place is Place.IN_PLAY):
            return f"{t.title} is no longer Dormant"
        if sel.state == "rite" and t.place is not Place.RITE:
            return f"{t.title} is no longer in the Rite zone"
    if fx.card.has("Evade"):
        evaded = fx.evade_of
        if evaded is None or evaded.card.place not in (Place.MANIFESTING, Place.IN_PLAY):
            return "the effect it would dodge is gone"
    return None


def place_in_zone(game: Battle, fx: Effect) -> Flow[None]:
    card = fx.card
    zone = ZONE_OF_ROLE[card.role]
    if fx.team is not None:
        team = fx.controller.team if card.role is not Role.ATTACK else fx.team
        members = [b for b in game.beings if (team == "*" or b.team == team) and b.team != "" and not b.incapacitated]
        holder = members[0] if members else fx.controller
        yield from game.enter_zone(card, holder, zone)
        card.team_zone = None if team == "*" else team
    else:
        bearer = fx.target if isinstance(fx.target, Being) else fx.controller
        yield from game.enter_zone(card, bearer, zone)
    duration.start_counters(card, fx.aspects())


def impact_attack(game: Battle, fx: Effect) -> Flow[None]:
    card = fx.card
    hit: list[Being] = []
    for b in victims(game, fx) if fx.team is not None else [fx.target]:
        if isinstance(b, Being) and not b.incapacitated and (yield from impact.impact_being(game, fx, b)):
            hit.append(b)
    if card.spec.is_curse() and card.place is Place.IN_PLAY:
        if hit:
            game.move(card, Zone.CURSE)
            card.cursed = hit
            card.counters.pop("duration", None)
            duration.set_duration(card, card.aspect("Curse Duration"))
            game.say(f"{card.title} becomes an active Curse on {', '.join(b.name for b in hit)}")
            yield from triggers.emit(game, "this becomes active Curse", card=card)
        else:
            game.say(f"{card.title} is blocked and discarded: a Curse that misses is discarded")
            game.discard(card)


def fire(game: Battle, card: Card, event: str) -> Flow[None]:
    """One of the card's own events (``activated``, ``resolved``): see engine.rulesets.serpents_tongue.events. The
    flow of triggers.emit, not one more around it."""
    return triggers.emit(game, event, card=card)


# ================================================================== maintenance: resolve
def resolve(game: Battle, card: Card) -> Flow[None]:
    """"To pay a spell's sustain costs (if any), impact any of its effects and countdown its Duration"."""
    kept = yield from sustain(game, card)
    if not kept:
        if card.place is Place.IN_PLAY:
            game.say(f"{card.title} is not sustained and is discarded")
            game.discard(card)
        return
    yield from renew_upgrades(game, card)
    controller = card.controller or card.owner
    fx = Effect(game, card, controller, card.bearer, team=card.team_zone, is_spell=False)
    if not card.dormant and impacts_each_round(fx):
        yield from respond(game, fx)
        if card.place is Place.IN_PLAY:
            yield from maintenance_impact(game, fx)
    card.impact_gained.clear()
    if card.place is Place.IN_PLAY and not card.dormant:
        yield from fire(game, card, "resolved")
    if card.place is Place.IN_PLAY and "duration" in card.counters:
        card.counters["duration"] -= 1
        if card.counters["duration"] <= 0 and not card.persistent:
            # "even at the last moment before the final Duration counter is removed": it is still in play
            yield from triggers.emit(game, "this loses its last Duration counter", card=card)
            if card.place is Place.IN_PLAY:
                game.say(f"{card.title} loses its last Duration counter and is discarded")
                game.discard(card)
    yield from triggers.settle(game)  # what its resolution set off


def impacts_each_round(fx: Effect) -> bool:
    """Whether a resolving spell's effect impacts: it has directives — with what passive effects add ("when
    it gains Dmg it gains the Dmg aspect and will apply its effect ... each maintenance phase") — or rules text."""
    card = fx.card
    if card.role is Role.TRANSMUTE:  # its directives act through the spell it is combined with
        return False
    return bool(defenses.directives(fx.aspects())) or "on_impact" in card.spec.rules_text


def maintenance_impact(game: Battle, fx: Effect) -> Flow[None]:
    card = fx.card
    if card.zone is Zone.ATTACK:
        for b in victims(game, fx) if fx.team is not None else [card.bearer]:
            if isinstance(b, Being) and not b.incapacitated:
                yield from impact.impact_being(game, fx, b)
    elif card.zone is Zone.CURSE:  # behind the Defenses: no Shield, Evade or Ward helps
        for b in card.cursed or ([card.bearer] if card.bearer else []):
            if isinstance(b, Being) and not control.immune(b, fx):  # Phased: immune to offensive effects
                yield from impact.apply_directives(game, fx, b, fx.aspects())
        yield from rules_text.play(fx, "on_impact")
    elif card.bearer is not None:
        yield from impact.apply_directives(game, fx, card.bearer, fx.aspects())
        yield from rules_text.play(fx, "on_impact")


def sustain(game: Battle, card: Card) -> Flow[bool]:
    """Sustain requirements are checked and paid before the effect impacts; not paying discards it."""
    controller = card.controller or card.owner
    for req in card.spec.requirements:
        if not req.timing.at_sustain:
            continue
        if req.form == "Pay" and req.cost is not None:
            cost = req.cost

            def options(cost: Cost = cost) -> list[Choice]:
                pay = [Choice(f"pay {cost.text()}", True)] if game.can_pay(controller, cost.energy, cost.amount) else []
                return [*pay, Choice("let it go", False)]

            # An energy exchange may pay for it ("at any time"): offered beside the choice.
            pick = yield from exchange.ask(game, controller, "sustain", f"sustain {card.title} for {cost.text()}?",
                                           options, card)
            if pick is None or not pick.value:
                return False
            game.pay(controller, req.cost.energy, req.cost.amount, "Sustain")
            game.say(f"{controller.name} pays {req.cost.text()} to sustain {card.title}")
        elif requirement_problem(game, controller, card, req, card.bearer, sustaining=True):
            return False
    return True


# ================================================================== abilities
def ability_targets(game: Battle, b: Being, ability: Ability) -> list[Choice]:
    foes = game.foes(b)
    if ability.offensive:
        if ability.has("Area"):
            return [Choice(f"team {t}", ("team", t)) for t in targeting.teams_of(foes)]
        return [Choice(o.name, ("being", o.name)) for o in foes if not control.cloaked(game, o)]
    return [Choice(b.name, ("being", b.name))]


def usable_abilities(game: Battle, b: Being, bans: control.Bans | None = None) -> list[tuple[Card, Ability]]:
    """The abilities ``b`` may use now, each with its card (a list, not a generator: asked at every turn with a
    spell in play)."""
    usable: list[tuple[Card, Ability]] = []
    if control.why_not_ability(game, b, bans):  # Prevented, Phased
        return usable
    for card in b.in_play():
        if not card.active or card.bearer is not b:
            continue
        for ability in card.spec.abilities:
            if ability.has("Once per Round") and card.ability_uses.get(ability.name, 0) >= 1:
                continue
            if not free_ability(card, ability) and (b.interrupt_stones or b.full_actions <= 0):
                continue
            if ability_targets(game, b, ability) and step_targets.declarable(game, b, card, ability.method):
                usable.append((card, ability))
    return usable


def free_ability(card: Card, ability: Ability) -> bool:
    """"Unless otherwise noted, such activation [of an Artifact] requires a Free Action"."""
    return ability.has("Free Action") or card.spec.kind == "artifact"


def use_ability(game: Battle, b: Being, card: Card, ability: Ability) -> Flow[None]:
    """An ability is not a spell: it places nothing and fires no "casts an offensive spell" trigger."""
    if not free_ability(card, ability):
        b.full_actions -= 1
        rite.drop_rite(game, b)
    card.ability_uses[ability.name] = card.ability_uses.get(ability.name, 0) + 1
    choice = yield from game.ask("target", b, f"target of {ability.name}?", ability_targets(game, b, ability), card)
    target, team, _ = targeting.resolve_target(game, choice.value)
    game.say(f"{b.name} uses {ability.name} of {card.title} at {choice.label}")
    fx = Effect(game, card, b, target, ability=ability, team=team, is_spell=False, past_defenses=False)
    yield from fx.declare(ability.method)  # its mode and step targets, before the Response phase
    yield from triggers.emit(game, "WHO activates ability", being=b)  # "Once declared and paid for"
    yield from respond(game, fx)
    yield from rules_text.play(fx, ability.method)
    yield from triggers.settle(game)  # what the ability set off


def _req_text(req: Requirement) -> str:
    what = req.selector.text() if req.selector else (req.cost.text() if req.cost else "")
    return f"{req.form} {what}{' on Bearer' if req.on_bearer else ''}"
