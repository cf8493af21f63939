"""The registry holds the whole Glossary, and the coverage report reads it and the tests' rule markers.

The first tests read the Glossary of seed 004 (``tests/fixtures/seed_004_glossary.txt``, the section from
"The Glossary" to the Design Team, byte for byte) with their own small parser, so that a heading missing
from ``engine/rulesets/serpents_tongue/glossary.toml``, or an entry whose text drifted from the book, fails here.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from spellc.compiler import coverage
from spellc.compiler.build import FRONTENDS
from spellc.compiler.cli import main
from spellc.compiler.serpents_tongue.emit_site import coverage_report
from spellc.engine.rulesets.serpents_tongue import registry

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY_FIXTURE = ROOT / "tests" / "fixtures" / "seed_004_glossary.txt"
SEED = Path(os.environ.get("SPELLC_SEED_004", ROOT.parent / "shared" / "seeds" / "004_7785e83d9a21795a.txt"))
PAGE_HEADER = "Glossary"  # printed at the top of a page; it sits inside the Ward entry


def seed_glossary(text: str) -> list[tuple[str, str]]:
    """(heading, text) per entry. A heading is a short line standing alone between blank lines that does
    not end like a sentence; an entry's paragraphs follow it. A paragraph that starts in lower case, or
    that follows a stray page header, continues the previous one (a page break cut it)."""
    blocks = [b.strip().split("\n") for b in re.split(r"\n\s*\n", text.split("\n", 1)[1]) if b.strip()]
    entries: list[tuple[str, list[str]]] = []
    after_header = False
    for block in blocks:
        lines = [" ".join(line.split()) for line in block]
        first = lines[0]
        if lines == [PAGE_HEADER]:
            after_header = True
            continue
        if after_header or first[0].islower():
            paragraph = entries[-1][1]
            paragraph[-1] = paragraph[-1] + " " + "\n".join(lines)
        elif len(lines) == 1 and len(first) <= 60 and not first.endswith((".", ":", ",")) \
                and not first.startswith(("See ", "!")):
            entries.append((first, []))
        else:
            entries[-1][1].append("\n".join(lines))
        after_header = False
    return [(heading, "\n\n".join(paragraphs)) for heading, paragraphs in entries]


@pytest.fixture(scope="module")
def book() -> list[tuple[str, str]]:
    return seed_glossary(GLOSSARY_FIXTURE.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- the registry is the whole Glossary
def test_fixture_is_the_seed_glossary_section() -> None:
    if not SEED.is_file():
        pytest.skip(f"seed 004 not found at {SEED} (set SPELLC_SEED_004)")
    seed = SEED.read_text(encoding="utf-8")
    section = seed[seed.index("The Glossary\n"):seed.index("The Design Team")]
    assert GLOSSARY_FIXTURE.read_text(encoding="utf-8").rstrip("\n") == section.rstrip("\n")


def test_every_glossary_heading_is_a_registry_row(book: list[tuple[str, str]]) -> None:
    reg = registry.load()
    assert len(book) > 140
    assert [t.heading for t in reg.terms] == [heading for heading, _ in book]
    assert len({t.name for t in reg.terms}) == len(reg.terms)


def test_every_row_holds_its_entry_verbatim(book: list[tuple[str, str]]) -> None:
    rows = registry.load().terms
    drifted = [t.name for t, (_, text) in zip(rows, book, strict=True) if t.glossary != text]
    assert not drifted, f"glossary text differs from the book for: {drifted}"


def test_page_breaks_are_joined_and_the_page_header_dropped() -> None:
    reg = registry.load()
    ward = reg.term("Ward")
    assert ward is not None and "do not reduce Dmg from Curses" in ward.glossary
    assert "Glossary" not in ward.glossary
    dispel = reg.term("Dispel")
    assert dispel is not None and "returned to its owner's Codex" in dispel.glossary
    effect = reg.term("Effect")
    assert effect is not None and len(effect.paragraphs) == 4 and len(effect.paragraphs[1]) == 3


def test_keywords_take_the_text_of_their_row() -> None:
    reg = registry.load()
    assert reg.keywords["Siphon"].glossary.startswith("A directive that deals energy Dmg")
    assert reg.keywords["Duration"].entry == "Duration #"
    assert reg.keywords["Duration"].glossary.startswith("Indicates that the spell will remain active for #")
    # A redirect row shows its target's text.
    assert reg.keywords["Absolute Free Action"].glossary == reg.keywords["Free Action"].glossary
    # Keywords the Glossary has no heading for keep their own text.
    assert reg.keywords["Pay"].entry is None and reg.keywords["Pay"].glossary


def test_card_keyword_names_are_unchanged() -> None:
    used = {"Dmg", "Infusion", "Dispel", "Duration", "Curse Duration", "Durability", "Shield", "Subtle", "Refined",
            "Free Action", "Once per Round", "Bonded", "Area", "Exclusive", "Pierce", "Shape-Shift",
            "Unique to Bearer", "Active", "Discard", "Pay"}
    assert used <= set(registry.load().keywords)


# ---------------------------------------------------------------- the report
def _json_report(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["coverage", "--json"]) == 0
    data: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return data


def test_json_report_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json_report(capsys)
    shown = [row["term"] for row in data if row["ruleset"] == "serpents_tongue"]
    assert shown == [t.name for t in registry.load().terms]
    for row in data:
        assert set(row) == {"term", "status", "tests", "reason", "ruleset"}
        assert row["status"] in ("supported", "unsupported", "not a rule")
        assert isinstance(row["tests"], list)
        assert (row["reason"] is None) == (row["status"] == "supported")


def test_table_ends_with_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--ruleset", "serpents_tongue"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(rf"\d+ of {len(registry.load().terms)} glossary terms supported, \d+ not rules", last)


def test_fail_under_makes_the_report_a_gate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--fail-under", "0"]) == 0
    percent = coverage.percent_supported(coverage_report())
    if percent < 100:
        assert main(["coverage", "--fail-under", "100"]) == 1
        assert "below --fail-under 100" in capsys.readouterr().err


def test_every_unsupported_row_gives_the_reason_its_glossary_declares(capsys: pytest.CaptureFixture[str]) -> None:
    """In every game, a rule the engine does not play is unsupported for the reason its glossary row declares
    (a board-only rule, one the compiler checks instead), never for want of a binding or of a test that cites
    it: those are gaps to close, not reasons."""
    declared: dict[str, set[str]] = {}
    for name, front in FRONTENDS.items():
        reasons = {t.name: t.unsupported for t in front.terms() if t.unsupported}
        # A redirect ("See X") reports its target's reason, named.
        declared[name] = {*reasons.values(), *(f"as '{term}': {why}" for term, why in reasons.items())}
    rows = _json_report(capsys)
    assert {row["ruleset"] for row in rows} == set(FRONTENDS)
    gaps = [f"{row['ruleset']}: {row['term']}: {row['reason']}" for row in rows
            if row["status"] == "unsupported" and row["reason"] not in declared[str(row["ruleset"])]]
    assert not gaps, "\n".join(gaps)


def test_lore_is_not_a_rule_with_its_reason() -> None:
    rows = {r.term: r for r in coverage_report()}
    term = registry.load().term("Avak'Shar")
    assert term is not None and term.kind == "lore" and term.not_a_rule
    assert rows["Avak'Shar"].status == "not a rule"
    assert rows["Avak'Shar"].reason == term.not_a_rule


def _tests_dir(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "test_cited.py").write_text(source, encoding="utf-8")
    return folder


def test_behaviour_without_a_citing_test_is_unsupported(tmp_path: Path) -> None:
    reg = registry.load()
    # A keyword row whose keyword is bound to no behaviour (every keyword of the Glossary is bound now).
    unbound = registry.Registry(list(reg.keywords.values()), list(reg.events.values()),
                                [replace(t, behaviour=None) if t.name == "Backlash" else t for t in reg.terms])
    rows = {r.term: r for r in coverage_report(unbound, tests_dir=_tests_dir(tmp_path, ""),
                                                implemented=frozenset({"meditation"}))}
    assert rows["Meditation"].status == "unsupported"
    assert rows["Meditation"].reason == "no test cites it"
    assert rows["Energy Exchange"].reason == "no engine behaviour 'energy_exchange'"
    assert rows["Backlash"].reason == "no engine behaviour: keyword 'Backlash' is not bound to one yet"


def test_behaviour_and_a_citing_test_is_supported(tmp_path: Path) -> None:
    source = (
        "import pytest\n"
        "from pytest import mark\n\n"
        "@pytest.mark.rule('Meditation')\n"
        "def test_meditate():\n    pass\n\n"
        "@mark.rule('Dismiss', 'Dmg')\n"
        "class TestHands:\n"
        "    def test_dismiss(self):\n        pass\n\n"
        "    def helper(self):\n        pass\n"
    )
    tests = _tests_dir(tmp_path, source)
    rows = {r.term: r for r in coverage_report(tests_dir=tests,
                                                implemented=frozenset({"meditation", "dismiss", "dmg"}))}
    assert rows["Meditation"].status == "supported" and rows["Meditation"].reason is None
    assert rows["Meditation"].tests == ("tests/test_cited.py::test_meditate",)
    assert rows["Dismiss"].tests == ("tests/test_cited.py::TestHands::test_dismiss",)
    # A keyword's name cites the row that defines it; a redirect reports its target.
    assert rows["Dmg"].status == "supported"
    assert rows["Voluntary Discard"].status == "supported"
    assert rows["Voluntary Discard"].tests == rows["Dismiss"].tests


def test_redirect_reason_names_its_target(tmp_path: Path) -> None:
    rows = {r.term: r for r in coverage_report(tests_dir=_tests_dir(tmp_path, ""), implemented=frozenset())}
    assert rows["Voluntary Discard"].reason == "as 'Dismiss': no engine behaviour 'dismiss'"


# ---------------------------------------------------------------- rule markers name registry terms
def test_every_cited_term_is_in_the_registry() -> None:
    cited = coverage.citations(ROOT / "tests", ruleset="serpents_tongue")
    problems = coverage.unknown_citations(registry.load(), cited)
    assert not problems, "\n".join(problems)


def test_unknown_cited_term_fails_with_a_suggestion(tmp_path: Path) -> None:
    source = (
        "import pytest\n\nNAME = 'Dmg'\n\n"
        "pytestmark = [pytest.mark.rule('Meditaton')]\n\n"
        "@pytest.mark.rule(NAME)\n"
        "def test_one():\n    pass\n"
    )
    cited = coverage.citations(_tests_dir(tmp_path, source))
    problems = coverage.unknown_citations(registry.load(), cited)
    assert problems == [
        "tests/test_cited.py:5: tests/test_cited.py::test_one: 'Meditaton' is not a glossary term; "
        "did you mean 'Meditation'?",
        "tests/test_cited.py:7: tests/test_cited.py::test_one: @pytest.mark.rule takes the term's name as a "
        "string literal",
    ]


def test_the_rule_marker_is_registered() -> None:
    import tomllib

    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert any(m.startswith("rule(") for m in options["markers"])
    assert "--strict-markers" in options["addopts"]


def test_site_coverage_page_links_every_term() -> None:
    from spellc.compiler.serpents_tongue.emit_site import emit_site

    rows = coverage_report()
    page = emit_site([], registry.load(), rows)["coverage.md"]
    for term in registry.load().terms:
        assert f"(glossary/{term.slug}.md)" in page
    assert coverage.summary(rows) in page


def test_the_citations_an_installed_spellc_ships_are_the_tests_own() -> None:
    """An installed spellc ships no tests, so a project's coverage page reads the citations shipped with it
    (compiler/citations.json): they must be what the tests cite now."""
    assert coverage.SHIPPED.read_text(encoding="utf-8") == coverage.citations_to_ship(), (
        "the tests' rule markers changed: run `python -m spellc.compiler.coverage`")


@pytest.mark.parametrize("ruleset", sorted(FRONTENDS))
def test_without_the_tests_the_report_reads_the_shipped_citations(ruleset: str, tmp_path: Path) -> None:
    front = FRONTENDS[ruleset]
    assert front.coverage(tmp_path / "no-tests") == front.coverage(ROOT / "tests")
