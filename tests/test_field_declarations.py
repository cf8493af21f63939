"""A ruleset declares its cards' fields and its scenarios' line words (issue 28, item 1: "A ruleset declares its
card kinds, each with its fields, their types, ranges and vocabularies (Spheres, Elements, Schools, States)"),
once each, in its ruleset.toml: ``[field.<word>]`` and ``[scenario.<word>]``, a help text and the closed list of
words it takes. The grammars and the declarations are walked both ways: no line word left undeclared, none
declared that no grammar writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.compiler import fields
from spellc.compiler.build import FRONTENDS
from spellc.compiler.language_reference import declared_use, reference
from spellc.compiler.project import example_files, shipped
from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.ruleset import declare
from spellc.engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(RULESETS)
LANGUAGES = [(game, scenario) for game in GAMES for scenario in (False, True)]


@pytest.mark.parametrize(("game", "scenario"), LANGUAGES)
def test_every_line_word_a_grammar_writes_is_declared(game: str, scenario: bool) -> None:
    ruleset = RULESETS[game]
    declared = {d.word for d in fields.declared(ruleset, scenario)}
    assert set(fields.written(ruleset, scenario)) - declared == set()


@pytest.mark.parametrize(("game", "scenario"), LANGUAGES)
def test_every_declared_line_word_is_one_a_grammar_writes(game: str, scenario: bool) -> None:
    ruleset = RULESETS[game]
    declared = {d.word for d in fields.declared(ruleset, scenario)}
    assert declared - set(fields.written(ruleset, scenario)) == set()


def test_the_walk_finds_the_fields_of_every_card_kind() -> None:
    """Incantation 2's spells, magicians and creatures each have fields of their own; an Amtgard field of two
    words is declared by its first (`magic armor 2`: `magic`)."""
    assert {"college", "people", "traits"} <= set(fields.written(RULESETS["rackham_incantation"]))
    assert {"magic", "special", "works"} <= set(fields.written(RULESETS["amtgard"]))
    assert {"source", "step", "passive"} <= set(fields.written(RULESETS["serpents_tongue"]))


@pytest.mark.parametrize(("game", "scenario"), LANGUAGES)
def test_every_declared_vocabulary_is_a_list_of_the_rulesets_words(game: str, scenario: bool) -> None:
    ruleset = RULESETS[game]
    for declared in fields.declared(ruleset, scenario):
        if declared.vocabulary is not None:
            words = ruleset.words(declared)
            assert words and all(isinstance(w, str) and w for w in words), declared.word


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_term_is_a_term_of_the_glossary(game: str) -> None:
    """A `term` names the glossary term that defines a field and its words; `{word} Spell` names one for each."""
    ruleset = RULESETS[game]
    terms = {t.name for t in FRONTENDS[game].terms()}
    for declared in (*ruleset.fields, *ruleset.scenario_words):
        if declared.term is None:
            continue
        named = ([declared.term.replace("{word}", w) for w in ruleset.words(declared)]
                 if "{word}" in declared.term else [declared.term])
        assert set(named) <= terms, declared.word


@pytest.mark.parametrize("game", GAMES)
def test_every_declaration_has_help_of_a_sentence_or_two(game: str) -> None:
    for declared in (*RULESETS[game].fields, *RULESETS[game].scenario_words):
        assert 20 <= len(declared.help) <= 400, declared.word


def test_amtgards_states_are_the_words_grants_takes() -> None:
    """"States Defined": Cursed and Fragile are States; Charge is not one."""
    amtgard = RULESETS["amtgard"]
    states = fields.vocabulary(amtgard, "grants")
    assert {"Cursed", "Fragile", "Frozen", "Stopped"} <= set(states) and "Charge" not in states


@pytest.mark.parametrize(("game", "word", "said"), [
    ("rackham_incantation", "power",
     "Needed on every spell and magician. Takes 0 to 20 on a spell, 1 to 20 on a magician."),
    ("rackham_incantation", "fear", "Goes on a magician or a creature. Takes 0 to 20."),
    ("incantation_charges", "when", "Needed on every interrupt."),
    ("amtgard", "grants", "May be given more than once. Names an ability by its title."),
    ("serpents_tongue", "tier", "Goes on a specialization. May be given more than once."),
])
def test_the_language_reference_tells_a_fields_kinds_need_and_range(game: str, word: str, said: str) -> None:
    """What the declared checks hold a card to, the reference says on the field's first form, after its help."""
    ruleset = RULESETS[game]
    cards, scenarios = example_files(ruleset, shipped(game).root)
    card_sections, _ = reference(ruleset, cards, scenarios)
    first = next(f for s in card_sections for f in s.forms if f.syntax.split(" ", 1)[0] == word)
    assert declared_use(ruleset.fields[[f.word for f in ruleset.fields].index(word)]) == said
    assert first.meaning.endswith(said)


def game_with(tmp_path: Path, table: str) -> Path:
    """A copy of Incantation charges' declaration with ``table`` added."""
    folder = tmp_path / "incantation_charges"
    folder.mkdir()
    text = (ROOT / "engine" / "rulesets" / "incantation_charges" / "ruleset.toml").read_text(encoding="utf-8")
    (folder / "ruleset.toml").write_text(text + "\n" + table, encoding="utf-8")
    return folder


def test_a_declaration_with_a_range_by_kind_gives_each_kind_its_own() -> None:
    """A spell's Power rating is 0 to 20 (3.10), a magician's Power characteristic 1 to 20: one field, two kinds."""
    power = RULESETS["rackham_incantation"].field("power")
    assert power is not None
    assert (power.bounds("spell"), power.bounds("magician"), power.bounds("creature")) == ((0, 20), (1, 20), None)
    assert power.takes("magician") and not power.takes("creature")


def test_a_vocabulary_the_ruleset_does_not_have_is_refused(tmp_path: Path) -> None:
    ruleset = declare(game_with(tmp_path, '[field.deal]\nhelp = "the damage dealt"\nvocabulary = "cards:Nope"\n'))
    declared = ruleset.field("deal")
    assert declared is not None
    with pytest.raises(DeclarationError, match="names the vocabulary cards:Nope, which it does not have"):
        ruleset.words(declared)


@pytest.mark.parametrize(("table", "said"), [
    ('[field.deal]\nvocabulary = "cards:Aim"\n', "needs a help text"),
    ('[field.deal]\nhelp = "the damage"\nvocabulary = "Aim"\n', "vocabulary is module:NAME"),
    ('[field.deal]\nhelp = "the damage"\nwords = ["a"]\n', "has no setting words"),
    ('[field.deal]\nhelp = "the damage"\nrequierd = "action"\n',
     r"has no setting requierd \(it takes help, vocabulary, term, kinds, required, repeat, type, range"),
    ('[scenario.round]\nhelp = "a round"\nrange = [1, 9]\n', "has no setting range"),
    ('[field.deal]\nhelp = "the damage"\nkinds = "action"\nrequired = "interrupt"\n',
     "is required in interrupt, not all of them kinds that take it"),
    ('[field.deal]\nhelp = "the damage"\ntype = "amount"\n', "type is one or several of number, word"),
    ('[field.deal]\nhelp = "the damage"\ntype = "word"\nrange = [1, 9]\n', "has a range: its type is a number"),
    ('[field.deal]\nhelp = "the damage"\ntype = "number"\nrange = [9, 1]\n', "range is \\[low, high\\]"),
    ('[field.deal]\nhelp = "the damage"\ntype = "number"\nrange = { action = "1" }\n', "range is \\[low, high\\]"),
    ('[field.deal]\nhelp = "the damage"\ntype = "word"\nrefers = "action"\n', "refers to a card kind: its type"),
    ('[field.deal]\nhelp = "the damage"\nrepeat = "yes"\n', "repeat is true or false"),
    ('[field.deal]\nhelp = "the damage"\nkinds = [1]\n', "kinds is a word or a list of words"),
    ('[field.Deal]\nhelp = "the damage"\n', "under a line word as the grammar writes it"),
    ('[scenario.round]\nhelp = "a round"\nterm = 3\n', "term is a glossary term's name"),
])
def test_a_malformed_declaration_is_refused(tmp_path: Path, table: str, said: str) -> None:
    with pytest.raises(DeclarationError, match=said):
        declare(game_with(tmp_path, table))


@pytest.mark.parametrize("game", GAMES)
def test_the_language_reference_tells_each_fields_declared_help(game: str) -> None:
    """A card's or a scenario's line the grammar leaves without a comment reads its declaration's help, on the
    first form of its line word."""
    ruleset = RULESETS[game]
    cards, scenarios = example_files(ruleset, shipped(game).root)
    card_sections, scenario_sections = reference(ruleset, cards, scenarios)
    for found, declared in ((card_sections, ruleset.fields), (scenario_sections, ruleset.scenario_words)):
        meanings = {f.syntax.split(" ", 1)[0]: f.meaning for s in found for f in s.forms if f.meaning}
        helped = [d for d in declared if d.word in meanings
                  and meanings[d.word] == " ".join(filter(None, (d.help.replace("`", ""), declared_use(d))))]
        assert helped, game
    school = next(f for s in card_sections for f in s.forms if f.syntax.startswith(("school", "sphere", "gems",
                                                                                     "incantation")))
    assert school.meaning, school
