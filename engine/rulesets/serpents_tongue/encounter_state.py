"""What an Encounter being is, and what it does outside its own turn: its card, mode and draw bag
(:class:`EncounterState`), the bonuses its stats give per opponent, its thresholds ("Encounter <5: Attacks
gain Pierce 2"), the Resistance a spell's Potency must meet, and its standing Responses. Below the cast
cycle, which reads them on every impact and Response phase; encounter.py plays its turn on top.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.engine.core.decisions import Choice, Decision, Flow
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, EncounterCard, Role
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Cast, Kind


@dataclass
class EncounterState:
    """What an Encounter being carries beyond a Magi's state: its card, its mode and the counters out
    of its bag."""

    spec: type[EncounterCard]
    mode: str = "standard"
    out: dict[str, int] = field(default_factory=dict)


def state_of(b: Being) -> EncounterState:
    st = b.encounter
    assert isinstance(st, EncounterState), f"{b.name} is not an Encounter"
    return st


def threshold_grants(fx: Cast) -> list[Aspect]:
    """"Encounter <5: Attacks gain Pierce 2" — the aspects the Encounter's thresholds add to an effect of
    its spells and abilities (the Discord Event its own card changes is neither)."""
    b = fx.controller
    st = b.encounter
    if not isinstance(st, EncounterState) or fx.card.spec.kind == "encounter":
        return []
    out: list[Aspect] = []
    for th in st.spec.thresholds:
        if b.energy(th.energy) < th.below and (th.role is None or fx.card.role is th.role):
            out.extend(th.grants)
    return out


def potency(fx: Effect) -> int:
    """"The Potency of any spell is equal to its Fluency plus 1 for each tier of its ritual path that
    is unlocked plus 1 for each Transmute combined with it"."""
    card = fx.card
    return card.spec.fluency + card.ritual_tiers + len(card.combined)


def resists(b: Being, fx: Effect) -> bool:
    """"In order to affect an Encounter, a spell must have Potency equal to or greater than the
    Encounter's Resistance"."""
    st = b.encounter
    return isinstance(st, EncounterState) and potency(fx) < st.spec.resistance


# ---------------------------------------------------------------- its stats
def extra_opponents(game: Battle, b: Being) -> int:
    """Opponents beyond the first: Magi only (a Koishaka does not scale an Encounter)."""
    return max(0, len([o for o in game.opponents(b) if o.kind is Kind.MAGI]) - 1)


def stat_bonus(game: Battle, b: Being, stat: str) -> int:
    """What an Encounter adds to a round's Resonance roll or Full Actions."""
    st = b.encounter
    if not isinstance(st, EncounterState):
        return 0
    extra = extra_opponents(game, b) if st.mode == "standard" else 0
    if stat == "resonance":
        return st.spec.resonance_bonus.base + st.spec.resonance_bonus.per_opponent * extra
    if stat == "actions":
        return st.spec.actions.per_opponent * extra
    raise ValueError(f"no Encounter stat {stat!r}")


# ---------------------------------------------------------------- the draw bag
def in_bag(b: Being) -> dict[str, int]:
    st = state_of(b)
    return {colour: n - st.out.get(colour, 0) for colour, n in st.spec.bag if n - st.out.get(colour, 0) > 0}


def draw(game: Battle, b: Being, why: str) -> Flow[str]:
    """A counter from the bag: the match's seeded chance, or a decision when draws are scripted."""
    bag = in_bag(b)
    if not bag:
        reset(game, b, "the bag is empty")
        bag = in_bag(b)
    if game.options.chance == "auto":
        colours = sorted(bag)
        return game.rng.choices(colours, weights=[bag[c] for c in colours])[0]
    options = tuple(Choice(c, c) for c in sorted(bag))
    choice = yield Decision("draw", None, f"{b.name} draws from its bag ({why})", options)
    return str(choice.value)


def reset_due(b: Being) -> bool:
    st = state_of(b)
    return bool(st.spec.reset) and all(st.out.get(c, 0) >= n for c, n in st.spec.reset)


def reset(game: Battle, b: Being, why: str) -> None:
    st = state_of(b)
    st.out = {colour: 0 for colour, _ in st.spec.bag}
    game.say(f"{b.name}'s counters all go back into the bag ({why})")


# ---------------------------------------------------------------- its standing Responses
def respond(game: Battle, b: Being, fx: Effect) -> Flow[bool]:
    """The Encounter's Response abilities, "always active and ready to engage according to their
    conditions": Evade an effect with the named aspects aimed at it alone (Area is immune to Evades).
    It pays, draws, and the counter goes straight back into the bag; a success colour evades."""
    st = b.encounter
    if not isinstance(st, EncounterState) or b.incapacitated:
        return False
    for r in st.spec.responses:
        key = f"{b.name}: {r.name}"
        if key in fx.responses or (r.standard_only and st.mode != "standard"):
            continue
        if fx.controller.team == b.team or fx.area or fx.target is not b:
            continue
        role = Role.ATTACK if fx.ability is not None and fx.ability.offensive else fx.card.role
        if r.role is not None and role is not r.role:
            continue
        names = {a.name for a in fx.aspects()}
        if not all(n in names for n in r.needs) or not game.can_pay(b, r.cost.energy, r.cost.amount):
            continue
        fx.responses.add(key)
        game.pay(b, r.cost.energy, r.cost.amount, r.name)
        colour = yield from draw(game, b, f"{r.name} against {fx.name}")
        if colour in r.succeeds_on:
            fx.evaded.add(b.name)
            game.say(f"{b.name} pays {r.cost.text()} and draws {colour}: it evades {fx.name}")
            game.queue_event("WHO evades effect", being=b)
        else:
            game.say(f"{b.name} pays {r.cost.text()} and draws {colour}: its {r.name} fails")
        return True
    return False
