"""The site's Balance section (issue 27): "a report page with matplotlib plots (pairing heatmap, per-card win rates
with error bars, match lengths) that `spellc site` includes as a *Balance* section when results exist."
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import duckdb
import pytest

from tests.commands import new_project, new_study, spellc_apart

STUDY = 'players = ["random", "greedy"]\nmatches = 6\nseed = 5\n'


def played(tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str = "rackham_incantation") -> Path:
    """A new project with one study, played."""
    project = new_study(tmp_path / "cards", ruleset, capsys, STUDY)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0, err
    return project


def past_the_tick(project: Path) -> None:
    """Wait until the file system's clock has moved past the results file's last write: a build trusts no input
    written within its own clock tick (compiler/journal.py), and a build in this process may start within it."""
    results, probe = project / "studies" / "duels.sim.duckdb", project / "studies" / ".tick"
    while True:
        probe.write_text("", encoding="utf-8")
        if probe.stat().st_mtime_ns > results.stat().st_mtime_ns:
            probe.unlink()
            return


def build(project: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = spellc_apart(project, capsys, "build", "--no-server")
    assert code == 0, err
    return out


def test_a_played_study_gets_a_page_with_its_pairings_cards_and_plots(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    project = played(tmp_path, capsys)
    build(project, capsys)
    balance = project / "site" / "balance"
    assert sorted(p.name for p in balance.iterdir()) == ["duels-cards.svg", "duels-lengths.svg",
                                                         "duels-pairings.svg", "duels.md", "index.md"]
    page = (balance / "duels.md").read_text(encoding="utf-8")
    assert "| random vs greedy | 6 |" in page and "played with the project's cards as they are now" in page
    assert "| Shadow Dart |" in page and "![Each player's win rate against each other](duels-pairings.svg)" in page
    assert "run 1, 6 matches" in (balance / "index.md").read_text(encoding="utf-8")
    for plot in balance.glob("*.svg"):
        assert plot.read_text(encoding="utf-8").startswith("<?xml") and "<dc:date>" not in plot.read_text()


def test_the_plots_are_the_same_byte_for_byte_from_the_same_results(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """"generated/: ... reproducible byte for byte": a copy of the project, built apart, draws the same plots."""
    project = played(tmp_path, capsys)
    copy = tmp_path / "copy" / "cards"
    shutil.copytree(project, copy)
    build(project, capsys)
    build(copy, capsys)
    for plot in (project / "site" / "balance").iterdir():
        assert plot.read_bytes() == (copy / "site" / "balance" / plot.name).read_bytes(), plot.name


def test_new_results_are_a_change_the_next_build_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The journal (nothing changed: nothing written) counts a study's results among what a build reads."""
    project = played(tmp_path, capsys)
    past_the_tick(project)
    build(project, capsys)
    assert "nothing changed" in build(project, capsys)
    code, _, _ = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0
    assert "nothing changed" not in build(project, capsys)
    assert "run 2, 6 matches" in (project / "site" / "balance" / "index.md").read_text(encoding="utf-8")


def test_a_study_without_results_is_listed_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = played(tmp_path, capsys)
    (project / "studies" / "later.sim.toml").write_text(STUDY, encoding="utf-8")
    (project / "studies" / "broken.sim.toml").write_text("players = 3\n", encoding="utf-8")
    build(project, capsys)
    index = html.unescape((project / "site" / "balance" / "index.md").read_text(encoding="utf-8"))
    assert "it has not been played: spellc sim studies/later.sim.toml plays it" in index
    assert "it has mistakes: spellc sim studies/broken.sim.toml says which" in index
    assert not (project / "site" / "balance" / "later.md").exists()


def test_a_project_without_studies_has_no_balance_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = new_project(tmp_path / "cards", "rackham_incantation", capsys)
    shutil.rmtree(project / "studies")  # the sample study `spellc new` writes
    build(project, capsys)
    assert not (project / "site" / "balance").exists()


def test_a_new_project_s_sample_study_is_listed_until_it_is_played(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    project = new_project(tmp_path / "cards", "incantation_charges", capsys)
    build(project, capsys)
    index = html.unescape((project / "site" / "balance" / "index.md").read_text(encoding="utf-8"))
    assert "studies/duels.sim.toml | none: it has not been played: spellc sim studies/duels.sim.toml plays it" in index
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0 and "random vs greedy: 10 matches" in out, err
    build(project, capsys)
    assert (project / "site" / "balance" / "duels.md").is_file()


def test_a_name_planted_in_the_results_is_inert_text_in_the_page_and_the_plot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A results file may come with a stranger's project: a card's name in it is shown, never run or parsed (as
    markup in the page, or as mathematics by matplotlib)."""
    project = played(tmp_path, capsys)
    planted = "<img src=x onerror=alert(1)> $\\frac{1}{0}$"
    with duckdb.connect(str(project / "studies" / "duels.sim.duckdb")) as db:
        db.execute("UPDATE held SET card = ? WHERE card = 'Shadow Dart'", [planted])
    build(project, capsys)
    page = (project / "site" / "balance" / "duels.md").read_text(encoding="utf-8")
    assert "<img" not in page and "&#60;img src&#61;x onerror&#61;alert&#40;1&#41;&#62;" in page
    plot = (project / "site" / "balance" / "duels-cards.svg").read_text(encoding="utf-8")
    assert "<img" not in plot and "&lt;img src=x onerror=alert(1)&gt; $\\frac{1}{0}$" in plot


def test_a_study_of_entries_names_them_on_its_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (STUDY + '\n[[entries]]\nname = "Strikes"\ndeck = ["Strike", "Strike", "Strike"]\n\n'
            '[[entries]]\nname = "Darts"\ndeck = ["Flame Dart", "Flame Dart", "Flame Dart"]\n')
    project = new_study(tmp_path / "cards", "incantation_charges", capsys, text)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0, err
    build(project, capsys)
    page = (project / "site" / "balance" / "duels.md").read_text(encoding="utf-8")
    assert "Players random, greedy; entries Strikes, Darts; 6 matches per pairing, seed 5." in page
    assert "| Strikes (random) vs Darts (greedy) | 6 |" in html.unescape(page)


def test_a_study_played_with_other_cards_says_so_and_how_to_play_it_again(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A card edited since the study's run: its page says the run was of other cards, and the command that plays it
    again reads as text (in a code span, the path's escaped dots showed as `&#46;`)."""
    project = played(tmp_path, capsys)
    card = project / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace("power 7", "power 8", 1), encoding="utf-8")
    build(project, capsys)
    page = (project / "site" / "balance" / "duels.md").read_text(encoding="utf-8")
    assert "played with other cards than the project's now, or by another spellc" in page
    assert "<code>spellc sim studies/duels&#46;sim&#46;toml</code> plays them" in page
    assert not re.search(r"`[^`\n]*&#\d+;[^`\n]*`", page)
