"""Encounters: "rule-based action engines" (Glossary, Encounter; Walkthrough Act II).

An Encounter is a being with its own zones, Resonance rolls, maintenance and actions, but it never
prepares: on each of its turns it draws a counter from its draw bag and reads the action chart of that
colour from the top, taking the first line whose needs it meets (Resonance it can spend, conditions
that hold). A line uses one of its spells or abilities, or rolls the die on one of its ability charts.
Its non-Area attacks target the opponent with the lowest (or highest) of an energy, a die breaking
ties. Its standing Responses (the Sentient Shadow's Evade) are always ready; its thresholds change its
effects while an energy is low ("Encounter <5: Attacks gain Pierce 2"); its card may change what a Discord
Event does to those who face it ("Some scenarios and encounters will change the effect"). In easy mode the
per-opponent bonuses and the Responses marked "not in easy mode" are left out; standard mode adds,
for each opponent beyond the first, the "(+N)" of each stat.

Its spells and abilities are never discarded: they return to it, to be used "again and again", and a
Dispel refunds it nothing (Glossary, Dispel). Glossary terms played here: Encounter, Potency,
Resistance.
"""

from __future__ import annotations

from spellc.engine.core.decisions import Flow
from spellc.engine.core.errors import EngineError, IllegalAction, Unsupported
from spellc.engine.rulesets.serpents_tongue import activation, casting, control, declaration, rules_text
from spellc.engine.rulesets.serpents_tongue.cards import (
    DISCORD_EVENT_METHOD,
    Ability,
    Aspect,
    ChartCondition,
    ChartLine,
    EncounterCard,
    Energy,
    Role,
    SpellCard,
)
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.encounter_state import (
    EncounterState,
    draw,
    extra_opponents,
    reset,
    reset_due,
    state_of,
)
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Kind, Place

MODES = ("easy", "standard")
# "Every Discord Event is an immediate, unblockable, nontransferable loss of 3 Essence. (Some scenarios and
# encounters will change the effect.)": a changed one is still unblockable (no Ward lessens it), and it is
# the Magi's own Discord rather than an attack of the Encounter's.
DISCORD_EVENT = Ability(name="Discord Event", aspects=(Aspect(name="Unblockable"),), method=DISCORD_EVENT_METHOD,
                        offensive=False)


# ---------------------------------------------------------------- setting up
def create(spec: type[SpellCard], name: str, team: str, mode: str, library: object) -> Being:
    """The Encounter as it starts, before the number of its opponents is known (see :func:`scale`)."""
    if not issubclass(spec, EncounterCard):
        raise EngineError(f"{spec.title!r} is not an Encounter")
    if mode not in MODES:
        raise EngineError(f"an Encounter plays in easy or standard mode, not {mode!r}")
    b = Being(name=name, team=team, kind=Kind.ENCOUNTER, resonance=spec.starting_resonance,
              essence=spec.essence.base, starting_essence=spec.essence.base, will=0,
              lacks=frozenset(spec.lacks), actions_per_round=spec.actions.base, full_actions=spec.actions.base)
    b.encounter = EncounterState(spec=spec, mode=mode, out={colour: 0 for colour, _ in spec.bag})
    for title in spec.cards:
        b.codex.append(_action_card(library, title, b))
    return b


def _action_card(library: object, title: str, b: Being) -> Card:
    card = Card(spec=library[title], owner=b)  # type: ignore[index]
    card.encounter_ability = True
    return card


def scale(game: Battle, b: Being) -> None:
    """Standard mode: "For every additional Magi who joins the fight, an Encounter gains 2 more Essence"."""
    st = state_of(b)
    if st.mode == "standard":
        bonus = st.spec.essence.per_opponent * extra_opponents(game, b)
        b.starting_essence += bonus
        b.essence += bonus
    for card in b.codex:
        if not card.id:
            game.register(card)


def set_mode(game: Battle, b: Being, mode: str) -> None:
    """Easy → standard between rounds ("No more Easy Mode!"): the per-opponent bonuses come in. Through
    :meth:`engine.core.match.Match.intervene` ("mode"), so that the match records it."""
    if not isinstance(b.encounter, EncounterState):
        raise IllegalAction("Encounter", f"{b.name} is not an Encounter: only Encounters have modes")
    if mode not in MODES:
        raise IllegalAction("Encounter", f"an Encounter plays in easy or standard mode, not {mode!r}")
    st = state_of(b)
    if mode == st.mode:
        return
    bonus = st.spec.essence.per_opponent * extra_opponents(game, b)
    sign = 1 if mode == "standard" else -1
    st.mode = mode
    b.starting_essence += sign * bonus
    b.essence = max(1, b.essence + sign * bonus)
    game.say(f"{b.name} now plays in {mode} mode" + (f" ({sign * bonus:+d} Essence)" if bonus else ""))


# ---------------------------------------------------------------- a turn
def take_turn(game: Battle, b: Being) -> Flow[bool]:
    """Draw, read the chart of that colour from the top, act; reset the bag when its condition is met."""
    if b.full_actions <= 0:
        return False
    st = state_of(b)
    colour = yield from draw(game, b, "its action")
    st.out[colour] = st.out.get(colour, 0) + 1
    b.full_actions -= 1
    chart = next(ch for ch in st.spec.charts if ch.colour == colour)
    line = next((ln for ln in chart.lines if usable(game, b, ln)), None)
    if line is None:
        game.say(f"{b.name} draws {colour}: no line of its chart can be used, the action is lost")
    else:
        game.say(f"{b.name} draws {colour}")
        free = yield from perform(game, b, line)
        if free:
            b.full_actions += 1  # a Free Action ability does not spend the Encounter's Full Action
    if reset_due(b):
        reset(game, b, "its reset condition is met")
    return True


def usable(game: Battle, b: Being, line: ChartLine) -> bool:
    if not game.can_pay(b, Energy.RESONANCE, line.cost):
        return False
    if not all(holds(game, b, c) for c in line.conditions):
        return False
    if line.action is not None:
        card = card_of(game, b, line.action)
        return not prevented(game, b, card) and bool(targets(game, b, card))
    return control.why_not_ability(game, b) is None or any(
        not prevented(game, b, card) for card in b.codex)  # a roll may still land on something allowed


def prevented(game: Battle, b: Being, card: Card) -> str | None:
    """Control effects hold an Encounter as they hold a Magi: a ban on its spells, abilities or actions."""
    if card.spec.kind == "encounter spell":
        return control.why_not_cast(game, b, card)
    return control.why_not_ability(game, b)


def holds(game: Battle, b: Being, cond: ChartCondition) -> bool:
    if cond.kind == "curse on encounter":
        return any(c.active and c.spec.is_curse() and (c.bearer is b or b in c.cursed)
                   and (not cond.spheres or c.sphere in cond.spheres) for c in game.all_in_play())
    if cond.kind == "focused opponent":
        return bool(focused_opponents(game, b))
    if cond.kind == "essence below":
        return b.energy(Energy.ESSENCE) < cond.amount
    raise ValueError(f"unknown chart condition {cond.kind!r}")


def focused_opponents(game: Battle, b: Being) -> list[Being]:
    """Opponents whose Focus holds a spell right now."""
    held = {c.focus.name for c in game.all_in_play() if c.focus is not None}
    return [o for o in game.opponents(b) if o.name in held and not o.incapacitated]


def perform(game: Battle, b: Being, line: ChartLine) -> Flow[bool]:
    """Pay the line's Resonance, then use its action (or roll for one). True for a Free Action."""
    if line.cost:
        game.pay(b, Energy.RESONANCE, line.cost, "Action Chart")
    title = line.action
    if line.roll is not None:
        chart = next(d for d in state_of(b).spec.die_charts if d.name == line.roll)
        n = yield from game.roll(f"{b.name} rolls on {chart.name}")
        face = next(f for f in chart.faces if f.low <= n <= f.high)
        if face.action is None:
            game.say(f"{b.name} rolls {n % 10} on {chart.name}: Critical Failure, nothing happens")
            return False
        game.say(f"{b.name} rolls {n % 10} on {chart.name}: {face.action}")
        title = face.action
    assert title is not None
    card = card_of(game, b, title)
    why = prevented(game, b, card)
    if why:
        game.say(f"{b.name}'s {title} does not happen ({why})")
        return False
    if not targets(game, b, card):
        game.say(f"{b.name}'s {title} has no target and does nothing")
        return False
    free = declaration.provisional(game, b, card).has("Free Action")
    yield from use(game, b, card)
    return free


def card_of(game: Battle, b: Being, title: str) -> Card:
    """The Encounter's copy of one of its spells or abilities — a fresh one when it is already in play."""
    for card in b.codex:
        if card.title == title:
            return card
    card = game.register(_action_card(game.library, title, b))
    card.place = Place.CODEX
    b.codex.append(card)
    return card


# ---------------------------------------------------------------- using a spell or an ability
def targets(game: Battle, b: Being, card: Card) -> list[Being] | str:
    """Who the action may hit: an opposing team for Area, the opponents for an Attack (the
    targeting rule picks among them), the Encounter itself otherwise."""
    if card.role is not Role.ATTACK:
        return [b]
    foes = game.foes(b)
    if card.has("Area:G"):
        return "*"
    if card.has("Area"):
        return foes[0].team if foes else []
    return [o for o in foes if not control.cloaked(game, o)]


def choose_target(game: Battle, b: Being, foes: list[Being]) -> Flow[Being]:
    """"It will target the Magi with the lowest Harmony. If its opponents are tied ... target randomly
    using the 10-sided die" — "The player with the highest roll becomes the target"."""
    rule = state_of(b).spec.targeting
    tied = foes
    if rule is not None:
        how, energy = rule
        values = {o.name: o.energy(energy) for o in foes}
        best = min(values.values()) if how == "lowest" else max(values.values())
        tied = [o for o in foes if values[o.name] == best]
    while len(tied) > 1:
        rolls = {}
        for o in tied:
            rolls[o.name] = yield from game.roll(f"{b.name}'s target: die for {o.name}")
        top = max(rolls.values())
        tied = [o for o in tied if rolls[o.name] == top]
    return tied[0]


def use(game: Battle, b: Being, card: Card) -> Flow[None]:
    """An Encounter's spell or ability goes through the cast cycle like a Magi's, minus preparation and
    Speaking: it manifests (a spell may be Dispelled now), has its Response phase, then activates."""
    who = targets(game, b, card)
    target: Being | None = None
    team: str | None = None
    if who == "*":
        team = "*"
    elif isinstance(who, str):
        team = who
    elif card.role is Role.ATTACK:
        target = yield from choose_target(game, b, who)
    else:
        target = b
    b.codex.remove(card)
    card.place = Place.MANIFESTING
    card.caster = card.controller = b
    card.target = target
    is_spell = card.spec.kind == "encounter spell"
    fx = Effect(game, card, b, target, team=team, is_spell=is_spell)
    at = f" at {target.name}" if target is not None and target is not b else f" at team {team}" if team else ""
    game.say(f"{b.name} {'casts' if is_spell else 'uses'} {card.title}{at}")
    if is_spell:  # only its spells are "spells": Karmic Debt counts them, Abjurations may target them
        yield from casting.offensive_cast(game, b, fx)
    yield from casting.respond(game, fx)
    yield from activation.activate(game, fx)


def return_card(card: Card) -> None:
    """"Encounters do not actually discard their spells and abilities": it goes back to the Encounter."""
    owner = card.owner
    card.place = Place.CODEX
    if card not in owner.codex:
        owner.codex.append(card)


# ---------------------------------------------------------------- standing rules
# ---------------------------------------------------------------- the Discord Event it changes
def changes_discord_event(game: Battle, b: Being) -> Being | None:
    """The Encounter whose card changes ``b``'s Discord Events: one ``b`` faces (an opponent) that is still
    in the match. Two at once are reported: the rulebook does not say whose change holds."""
    changers = [e for e in game.opponents(b) if isinstance(e.encounter, EncounterState) and not e.incapacitated
                and e.encounter.spec.discord_event is not None]
    if len(changers) > 1:
        raise Unsupported(f"a Discord Event changed by {len(changers)} Encounters at once "
                          f"({', '.join(e.name for e in changers)})")
    return changers[0] if changers else None


def discord_event(game: Battle, changer: Being, b: Being) -> Flow[None]:
    """The changed effect lands on ``b`` (its steps' `impacted`), an effect of the Encounter's card
    (`controller`: the Encounter) that is unblockable, as every Discord Event is."""
    spec = state_of(changer).spec
    game.say(f"{spec.title} changes the effect of {b.name}'s Discord Event: {spec.discord_event}")
    card = Card(spec=spec, owner=changer)  # the Encounter's own card: it never enters play
    fx = Effect(game, card, changer, b, ability=DISCORD_EVENT, is_spell=False)
    yield from rules_text.play(fx, DISCORD_EVENT_METHOD)
