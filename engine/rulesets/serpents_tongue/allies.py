"""Allies: the Magi of one team, and the Koishaka that Ally spells summon to fight beside their caster.

Glossary terms played here: Ally Spell, Koishaka, Ally (Magi type), Swap Focus (an innate Action), and an
Ally's investment in a Ritual Path. The Reference Manual's team rules:

- "Swap Focus. As a Free Action, Magi can place their Focus Gem on an Ally's spell with Duration F thereby
  freeing their Ally's Focus for something else. This transfers control completely to the Ally who is
  placing their Focus on the spell."
- "Upgrade each other's Ritual Paths": a human Ally may pay tiers of your Ritual Path at the same price.
- Koishaka "are affected by most of the same rules as Magi. They gain Resonance from Resonance rolls,
  have the same default of 2 full actions, possess the same zones as Magi and are discarded if they lose
  all their Essence. Instead of a Codex they have their own Special Abilities ... Koishaka cannot
  meditate. The caster of a Koishaka has full command of its actions."
- "By default they have 2 Full Actions every round, even in the round in which they first activate. In
  that first round, they have the lowest initiative." "A Magi may only have one active Ally at a time.
  Activating or taking control of a second Ally will immediately discard the first."

A Koishaka is a :class:`~state.Being` of kind KOISHAKA on its controller's team. The Ally spell that
summoned it is its ``body``: in play (with the Koishaka as bearer, so the spell's abilities are the
Koishaka's), controlled by the caster until an effect takes control of it (controller). Discarding the
body (a second Ally, Dismiss, Dispel) or the Koishaka's last Essence makes the Koishaka leave the match with
every spell placed on it.
"""

from __future__ import annotations

from spellc.engine.core.decisions import NO, YES, Choice, Flow
from spellc.engine.rulesets.serpents_tongue import acts
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Kind, Place


# ---------------------------------------------------------------- who commands whom
def controller(b: Being) -> Being | None:
    """A Koishaka's controller: "The Magi who summons a Koishaka is its controller"."""
    return b.body.controller if b.body is not None else None


def commander(b: Being) -> Being:
    """Who makes a being's choices: "The caster of a Koishaka has full command of its actions" (asked at
    every decision: a being with no body is its own commander, found without another call)."""
    return b if b.body is None else controller(b) or b


def koishaka_of(game: Battle, magi: Being) -> Being | None:
    for k in game.beings:  # a loop, not next() of a generator: asked at every turn with a spell in play
        if k.body is not None and k.body.controller is magi:
            return k
    return None


def discard_first_ally(game: Battle, magi: Being) -> None:
    """"A Magi may only have one active Ally at a time. Activating or taking control of a second Ally will
    immediately discard the first": its Koishaka leaves the match with it (:func:`on_discard`)."""
    first = koishaka_of(game, magi)
    if first is not None and first.body is not None:
        game.say(f"{first.name} is discarded: {magi.name} may control only one Ally at a time")
        game.discard(first.body)


# ---------------------------------------------------------------- summoning
def summon(game: Battle, fx: Effect) -> Flow[None]:
    """An Ally spell activates: its Koishaka joins the caster's team with its printed energies."""
    card, caster = fx.card, fx.controller
    if caster.incapacitated:  # "checking that the target and caster are still valid"
        game.say(f"{card.title} fizzles: {caster.name} is incapacitated")
        game.discard(card)
        return
    discard_first_ally(game, caster)
    k = koishaka(game, card, caster)
    card.place = Place.IN_PLAY
    card.bearer = k
    card.persistent = True  # it stays as long as its Koishaka does
    k.body = card
    game.beings.append(k)
    game.order.append(k)  # "In that first round, they have the lowest initiative"
    game.uniqueness(card)
    stats = ", ".join(f"{e.value} {k.energy(e)}" for e in Energy if e not in k.lacks)
    game.say(f"{caster.name} summons the Koishaka {k.name} ({stats}; {k.actions_per_round} Full Actions)")
    return
    yield  # a generator, like every activation


def koishaka(game: Battle, card: Card, caster: Being) -> Being:
    """The Being an Ally spell prints: only the energies it prints (the rest it lacks), its Full Actions
    "even in the round in which they first activate"."""
    stats = {c.energy: c.amount for c in card.spec.koishaka}
    name = card.title
    taken = {b.name for b in game.beings}
    if name in taken:
        name = f"{card.title} ({caster.name})"
    n = 2
    while name in taken:
        name, n = f"{card.title} ({caster.name} {n})", n + 1
    essence = stats.get(Energy.ESSENCE, 1)
    k = Being(name=name, team=caster.team, kind=Kind.KOISHAKA, essence=essence, starting_essence=essence,
              resonance=stats.get(Energy.RESONANCE, 0), harmony=stats.get(Energy.HARMONY, 0),
              will=stats.get(Energy.WILL, 0), voice=stats.get(Energy.VOICE, 0),
              lacks=frozenset(e for e in Energy if e not in stats),
              actions_per_round=card.spec.koishaka_actions, full_actions=card.spec.koishaka_actions,
              first_round=game.round)
    return k


# ---------------------------------------------------------------- leaving
def on_discard(game: Battle, card: Card) -> None:
    """An Ally spell (one with a Koishaka) leaving play takes its Koishaka with it (Dismiss, Dispel, a second
    Ally)."""
    for k in list(game.beings):
        if k.body is card:
            k.body = None
            game.table.changed()  # its body is no longer in play, though it still sits at the table
            dissolve(game, k)


def on_incapacitated(game: Battle, b: Being) -> None:
    """Koishaka "are discarded if they lose all their Essence": the Ally spell goes to its owner's discard."""
    if b.kind is not Kind.KOISHAKA:
        return
    if b.body is not None:
        game.discard(b.body)  # on_discard dissolves the Koishaka
    else:
        dissolve(game, b)


def dissolve(game: Battle, k: Being) -> None:
    """The Koishaka leaves the match; spells placed on it and those its Focus held are discarded."""
    if k not in game.beings:
        return
    k.incapacitated = True
    for card in list(game.all_in_play()):
        if card.focus is k and card.place is Place.IN_PLAY:
            game.remove_focus(card, f"the Focus of {k.name} is gone")
    for card in [*k.in_play(), *k.rite]:
        if card.place in (Place.IN_PLAY, Place.RITE):
            game.say(f"{card.title} is discarded: {k.name} is gone")
            game.discard(card)
    for card in game.all_in_play():
        if k in card.cursed:
            card.cursed.remove(k)
    game.beings.remove(k)
    if k in game.order:
        game.order.remove(k)
    game.say(f"the Koishaka {k.name} is discarded")


# ---------------------------------------------------------------- innate actions
def options(game: Battle, b: Being) -> list[Choice]:
    """Swap Focus, and dismissing the Koishaka one controls (its Ally spell)."""
    if b.incapacitated:
        return []
    out = swap_options(game, b)
    k = koishaka_of(game, b)
    if k is not None and k.body is not None and not k.body.has("Vowed"):
        out.append(acts.dismiss(k.body.title, k.body.id))
    return out


def swap_options(game: Battle, b: Being) -> list[Choice]:
    """"As a Free Action, a Magi may place their Focus onto an active spell and remove an Ally's Focus
    already present" — with a Focus of its own not holding a spell already."""
    cards = game.all_in_play()
    held = 0  # counted by identity (beings compare as objects), with no list made: asked at every turn
    for c in cards:
        held += c.focus is b
    if held >= b.free_foci:
        return []
    out = []
    for card in cards:
        ally = card.focus
        if card.active and ally is not None and ally is not b and ally.team == b.team:
            out.append(Choice(f'swap Focus onto "{card.title}"', Act("swap-focus", card.id)))
    return out


def swap_focus(game: Battle, b: Being, card: Card) -> Flow[None]:
    """"A Magi may replace an Ally's Focus with her own as a Free Action, with the Ally's permission ...
    The Ally becomes the controller of the spell (must pay sustain costs, can dismiss), but bearer does
    not change"."""
    ally = card.focus
    assert ally is not None
    if commander(ally) is not commander(b):
        pick = yield from game.ask("optional", ally, f"let {b.name} swap their Focus onto {card.title}?",
                                   [YES, NO], card)
        if not pick.value:
            game.say(f"{ally.name} keeps their Focus on {card.title}")
            return
    card.focus = b
    game.say(f"{b.name} swaps their Focus onto {card.title}, freeing {ally.name}'s Focus")
    game.shift_control(card, b)  # "This transfers control completely to the Ally who is placing their Focus"


# ---------------------------------------------------------------- ritual path
# ---------------------------------------------------------------- invariants
def broken(game: Battle) -> list[str]:
    """What must hold of Koishaka in any state (invariants): each has its Ally spell in play,
    controlled by a Magi of its team, and no Magi controls two."""
    out = []
    controllers: list[Being] = []
    for k in game.beings:
        if k.kind is not Kind.KOISHAKA:
            continue
        body = k.body
        if body is None or body.place is not Place.IN_PLAY or body.bearer is not k:
            out.append(f"the Koishaka {k.name} is in the match without its Ally spell in play")
            continue
        boss = body.controller
        if boss is None or boss.team != k.team or boss.kind is Kind.KOISHAKA:
            out.append(f"the Koishaka {k.name} is not controlled by a Magi of its team")
        elif boss in controllers:
            out.append(f"{boss.name} controls more than one Ally")
        else:
            controllers.append(boss)
        if k.incapacitated:
            out.append(f"the Koishaka {k.name} is incapacitated but still in the match")
    return out
