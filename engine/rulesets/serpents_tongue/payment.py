"""Pay (the Cast Cycle's third step): "All costs, requirements, upgrades and ritual paths associated with the
spell or ability are now paid and all gains are collected" — and the Upgrades paid again as a spell resolves.

Glossary terms played here: Requirements (as they are paid), Energy Orbs, Generate, Upgrade, Burn Focus,
Duration F and Focus, Tough (its extra cost).
"""

from __future__ import annotations

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue import (
    acts,
    declaration,
    impact,
    ritual_path,
    tough,
)
from spellc.engine.rulesets.serpents_tongue.cards import (
    Energy,
    Requirement,
    UpgradeTiming,
)
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import (
    Being,
    Card,
    Departure,
    aspect_named,
)


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
    if card.spec.ritual:  # most spells have no Ritual Path: nothing to buy, no flow made for it
        yield from ritual_path.buy(game, caster, card)
    duration = aspect_named(card.aspects, "Duration")  # with what the upgrades and ritual tiers added
    if duration is not None and duration.value == "F":
        place_focus(game, caster, card)


def pay_requirement(game: Battle, caster: Being, card: Card, req: Requirement) -> Flow[None]:
    if req.form == "Discard" and req.charge is not None:
        holders = declaration.charge_holders(game, caster, req)
        options = [acts.named(c.title, c.id) for c in holders]
        pick = yield from game.ask("discard", caster, f"discard {req.charge} charges from which spell?", options, card)
        holder = game.card(pick.value)
        holder.counters[req.charge.lower()] -= req.count or 1
        card.charges_spent.append((holder, req.charge.lower(), req.count or 1))
        game.say(f"{caster.name} discards {req.count or 1} {req.charge} charge from {holder.title}")
    elif req.form == "Discard" and req.selector is not None:
        options = [acts.named(c.title, c.id) for c in declaration.discardable(game, caster, card, req.selector)]
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
            options = [acts.named(c.title, c.id) for c in declaration.sacrificeable(caster)]
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
        card.update_aspects()
        game.say(f"{caster.name} upgrades {card.title} with {what} for {cost.text()}{when}")


def renew_upgrades(game: Battle, card: Card) -> Flow[None]:
    """Each maintenance, as a spell resolves: last round's 'per round' Upgrades run out, and its controller
    may pay its 'per round' and 'this impact' Upgrades again."""
    if card.round_gained or card.impact_gained:
        card.round_gained.clear()
        card.impact_gained.clear()
        card.update_aspects()
    if card.dormant:  # "A Dormant spell does not cause any effect"
        return
    yield from upgrades(game, card.controller or card.owner, card, (UpgradeTiming.PER_ROUND, UpgradeTiming.THIS_IMPACT))
