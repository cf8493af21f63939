"""Keyword behaviour: the directives, and how a card's keyword is played in a match.

Directives are functions applied when an effect impacts (``DIRECTIVES``). Empowerments and requirement
forms are played by the rule modules that read the aspect (:mod:`.rules`, :mod:`.casting`,
:mod:`.defenses`, :mod:`.actions` ...). Which of them the engine plays is what the ruleset's registry binds
(:mod:`.bindings`): a match is given the bound names, and a keyword whose behaviour is bound to nothing is
reported unsupported instead of being silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spellc.engine.core import modifiers
from spellc.engine.rulesets.serpents_tongue import defenses, events, registry, removal, transmutes
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import MAX_INTERRUPT_STONES, Being, Card, Departure, Place, Zone

if TYPE_CHECKING:
    from spellc.engine.core.decisions import Flow

# A directive's behaviour; one that needs a player's choice (Spell Loss, Dampen) returns a Flow.
Behaviour = Callable[["Battle", "Effect", Aspect, Any, int], "Flow[None] | None"]


def energy_of(aspect: Aspect) -> Energy:
    return Energy.ESSENCE if aspect.qualifier in (None, "Physical") else Energy(aspect.qualifier)


def warded_loss(game: Battle, fx: Effect, target: Being, energy: Energy, amount: int) -> tuple[int, int]:
    """Energy Dmg after the target's Ward for that energy: (lost, warded)."""
    warded = defenses.ward(game, fx, target, energy) if defenses.offensive(fx, target) else 0
    return game.lose(target, energy, max(0, amount - warded)), warded


def dmg(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Dmg subtracts energy (Essence unless another is named); a Ward for that energy reduces it."""
    if not isinstance(target, Being):
        return
    energy = energy_of(aspect)
    lost, warded = warded_loss(game, fx, target, energy, amount)
    note = f" ({warded} Warded)" if warded else ""
    game.say(f"{target.name} takes {lost} {energy.value} Dmg from {fx.name}{note}")
    if lost:
        events.queue(game, "WHO takes Dmg", being=target)


def infusion(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Infusion: the bearer gains the energy (never above starting Essence)."""
    if isinstance(target, Being):
        got = game.gain(target, energy_of(aspect), amount)
        game.say(f"{target.name} gains {got} {energy_of(aspect).value} from {fx.name}")


def siphon(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Siphon: energy Dmg to the target, then the caster is Infused with the Dmg actually caused."""
    if not isinstance(target, Being):
        return
    energy = energy_of(aspect)
    lost, _ = warded_loss(game, fx, target, energy, amount)
    got = game.gain(fx.controller, energy, lost)
    game.say(f"{fx.name} siphons {lost} {energy.value} from {target.name}; {fx.controller.name} gains {got}")
    if lost:  # "Harmony Siphon 2 would cause 2 Harmony Dmg to the target"
        events.queue(game, "WHO takes Dmg", being=target)


def dispel(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Dispel: the target spell leaves; a manifesting one refunds its caster (Encounters excepted)."""
    if not isinstance(target, Card):
        return
    to = removal.destination(aspect.value, "Dispel", fx.card.title)  # "Dispel Banish", "Dispel Return"
    if target.manifesting:
        refund(game, target)
    game.say(f"{fx.name} dispels {target.title}")
    events.queue(game, "this is Dispelled", card=target)
    game.discard(target, to)


def refund(game: Battle, card: Card) -> None:
    """"Its caster gets a refund of all negative energy casting costs, upgrade costs, ritual path costs";
    sacrificed spells come back. "If an Encounter's spell is Dispelled, the Encounter does not get a refund"."""
    caster = card.caster
    if caster is None or card.encounter_ability:
        return
    for energy, paid in card.paid:
        _give_back(caster, energy, paid)
    for ally, energy, paid in card.helped:  # an Ally's Ritual Path tiers go back to that Ally
        _give_back(ally, energy, paid)
    for gone in card.sacrificed:
        restore(game, gone)
    for holder, charge, n in card.charges_spent:  # "charges (i.e. Rifts) sacrificed ... are restored"
        if holder.place is Place.IN_PLAY:
            holder.counters[charge] = holder.counters.get(charge, 0) + n
    if card.paid:
        game.say(f"{caster.name} is refunded " + ", ".join(f"{a} {e.value}" for e, a in card.paid))


def _give_back(b: Being, energy: Energy, amount: int) -> None:
    """A refund; "Magi cannot heal above their starting Essence" even so (an exchange may have made up for
    the Essence the spell cost)."""
    now = b.energy(energy) + amount
    b.set_energy(energy, min(now, max(b.starting_essence, b.essence)) if energy is Energy.ESSENCE else now)


def restore(game: Battle, gone: Departure) -> None:
    """A spell given up for a Dispelled spell's requirements comes back where it was: to the Codex it was
    sacrificed from, or into play, active, with its counters and Transmutes, as if it had just come back
    from being Dormant (it resumes being active; it does not impact). One that has since left the discard
    pile (re-attuned, banished) stays where it is."""
    card = gone.card
    if card.place is not Place.DISCARD:
        return
    owner = card.owner
    if gone.place is not Place.IN_PLAY or gone.zone is None or gone.bearer is None or gone.bearer.incapacitated \
            or not _room(gone.bearer, gone.zone):
        owner.discard.remove(card)
        card.place = Place.CODEX
        owner.codex.append(card)
        return
    _return_to_play(game, gone, None)
    game.say(f"{card.title} comes back into play, active, for {gone.bearer.name}")


def _room(bearer: Being, zone: Zone) -> bool:
    """An Enhancement slot taken since it left is not given back: the spell returns to the Codex instead."""
    return bearer.room_in(zone)


def _return_to_play(game: Battle, gone: Departure, onto: Card | None) -> None:
    card, bearer, zone = gone.card, gone.bearer, gone.zone
    assert bearer is not None and zone is not None
    card.owner.discard.remove(card)
    card.place, card.zone, card.bearer, card.team_zone = Place.IN_PLAY, zone, bearer, gone.team_zone
    card.caster, card.controller, card.target = gone.caster, gone.controller, gone.target
    card.counters = dict(gone.counters)
    card.persistent, card.gained = gone.persistent, list(gone.gained)
    card.ritual_tiers, card.mode, card.step_targets = gone.ritual_tiers, gone.mode, dict(gone.step_targets)
    card.cursed, card.dormant = list(gone.cursed), False
    bearer.zones.put(card, zone)
    if onto is not None:
        card.combined_with = onto
        onto.combined.append(card)
    card.update_aspects()  # what it had gained, and (a Transmute) what it grants the spell it lies on again
    for t in gone.transmutes:
        if t.card.place is Place.DISCARD:
            _return_to_play(game, t, card)
    holder = gone.focus
    if holder is not None:  # "If the caster's Focus is removed from the spell, immediately discard the spell"
        held = [c for c in game.all_in_play() if c.focus is holder]
        if len(held) < holder.free_foci:
            card.focus = holder
        else:
            game.remove_focus(card, f"{holder.name} has no Focus left to hold it")


def disrupt(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Disrupt: discard the target's Duration F spells held by its Foci and everything in its Rite zone."""
    if not isinstance(target, Being):
        return
    for card in list(game.all_in_play()):
        if card.focus is target:
            if not card.has("Sealed"):  # "no longer susceptible to Disrupt": its Focus is not lost
                key = (target.name, "Focus")
                fx.lost[key] = fx.lost.get(key, 0) + 1
            game.remove_focus(card, f"{target.name} is Disrupted")
    for card in list(target.rite):
        game.say(f"{card.title} leaves the Rite zone: {target.name} is Disrupted")
        game.discard(card)
    game.say(f"{target.name} is Disrupted")
    events.queue(game, "WHO is Disrupted", being=target)  # heard by the spells that stay in play


def shed_discord(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Shed Discord removes negative Harmony, never above 0."""
    if isinstance(target, Being) and target.harmony < 0 and Energy.HARMONY not in target.lacks:
        target.harmony = min(0, target.harmony + amount)


def obliteration(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Obliteration immediately incapacitates the target."""
    if isinstance(target, Being):
        game.incapacitate(target, f"Obliterated by {fx.name}")


def collect_interrupt_stone(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """"Opponents may only cause a Magi to lose at most one Full Action each round. Even this single loss is
    prevented if the Magi already has 2 interrupt stones. On the other hand, effects from the Magi or Magi's
    Allies may cause the Magi to collect more than one interrupt stone per round" (the "Action" entry)."""
    if not isinstance(target, Being):
        return
    stones = max(amount, 1)
    if fx.controller.team != target.team:
        if not modifiers.allowed(1, so_far=target.offensive_stones_this_round, per_round=1,
                                 now=target.interrupt_stones, cap=MAX_INTERRUPT_STONES):
            game.say(f"{target.name} collects no interrupt stone from {fx.name}: an opponent's effects give at most "
                     f"one a round, and none past {MAX_INTERRUPT_STONES}")
            return
        stones = 1
        target.offensive_stones_this_round += 1
    else:
        target.own_side_stones += stones
    target.interrupt_stones += stones
    game.say(f"{target.name} collects {stones} interrupt stone{'s' * (stones != 1)} from {fx.name}")


def extra_full_action(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """"Effects that add additional Full Actions per round DO NOT stack ... a Magi may gain AT MOST one additional
    Full Action each round regardless of how many effects try to add one" (the "Action" entry)."""
    if not isinstance(target, Being):
        return
    if not modifiers.allowed(1, so_far=int(target.extra_action_this_round), per_round=1):
        game.say(f"{target.name} gains no Full Action from {fx.name}: extra Full Actions do not stack")
        return
    target.extra_action_this_round = True
    target.full_actions += 1  # the action phase counts it too, should it come before (Game.action_phase)
    game.say(f"{target.name} gains an extra Full Action this round from {fx.name}")


DIRECTIVES: dict[str, Behaviour] = {
    "dmg": dmg, "infusion": infusion, "siphon": siphon, "dispel": dispel, "disrupt": disrupt,
    "shed_discord": shed_discord, "obliteration": obliteration,
    "collect_interrupt_stone": collect_interrupt_stone, "extra_full_action": extra_full_action,
    # transmutes.py (Dormant, Re-activate) and removal.py (Spell Loss, Dampen)
    **transmutes.DIRECTIVES, **removal.DIRECTIVES,
}


def _marker(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """Empowerments and requirements act through the rules that read them, not at impact."""


def for_keyword(name: str, plays: frozenset[str]) -> Behaviour | None:
    """The behaviour of the keyword ``name`` in a match that plays the behaviours ``plays`` (the names the
    registry binds, :func:`.bindings.implemented`): a directive's function, which impact calls; for an
    empowerment or a requirement, played by the rule that reads the aspect, a marker that does nothing at
    impact. None when its behaviour is bound to nothing: the engine does not play it."""
    kw = registry.load().get(name)
    if kw is None or kw.behaviour is None or kw.behaviour not in plays:
        return None
    if kw.kind == "directive":  # a directive with no function would do nothing at impact: not played
        return DIRECTIVES.get(kw.behaviour)
    return _marker


def kind_of(name: str) -> str | None:
    kw = registry.load().get(name)
    return kw.kind if kw else None


def supported(name: str, plays: frozenset[str]) -> bool:
    return for_keyword(name, plays) is not None
