"""The casts a magician is offered (casting.cast_options, listed at every decision of its Magic phase, and fast:
issue 27) are exactly those the rules allow in words: every spell of its list for which why_not finds nothing,
at every target it finds nothing against. Checked at every casting decision of random duels, on the battlefield
as the duel stated it and as facts stated between decisions may change it (a model the caster cannot see, a
caster who ran)."""

from __future__ import annotations

import pickle

import pytest

from spellc.engine.core.decisions import Choice
from spellc.engine.core.match import RandomPlayer
from spellc.engine.rulesets.rackham_incantation import casting, setup
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.game import Game
from spellc.engine.rulesets.rackham_incantation.state import Magician
from spellc.generated.rackham_incantation import LIBRARY

DUELS = range(40)


def in_words(battle: Battle, m: Magician) -> list[Choice]:
    """The casts why_not allows, spell by spell in the order of the magician's list, target by target."""
    out = []
    for title in m.spec.spells:
        spell = battle.library.spell(title)
        if casting.why_not(battle, m, spell) is None:
            out += [Choice(casting.cast_label(spell, t), ("cast", title, t.name))
                    for t in casting.targets(battle, m, spell)]
    return out


def casting_states(seed: int) -> list[tuple[Battle, Magician]]:
    """The battle at each casting decision of random duel ``seed``, each a copy of it (pickled) to change."""
    match, player = setup.duel(LIBRARY, seed), RandomPlayer(seed)
    states = []
    while not match.terminal:
        decision = match.decision
        assert decision is not None and isinstance(match.game, Game)
        if decision.kind == "activation":
            battle = pickle.loads(pickle.dumps(match.game.battle))
            battle.library = LIBRARY  # never pickled with the state, as a copy of a match is handed it again
            m = battle.models[decision.being or ""]
            assert isinstance(m, Magician)
            states.append((battle, m))
        match.apply(player.choose(decision))
    return states


@pytest.mark.parametrize("seed", DUELS)
def test_the_casts_offered_are_those_the_rules_allow(seed: int) -> None:
    for battle, m in casting_states(seed):
        assert casting.cast_options(battle, m) == in_words(battle, m)
        others = [t.name for t in battle.present() if t is not m]
        battle.facts.blind.update((m.name, name) for name in others[:1])  # "line of sight to his target"
        assert casting.cast_options(battle, m) == in_words(battle, m)
        battle.facts.busy.add(m.name)  # "may not cast a spell if he ran, charged, ... or shot"
        assert casting.cast_options(battle, m) == in_words(battle, m) == []


def test_a_copy_of_a_match_works_out_its_own_spell_lists() -> None:
    """A match's copy is independent (engine.core.match): the tables of what each magician may cast are worked
    out again in the copy, never carried from the original."""
    match, player = setup.duel(LIBRARY, 3), RandomPlayer(3)
    while match.decision is not None and match.decision.kind != "activation":
        match.apply(player.choose(match.decision))
    assert isinstance(match.game, Game) and match.game.battle.spell_lists
    copy = match.copy()
    assert isinstance(copy.game, Game) and copy.game.battle.spell_lists is not match.game.battle.spell_lists
    assert copy.decision == match.decision
