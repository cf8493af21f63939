"""Artifacts (Glossary "Artifact"): written with `artifact "Title" { ... }`, active from the start in an
Enhancement slot, a passive ability and abilities activated as a Free Action, one per Magi."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from spellc.engine.rulesets.serpents_tongue import specs
from spellc.engine.rulesets.serpents_tongue.state import Zone
from tests.conftest import Table, compile_cards

SOURCE = '''
artifact "Ember Charm" {
    sphere Forces
    rules {
        passive: bearer's Heat Attack spells gain Dmg +1
        ability "Spark" [Once per Round]: deal Dmg 1 to target opponent
    }
}
artifact "Glass Eye" {
    sphere Mind
    rules {
        passive: bearer's Mind spells gain Subtle
    }
}
'''


@cache
def artifacts() -> dict[str, Any]:
    return compile_cards(SOURCE)


def table() -> Table:
    t = Table(level=2)
    t.game.library.cards.update(artifacts())
    return t


@pytest.mark.rule("Artifact", "Passive Effect", "Enhancement Zone")
def test_artifact_is_active_from_the_start_in_an_enhancement_slot_with_its_passive() -> None:
    """"Artifacts, like Specializations, are active at the start of the battle ... take up an
    Enhancement slot ... Some Artifacts have a passive ability that affects the Magi that owns it.\""""
    t = table()
    charm = specs.start(t.game, t.black, artifacts()["Ember Charm"])
    assert charm in t.black.zones[Zone.ENHANCEMENT] and charm.active
    t.in_play(t.black, "Fireball", "White")
    assert t.white.essence == 12 - 3  # Dmg 2 + 1


@pytest.mark.rule("Artifact", "Free Action (action type)")
def test_artifact_activation_is_a_free_action_unless_noted() -> None:
    """"Unless otherwise noted, such activation requires a Free Action.\""""
    t = table()
    specs.start(t.game, t.black, artifacts()["Ember Charm"])
    t.black.full_actions = 2
    t.use(t.black, "Ember Charm", "Spark", "White")
    assert (t.white.essence, t.black.full_actions) == (11, 2)


@pytest.mark.rule("Artifact", "Dismiss")
def test_artifact_can_be_dismissed_as_a_free_action() -> None:
    """"Artifacts take up an Enhancement slot but can be dismissed as a Free Action.\""""
    t = table()
    specs.start(t.game, t.black, artifacts()["Ember Charm"])
    assert 'dismiss "Ember Charm"' in t.action_options(t.black)


@pytest.mark.rule("Artifact")
def test_a_magi_carries_a_single_artifact() -> None:
    """"Magi generally may only carry a single Artifact at any time.\""""
    t = table()
    assert specs.artifact_problem(t.black, artifacts()["Ember Charm"], "Ember Charm") is None
    specs.start(t.game, t.black, artifacts()["Ember Charm"])
    assert "only one" in str(specs.artifact_problem(t.black, artifacts()["Glass Eye"], "Glass Eye"))
    assert "not a compiled Artifact" in str(specs.artifact_problem(t.white, None, "Nothing"))
