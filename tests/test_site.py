"""The reference site builds with `mkdocs build --strict` (no broken link, no warning)."""

from __future__ import annotations

import html
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "out"
    mkdocs = Path(sys.executable).with_name("mkdocs")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run([str(mkdocs), "build", "--strict", "-d", str(out)],
                         cwd=ROOT / "site", capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    return out


def test_mkdocs_build_strict(built: Path) -> None:
    spells = built / "serpents_tongue" / "spells"
    page = (spells / "acidic-matter" / "index.html").read_text(encoding="utf-8")
    # Card text is written as character references (so it can never be markup): compare unescaped.
    text = html.unescape(page)
    assert ">Discard</a> Matter Component" in text and 'href="../../glossary/dmg/"' in page


def test_the_home_page_lists_every_game_with_its_section(built: Path) -> None:
    home = (built / "index.html").read_text(encoding="utf-8")
    for name in RULESETS:
        assert f'href="{name}/"' in home and html.escape(RULESETS[name].title, quote=False) in html.unescape(home)
        assert (built / name / "index.html").is_file() and (built / name / "coverage" / "index.html").is_file()


def test_a_section_has_its_cards_glossary_and_coverage(built: Path) -> None:
    card = html.unescape((built / "incantation_charges" / "cards" / "lightning-bolt" / "index.html")
                         .read_text(encoding="utf-8"))
    assert "Incantation 2" in card and "Deal 5 damage to target." in card
    term = html.unescape((built / "incantation_charges" / "glossary" / "spending-charges" / "index.html")
                         .read_text(encoding="utf-8"))
    assert "loses any leftover charges" in term and "spend_incantation_charges" in term
