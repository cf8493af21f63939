"""A study's entries for Incantation 2 (issue 27: "It names its entries (... a magician ...)"): each seat plays the
magician its entry names, with the spells its player assigns it; a magician or a spell list the rules do not allow
is refused at its field, in the seed's words, pointing at the card at fault.

"When building an army, the player chooses which spells they assign to the various Magicians. Each Magician must
have his own spells. Note: The Magicians can have as many spells as they wish it, as long as they do not exceed
their Potential (i.e. double their Power characteristic)." (6.1.1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from spellc.engine.core.errors import EntryError
from spellc.engine.core.match import Match, RandomPlayer
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation.cards import Library
from spellc.engine.rulesets.rackham_incantation.setup import STAMINA, entry_duel
from spellc.engine.rulesets.rackham_incantation.state import Magician
from spellc.generated.rackham_incantation import LIBRARY
from tests.commands import new_study, seats_held, spellc_apart
from tests.rackham_incantation.rackham import spell

FIELDS = {f.name: f for f in RULESETS["rackham_incantation"].entry_fields}


def entry(magician: str, **fields: Any) -> dict[str, Any]:
    """An entry as a study gives it: every field, its default where left out."""
    defaults = {f.name: list(f.default) if isinstance(f.default, tuple) else f.default for f in FIELDS.values()}
    return {**defaults, "magician": magician, **fields}


def dealt(first: Mapping[str, Any], second: Mapping[str, Any], seed: int = 0,
          library: Library = LIBRARY) -> tuple[Magician, Magician]:
    """The two magicians an entry duel seats, in seat order."""
    aldo, morga = entry_duel(library, seed, (first, second)).game.battle.magicians()
    return aldo, morga


def refusal(first: Mapping[str, Any], second: Mapping[str, Any] | None = None,
            library: Library = LIBRARY) -> EntryError:
    with pytest.raises(EntryError) as refused:
        entry_duel(library, 0, (first, second or first))
    return refused.value


def refused(error: EntryError, field: str, title: str | None, message: str, quote: str) -> None:
    assert (error.field, error.title) == (field, title)
    assert message in error.message and f'("{quote}")' in error.message


# ---------------------------------------------------------------- the fields
def test_an_entry_names_a_magician_and_may_assign_its_spells() -> None:
    """What a study documents of Incantation 2's entries: the magician's card, which it must give; the spells its
    player assigns it, the card's own list unless given."""
    assert [(f.name, f.kind, f.default) for f in FIELDS.values()] == [("magician", "title", None),
                                                                       ("spells", "titles", ())]


# ---------------------------------------------------------------- a legal entry duel
@pytest.mark.rule("Purchasing Magicians")
def test_each_seat_holds_the_magician_its_entry_names() -> None:
    """"All the models with a Power characteristic are called Magicians" (2): the first entry's magician sits first
    (Aldo, of the Light), the second's second (Morga, of the Shadow), each with its card's people, level, Power,
    Initiative and Elements, and, given no spells, "his own spells": the list its card prints."""
    aldo, morga = dealt(entry("Méliador"), entry("Gorgon"))
    assert [(m.name, m.camp) for m in (aldo, morga)] == [("Aldo", "Light"), ("Morga", "Shadow")]
    assert aldo.spec == LIBRARY.magician("Méliador") and morga.spec == LIBRARY.magician("Gorgon")
    assert morga.spec.spells == ("Arrows of Hécate", "Morbid Invocation of Angel", "Eternal Torpor")


@pytest.mark.rule("Purchasing Magicians")
def test_the_player_chooses_which_spells_they_assign_to_the_various_magicians() -> None:
    """"When building an army, the player chooses which spells they assign to the various Magicians" (6.1.1): a
    magician holds the spells its entry assigns, in the order written, and no other; its card is otherwise its
    own."""
    aldo, morga = dealt(entry("Méliador", spells=["Flash of Light", "Wild Surge"]), entry("Gorgon"))
    assert aldo.spec.spells == ("Flash of Light", "Wild Surge")
    assert replace(aldo.spec, spells=()) == replace(LIBRARY.magician("Méliador"), spells=())
    assert morga.spec == LIBRARY.magician("Gorgon")


@pytest.mark.rule("Purchasing Magicians")
def test_each_magician_must_have_his_own_spells() -> None:
    """"Each Magician must have his own spells ... During a battle, two Magicians of the same army cannot exchange
    their spells" (6.1.1): played to its end, each magician casts only the spells its entry assigns it."""
    m = entry_duel(LIBRARY, 2, (entry("Méliador", spells=["Flash of Light", "Mana Bolt"]),
                                entry("Gorgon", spells=["Arrows of Hécate", "Wild Surge"])))
    play_out(m)
    aldo, morga = m.game.battle.models["Aldo"], m.game.battle.models["Morga"]
    assert isinstance(aldo, Magician) and isinstance(morga, Magician)
    assert sum(aldo.casts_in_game.values()) + sum(morga.casts_in_game.values()) > 0
    assert set(aldo.casts_in_game) <= {"Flash of Light", "Mana Bolt"}
    assert set(morga.casts_in_game) <= {"Arrows of Hécate", "Wild Surge"}


@pytest.mark.rule("Purchasing Magicians")
def test_each_can_have_the_same_spells() -> None:
    """"Two Magicians of the same army cannot exchange their spells, although each can have the same spells"
    (6.1.1): the seed bars no two magicians from meeting, so an entry meets itself, each seat its own model of the
    one card."""
    aldo, morga = dealt(entry("Méliador"), entry("Méliador"))
    assert aldo is not morga and aldo.spec == morga.spec == LIBRARY.magician("Méliador")


@pytest.mark.rule("Mana reserve")
def test_a_mana_reserve_is_created_at_the_beginning_of_the_game_for_each_magician() -> None:
    """"This reserve consists of a number of gems equal to the Magician's Power characteristic. If a magician can
    control multiple elements, he may select the type of each gem from the elements he controls" (6.2): drawn
    from the match's seed, as a random duel draws them."""
    for seed in range(5):
        aldo, morga = dealt(entry("Méliador"), entry("Gorgon"), seed)
        for m in (aldo, morga):
            assert m.gem_count == m.spec.power and set(m.reserve) <= set(m.spec.elements)
    assert [m.reserve for m in dealt(entry("Méliador"), entry("Gorgon"), 3)] == \
        [m.reserve for m in dealt(entry("Méliador"), entry("Gorgon"), 3)]


@pytest.mark.rule("Stamina")
def test_every_model_has_the_stamina_of_a_random_duel() -> None:
    """"If the Stamina of a model falls below 0, the model is killed immediately" (6.5): the seed prints no
    Stamina, so an entry duel states a random duel's, on a battlefield stated at random each turn; an entry names
    no follower, so the two magicians are alone."""
    m = entry_duel(LIBRARY, 0, (entry("Méliador"), entry("Gorgon")))
    settings = m.game.battle.settings
    assert (settings.stamina, settings.random_facts) == (STAMINA, True)
    assert list(m.game.battle.models) == ["Aldo", "Morga"]


def play_out(m: Match, decisions: int = 2000) -> None:
    player = RandomPlayer(1)
    for _ in range(decisions):
        if m.decision is None:
            return
        m.apply(player.choose(m.decision))


# ---------------------------------------------------------------- the refusals
@pytest.mark.rule("Power characteristic")
def test_all_the_models_with_a_power_characteristic_are_called_magicians() -> None:
    """"All the models with a Power characteristic are called Magicians" (2): a spell or a creature named as the
    entry's magician is refused, at its title."""
    refused(refusal(entry("Storm of Light")), "magician", "Storm of Light", "'Storm of Light' is a spell, not a "
            "magician", "All the models with a Power characteristic are called Magicians.")
    refused(refusal(entry("Gorgon"), entry("Morbid Angel")), "magician", "Morbid Angel",
            "'Morbid Angel' is a creature, a model without Power, not a magician",
            "All the models with a Power characteristic are called Magicians.")


@pytest.mark.rule("Purchasing Magicians")
def test_the_player_assigns_spells_to_the_magicians() -> None:
    """"When building an army, the player chooses which spells they assign to the various Magicians" (6.1.1): a
    creature or a magician among the spells is refused, and so is a spell assigned twice: it is assigned or not."""
    rule = "When building an army, the player chooses which spells they assign to the various Magicians."
    refused(refusal(entry("Gorgon", spells=["Arrows of Hécate", "Morbid Angel"])), "spells", "Morbid Angel",
            "'Morbid Angel' is a creature, a model without Power, not a spell", rule)
    refused(refusal(entry("Gorgon", spells=["Méliador"])), "spells", "Méliador", "'Méliador' is a magician, not a "
            "spell", rule)
    refused(refusal(entry("Gorgon", spells=["Arrows of Hécate", "Wild Surge", "Arrows of Hécate"])), "spells",
            "Arrows of Hécate", "'Arrows of Hécate' is assigned 2 times", rule)


@pytest.mark.rule("Gems and casting")
def test_a_spell_of_a_college_the_magician_does_not_follow() -> None:
    """"If a magic spell does not belong to the one of the Colleges of Magic of the Magician, he will not be able to
    cast the spell" (4.7): a Sorcerer of Alahan is given no Telluric spell."""
    refused(refusal(entry("Méliador", spells=["Flash of Light", "Telluric Wall"])), "spells", "Telluric Wall",
            "Méliador may not know Telluric Wall: Telluric Wall is of Telluric Magic, which Méliador does not follow",
            "if a magic spell does not belong to the one of the Colleges of Magic of the Magician, he will not be "
            "able to cast the spell")


@pytest.mark.rule("Instinctive Magic")
def test_intuitive_wizards_cannot_call_upon_the_colleges_elementary_magic() -> None:
    """"These manipulators of the intuitive arts cannot call upon the Colleges Elementary Magic, but use primitive
    magic" (5.5.6): an Orc wizard controlling Fire is given Mana Bolt, not Fire Dart."""
    assert dealt(entry("Urgak", spells=["Mana Bolt"]), entry("Gorgon"))[0].spec.spells == ("Mana Bolt",)
    refused(refusal(entry("Urgak", spells=["Fire Dart"])), "spells", "Fire Dart",
            "Urgak may not know Fire Dart: Fire Dart is of Elemental Fire, which Urgak does not follow",
            "if a magic spell does not belong to the one of the Colleges of Magic of the Magician, he will not be "
            "able to cast the spell")


@pytest.mark.rule("Gems and casting")
def test_a_magician_can_cast_only_spells_using_the_elements_that_he_controls() -> None:
    """"A Magician can cast only magic spells using the Elements that he controls" (4.7): Ilvan, a Griffon Initiate
    of Fire, follows Theurgy but is given no Sacred Flame, which needs Light."""
    refused(refusal(entry("Ilvan", spells=["Sacred Flame"])), "spells", "Sacred Flame",
            "Ilvan may not know Sacred Flame: Sacred Flame needs Light, which Ilvan does not control",
            "A Magician can cast only magic spells using the Elements that he controls.")


@pytest.mark.rule("Special")
def test_certain_spells_are_exclusive_to_a_caste() -> None:
    """"Certain spells are exclusive to a caste Magicians or a one particular" (3.9): an Elemental spell exclusive
    to the Griffons is a Griffon's, not a Sorcerer of Alahan's who controls its Element."""
    blessing = replace(spell("Griffon's Blessing"), exclusive="Griffon")
    library = Library.of([*LIBRARY.cards.values(), blessing])
    assert dealt(entry("Melkion", spells=["Griffon's Blessing"]), entry("Gorgon"), library=library)[0].spec.spells \
        == ("Griffon's Blessing",)
    refused(refusal(entry("Méliador", spells=["Griffon's Blessing"]), library=library), "spells",
            "Griffon's Blessing", "Méliador may not know Griffon's Blessing: Griffon's Blessing is exclusive to "
            "Griffon", "Certain spells are exclusive to a caste Magicians or a one particular.")


@pytest.mark.rule("Magic Potential")
def test_the_sum_of_the_powers_of_the_spells_may_not_exceed_the_magic_potential() -> None:
    """"The Magician can control spells of a total power equal to twice his Power characteristic. This is his Magic
    Potential. The sum of all the Powers of the spells that a magician chooses may not exceed this value" (3.10):
    the Gorgon, of Power 6, holds spells of Power 12, not 13."""
    twelve = ["Arrows of Hécate", "Morbid Invocation of Angel", "Eternal Torpor", "Mana Bolt", "Wild Surge"]
    assert dealt(entry("Gorgon", spells=twelve), entry("Gorgon"))[0].spec.spells == tuple(twelve)
    refused(refusal(entry("Gorgon", spells=[*twelve, "Fire Dart"])), "spells", None,
            "the spells of Gorgon total a Power of 13, over its Magic Potential of 12 (twice its Power 6)",
            "The sum of all the Powers of the spells that a magician chooses may not exceed this value.")


@pytest.mark.rule("Warrior-Mage")
def test_a_warrior_mage_s_potential_is_equal_to_its_power_characteristic() -> None:
    """Warrior-Magi: "Their Potential is equal to their Power characteristic" (10.5): Aldric, of Power 5, holds
    Fire Dart and Sacred Flame (4), not Flash of Light beside them (6)."""
    refused(refusal(entry("Aldric", spells=["Fire Dart", "Sacred Flame", "Flash of Light"])), "spells", None,
            "the spells of Aldric total a Power of 6, over its Magic Potential of 5 (its Power, as a Warrior-Mage)",
            "The sum of all the Powers of the spells that a magician chooses may not exceed this value.")


# ---------------------------------------------------------------- through spellc sim
PROJECT_CARDS = """
spell "Dawn Ray" {
    college Elemental Light
    gems 1 Light
    difficulty 6
    range 30 cm
    target enemy
    power 3
    pa 12
    effect: deal 1 wound to target
}
"""

STUDY = """players = ["random"]
matches = 2
seed = 4

[[entries]]
name = "Dawn"
magician = "Méliador"
spells = ["Flash of Light", "Dawn Ray"]

[[entries]]
name = "Shadow"
magician = "Gorgon"
"""


def study(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> Path:
    """A new project (its sample magicians Méliador and the Gorgon) with one more spell, and the study ``text``."""
    return new_study(tmp_path / "cards", "rackham_incantation", capsys, text, name="magicians", cards=PROJECT_CARDS)


def test_a_study_of_two_magicians_plays_each_with_its_own_spells(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Each seat holds its entry's magician's spells, whichever seat its entry takes in a match: the first entry's
    the two it assigns, the second's the one its card lists."""
    project = study(tmp_path, capsys, STUDY)
    code, out, err = spellc_apart(project, capsys, "sim", "studies/magicians.sim.toml", "--json", "--workers", "1")
    assert code == 0, err
    assert [p["pairing"] for p in json.loads(out)["pairings"]] == ["Dawn (random) vs Shadow (random)"]
    spells = {True: {"Flash of Light", "Dawn Ray"}, False: {"Shadow Dart"}}  # the first entry's, the second's
    assert seats_held(project, "magicians") == {(i, first): spells[first] for i in range(2) for first in (True, False)}


def test_an_illegal_entry_is_located_at_the_card_at_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each entry is dealt against itself before any match: a spell the magician may not know is shown at its
    title in the entry's spells, a magician that is none at its title, in the seed's words; no match is played."""
    text = STUDY.replace('"Dawn Ray"]', '"Shadow Dart"]').replace('magician = "Gorgon"', 'magician = "Dawn Ray"')
    project = study(tmp_path, capsys, text)
    code, out, err = spellc_apart(project, capsys, "sim", "studies/magicians.sim.toml", "--workers", "1")
    assert code == 1 and out == ""
    assert ("magicians.sim.toml:8:29: error[E807]: Dawn: spells: Méliador may not know Shadow Dart: Shadow Dart is "
            "of Elemental Darkness, which Méliador does not follow (\"if a magic spell does not belong to the one of "
            "the Colleges of Magic of the Magician, he will not be able to cast the spell\")") in err
    assert ("magicians.sim.toml:12:12: error[E807]: Shadow: magician: 'Dawn Ray' is a spell, not a magician (\"All "
            "the models with a Power characteristic are called Magicians.\")") in err
    assert not (project / "studies" / "magicians.sim.duckdb").exists()
