"""`spellc fmt` (issue 13): "canonical formatting of `.spell` and `.scenario` files: comments kept, and idempotent;
`--check` for CI, and `--diff`; a Hypothesis property test: for generated and shipped cards,
`parse(fmt(x)) == parse(x)` and `fmt(fmt(x)) == fmt(x)`; all shipped cards formatted"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spellc.compiler.build import ruleset_for
from spellc.compiler.cli import main
from spellc.compiler.formatter import FormatError, format_text, grammar_of, tokens
from spellc.compiler.parse import parser

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p for p in (ROOT / "cards_src").rglob("*") if p.suffix in (".spell", ".scenario"))
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "cards").glob("*.spell"))
EXAMPLES = sorted(p for p in (ROOT / "compiler" / "templates").rglob("*") if p.suffix in (".spell", ".scenario"))
FILES = [*SHIPPED, *FIXTURES, *EXAMPLES]


def kind(path: Path) -> tuple[str, bool]:
    ruleset = ruleset_for(path).name if path.is_relative_to(ROOT / "cards_src") or path in FIXTURES else (
        path.parent.name)
    return ruleset, path.suffix == ".scenario"


def fmt(text: str, path: Path) -> str:
    ruleset, scenario = kind(path)
    return format_text(text, ruleset=ruleset, scenario=scenario)


def tree(text: str, path: Path) -> object:
    ruleset, scenario = kind(path)
    return parser(grammar_of(ruleset, scenario)).parse(text.replace("\r\n", "\n"))


INDENTS = st.sampled_from(["", "  ", "\t", "        "])


@st.composite
def respaced(draw: st.DrawFn) -> tuple[Path, str]:
    """A shipped file laid out anew: other spaces and tabs between its tokens, other indentation, blank lines
    added, trailing spaces, CRLF line ends. What it means is unchanged."""
    path = draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    ruleset, scenario = kind(path)
    out, last = [], 0
    for token in tokens(text, grammar_of(ruleset, scenario)):
        gap = text[last:token.start_pos]
        if gap and not gap.strip():  # only what the file already separates: a token is never split or joined
            gap = draw(st.sampled_from([" ", "  ", "\t", " \t "]))
        if token.type == "_NL":
            value = re.sub(r"\n[ \t]*", lambda _: "\n" + draw(INDENTS), str(token))
            value = value.replace("\n", draw(st.sampled_from(["\n", "\n\n", " \n", "\r\n"])), 1)
            out.append(gap + value)
        else:
            out.append(gap + str(token))
        last = token.end_pos
    return path, "".join(out) + text[last:]


@given(respaced())
def test_formatting_never_changes_what_a_file_means_and_is_idempotent(case: tuple[Path, str]) -> None:
    """`parse(fmt(x)) == parse(x)` and `fmt(fmt(x)) == fmt(x)`, and a file laid out anew formats as before."""
    path, text = case
    once = fmt(text, path)
    assert tree(once, path) == tree(text, path)
    assert fmt(once, path) == once
    # The same layout as the file's own, but for the blank lines it was given (a designer's groups: kept).
    assert drop_blank_lines(once) == drop_blank_lines(fmt(path.read_text(encoding="utf-8"), path))


def drop_blank_lines(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if line)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_comment_is_kept(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    comments = [c.strip() for c in re.findall(r"//[^\n]*", text)]
    assert [c.strip() for c in re.findall(r"//[^\n]*", fmt(text, path))] == comments


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_shipped_file_is_formatted(path: Path) -> None:
    assert fmt(path.read_text(encoding="utf-8"), path) == path.read_text(encoding="utf-8"), "run `spellc fmt`"


def test_the_canonical_layout() -> None:
    messy = ('ability   "Stoneskin"{\n\n  school Protection // stone\n\ttype  Enchantment\n  range Touch\n'
             'uses 1 per refresh\n\n\n\n    magic armor 2   \n\n}\n\n\n')
    assert format_text(messy, ruleset="amtgard", scenario=False) == (
        'ability "Stoneskin" {\n    school Protection  // stone\n    type Enchantment\n    range Touch\n'
        "    uses 1 per refresh\n\n    magic armor 2\n}\n")


def test_a_file_that_does_not_parse_is_refused_and_left_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "spellc.toml").write_text('[project]\nruleset = "amtgard"\n', encoding="utf-8")
    broken = tmp_path / "cards" / "broken.spell"
    broken.parent.mkdir()
    broken.write_text('ability "A" {\n  school\n}\n', encoding="utf-8")
    with pytest.raises(FormatError):
        format_text(broken.read_text(encoding="utf-8"), ruleset="amtgard", scenario=False)
    monkeypatch.chdir(tmp_path)
    assert main(["fmt"]) == 1
    assert "cards/broken.spell:2:" in capsys.readouterr().err
    assert broken.read_text(encoding="utf-8") == 'ability "A" {\n  school\n}\n'


def test_check_and_diff_write_nothing_and_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"`--check` for CI, and `--diff`"."""
    (tmp_path / "spellc.toml").write_text('[project]\nruleset = "incantation_charges"\n', encoding="utf-8")
    card = tmp_path / "cards" / "strike.spell"
    card.parent.mkdir()
    messy = 'action "Strike" {\n  at enemy\n  effect:deal 2 damage to target\n}\n'
    card.write_text(messy, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["fmt", "--check"]) == 1
    assert "would reformat cards/strike.spell" in capsys.readouterr().out
    assert main(["fmt", "--diff"]) == 1  # a file would change: as --check, and as ruff's format --diff
    assert "+    effect: deal 2 damage to target" in capsys.readouterr().out
    assert card.read_text(encoding="utf-8") == messy
    assert main(["fmt"]) == 0
    canonical = 'action "Strike" {\n    at enemy\n    effect: deal 2 damage to target\n}\n'
    assert card.read_text(encoding="utf-8") == canonical
    assert main(["fmt", "--check"]) == 0
