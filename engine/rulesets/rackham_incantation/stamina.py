"""Stamina (6.5, General Magical Rules): "If the Stamina of a model falls below 0, the model is killed
immediately."

The seed's only words on it, and its only numbers: a Stamina that falls, and 0 below which a model dies. Each
wound a spell deals ("deal 2 wounds to target") lowers its target's Stamina by one, so a model lives on at 0 and
is killed by the wound that takes it below: with a Stamina of 3, by its fourth wound.

What the seed does not give is any model's Stamina: "Stamina" is Confrontation's characteristic, on the models'
reference cards, and no card of this book prints one (nor does the card language). So a battle states the
Stamina of its models (Settings.stamina): a random duel gives every model the same, chosen (setup.py); a
scripted one (a scenario, a test) states none unless told, and then wounds kill nobody, as before this rule.

Where the seed reads otherwise: its Construct "does not undergo a Light Wound when it fails a Prowess check to
swim" (10.9) speaks of Confrontation's wound levels, not of a Stamina that counts down; the rule of 6.5 is the one
the book states, so it is the one played, and a wound is one point of Stamina.
"""

from __future__ import annotations

from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.state import Model


def stamina(battle: Battle, model: Model) -> int | None:
    """A model's Stamina as it stands: the battle's Stamina less the wounds it has suffered; None where the
    battle states no Stamina."""
    if battle.settings.stamina is None:
        return None
    return battle.settings.stamina - model.wounds


def stamina_falls_below_zero(battle: Battle, model: Model) -> bool:
    """"If the Stamina of a model falls below 0, the model is killed immediately": asked as each wound is dealt,
    before the rest of the spell resolves. Whether it killed the model."""
    left = stamina(battle, model)
    if left is None or left >= 0 or not model.present:
        return False
    model.removed = "killed"
    battle.say(f"{model.name}'s Stamina falls below 0 ({left}): {model.name} is killed")
    return True
