"""What the engine plays of Serpent's Tongue, bound by name: each ``behaviour`` the glossary (glossary.toml)
gives a term, a keyword or a trigger event, bound to the code that plays it — a rule's function (for a keyword,
the function that reads the aspect; for an event, the one that emits it), a phase of the round
(``rules.ROUND``), a declared energy (``state.ENERGIES``) or a stacking rule (a function that stacks changes
with :mod:`engine.core.modifiers`).

A name bound to nothing here is not played, whatever the glossary says: the coverage report counts its terms
unsupported however many tests cite them, and a card that prints its keyword cannot be cast (a match is given
:func:`implemented`, see ``declaration.unsupported``). Every name the glossary gives is bound (tests/test_bindings.py).

This module sits above every rule module (it imports them to bind their code): nothing of the engine imports
it but what sets a match up (setup, scenario), which gives the match the names bound here.
"""

from __future__ import annotations

from spellc.engine.core.flow import Phase
from spellc.engine.core.registry import Registry
from spellc.engine.rulesets.serpents_tongue import (
    actions,
    activation,
    allies,
    behaviours,
    cards,
    casting,
    codex,
    control,
    declaration,
    defenses,
    duration,
    effects,
    encounter,
    encounter_state,
    exchange,
    impact,
    initiative,
    intone,
    namshub,
    payment,
    preparation,
    removal,
    rite,
    ritual_path,
    rules_text,
    specs,
    targeting,
    tough,
    transmutes,
)
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.rules import ROUND, Game
from spellc.engine.rulesets.serpents_tongue.state import ENERGIES, Being, fits

REGISTRY = Registry("serpents_tongue")


def _phase(name: str) -> Phase:
    """The phase of the round named ``name`` (the glossary names them "Initiative Phase", ...)."""
    return next(p for p in ROUND if p.name == name)


# ---------------------------------------------------------------- directives: what impact calls with the aspect
REGISTRY.bind("dmg", "rule", behaviours.dmg)
REGISTRY.bind("infusion", "rule", behaviours.infusion)
REGISTRY.bind("siphon", "rule", behaviours.siphon)
REGISTRY.bind("dispel", "rule", behaviours.dispel)
REGISTRY.bind("disrupt", "rule", behaviours.disrupt)
REGISTRY.bind("shed_discord", "rule", behaviours.shed_discord)
REGISTRY.bind("obliteration", "rule", behaviours.obliteration)
REGISTRY.bind("dormant", "rule", transmutes.dormant)
REGISTRY.bind("reactivate", "rule", transmutes.reactivate)
REGISTRY.bind("spell_loss", "rule", removal.spell_loss)
REGISTRY.bind("dampen", "rule", removal.dampen)
# "at most one" interrupt stone a round from an opponent, "AT MOST one additional Full Action": limits counted
# by engine.core.modifiers.allowed.
REGISTRY.bind("collect_interrupt_stone", "stacking", behaviours.collect_interrupt_stone)
REGISTRY.bind("extra_full_action", "stacking", behaviours.extra_full_action)

# ---------------------------------------------------------------- empowerments: the function that reads the aspect
REGISTRY.bind("duration", "rule", duration.start_counters)  # # counters, or P; F is payment.place_focus's
REGISTRY.bind("curse_duration", "rule", activation.impact_attack)  # set once the Curse has impacted
REGISTRY.bind("durability", "rule", defenses.wear)
REGISTRY.bind("shield", "rule", defenses.own_shields)
REGISTRY.bind("subtle", "rule", defenses.can_block)
REGISTRY.bind("refined", "rule", defenses.can_block)
REGISTRY.bind("pierce", "rule", defenses.defenses)
REGISTRY.bind("shatter", "rule", defenses.defenses)
REGISTRY.bind("unblockable", "rule", defenses.defenses)
REGISTRY.bind("resilient", "rule", defenses.plan)
REGISTRY.bind("impenetrable", "rule", defenses.plan)
REGISTRY.bind("invulnerable", "rule", defenses.plan)
REGISTRY.bind("immune", "rule", defenses.immune)
REGISTRY.bind("evade", "rule", activation.activate)
REGISTRY.bind("response", "rule", cards.is_response)
REGISTRY.bind("veiled", "rule", casting.respond)
REGISTRY.bind("eloquent", "rule", intone.speak)
REGISTRY.bind("once_per_round", "rule", casting.usable_abilities)
REGISTRY.bind("area", "rule", declaration._targets)  # who an Area spell may be aimed at: a team
REGISTRY.bind("area_global", "rule", declaration._targets)
REGISTRY.bind("vowed", "rule", actions.dismiss_options)
REGISTRY.bind("bonded", "rule", preparation.reattune_price)
REGISTRY.bind("shape_shift", "rule", Game.make_room)
REGISTRY.bind("unique_to_bearer", "rule", Game.uniqueness)
REGISTRY.bind("unique_to_caster", "rule", Game.uniqueness)
REGISTRY.bind("unique_to_descriptor", "rule", Game.uniqueness)
REGISTRY.bind("legendary", "rule", Game.uniqueness)
REGISTRY.bind("unique_to_codex", "rule", codex.refusals)
REGISTRY.bind("sealed", "rule", Game.remove_focus)
REGISTRY.bind("exclusive", "rule", transmutes.combine)
REGISTRY.bind("backlash", "rule", transmutes.backlash)
REGISTRY.bind("adamant", "rule", targeting.spell_targets)
REGISTRY.bind("inexorable", "rule", targeting.spell_targets)
REGISTRY.bind("tough", "rule", tough.rating)
REGISTRY.bind("prevented", "rule", control.bans)
REGISTRY.bind("phased", "rule", control.phased)
REGISTRY.bind("cloaked", "rule", control.cloaked)
REGISTRY.bind("injunction", "rule", control.enjoined)
REGISTRY.bind("will_break", "rule", control.will_break)
# "Wards for the same energy do NOT stack"; "Adding Free Action to a spell that costs # Actions only reduces the
# Full Action requirement by 1", Absolute Free Action overrides it: changes stacked by engine.core.modifiers.apply.
REGISTRY.bind("ward", "stacking", defenses.ward)
REGISTRY.bind("free_action", "stacking", rite.actions_needed)
REGISTRY.bind("absolute_free_action", "stacking", rite.actions_needed)

# ---------------------------------------------------------------- requirements: checked, then paid, as a spell is cast
REGISTRY.bind("req_active", "rule", declaration.requirement_problem)
REGISTRY.bind("req_attunement", "rule", declaration.requirement_problem)
REGISTRY.bind("req_dominance", "rule", declaration.requirement_problem)
REGISTRY.bind("req_discard", "rule", payment.pay_requirement)
REGISTRY.bind("req_pay", "rule", payment.pay_requirement)
REGISTRY.bind("req_burn_focus", "rule", payment.pay_requirement)
REGISTRY.bind("req_sacrifice", "rule", payment.pay_requirement)
REGISTRY.bind("req_actions", "rule", rite.printed_actions)

# ---------------------------------------------------------------- the round and its phases
REGISTRY.bind("round", "rule", Game.play_round)
REGISTRY.bind("initiative_phase", "phase", _phase("initiative"))
REGISTRY.bind("maintenance_phase", "phase", _phase("maintenance"))
REGISTRY.bind("spell_preparation", "phase", _phase("preparation"))
REGISTRY.bind("action_phase", "phase", _phase("action"))
REGISTRY.bind("resonance_roll", "rule", initiative.resonance_roll)
REGISTRY.bind("resonance_overload", "rule", initiative.resonance_roll)
REGISTRY.bind("discord_event", "rule", initiative.discord_event)
REGISTRY.bind("harmony_event", "rule", initiative.discord_and_harmony_rolls)
REGISTRY.bind("discord", "rule", Game.check_limits)  # "If a Magi reaches 20 Discord, he or she is incapacitated"
REGISTRY.bind("incapacitated", "rule", Game.incapacitate)
REGISTRY.bind("re_attune", "rule", preparation.reattune)
REGISTRY.bind("banish", "rule", preparation.why_not_reattune)  # "Banished cards can not be re-attuned"
REGISTRY.bind("resolve", "rule", casting.resolve)
REGISTRY.bind("sustain", "rule", casting.sustain)

# ---------------------------------------------------------------- the energies, declared
REGISTRY.bind("resonance", "resource", ENERGIES[Energy.RESONANCE])
REGISTRY.bind("harmony", "resource", ENERGIES[Energy.HARMONY])
REGISTRY.bind("essence", "resource", ENERGIES[Energy.ESSENCE])
REGISTRY.bind("will", "resource", ENERGIES[Energy.WILL])
REGISTRY.bind("voice", "resource", ENERGIES[Energy.VOICE])
REGISTRY.bind("energy", "rule", Being.energy)
REGISTRY.bind("energy_exchange", "rule", exchange.exchange)
REGISTRY.bind("generate", "rule", impact.generated)

# ---------------------------------------------------------------- actions and turns
REGISTRY.bind("action", "rule", actions.perform)
REGISTRY.bind("turn", "rule", actions.take_turn)
REGISTRY.bind("full_action", "rule", actions.can_take_full_action)
REGISTRY.bind("free_action_type", "rule", declaration.is_free)
REGISTRY.bind("meditation", "rule", actions.meditate)
REGISTRY.bind("dismiss", "rule", actions.dismiss)
REGISTRY.bind("interrupt_stone", "rule", actions.shed_interrupt_stone)
REGISTRY.bind("innate_actions", "rule", control.permitted)
REGISTRY.bind("rite_zone", "rule", actions.advance_rite)

# ---------------------------------------------------------------- the cast cycle
REGISTRY.bind("cast_cycle", "rule", casting.cast)
REGISTRY.bind("spoken", "rule", intone.speak)
REGISTRY.bind("miscast", "rule", intone.miscast)
REGISTRY.bind("caster", "rule", casting.cast_spoken)  # the caster is the spell's first controller
REGISTRY.bind("target", "rule", declaration.targets)
REGISTRY.bind("requirements", "rule", declaration.requirement_problem)
REGISTRY.bind("utilize", "rule", declaration.requirement_problem)  # a spell that requires an energy or a spell
REGISTRY.bind("component_spell", "rule", declaration.requirement_problem)  # "Active" Components
REGISTRY.bind("upgrade", "rule", payment.upgrades)
REGISTRY.bind("ritual_path", "rule", ritual_path.buy)
REGISTRY.bind("focus", "rule", payment.place_focus)
REGISTRY.bind("priority", "rule", casting.respond)
REGISTRY.bind("activate_spell", "rule", activation.activate)
REGISTRY.bind("manifesting", "rule", targeting.spell_targets)  # "Many Response spells only affect manifesting spells"

# ---------------------------------------------------------------- effects and their impact
REGISTRY.bind("effect", "rule", Effect)
REGISTRY.bind("aspect", "rule", impact.effective_aspects)
REGISTRY.bind("passive_effect", "rule", impact.passive_sources)
REGISTRY.bind("directive", "rule", impact.apply_directives)
# Directives "occur whenever the spell 'hits'"; "Empowerments add benefits to the spell": impact applies none of
# them, each is played by the rule that reads it, and one the match does not play keeps its spell from being cast.
REGISTRY.bind("empowerment", "rule", behaviours.for_keyword)
REGISTRY.bind("add_dmg", "rule", defenses.combine)
REGISTRY.bind("impact", "rule", impact.impact_being)
REGISTRY.bind("offensive_action", "rule", defenses.offensive)
REGISTRY.bind("descriptor", "rule", fits)  # a selector naming descriptors
REGISTRY.bind("charge", "rule", effects.add_charges)
REGISTRY.bind("counter", "rule", duration.start_counters)

# ---------------------------------------------------------------- the kinds of spell, and the zones they lie in
# Codexes "keep stored spells from randomly emitting power. The controlled release of power requires a Magi's
# intent": passive effects, triggers and impacts are read from the spells in play alone, which a cast put there.
REGISTRY.bind("spell", "rule", Game.all_in_play)
REGISTRY.bind("attack_spell", "rule", activation.impact_attack)
REGISTRY.bind("curse", "rule", activation.impact_attack)
REGISTRY.bind("area_curse", "rule", activation.impact_attack)
REGISTRY.bind("defense_spell", "rule", defenses.defenses)
REGISTRY.bind("enhance_spell", "rule", Game.make_room)
REGISTRY.bind("abjuration_spell", "rule", targeting.abjured)
REGISTRY.bind("transmute_spell", "rule", activation.activate_transmute)
REGISTRY.bind("combination", "rule", transmutes.combine)
REGISTRY.bind("ally_spell", "rule", allies.summon)
REGISTRY.bind("zones", "rule", Game.enter_zone)
REGISTRY.bind("attack_zone", "rule", casting.maintenance_impact)
REGISTRY.bind("defense_zone", "rule", activation.place_in_zone)
REGISTRY.bind("enhancement_zone", "rule", Being.room_in)
REGISTRY.bind("team_zone", "rule", defenses.shields_of)
REGISTRY.bind("bearer", "rule", activation.place_in_zone)
REGISTRY.bind("controller", "rule", Game.shift_control)
REGISTRY.bind("owner", "rule", Game.discard)

# ---------------------------------------------------------------- abilities, allies, Codexes, Encounters, Nam-Shubs
REGISTRY.bind("ability", "rule", casting.usable_abilities)
REGISTRY.bind("activate_ability", "rule", casting.use_ability)
REGISTRY.bind("ally", "rule", Game.allies)
REGISTRY.bind("koishaka", "rule", allies.koishaka)
REGISTRY.bind("codex", "rule", codex.problems)
REGISTRY.bind("title", "rule", codex.refusals)
REGISTRY.bind("fluency", "rule", codex.refusals)
REGISTRY.bind("specialization", "rule", specs.start)
REGISTRY.bind("artifact", "rule", specs.artifact_problem)
REGISTRY.bind("encounter", "rule", encounter.take_turn)
REGISTRY.bind("potency", "rule", encounter_state.resists)
REGISTRY.bind("nam_shub", "rule", namshub.perform_step)

# ---------------------------------------------------------------- trigger events: the function that emits each
REGISTRY.bind("event_round_begins", "phase", _phase("initiative"))  # the phase that begins with it
REGISTRY.bind("event_round_ends", "phase", _phase("action"))  # the phase that ends with it
REGISTRY.bind("event_resonance_overload", "rule", initiative.resonance_roll)
REGISTRY.bind("event_discord_event", "rule", initiative.discord_and_harmony_rolls)
REGISTRY.bind("event_harmony_event", "rule", initiative.discord_and_harmony_rolls)
REGISTRY.bind("event_spell_preparation_begins", "rule", preparation.spell_preparation_phase)
REGISTRY.bind("event_action_phase_begins", "rule", actions.action_phase)
REGISTRY.bind("event_turn_begins", "rule", actions.action_phase)
REGISTRY.bind("event_turn_ends", "rule", actions.action_phase)
REGISTRY.bind("event_incapacitated", "rule", Game.incapacitate)
REGISTRY.bind("event_discarded", "rule", Game.discard)
REGISTRY.bind("event_loses_focus", "rule", Game.remove_focus)
REGISTRY.bind("event_changes_controller", "rule", Game.shift_control)
REGISTRY.bind("event_miscasts", "rule", casting.cast)
REGISTRY.bind("event_intones", "rule", casting.cast_spoken)
REGISTRY.bind("event_casts", "rule", casting.cast_spoken)
REGISTRY.bind("event_interrupt_stone", "rule", casting.cast_spoken)
REGISTRY.bind("event_offensive_cast", "rule", casting.offensive_cast)
REGISTRY.bind("event_targeted", "rule", casting.respond)
REGISTRY.bind("event_activated", "rule", activation.activate)
REGISTRY.bind("event_fizzles", "rule", activation.activate)
REGISTRY.bind("event_evades", "rule", activation.activate)
REGISTRY.bind("event_becomes_active_curse", "rule", activation.impact_attack)
REGISTRY.bind("event_resolved", "rule", casting.resolve)
REGISTRY.bind("event_last_duration_counter", "rule", casting.resolve)
REGISTRY.bind("event_activates_ability", "rule", casting.use_ability)
REGISTRY.bind("event_emerges_from_rite_zone", "rule", actions.advance_rite)
REGISTRY.bind("event_blocks", "rule", defenses.meet)
REGISTRY.bind("event_takes_dmg", "rule", behaviours.dmg)
REGISTRY.bind("event_dispelled", "rule", behaviours.dispel)
REGISTRY.bind("event_disrupted", "rule", behaviours.disrupt)
REGISTRY.bind("event_goes_dormant", "rule", transmutes.dormant)
REGISTRY.bind("event_reactivates", "rule", transmutes.reactivate)
REGISTRY.bind("event_dampened", "rule", removal.dampen)


# The step kinds of rules text, each declared in the rule module that plays it (imported above, so all are
# here): what the compiler reads a card's steps with.
STEP_KINDS = rules_text.SIGNATURES


def implemented() -> frozenset[str]:
    """Every behaviour name the engine plays: what a match is given, and what the coverage report counts."""
    return REGISTRY.implemented()
