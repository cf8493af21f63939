"""The checked model back into English card text, for the reference site.

The wording follows the printed cards for aspects, requirements and upgrades, and seed 003's effect
grammar for rules text ("You may ...", "If ..., ...", "... unless ...", "...; if you did, ...",
"You may pay ... to ...", "Choose one: • ..."). The site renders this text from the same model the Python
emitter turns into behaviour, so the page and the game cannot disagree.

Steps render as lower-case clauses first; callers capitalise them when a clause starts a sentence, so a
nested step ("you may deal ...") and a top-level one ("Deal ...") share one renderer.
"""

from __future__ import annotations

from collections.abc import Sequence

from spellc.compiler.serpents_tongue import model as m
from spellc.compiler.serpents_tongue.steps import to_core
from spellc.engine.core.steps import capitalize
from spellc.engine.rulesets.serpents_tongue import rules_text
from spellc.engine.rulesets.serpents_tongue.cards import (
    Aspect,
    ChartLine,
    Modifier,
    Requirement,
    Selector,
    SpecTier,
    Stat,
    Timing,
    Upgrade,
    UpgradeTiming,
)
from spellc.engine.rulesets.serpents_tongue.wording import (
    quantity_text,
    selector_text,
)

# Registry event names are the phrases written after `when`; these are their sentence openings.
# A `WHO` row (`WHO is Disrupted`) is one event for each being it may name: one sentence for each.
_WHO = ("bearer", "caster", "controller")
EVENTS: dict[str, str] = {
    "bearer casts offensive spell at caster": "Each time the bearer casts an offensive spell at the caster",
    "resolved": "Each time this spell is resolved in maintenance",
    "activated": "When this spell activates",
    "round begins": "At the beginning of each round",
    "Resonance Overload": "Each time the Resonance roll is a Resonance Overload",
    "spell preparation begins": "As each spell preparation phase begins",
    "action phase begins": "As each action phase begins",
    "round ends": "At the end of each round",
    "this loses its last Duration counter": "When this spell loses its last Duration counter",
    "this becomes active Curse": "When this spell becomes an active Curse",
    "this is discarded": "When this spell is discarded",
    "this loses Focus": "When this spell loses its Focus",
    "this is Dispelled": "When this spell is Dispelled",
    "this emerges from Rite zone": "When this spell emerges from the Rite zone",
    "this goes Dormant": "When this spell goes Dormant",
    "this re-activates": "When this spell re-activates",
    "this is Dampened": "When this spell is Dampened",
    "this fizzles": "When this spell fizzles",
    "this blocks effect": "Each time this Shield blocks an effect",
    "this changes controller": "Each time another Magi gains control of this spell",
    **{f"{w} suffers Discord Event": f"Each time the {w} suffers a Discord Event" for w in _WHO},
    **{f"{w} enjoys Harmony Event": f"Each time the {w} enjoys a Harmony Event" for w in _WHO},
    **{f"{w}'s turn begins": f"At the start of each of the {w}'s turns" for w in _WHO},
    **{f"{w}'s turn ends": f"At the end of each of the {w}'s turns" for w in _WHO},
    **{f"{w} intones spell": f"Each time the {w} Intones a spell" for w in _WHO},
    **{f"{w} miscasts spell": f"Each time the {w} miscasts a spell" for w in _WHO},
    **{f"{w} casts spell": f"Each time the {w} casts a spell" for w in _WHO},
    **{f"{w} takes interrupt stone": f"Each time the {w} takes an interrupt stone" for w in _WHO},
    **{f"{w} is incapacitated": f"When the {w} is incapacitated" for w in _WHO},
    **{f"{w} takes Dmg": f"Each time the {w} takes Dmg" for w in _WHO},
    **{f"{w} is Disrupted": f"Each time the {w} is Disrupted" for w in _WHO},
    **{f"{w} is targeted by offensive effect": f"Each time an opponent's effect targets the {w}" for w in _WHO},
    **{f"{w} activates ability": f"Each time the {w} activates an ability" for w in _WHO},
    **{f"{w} evades effect": f"Each time the {w} evades an effect" for w in _WHO},
}


# ---------------------------------------------------------------------- words and phrases
def event_text(event: str) -> str:
    """The opening of a trigger sentence; an event without wording yet reads as its registry phrase."""
    return EVENTS.get(event, f"When {event}")


def aspect_text(a: Aspect) -> str:
    return a.text()


def aspects_text(aspects: Sequence[Aspect]) -> str:
    return ", ".join(aspect_text(a) for a in aspects)


def targets_text(s: Selector) -> str:
    """The targets line of an Abjuration or Transmute: ``Targets an active Curse``."""
    phrase = f"{s.state} {selector_text(s)}" if s.state == "active" else selector_text(s)
    article = "an" if phrase[:1].lower() in "aeiou" else "a"
    return f"Targets {article} {phrase}"


def requirement_text(r: Requirement) -> str:
    words = [r.form] if r.count is None or r.form != "Actions" else [str(r.count), r.form]  # `! 2 Actions`
    if r.cost is not None:
        words.append(r.cost.text())
    if r.selector is not None:
        words.append(selector_text(r.selector))
    if r.on_bearer:
        words.append("on Bearer")
    if r.timing is not Timing.CAST:  # "to cast" is what a requirement means when it says nothing
        words.append(r.timing.value)
    return " ".join(words)


def upgrade_text(u: Upgrade) -> str:
    timing = "" if u.timing is UpgradeTiming.CAST else f" {u.timing.value}"
    return f"{aspects_text(u.aspects)} for {' or '.join(c.text() for c in u.costs)}{timing}"


# ---------------------------------------------------------------------- steps
# Each step kind words itself (its declaration, engine.rulesets.serpents_tongue.rules_text), and the forms of
# seed 003 around it are the core's wording (engine.core.steps.text and clauses), as in every game: the questions
# the engine puts read as the site does.
def steps_text(steps: Sequence[m.Step]) -> str:
    """Steps as sentences: ``Deal Dmg 1 to the bearer; if you did, gain 1 Resonance.``"""
    return rules_text.describe_all(to_core(steps))


def _clauses(steps: Sequence[m.Step]) -> str:
    """Steps as lower-case-initial text, ready to follow a colon ("When ...: add ...")."""
    return rules_text.clauses(to_core(steps))


# ---------------------------------------------------------------------- whole rules text
def rules_lines(spell: m.CheckedSpell) -> list[str]:
    """The spell's rules text, one sentence (or one rule) a line, in the order a reader needs it:
    definitions first, since the aspect list and the rules below use them."""
    lines = [f"{name} is {quantity_text(q)}." for name, q in spell.variables]
    if spell.koishaka:
        lines.append(koishaka_line(spell))
    lines += [f"{event_text(t.event)}: {_clauses(t.steps)}" for t in spell.triggers]
    lines += [_modifier_line(mod) for mod in spell.modifiers]
    if spell.koishaka:  # an Ally spell's abilities are its Koishaka's, not its bearer's
        lines += [_ability_line(a).replace("Grants the ability", "The Koishaka has the ability", 1)
                  for a in spell.abilities]
    else:
        lines += [_ability_line(a) for a in spell.abilities]
    if spell.on_impact:
        lines.append(f"On impact: {_clauses(spell.on_impact)}")
    if spell.kind == "specialization":
        lines = [f"Initiate: {line}" for line in lines]
        lines += [_tier_line(t) for t in spell.tiers]
    if spell.rules is not None:
        lines += encounter_lines(spell.rules)
    if spell.discord_event:
        lines.append(discord_event_line(spell.discord_event))
    return lines


def discord_event_line(steps: Sequence[m.Step]) -> str:
    """"Some scenarios and encounters will change the effect" of a Discord Event: what an Encounter's does."""
    return ("Discord Event — changed for the Magi facing it (the impacted Magi), still unblockable, in place of "
            f"the loss of 3 Essence: {_clauses(steps)}")


def koishaka_line(spell: m.CheckedSpell) -> str:
    stats = ", ".join(f"{c.energy.value} {c.amount}" for c in spell.koishaka)
    actions = spell.koishaka_actions
    return f"Summons a Koishaka: {stats}; {actions} Full Action{'s' * (actions != 1)} a round."


def _modifier_line(mod: Modifier) -> str:
    if mod.selector.combined:
        return f"The spell it is combined with gains {aspects_text(mod.grants)}."
    what = selector_text(mod.selector, plural=True)
    parts = [f"gain {aspects_text(mod.grants)}"] * bool(mod.grants)
    parts += [f"generate {', '.join(f'{c.amount:+d} {c.energy.value}' for c in mod.generate)}"] * bool(mod.generate)
    return capitalize(f"{what} {' and '.join(parts)}.")


def _tier_line(tier: SpecTier) -> str:
    rules = " ".join(_modifier_line(mod) for mod in tier.modifiers)
    return f"Tree {tier.tree}, tier {tier.tier} — {tier.name} ({tier.cost} Resonance or Voice): {rules}"


def encounter_lines(r: m.EncounterRules) -> list[str]:
    """An Encounter's card in words: stats (with their per-opponent bonus), bag, charts, standing rules."""
    def stat(name: str, st: Stat) -> str:
        bonus = f" ({st.per_opponent:+d} for each additional opponent, not in easy mode)" if st.per_opponent else ""
        return f"{name} {st.base}{bonus}"

    lines = [
        "Stats: " + "; ".join([stat("Essence", r.essence), f"Resonance {r.starting_resonance}",
                               stat("Resonance bonus", r.resonance_bonus), stat("Full Actions", r.actions)]
                              + [f"Resistance {r.resistance}"] * bool(r.resistance)) + ".",
        "Source Spheres: " + ", ".join(s.value for s in r.sources) + ".",
    ]
    if r.lacks:
        lines.append(f"It has no {' or '.join(e.value for e in r.lacks)}: always zero.")
    if r.targeting:
        lines.append(f"Targeting: the opponent with the {r.targeting[0]} {r.targeting[1].value}; "
                     "a die breaks ties (highest roll is the target).")
    lines.append("Draw bag: " + ", ".join(f"{n} {c}" for c, n in r.bag)
                 + (f"; all counters return once {', '.join(f'{n} {c}' for c, n in r.reset)} are out." if r.reset
                    else "."))
    for resp in r.responses:
        lines.append(f"Response ({resp.name}): against each {' '.join(resp.needs)} "
                     f"{resp.role.value if resp.role else 'effect'} aimed at it alone, it pays {resp.cost.text()} "
                     f"and draws; {' or '.join(resp.succeeds_on)} evades. The counter goes back at once."
                     + (" Not in easy mode." if resp.standard_only else ""))
    for th in r.thresholds:
        lines.append(f"Below {th.below} {th.energy.value}: its {th.role.value if th.role else ''} effects gain "
                     f"{aspects_text(th.grants)}.")
    for chart in r.charts:
        lines.append(f"Chart {chart.colour}: " + "; ".join(
            f"{i}. {_chart_line(ln)}" for i, ln in enumerate(chart.lines, 1)) + ".")
    for die in r.die_charts:
        lines.append(f"{die.name} (roll the die): " + "; ".join(
            f"{f.text()}: {f.action or 'Critical Failure'}" for f in die.faces) + ".")
    return lines


def _chart_line(ln: ChartLine) -> str:
    needs = [f"{ln.cost} Resonance"] * bool(ln.cost) + [c.text() for c in ln.conditions]
    what = ln.action if ln.action else f"roll on {ln.roll}"
    return f"{what} (needs {', '.join(needs)})" if needs else str(what)

def _ability_line(ability: m.MAbility) -> str:
    options = f" ({aspects_text(ability.aspects)})" if ability.aspects else ""
    return f"Grants the ability {ability.name}{options}: {_clauses(ability.steps)}"
