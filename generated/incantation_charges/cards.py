"""Compiled cards of Incantation charges, by `spellc build` from cards_src/incantation_charges/: do not edit."""
# ruff: noqa
# mypy: ignore-errors

from engine.core.steps import ChooseOne, Do, If, IfYouDid, May, PayTo, Test, Unless
from engine.rulesets.incantation_charges.cards import ActionCard, Aim, Interrupt, Kind, Library


CARDS = (
    # cards_src/incantation_charges/actions.spell:5
    ActionCard(title='Strike', aim=Aim.ENEMY, steps=(Do(kind='deal damage', args=(2, 'target')),), text='Deal 2 damage to target.', source='cards_src/incantation_charges/actions.spell:5'),
    # cards_src/incantation_charges/actions.spell:12
    ActionCard(title='Flame Dart', incantation=1, aim=Aim.ENEMY, steps=(Do(kind='deal damage', args=(3, 'target')),), text='Deal 3 damage to target.', source='cards_src/incantation_charges/actions.spell:12'),
    # cards_src/incantation_charges/actions.spell:18
    ActionCard(title='Lightning Bolt', incantation=2, aim=Aim.ENEMY, steps=(Do(kind='deal damage', args=(5, 'target')),), text='Deal 5 damage to target.', source='cards_src/incantation_charges/actions.spell:18'),
    # cards_src/incantation_charges/actions.spell:24
    ActionCard(title='Meteor', incantation=3, aim=Aim.ENEMY, steps=(Do(kind='deal damage', args=(8, 'target')),), text='Deal 8 damage to target.', source='cards_src/incantation_charges/actions.spell:24'),
    # cards_src/incantation_charges/actions.spell:31
    ActionCard(title='Second Wind', incantation=1, aim=Aim.SELF, steps=(Do(kind='heal', args=(3, 'you')), IfYouDid(action=Do(kind='draw', args=(1,)))), text='Heal 3 to you; if you did: draw 1 card.', source='cards_src/incantation_charges/actions.spell:31'),
    # cards_src/incantation_charges/actions.spell:39
    ActionCard(title='Siphon', aim=Aim.ENEMY, steps=(Do(kind='deal damage', args=(1, 'target')), PayTo(costs=(Do(kind='charges', args=(1,)),), action=Do(kind='deal damage', args=(3, 'target')))), text='Deal 1 damage to target; you may pay 1 Incantation charge to deal 3 damage to target.', source='cards_src/incantation_charges/actions.spell:39'),
    # cards_src/incantation_charges/actions.spell:44
    ActionCard(title='Mend', aim=Aim.SELF, steps=(Do(kind='heal', args=(2, 'you')), May(action=Do(kind='draw', args=(1,)))), text='Heal 2 to you; you may draw 1 card.', source='cards_src/incantation_charges/actions.spell:44'),
    # cards_src/incantation_charges/actions.spell:50
    ActionCard(title='Disrupt', aim=Aim.ENEMY, steps=(ChooseOne(options=((Do(kind='deal damage', args=(1, 'target')),), (Do(kind='draw', args=(1,)),))), If(condition=Test(kind='is incanting', args=('target',)), action=Do(kind='deal damage', args=(1, 'target')))), text='Choose one: (deal 1 damage to target) or (draw 1 card); if target is incanting: deal 1 damage to target.', source='cards_src/incantation_charges/actions.spell:50'),
    # cards_src/incantation_charges/actions.spell:57
    ActionCard(title='Oak Staff', kind=Kind.IMPLEMENT, aim=Aim.ENEMY, steps=(Do(kind='deal damage', args=(1, 'target')), Do(kind='begin an incantation')), text='Deal 1 damage to target; begin an Incantation.', source='cards_src/incantation_charges/actions.spell:57'),
    # cards_src/incantation_charges/actions.spell:64
    ActionCard(title='Steady Focus', steps=(Do(kind='ward your incantation'),), text='Ward your Incantation.', source='cards_src/incantation_charges/actions.spell:64'),
    # cards_src/incantation_charges/actions.spell:70
    ActionCard(title='Spell Snare', kind=Kind.INTERRUPT, interrupt=Interrupt(event='an enemy begins an incantation', steps=(Do(kind='deal damage', args=(2, 'them')),)), text='When an enemy begins an incantation: deal 2 damage to them.', source='cards_src/incantation_charges/actions.spell:70'),
)
LIBRARY = Library.of(CARDS)
