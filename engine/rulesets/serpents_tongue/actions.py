"""A Magi's turn in the action phase: the legal actions, and taking one.

Glossary terms played here: Action, Full Action, Free Action (action type), Turn, Innate Actions
(Meditate, Shed Interrupt Stone, Dismiss, Upgrade Specialization, Swap Focus), Energy Exchange,
Interrupt Stone, Vowed.
"""

from __future__ import annotations

import re

from spellc.engine.core.decisions import NOTHING, Choice, Decision, Flow
from spellc.engine.rulesets.serpents_tongue import (
    acts,
    allies,
    casting,
    control,
    declaration,
    encounter,
    encounter_state,
    impact,
    namshub,
    preparation,
    rite,
    specs,
    triggers,
)
from spellc.engine.rulesets.serpents_tongue import exchange as exchanges
from spellc.engine.rulesets.serpents_tongue.acts import MEDITATE, PASS, SHED, Act
from spellc.engine.rulesets.serpents_tongue.cards import Energy, Role
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import ENCOUNTER, KOISHAKA, Being, Card, Kind, Place, Zone


def can_take_full_action(b: Being) -> bool:
    """"A Magi may not take a Full Action while they have an interrupt stone"."""
    return b.full_actions > 0 and b.interrupt_stones == 0


def options(game: Battle, b: Being) -> list[Choice]:
    # Most of the time no spell is in play: no ban, no ability to use, nothing to upgrade, dismiss or break.
    in_play = bool(game.all_in_play())
    bans = control.bans(game, b) if in_play else []  # read once for every spell, ability and action below
    passives = impact.passive_sources(game) if in_play else []  # and so are the passive effects, for every spell
    out = [PASS]
    # can_take_full_action, without a call; "Koishaka cannot meditate".
    if b.full_actions > 0 and b.interrupt_stones == 0 and b.kind is not KOISHAKA:
        out.append(MEDITATE)
    if b.interrupt_stones and b.full_actions > 0:
        out.append(SHED)
    seen: set[str] = set()
    # Without a Full Action to take (none left, or an interrupt stone to shed), a spell as printed that takes one,
    # with no passive effect to change its speed, is refused (declaration.why_not), told without asking why.
    hurried = (b.interrupt_stones or b.full_actions <= 0) and not passives and b.encounter is None
    for card in b.prepared:
        if card.title in seen or (hurried and slow_as_printed(card)):
            continue
        if declaration.why_not(game, b, card, bans=bans, passives=passives, explain=False) is None:
            seen.add(card.title)
            out.append(acts.cast(card.title, card.id))
    if b.rite:
        out.extend(rite_options(game, b, bans))
    if in_play:
        for card, ability in casting.usable_abilities(game, b, bans):
            out.append(Choice(f'use "{ability.name}" of "{card.title}"', Act("ability", card.id, ability.name)))
    out.extend(exchanges.options(game, b))  # "at any time": see exchange for the other moments
    if in_play:
        out.extend(specs.upgrade_options(game, b))
        out.extend(dismiss_options(game, b))
        out.extend(allies.options(game, b))  # Swap Focus; dismissing one's Koishaka
    out.extend(namshub.options(game, b))
    if in_play:
        out.extend(control.will_break_options(game, b))
    if not (in_play or b.rite):  # a dismissal or a Rite zone spell may be offered twice; nothing else is
        return out
    return _unique(control.permitted(game, b, out, bans) if bans else out)


def slow_as_printed(card: Card) -> bool:
    """A card as printed (nothing gained, nothing combined with it) that takes a Full Action or more to cast."""
    plain = not (card.gained or card.round_gained or card.impact_gained or card.combined)
    return plain and rite.actions_needed(card, card.spec.printed) > 0


def dismiss_options(game: Battle, b: Being) -> list[Choice]:
    """"Only the controller has the ability to voluntarily Dismiss a card", but not a Vowed one."""
    mine = controlled(game, b)
    if not mine:  # nothing of its own in play: no comprehension made to read none
        return []
    return [acts.dismiss(card.title, card.id) for card in mine if not card.has("Vowed") and not card.encounter_ability]


def controlled(game: Battle, b: Being) -> list[Card]:
    """The cards in play ``b`` controls, whoever bears them: "Only the controller has the ability to
    voluntarily Dismiss a card" — its own spells on an opponent or an Ally, and those it took control of."""
    return [c for c in game.all_in_play() if c.controller is b and c.place is Place.IN_PLAY]


def _unique(choices: list[Choice]) -> list[Choice]:
    seen: set[str] = set()
    out = []
    for c in choices:
        if c.label not in seen:
            seen.add(c.label)
            out.append(c)
    return out


def action_phase(game: Battle) -> Flow[None]:
    """Turns in initiative order, one action each, until a whole round of turns passes."""
    for b in game.beings:
        b.full_actions = (b.actions_per_round + encounter_state.stat_bonus(game, b, "actions")
                          + b.extra_action_this_round)
    yield from triggers.emit(game, "action phase begins")  # after the Full Actions are set
    while True:
        acted = False
        for b in list(game.order):
            if b.incapacitated:
                continue
            game.turn = b.name
            b.miscast_this_turn.clear()
            # Each event emitted only when something is owed or reacts to it (as triggers.emit tells, and settle): at
            # nearly every turn nothing does, and no flow is made, run and passed through.
            if game.pending_triggers or game.reacts_to("WHO's turn begins"):
                yield from triggers.emit(game, "WHO's turn begins", being=b)
            if b.kind is ENCOUNTER:
                took = yield from encounter.take_turn(game, b)
            else:
                took = yield from take_turn(game, b)
            if game.pending_triggers:  # what the turn set off (a dismissed spell, an incapacitation)
                yield from triggers.settle(game)
            # "the Magi's turn ends, and play shifts to the next being"
            if took and (game.pending_triggers or game.reacts_to("WHO's turn ends")):
                yield from triggers.emit(game, "WHO's turn ends", being=b)
            acted = acted or took
        game.turn = None
        if not acted:
            return


def take_turn(game: Battle, b: Being) -> Flow[bool]:
    """One turn: a Full or Free Action, after which "the turn will pass to the next Magi".

    Returns whether the Magi acted (passing ends nothing by itself; the phase ends when all pass)."""
    while True:
        offered = options(game, b)  # passing is always one: a turn of one choice is not asked (Game.ask)
        pick = offered[0] if len(offered) == 1 else (yield game.decision("action", b, f"{b.name}'s turn", offered))
        act: Act = pick.value
        if act.verb == "pass":
            return False
        if act.verb == "exchange":
            exchanges.exchange(game, b, int(act.name or 0))
            continue  # an exchange is not an action: the turn goes on
        yield from perform(game, b, act)
        return True


def perform(game: Battle, b: Being, act: Act) -> Flow[None]:
    """The action ``act``, done at once; the flow of what it asks (nothing, for most): the flow of the rule that
    plays it, not one more around it, which each of its decisions would pass through."""
    if act.verb == "meditate":
        meditate(game, b)
    elif act.verb == "shed":
        shed_interrupt_stone(game, b)
    elif act.verb == "cast":
        return casting.cast(game, b, game.card(int(act.card or 0)))
    elif act.verb == "rite":
        return advance_rite(game, b, game.card(int(act.card or 0)))
    elif act.verb == "ability":
        card = game.card(int(act.card or 0))
        ability = next(a for a in card.spec.abilities if a.name == act.name)
        return casting.use_ability(game, b, card, ability)
    elif act.verb == "dismiss":
        dismiss(game, b, game.card(int(act.card or 0)))
    elif act.verb == "will-break":
        control.will_break(game, b, game.card(int(act.card or 0)))
    elif act.verb == "upgrade-spec":
        specs.upgrade(game, b, game.card(int(act.card or 0)), str(act.name))
    elif act.verb == "swap-focus":
        return allies.swap_focus(game, b, game.card(int(act.card or 0)))
    elif act.verb == "nam-shub":
        namshub.begin(game, b, game.card(int(act.card or 0)))
    elif act.verb == "nam-shub-step":
        return namshub.perform_step(game, b, game.card(int(act.card or 0)))
    else:
        raise AssertionError(f"unknown action {act}")
    return NOTHING


def meditate(game: Battle, b: Being) -> None:
    """Meditate: a Full Action to gain 2 Resonance and 1 Harmony (no Response phase)."""
    b.full_actions -= 1
    rite.drop_rite(game, b)
    game.gain(b, Energy.RESONANCE, 2)
    game.gain(b, Energy.HARMONY, 1)
    if game.options.log:  # the line is written only for a log kept (Game.say)
        game.say(f"{b.name} meditates")


def shed_interrupt_stone(game: Battle, b: Being) -> None:
    """"Magi must spend a Full Action to shed an interrupt stone"."""
    b.full_actions -= 1
    b.interrupt_stones -= 1
    rite.drop_rite(game, b)
    game.say(f"{b.name} spends a Full Action to shed an interrupt stone")


def dismiss(game: Battle, b: Being, card: Card) -> None:
    """Dismiss: a Free Action to discard a spell one controls (not a manifesting or a Vowed one)."""
    game.say(f"{b.name} dismisses {card.title}")
    game.discard(card)


# ================================================================== why an action is refused
def why_not(game: Battle, b: Being, label: str) -> str | None:
    """Why ``b`` cannot take the action named ``label`` (as the action decision names it) now: "Rule:
    reason", or None when it can or no rule explains it."""
    for i in range(len(exchanges.EXCHANGES)):
        if label == exchanges.label(i):
            return exchanges.why_not(game, b, i)
    if label.startswith("exchange "):
        return (f"{exchanges.RULE}: an exchange gives up 1 Will (for 3 Resonance, 2 Harmony or 1 Essence) or "
                "10 Voice (for those or 1 Will)")
    if label == "meditate":
        if b.kind is Kind.KOISHAKA:
            return "Meditation: Koishaka cannot meditate"
        return _no_full_action(b)
    if label == "shed interrupt stone":
        if not b.interrupt_stones:
            return f"Interrupt Stone: {b.name} has no interrupt stone to shed"
        if b.full_actions <= 0:
            return f"Interrupt Stone: shedding one takes a Full Action, and {b.name} has none left"
        return None
    cast = re.fullmatch(r'cast "(.+)"', label)
    if cast:
        card = next((c for c in [*b.prepared, *b.codex, *b.rite] if c.title == cast[1]), None)
        return declaration.why_not(game, b, card) if card else f"Spell Preparation: {cast[1]} is not prepared"
    dismissed = re.fullmatch(r'dismiss "(.+)"', label)
    if dismissed:
        mine = [c for c in controlled(game, b) if c.title == dismissed[1]]
        if not mine:
            return f"Dismiss: {b.name} controls no {dismissed[1]} in play"
        return f"Vowed: {dismissed[1]} cannot be dismissed" if all(c.has("Vowed") for c in mine) else None
    used = re.fullmatch(r'use "(.+)" of "(.+)"', label)
    if used:
        return _why_not_ability(game, b, used[1], used[2])
    return None


def _no_full_action(b: Being) -> str | None:
    if b.interrupt_stones:
        return f"Interrupt Stone: {b.name} must shed an interrupt stone before taking a Full Action"
    return None if b.full_actions > 0 else f"Action: {b.name} has no Full Action left this round"


def _why_not_ability(game: Battle, b: Being, name: str, title: str) -> str | None:
    banned = control.why_not_ability(game, b)
    if banned:
        return banned
    for card in b.in_play():
        ability = next((a for a in card.spec.abilities if a.name == name), None)
        if card.title != title or ability is None or card.bearer is not b:
            continue
        if not card.active:
            return f"Dormant: {title} is not active"
        if ability.has("Once per Round") and card.ability_uses.get(ability.name, 0) >= 1:
            return f"Once per Round: {name} has already been used this round"
        return None if casting.free_ability(card, ability) else _no_full_action(b)
    return f"Ability: {b.name} bears no active {title} with the ability {name}"


def explain(game: Battle, decision: Decision, label: str) -> str | None:
    """Why ``label`` is not a legal answer to ``decision``, by the rule that forbids it ("Rule: reason")."""
    if decision.being is None:
        return None
    b = game.being(decision.being)
    if decision.kind == "action":
        return why_not(game, b, label)
    if decision.kind == "respond":
        cast = re.fullmatch(r'cast "(.+)"', label)
        card = next((c for c in [*b.prepared, *b.codex] if cast and c.title == cast[1]), None)
        if card is not None:
            return declaration.why_not(game, b, card, in_window=True)
        return why_not(game, b, label) if label.startswith("exchange") else None
    if decision.kind == "re-attune":
        if label.startswith("exchange"):
            return why_not(game, b, label)
        title = label.strip('"')
        card = next((c for c in [*b.discard, *b.banished, *b.codex] if c.title == title), None)
        if card is None:
            return f"Re-Attune: {title} is not in {b.name}'s discard pile"
        return preparation.why_not_reattune(game, b, card)
    why = WHY_NOT.get(decision.kind)
    return why(game, decision, label) if why is not None else None


# ---------------------------------------------------------------- why an answer about a cast or a spell is refused
# A target, a mode of "choose one", a spell to prepare, a spell to resolve first, a sustain: questions the rules ask
# beside a turn's action. A scenario's refusal of such an answer (`refused White chooses "White" by "Target"`) names
# the rule found here.
def _not_a_target(game: Battle, d: Decision, label: str) -> str:
    """"Magi must include an opponent when targeting an Attack spell", "Magi may only target themselves or
    Allies with Enhance spells", "You cannot cast Defense spells into an opponent's Defense zone"."""
    caster, name = game.being(str(d.being)), label.strip('"')
    target = next((b for b in game.beings if b.name == name), None)
    card = game.library.get(str(d.card))
    role = card.role if card is not None else None
    if target is None:
        return f"Target: {name} is no legal target of {d.card}"
    if role is Role.ATTACK and target.team == caster.team:
        return (f"Target: {d.card} is an Attack, and {name} is no opponent of {caster.name} (\"Magi must include "
                "an opponent when targeting an Attack spell\")")
    if role in (Role.ENHANCE, Role.DEFENSE, Role.COMPONENT) and target.team != caster.team:
        return (f"Target: {d.card} is {'an' if role is Role.ENHANCE else 'a'} {role}, and {name} is an opponent "
                f"(\"Magi may only target themselves or Allies with Enhance spells\")")
    if target.incapacitated:
        return f"Target: {name} is incapacitated"
    return f"Target: {name} is no legal target of {d.card} now"


def _not_a_mode(game: Battle, d: Decision, label: str) -> str:
    """A mode of "choose one" whose targets cannot all be chosen now is not offered."""
    card = game.library.get(str(d.card))
    modes = card.modes if card is not None else ()
    n = next((i for i, mode in enumerate(modes) if label in (str(i + 1), mode)), None)
    if n is None:
        return f"Choices: \"{label}\" is none of {d.card}'s modes: " + ", ".join(modes)
    return (f"Target: {d.card}'s mode {n + 1} ({modes[n]}) has a target that cannot be chosen now "
            "(\"Magi spells and abilities may only target active spells\")")


def _not_preparable(game: Battle, d: Decision, label: str) -> str:
    """"Magi may prepare up to 3 spells by placing them in the front pocket of their Codex"."""
    b, title = game.being(str(d.being)), label.strip('"')
    if any(c.title == title for c in b.prepared):
        left = "" if any(c.title == title for c in b.codex) else ", and no other copy is in the Codex"
        return f"Spell Preparation: {title} is prepared already{left}"
    return (f"Spell Preparation: {title} is not in {b.name}'s Codex (\"Magi may prepare up to 3 spells by placing "
            "them in the front pocket of their Codex\")")


def _not_next(game: Battle, d: Decision, label: str) -> str:
    """"Resolve zones in this order: Attack, Defense, Enhancement. Within each zone, the Magi whose zone it is
    picks which spell to resolve first"."""
    b, title = game.being(str(d.being)), label.strip('"')
    zone = game.card(d.options[0].value).zone
    elsewhere = next((z for z in Zone if any(c.title == title for c in b.zones[z])), None)
    where = f"in {b.name}'s {elsewhere} zone" if elsewhere else f"in none of {b.name}'s zones"
    return (f"Maintenance Phase: {b.name}'s {zone} spells resolve now, and {title} is {where} (\"Resolve zones in "
            "this order: Attack, Defense, Enhancement\")")


def _not_sustained(game: Battle, d: Decision, label: str) -> str:
    """"the sustain requirements must be paid and checked before the effect impacts"."""
    cost = d.prompt.removeprefix(f"sustain {d.card} for ").removesuffix("?")
    return f"Sustain: {d.being} cannot pay {cost} to sustain {d.card}"


WHY_NOT = {"target": _not_a_target, "mode": _not_a_mode, "prepare": _not_preparable, "resolve order": _not_next,
           "sustain": _not_sustained}


# ---------------------------------------------------------------- the Rite zone (rite.py)
def rite_options(game: Battle, b: Being, bans: control.Bans | None = None) -> list[Choice]:
    """Advancing a Rite zone spell is a Full Action; the last one needs the spell castable now. A spell
    whose Full Actions are all invested already (a Transmute took some off) emerges as a Free Action."""
    out = []
    for card in b.rite:
        need = declaration.full_actions(game, b, card)
        if rite.invested(card) < need and (b.full_actions <= 0 or b.interrupt_stones):
            continue
        if rite.invested(card) + 1 >= need and declaration.why_not(game, b, card, bans=bans) is not None:
            continue
        out.append(Choice(f'advance "{card.title}" in the Rite zone', Act("rite", card.id)))
    return out


def advance_rite(game: Battle, b: Being, card: Card) -> Flow[None]:
    need = declaration.full_actions(game, b, card)
    if rite.invested(card) + 1 < need:
        b.full_actions -= 1
        card.counters[rite.INVESTED] = rite.invested(card) + 1
        game.say(f"{b.name} invests a Full Action in {card.title} ({rite.invested(card)} of {need})")
        return
    last_action = rite.invested(card) < need  # this Full Action completes it; else it had enough already
    card.counters.pop(rite.INVESTED, None)
    game.say(f"{card.title} emerges from the Rite zone")
    # "at which time the spell is treated like any other just-Spoken spell": its trigger runs first.
    yield from game.emit_event("this emerges from Rite zone", card=card)
    yield from casting.cast_spoken(game, b, card, "silent", from_rite=True, last_action=last_action)
