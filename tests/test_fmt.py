"""`spellc fmt` (issue 13, item 3) held to its brief, on inputs tests/test_formatter.py does not draw: every file
under cards_src/ and tests/fixtures/ that parses (the fixtures' err/, ok/ and crashers/ included), and shipped
files whose comments were moved about as well as their spacing. ``parse(x)`` here is the parser ``spellc check``
runs, on the text exactly as written (no line ends normalised first), so a file the formatter reads differently
from the checker shows up as a failure.

The gaps it found (a lone carriage return, a diff of a file with no final newline, Amtgard scenarios with CRLF
line ends) are fixed; their tests stay.
"""

from __future__ import annotations

import io
import random
import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Token, Tree

from spellc.compiler.build import ruleset_for
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.formatter import FormatError, format_text, grammar_of, run, tokens
from spellc.compiler.parse import parse
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = (".spell", ".scenario")
COMMENT = re.compile(r"//[^\n]*")


# ---------------------------------------------------------------- the pool: every shipped file that parses
def kind(path: Path) -> tuple[str, bool]:
    return ruleset_for(path).name, path.suffix == ".scenario"


def checked_tree(text: str, ruleset: str, scenario: bool) -> Tree[Token] | None:
    """What ``spellc check`` reads ``text`` as (None when it refuses it)."""
    return parse(SourceFile("<text>", text), Diagnostics(), grammar_of(ruleset, scenario))


@cache
def pool() -> tuple[Path, ...]:
    """Every file under cards_src/ and tests/fixtures/ that parses by its project's ruleset (the fixtures hold
    broken files and fuzzing crashers on purpose: those are the broken-file test's business)."""
    found = sorted(p for folder in ("cards_src", "tests/fixtures") for p in (ROOT / folder).rglob("*")
                   if p.suffix in SUFFIXES)
    return tuple(p for p in found if (text := utf8(p)) is not None and checked_tree(text, *kind(p)))


def utf8(path: Path) -> str | None:
    """The file's text exactly as written (``read_text`` would turn its CRLF line ends into LF first)."""
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None


def fmt(text: str, path: Path) -> str:
    ruleset, scenario = kind(path)
    return format_text(text, ruleset=ruleset, scenario=scenario)


def comments(text: str) -> list[str]:
    return [c.rstrip() for c in COMMENT.findall(text)]


def code_lines(text: str) -> list[str]:
    """``text`` without its comments and blank lines: its layout, whatever comments and groups it was given."""
    return [line for line in (COMMENT.sub("", raw).rstrip() for raw in text.split("\n")) if line.strip()]


# ---------------------------------------------------------------- a shipped file rewritten
INDENTS = ("", "  ", "\t", "        ", " \t")
GAPS = (" ", "  ", "\t", " \t ")
EVENT = "EVENT"  # Amtgard's free-text event runs to the end of its line: a comment after it would be its text


@st.composite
def rewritten(draw: st.DrawFn) -> tuple[Path, str]:
    """A file of the pool with the same tokens but other spacing (spaces and tabs wherever it had some, trailing
    blanks), other indentation, blank lines, CRLF line ends, and comments added at the ends of lines and on
    lines of their own. Whitespace is only ever widened, never added between tokens that touch nor removed:
    that could split or join tokens, and change what the file means."""
    path = draw(st.sampled_from(pool()))
    rng = draw(st.randoms(use_true_random=False))
    text = path.read_bytes().decode("utf-8")
    out, last, before = [], 0, None
    for token in tokens(text, grammar_of(*kind(path))):
        gap = text[last:token.start_pos]
        if gap and not gap.strip():
            gap = rng.choice(GAPS)
        if token.type == "_NL":
            gap += rng.choice(("", "", " ", "\t"))  # trailing blanks
            out.append(gap + _line_ends(rng, str(token), after=before))
        else:
            out.append(gap + str(token))
        last, before = token.end_pos, token
    return path, "".join(out) + text[last:]


def _line_ends(rng: random.Random, value: str, after: Token | None) -> str:
    """One line-end token (``_NL``: line ends, blank lines, comments and the next line's indentation) rewritten."""
    free_text = after is not None and after.type == EVENT
    if not value.startswith("//") and not free_text and rng.random() < 0.3:
        value = f"// trailing {rng.randrange(1000)}" + value
    lines = value.split("\n")
    new = [lines[0]]
    for line in lines[1:]:
        if rng.random() < 0.2:
            new.append(rng.choice(INDENTS) + f"// own line {rng.randrange(1000)}")
        if rng.random() < 0.2:
            new.append(rng.choice(INDENTS))  # a blank line, maybe with blanks on it
        new.append(rng.choice(INDENTS) + line.lstrip(" \t"))
    joined = "\n".join(new)
    crlf = rng.random() < 0.3
    return joined.replace("\n", "\r\n") if crlf else joined


# ---------------------------------------------------------------- properties
def test_the_pool_holds_cards_and_scenarios_of_every_ruleset() -> None:
    assert {kind(p) for p in pool()} == {(r, s) for r in RULESETS for s in (False, True)}


@pytest.mark.parametrize("path", pool(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_shipped_file_formats_to_what_it_meant_and_stays_put(path: Path) -> None:
    """For every file that parses: ``parse(fmt(x)) == parse(x)``, ``fmt(fmt(x)) == fmt(x)``, comments kept."""
    text = path.read_bytes().decode("utf-8")
    once = fmt(text, path)
    assert checked_tree(once, *kind(path)) == checked_tree(text, *kind(path))
    assert fmt(once, path) == once
    assert comments(once) == comments(text)


@given(rewritten())
def test_formatting_never_changes_what_a_file_means_and_is_idempotent(case: tuple[Path, str]) -> None:
    path, text = case
    before = checked_tree(text, *kind(path))
    assert before is not None, "the rewriting itself changed the file"
    once = fmt(text, path)
    assert checked_tree(once, *kind(path)) == before
    assert fmt(once, path) == once


@given(rewritten())
def test_every_comment_is_kept_with_its_text(case: tuple[Path, str]) -> None:
    """Count and text of the ``//`` comments equal before and after (the blanks that end a comment line are the
    line's trailing whitespace, not the comment's)."""
    path, text = case
    assert comments(fmt(text, path)) == comments(text)


@given(rewritten())
def test_the_layout_depends_on_the_tokens_only(case: tuple[Path, str]) -> None:
    """The file rewritten formats line for line as the file itself does, but for the comments and blank lines
    it was given: the canonical form is one form, not whatever spacing came in."""
    path, text = case
    assert code_lines(fmt(text, path)) == code_lines(fmt(path.read_bytes().decode("utf-8"), path))


# ---------------------------------------------------------------- gaps found once

def test_a_carriage_return_inside_a_comment_stays_inside_it() -> None:
    text = 'spell "A" {\n    sphere Bio  // note\rrole Attack\n    fluency 1\n}\n'
    once = format_text(text, ruleset="serpents_tongue", scenario=False)
    assert checked_tree(once, "serpents_tongue", False) == checked_tree(text, "serpents_tongue", False)


def test_a_file_check_refuses_is_refused() -> None:
    text = 'spell "A" {\r    sphere Bio\r    role Attack\r    fluency 1\r}\r'
    assert checked_tree(text, "serpents_tongue", False) is None
    with pytest.raises(FormatError):
        format_text(text, ruleset="serpents_tongue", scenario=False)


def test_an_amtgard_scenario_with_crlf_line_ends_parses() -> None:
    path = ROOT / "cards_src" / "amtgard" / "scenarios" / "chant.scenario"
    assert checked_tree(path.read_text(encoding="utf-8").replace("\n", "\r\n"), "amtgard", True) is not None


# ---------------------------------------------------------------- the command, in process
def project(tmp_path: Path, ruleset: str, files: dict[str, str]) -> dict[str, Path]:
    (tmp_path / "spellc.toml").write_text(f'[project]\nruleset = "{ruleset}"\n', encoding="utf-8")
    paths = {}
    for name, text in files.items():
        paths[name] = tmp_path / "cards" / name
        paths[name].parent.mkdir(exist_ok=True)
        paths[name].write_bytes(text.encode("utf-8"))
    return paths


MESSY = 'action "Strike" {\r\n  at enemy\r\n  effect:deal 2 damage to target\r\n}'
CANONICAL = 'action "Strike" {\n    at enemy\n    effect: deal 2 damage to target\n}\n'
BROKEN = 'action "Broken" {\n  at\n}\n'


def fmt_run(paths: list[Path], *, check: bool = False, diff: bool = False) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(paths, check=check, diff=diff, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_a_broken_file_is_refused_located_and_left_alone_while_the_others_are_formatted(tmp_path: Path) -> None:
    files = project(tmp_path, "incantation_charges", {"a_broken.spell": BROKEN, "b_messy.spell": MESSY})
    code, _, err = fmt_run([tmp_path / "cards"])
    assert code == 1
    assert re.search(r"a_broken\.spell:2:5: error\[E001\]", err), err
    assert files["a_broken.spell"].read_bytes() == BROKEN.encode()
    assert files["b_messy.spell"].read_bytes() == CANONICAL.encode()


def test_check_lists_the_files_that_would_change_and_writes_nothing(tmp_path: Path) -> None:
    files = project(tmp_path, "incantation_charges", {"messy.spell": MESSY, "tidy.spell": CANONICAL})
    code, out, _ = fmt_run([tmp_path / "cards"], check=True)
    assert code == 1
    assert "messy.spell" in out and "tidy.spell" not in out
    assert files["messy.spell"].read_bytes() == MESSY.encode()
    fmt_run([tmp_path / "cards"])
    assert fmt_run([tmp_path / "cards"], check=True) == (0, "", "")


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path: Path) -> None:
    messy = MESSY.replace("\r\n", "\n") + "\n"
    files = project(tmp_path, "incantation_charges", {"messy.spell": messy})
    code, out, _ = fmt_run([files["messy.spell"]], diff=True)
    assert code == 1  # a file would change: as --check, and as ruff's format --diff
    lines = out.split("\n")
    assert "-  effect:deal 2 damage to target" in lines and "+    effect: deal 2 damage to target" in lines
    assert out.startswith("--- ") and "\n+++ " in out and "\n@@ " in out
    assert files["messy.spell"].read_bytes() == messy.encode()


def test_diff_marks_a_last_line_without_a_newline(tmp_path: Path) -> None:
    """As diff and git do (``\\ No newline at end of file``): else the old last line runs into the next one,
    ``-}+action "Strike" {``, and the diff is no patch."""
    files = project(tmp_path, "incantation_charges", {"messy.spell": MESSY.replace("\r\n", "\n")})
    out = fmt_run([files["messy.spell"]], diff=True)[1]
    assert "\n-}\n\\ No newline at end of file\n" in out


def test_a_canonical_file_is_left_untouched_and_a_rewrite_leaves_no_temporary_file(tmp_path: Path) -> None:
    files = project(tmp_path, "incantation_charges", {"messy.spell": MESSY, "tidy.spell": CANONICAL})
    tidy = files["tidy.spell"].stat()
    assert fmt_run([tmp_path / "cards"])[0] == 0
    assert (files["tidy.spell"].stat().st_ino, files["tidy.spell"].stat().st_mtime_ns) == (tidy.st_ino,
                                                                                           tidy.st_mtime_ns)
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["messy.spell", "tidy.spell"]
