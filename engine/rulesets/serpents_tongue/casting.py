"""The Cast Cycle ("Casting spells in Serpent's Tongue occurs in a particular order"): a card passes through each
of its steps once, each played by its module — Intone (intone.py), the declaration of its mode and targets
(declaration.py, which also tells whether it may be cast at all), Place (here), Pay (payment.py), Respond (here:
the Response phase, in which a Response is cast through the same cycle) and Activate (activation.py) — and the
resolution of spells in play, and the use of abilities, which have a Response phase too.

Glossary terms played here: Cast Cycle, Voice, Manifesting, Response, Priority, Interrupt Stone, Veiled,
Resolve, Sustain, Requirements (to sustain), Ability.
"""

from __future__ import annotations

from collections.abc import Callable

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue import (
    activation,
    acts,
    control,
    declaration,
    defenses,
    encounter_state,
    exchange,
    holdings,
    impact,
    intone,
    payment,
    rite,
    rules_text,
    step_targets,
    targeting,
    tough,
    triggers,
)
from spellc.engine.rulesets.serpents_tongue.acts import PASS
from spellc.engine.rulesets.serpents_tongue.cards import (
    RESONANCE,
    Ability,
    Cost,
    Energy,
    Role,
    Selector,
)

# The declaration's checks, which the cast cycle asks, are named here as well: the tests and the scenario runner read
# them as casting's.
from spellc.engine.rulesets.serpents_tongue.declaration import Provisional as Provisional
from spellc.engine.rulesets.serpents_tongue.declaration import (
    full_actions,
    orb_cost,
    requirement_problem,
    targets,
    why_not,
)
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import (
    ENCOUNTER,
    IN_PLAY,
    MANIFESTING,
    Being,
    Card,
    Place,
    Zone,
    codex_view,
    fits,
)
from spellc.engine.rulesets.serpents_tongue.wording import selector_text


# ================================================================== the cast cycle
def cast(game: Battle, caster: Being, card: Card, in_window: bool = False) -> Flow[None]:
    # Speak: silently, or Intoned for Voice — at the risk of a Miscast.
    spoken = yield from intone.speak(game, caster, card)
    if spoken == "miscast":
        intone.miscast(game, caster, card)
        yield from triggers.emit(game, "WHO miscasts spell", being=caster)
        return
    need = full_actions(game, caster, card)  # counted once it is Spoken: a Miscast spell takes none
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
        yield from payment.pay(game, caster, card, fx, for_free)
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
    if game.options.log:  # the line is written only for a log kept (Game.say)
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
    yield from activation.activate(game, fx)
    lose_impact_gains(card)


def lose_impact_gains(card: Card) -> None:
    """A 'this impact' Upgrade lasts its one impact (most spells have none to lose)."""
    if card.impact_gained:
        card.impact_gained.clear()
        card.update_aspects()


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
        if control.why_not_cast(game, caster, card) or not declaration._targets(game, caster, card):
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






def offensive_cast(game: Battle, caster: Being, fx: Effect) -> Flow[None]:
    """Karmic Debt: "each time the bearer casts an offensive spell at the caster" (the flow of triggers.emit)."""
    return triggers.emit(game, "bearer casts offensive spell at caster", being=caster, at=activation.victims(game, fx))



# ================================================================== Responses
def respond(game: Battle, fx: Effect) -> Flow[None]:
    """The Response phase: the controller has priority, then the others in initiative order; it closes
    when every being in turn passes. Veiled effects have none."""
    # As triggers.emit tells: most of the time nothing is owed, and nothing reacts.
    if game.pending_triggers or game.reacts_to("WHO is targeted by offensive effect"):
        for b in activation.victims(game, fx):  # "each time the Shadow is targeted by an effect", Veiled or not
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
    for card in (*b.prepared, *codex_view(b, response_spells)):  # the prepared ones, then the Codex's
        if not card.responds or card.title in seen:
            continue
        if passives is None:
            passives = impact.passive_sources(game)
        if why_not(game, b, card, in_window=True, passives=passives, explain=False) is None:
            seen.add(card.title)
            out.append(acts.cast(card.title, card.id))
    return out


def response_choices(game: Battle, b: Being) -> list[Choice]:
    """What ``b`` is asked in a Response window: to pass, or which Response to cast."""
    return [PASS, *response_options(game, b)]


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
    pick = yield from exchange.ask(game, b, "respond", f"respond to {fx.name}?", response_choices, fx.card)
    if pick is None or pick.value.verb == "pass":
        return False
    yield from cast(game, b, game.card(pick.value.card), in_window=True)
    return True




# ================================================================== maintenance: resolve
def resolve(game: Battle, card: Card) -> Flow[None]:
    """"To pay a spell's sustain costs (if any), impact any of its effects and countdown its Duration"."""
    kept = yield from sustain(game, card)
    if not kept:
        if card.place is Place.IN_PLAY:
            game.say(f"{card.title} is not sustained and is discarded")
            game.discard(card)
        return
    yield from payment.renew_upgrades(game, card)
    controller = card.controller or card.owner
    fx = Effect(game, card, controller, card.bearer, team=card.team_zone, is_spell=False)
    if not card.dormant and impacts_each_round(fx):
        yield from respond(game, fx)
        if card.place is Place.IN_PLAY:
            yield from maintenance_impact(game, fx)
    lose_impact_gains(card)
    if card.place is Place.IN_PLAY and not card.dormant:
        yield from activation.fire(game, card, "resolved")
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
        for b in activation.victims(game, fx) if fx.team is not None else [card.bearer]:
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

            def options(game: Battle, controller: Being, cost: Cost = cost) -> list[Choice]:
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

