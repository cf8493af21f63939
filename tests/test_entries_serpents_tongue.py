"""A study's entries for Serpent's Tongue (issue 27: "It names its entries (a Codex and level ...)"): each Magi plays
the Codex its entry writes, at the entry's level, with the Specialization it gives; a Codex the Glossary does not
allow is refused at its field, in its words.

"A standard Codex may contain at most 27 spells. Only 5 of these can be fluency level 3, and only 2 can be fluency
level 4. ... Only 3 spells of the same title may be included, regardless of fluency level"; "In addition, a Codex
may contain one Specialization and one Artifact. Store your Artifact and Specialization in the front-most pocket of
your Codex."
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from spellc.engine.core.errors import EntryError
from spellc.engine.core.match import Match, RandomPlayer
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.setup import duel, entry_codex, entry_duel
from spellc.generated.serpents_tongue import LIBRARY
from tests.commands import new_study, seats_held, spellc_apart
from tests.conftest import compile_card_classes
from tests.test_scenario_codex import CARDS  # spells of fluency 3 and 4, and one Unique to Codex

FIELDS = {f.name: f for f in RULESETS["serpents_tongue"].entry_fields}
SPELLS = sorted(t for t, card in LIBRARY.cards.items() if card.kind == "spell")
SPELLS_27 = [title for title in SPELLS[:9] for _ in range(3)]


@cache
def library() -> CardLibrary:
    return CardLibrary.of([*LIBRARY.cards.values(), *compile_card_classes(CARDS)])


def allowed(codex: list[str]) -> None:
    """The Codex is dealt (only dealt: a match of cards compiled in memory cannot be played, it pickles them)."""
    assert [card.title for card in entry_codex(library(), entry(codex))] == codex


def entry(codex: list[str], **fields: Any) -> dict[str, Any]:
    """An entry as a study gives it: every field, its default where left out."""
    return {"codex": codex, **{f.name: f.default for f in FIELDS.values() if f.name != "codex"}, **fields}


def refusal(first: Mapping[str, Any], second: Mapping[str, Any] | None = None) -> EntryError:
    with pytest.raises(EntryError) as refused:
        entry_duel(library(), 0, (first, second or first))
    return refused.value


def refused(codex: list[str], message: str, quote: str, title: str | None = None) -> None:
    """Refused at the entry's Codex, quoting ``quote``, at the card ``title`` when one card is at fault."""
    error = refusal(entry(codex))
    assert error.field == "codex" and error.title == title
    assert message in error.message and f'("{quote}' in error.message


# ---------------------------------------------------------------- the fields
def test_an_entry_gives_a_codex_and_a_level() -> None:
    """What a study documents of Serpent's Tongue's entries: the Codex, written out; the level both Magi play at,
    Act II's unless said."""
    assert [(f.name, f.kind, f.default) for f in FIELDS.values()] == [("codex", "titles", None), ("level", "whole", 2),
                                                                       ("specialization", "titles", ())]
    assert (FIELDS["level"].low, FIELDS["level"].high) == (1, 2)


# ---------------------------------------------------------------- a legal entry duel
def test_each_magi_plays_the_codex_its_entry_writes_in_its_order() -> None:
    """"Place the spells in your Codex in the following order": White's Codex is the first entry's and Black's the
    second's, each card as written, in the order written; at level 2, as the walkthrough's Act II, with Will."""
    white, black = SPELLS_27[::-1], ["Fireball", "Pillar of Earth", "Fireball"]
    game = entry_duel(LIBRARY, 5, (entry(white), entry(black))).game
    assert [b.name for b in game.beings] == ["White", "Black"]
    dealt = {b.name: [c.title for c in b.codex] for b in game.beings}
    assert dealt == {"White": white, "Black": black}
    assert all(c.owner is b for b in game.beings for c in b.codex)
    assert game.options.level == 2 and game.options.seed == 5 and all(b.will == 3 for b in game.beings)


def test_at_level_1_we_will_not_use_the_advanced_energies() -> None:
    """"At level 1 play, we will not use the advanced energies of Harmony or Will": both entries at level 1 play a
    level 1 match, no Will collected, no Intoning."""
    game = entry_duel(LIBRARY, 0, (entry(["Fireball"], level=1), entry(["Fireball"], level=1))).game
    assert game.level1 and not game.options.intoning and all(b.will == 0 for b in game.beings)


def test_each_magi_may_begin_battle_with_one_active_specialization() -> None:
    """"Each Magi may begin battle with one active Specialization": the entry's Specialization is in play as the
    battle begins, for its Magi alone; an entry that gives none begins with none."""
    game = entry_duel(LIBRARY, 0, (entry(["Fireball"]), entry(["Fireball"], specialization=["Void Speaker"]))).game
    white, black = game.beings
    assert [c.title for c in black.zones.all()] == ["Void Speaker"] and not list(white.zones.all())
    assert [c.title for c in black.codex] == ["Fireball"]


def test_a_study_s_duel_is_a_random_duel_with_the_codexes_given() -> None:
    """The dice come from the match's seed as a random duel's do: given the Codexes a level 1 random duel dealt,
    an entry duel of the same seed plays the same match, move for move."""
    for seed in range(3):
        dealt = duel(LIBRARY, seed, level=1)
        entries = tuple(entry([c.title for c in b.codex], level=1) for b in dealt.game.beings)
        given = entry_duel(LIBRARY, seed, (entries[0], entries[1]))
        assert played_out(given) == played_out(dealt)


def played_out(m: Match) -> tuple[list[tuple[str | None, str]], object]:
    """Who was asked what, and chose which, for the first 300 decisions; then the outcome, if any."""
    player, moves = RandomPlayer(1), []
    while m.decision is not None and len(moves) < 300:
        choice = player.choose(m.decision)
        moves.append((m.decision.being, choice.label))
        m.apply(choice)
    return moves, m.game.outcome


# ---------------------------------------------------------------- the Codex's laws
def test_a_codex_may_contain_at_most_27_spells() -> None:
    """"A standard Codex may contain at most 27 spells.\""""
    allowed(SPELLS_27)
    refused([*SPELLS_27, SPELLS[9]], "a Codex holds at most 27 spells, not 28",
            "A standard Codex may contain at most 27 spells.")


def test_only_5_spells_can_be_fluency_level_3() -> None:
    """"Only 5 of these can be fluency level 3\""""
    five = ["Deep Lance"] * 3 + ["Deep Spear"] * 2
    allowed(five)
    refused(["Deep Lance"] * 3 + ["Deep Spear"] * 3, "at most 5 spells of fluency 3, not 6",
            "Only 5 of these can be fluency level 3")


def test_only_2_spells_can_be_fluency_level_4() -> None:
    """"and only 2 can be fluency level 4\""""
    allowed(["Great Lance"] * 2)
    refused(["Great Lance"] * 3, "at most 2 spells of fluency 4, not 3", "only 2 can be fluency level 4")


def test_only_3_spells_of_the_same_title_may_be_included() -> None:
    """"Only 3 spells of the same title may be included, regardless of fluency level": copies apart in the Codex
    add up."""
    refused(["Fireball", "Fireball", "Pillar of Earth", "Fireball", "Fireball"],
            "at most 3 spells titled 'Fireball', not 4",
            "Only 3 spells of the same title may be included, regardless of fluency level", "Fireball")


def test_unique_to_codex_allows_only_1_spell_of_that_title() -> None:
    """"A spell restriction that allows a Magi to have only 1 spell of that title in their Codex at a time.\""""
    allowed(["Lone Ward", "Fireball"])
    refused(["Lone Ward", "Lone Ward"], "'Lone Ward' is Unique to Codex: only 1 may be included, not 2",
            "A spell restriction that allows a Magi to have only 1 spell of that title in their Codex at a time.",
            "Lone Ward")


def test_a_specialization_is_kept_in_the_front_most_pocket_not_among_the_spells() -> None:
    """"In addition, a Codex may contain one Specialization and one Artifact. Store your Artifact and
    Specialization in the front-most pocket of your Codex.": written among the Codex's spells, a Specialization is
    refused."""
    refused(["Fireball", "Void Speaker"], "'Void Speaker' is a Specialization, kept in the front-most pocket apart "
            "from the Codex's spells: an entry gives it as its specialization",
            "In addition, a Codex may contain one", "Void Speaker")


def test_a_magi_s_codex_binds_only_spell_inscriptions() -> None:
    """"A Magi's Codex can only bind and contain 27 spell inscriptions.": an Encounter, and an Encounter's cards,
    are no Magi's spells."""
    ability = next(t for t, card in LIBRARY.cards.items() if card.kind == "encounter ability")
    refused(["Sentient Shadow"], "'Sentient Shadow' is an Encounter, not a spell",
            "A Magi's Codex can only bind and contain 27 spell inscriptions.", "Sentient Shadow")
    refused(["Fireball", ability], f"{ability!r} is an Encounter's ability, not a spell",
            "A Magi's Codex can only bind and contain 27 spell inscriptions.", ability)


# ---------------------------------------------------------------- the Specialization and the level
# entry_duel deals the Specialization an entry gives; ruleset.toml does not declare the field yet (it says why).
def test_a_magi_begins_battle_with_one_specialization_not_two() -> None:
    """"Each Magi may begin battle with one active Specialization.\""""
    error = refusal(entry(["Fireball"], specialization=["Void Speaker", "The Chant of Forms"]))
    assert error.field == "specialization" and error.title == "The Chant of Forms"  # the one too many
    assert "a Magi begins battle with one Specialization, not 2" in error.message
    assert '"Each Magi may begin battle with one active Specialization."' in error.message


def test_a_specialization_is_no_spell() -> None:
    """"Each Magi may begin battle with one active Specialization.": a spell given as the Specialization is
    refused."""
    error = refusal(entry(["Fireball"], specialization=["Fireball"]))
    assert error.field == "specialization" and error.title == "Fireball"
    assert "'Fireball' is a spell, not a Specialization" in error.message


def test_specializations_are_collected_in_act_ii() -> None:
    """"ACT II Setup ... Collect Specializations": level 1 play is Act I's, which begins with none."""
    error = refusal(entry(["Fireball"], level=1, specialization=["Void Speaker"]))
    assert error.field == "specialization" and error.title == "Void Speaker"
    assert "'Void Speaker' needs level 2" in error.message


def test_both_magi_play_at_one_level() -> None:
    """"At level 1 play, we will not use the advanced energies of Harmony or Will": the level is the match's way
    of playing (who has initiative, which energies are gained), so two entries of different levels cannot meet."""
    error = refusal(entry(["Fireball"], level=1), entry(["Fireball"], level=2))
    assert error.field == "level" and error.title is None  # no card is at fault: the two levels are
    assert "both Magi play at one level, not at 1 and 2" in error.message


# ---------------------------------------------------------------- through spellc sim
PROJECT_CARDS = """
spell "Stone Fist" {
    sphere Matter
    role Attack
    fluency 1
    resonance -3
    aspects | Dmg 1
}

specialization "Void Speaker" {
    sphere Soul
    rules {
        passive: bearer's Soul Abjuration spells generate +1 Resonance
    }
}
"""

STUDY = """players = ["random"]
matches = 2
seed = 4

[[entries]]
name = "Fire"
codex = ["Fireball", "Fireball", "Fireball", "Pillar of Earth"]

[[entries]]
name = "Stone"
codex = ["Stone Fist", "Stone Fist", "Stone Fist"]
"""


def study(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> Path:
    return new_study(tmp_path / "cards", "serpents_tongue", capsys, text, name="codex", cards=PROJECT_CARDS)


def test_a_study_of_two_codexes_plays_each_magi_with_its_own(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Each seat holds its entry's Codex, whichever seat its entry takes in a match."""
    project = study(tmp_path, capsys, STUDY)
    code, out, err = spellc_apart(project, capsys, "sim", "studies/codex.sim.toml", "--json", "--workers", "1")
    assert code == 0, err
    assert [p["pairing"] for p in json.loads(out)["pairings"]] == ["Fire (random) vs Stone (random)"]
    assert seats_held(project, "codex") == {(i, first): ({"Fireball", "Pillar of Earth"} if first else {"Stone Fist"})
                     for i in range(2) for first in (True, False)}


def test_an_illegal_entry_is_located_at_the_card_at_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each entry is dealt against itself before any match: an entry the Glossary refuses is shown at the title of
    the card at fault in its field (the title with too many copies, the Specialization among the spells, the spell
    given as a Specialization), in the Glossary's words, and no match is played."""
    text = STUDY.replace('"Pillar of Earth"]', '"Fireball"]').replace('"Stone Fist"]', '"Void Speaker"]')
    text += '\n[[entries]]\nname = "Pocket"\ncodex = ["Stone Fist"]\nspecialization = ["Stone Fist"]\n'
    project = study(tmp_path, capsys, text)
    code, out, err = spellc_apart(project, capsys, "sim", "studies/codex.sim.toml", "--workers", "1")
    assert code == 1 and out == ""
    assert ("codex.sim.toml:7:10: error[E807]: Fire: codex: at most 3 spells titled 'Fireball', not 4 (\"Only 3 "
            "spells of the same title may be included, regardless of fluency level\")") in err
    assert ("codex.sim.toml:11:38: error[E807]: Stone: codex: 'Void Speaker' is a Specialization, kept in the "
            "front-most pocket apart from the Codex's spells: an entry gives it as its specialization") in err
    assert "codex.sim.toml:16:19: error[E807]: Pocket: specialization: 'Stone Fist' is a spell, not a " in err
    assert not (project / "studies" / "codex.sim.duckdb").exists()


def test_entries_of_two_levels_are_refused_before_any_match(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, STUDY.replace('name = "Stone"\n', 'name = "Stone"\nlevel = 1\n'))
    code, _, err = spellc_apart(project, capsys, "sim", "studies/codex.sim.toml", "--workers", "1")
    assert code == 1 and "both Magi play at one level" in err
