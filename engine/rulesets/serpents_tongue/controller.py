"""Taking control: the rules-text step ``gain control of TARGET`` (Glossary, "Controller").

"Controller: The Magi that has current authority over a card. Only the controller has the ability to
voluntarily Dismiss a card and is responsible for paying any sustain costs. The spell's caster is its default
controller, although control can be shifted by various effects." The effect's controller becomes the
controller of what the step targets:

- A spell in play: only ``Card.controller`` changes. Its bearer, zone and caster stay (a spell "returned to a
  Codex, that is always the Codex of its caster. Always."), and so does the Focus that holds a Duration F
  spell: "someone's Focus Gem must be on it at all times", and only Swap Focus moves a Focus with control.
  From then on the new controller pays its sustain costs (casting.sustain) and is the only one who may
  Dismiss it (actions.options). Unique to Caster: "if the caster gains control of a duplicate spell, the
  original is discarded" (Game.uniqueness, which :meth:`Game.shift_control` plays).
- A Koishaka, whose controller is its Ally spell's (allies.controller; `target Ally spell` takes the same
  Koishaka): "Activating or taking control of a second Ally will immediately discard the first". The Koishaka
  joins its new controller's team: the Team zone holds "all Magi on one team, including ... any Koishaka
  which they may control", and "The caster of a Koishaka has full command of its actions", so it now fights
  at its new controller's side (allies.broken: a Koishaka is controlled by a Magi of its team).

Either way the card fires ``this changes controller`` (Game.shift_control), whose rules text runs for the new
controller.

Only a Magi controls a Koishaka ("The Magi who summons a Koishaka is its controller"): a Koishaka's effect
takes one for the Magi who commands it — whose first Ally, maybe the Koishaka acting, is then discarded —
and an Encounter, which acts by its charts and answers no Koishaka's choices, takes none. A spell still
manifesting is not taken (its caster is casting it), nor anything that is not a spell (a Specialization, an
Artifact, an Encounter's card): the step says "spell".
"""

from __future__ import annotations

from spellc.engine.rulesets.serpents_tongue import allies
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Kind, Place


def gain_control(game: Battle, who: Being, x: Being | Card | None) -> bool:
    """``who`` takes control of the spell or Koishaka ``x``. True when control changed hands."""
    if who.incapacitated:  # "Incapacitated Magi cannot ... take any Actions": it holds authority over nothing new
        return False
    if isinstance(x, Being):
        return x.kind is Kind.KOISHAKA and take_koishaka(game, who, x)
    if x is None:
        return False
    ally = _summoned(game, x)
    if ally is not None:  # an Ally spell is its Koishaka's: taking one takes the other
        return take_koishaka(game, who, ally)
    return take_spell(game, who, x)


def _summoned(game: Battle, card: Card) -> Being | None:
    """The Koishaka an Ally spell in play is the body of."""
    return next((k for k in game.beings if k.body is card), None)


def take_spell(game: Battle, who: Being, card: Card) -> bool:
    if card.spec.kind != "spell" or card.place is not Place.IN_PLAY or card.controller is who:
        return False
    was = card.controller or card.owner
    game.say(f"{who.name} gains control of {card.title} from {was.name}")
    game.shift_control(card, who)
    return True


def take_koishaka(game: Battle, who: Being, k: Being) -> bool:
    boss = allies.commander(who)  # a Koishaka acts with its controller's authority
    body = k.body
    if body is None or boss.kind is not Kind.MAGI or boss.incapacitated or allies.controller(k) is boss:
        return False
    allies.discard_first_ally(game, boss)
    game.say(f"{boss.name} gains control of the Koishaka {k.name}, which joins team {boss.team}")
    k.team = boss.team
    game.shift_control(body, boss)
    return True
