"""Card projects (issue 13): a designer's cards live in a folder of their own with a ``spellc.toml``; every
command finds the nearest one upwards (or takes ``--project``), builds into that project's own folders, and
plays its cards as their sources say now."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from spellc.compiler.cli import main
from spellc.compiler.project import MANIFEST, Project, Workspace, load
from spellc.engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent


def new_project(tmp_path: Path, ruleset: str, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "my cards"
    assert main(["new", str(folder), "--ruleset", ruleset]) == 0
    capsys.readouterr()
    return folder


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_spellc_new_makes_a_project_that_checks_builds_and_plays(
        tmp_path: Path, ruleset: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"`spellc new PATH --ruleset NAME` creates a project: a `spellc.toml` naming the ruleset and the folders,
    a sample card, a sample scenario, and a README of three lines.\""""
    folder = new_project(tmp_path, ruleset, capsys)
    study = {"studies/duels.sim.toml"} if RULESETS[ruleset].knowledge else set()  # where players can be rated
    assert {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()} == {
        MANIFEST, "README.md", ".gitignore", "cards/sample.spell", "scenarios/sample.scenario", "mkdocs.yml",
        "site/index.md", *study}
    assert len((folder / "README.md").read_text(encoding="utf-8").splitlines()) == 3
    project = load(folder / MANIFEST)
    assert isinstance(project, Project) and project.ruleset.name == ruleset
    monkeypatch.chdir(folder)
    assert main(["check"]) == 0
    assert main(["fmt", "--check"]) == 0  # what it writes is laid out as spellc fmt lays it out
    assert main(["build"]) == 0
    assert (folder / "generated" / "__init__.py").is_file()
    assert any((folder / "site").rglob("*.md"))
    assert main(["play", "scenarios/sample.scenario"]) == 0
    assert main(["site"]) == 0
    assert (folder / "public" / "index.html").is_file() and (folder / "public" / "glossary" / "index.html").is_file()


def test_every_command_finds_the_nearest_manifest_upwards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"Every command finds the nearest `spellc.toml` upwards, as git and ruff do ... It builds into that
    project's own output folders.\""""
    folder = new_project(tmp_path, "amtgard", capsys)
    monkeypatch.chdir(folder / "cards")
    assert main(["build"]) == 0
    assert (folder / "generated" / "cards.py").is_file()
    assert not (folder / "cards" / "generated").exists()
    assert main(["play", "../scenarios/sample.scenario"]) == 0


def test_the_project_option_names_a_project_from_anywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"... or takes `--project`.\""""
    folder = new_project(tmp_path, "incantation_charges", capsys)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["build", "--project", str(folder)]) == 0
    assert (folder / "generated" / "cards.py").is_file()
    assert main(["check", "--project", str(folder / MANIFEST)]) == 0


def test_with_no_project_a_command_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"With no project, a command says so clearly instead of falling back to the repository.\""""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loose.spell").write_text('spell "Loose" {\n}\n', encoding="utf-8")
    for argv in (["build"], ["check"], ["check", "loose.spell"]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert f"no {MANIFEST} in it or any folder above it" in err and "spellc new" in err, err
        assert "Traceback" not in err


def test_the_shipped_card_sets_are_projects_like_any_other() -> None:
    """"The repository's shipped card sets are projects like any other.\""""
    workspace = load(ROOT / MANIFEST)
    assert isinstance(workspace, Workspace)
    assert {p.ruleset.name for p in workspace.members} == set(RULESETS)
    for member in workspace.members:
        assert member.root == ROOT / "cards_src" / member.ruleset.name
        assert member.python == ROOT / "generated" / member.ruleset.name
        assert member.site == ROOT / "site" / "docs" / member.ruleset.name


def test_play_never_plays_a_stale_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"`spellc play` ... never plays stale code silently": a card edited after the last build is played as
    edited."""
    folder = new_project(tmp_path, "amtgard", capsys)
    monkeypatch.chdir(folder)
    assert main(["build"]) == 0
    card = folder / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace("magic armor 2", "magic armor 3"), encoding="utf-8")
    assert main(["play", "scenarios/sample.scenario"]) == 1  # the scenario still expects Stoneskin's 2 points
    assert "magic armor" in capsys.readouterr().err
    scenario = folder / "scenarios" / "sample.scenario"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("2 magic armor", "3 magic armor")
                        .replace("1 magic armor", "2 magic armor"), encoding="utf-8")
    assert main(["play", "scenarios/sample.scenario"]) == 0
    assert "magic_armor=2" in (folder / "generated" / "cards.py").read_text(encoding="utf-8")  # never rebuilt


def test_play_refuses_cards_with_errors(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_project(tmp_path, "amtgard", capsys)
    monkeypatch.chdir(folder)
    card = folder / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace("school Protection", "school Protektion"),
                    encoding="utf-8")
    assert main(["play", "scenarios/sample.scenario"]) == 1
    err = capsys.readouterr().err
    assert "cards/sample.spell:3:" in err and "cannot play" in err


@pytest.mark.parametrize(("manifest", "located", "message"), [
    ('[project]\nruleset = "amtgard\n', f"{MANIFEST}:2:", "is not valid TOML"),
    ('[project]\nruleset = "amtgrad"\n', f"{MANIFEST}:2:1:", "did you mean 'amtgard'"),
    ('[project]\nruleset = "amtgard"\ncard = "cards"\n', f"{MANIFEST}:3:1:", "did you mean 'cards'"),
    ('[projet]\nruleset = "amtgard"\n', f"{MANIFEST}:1:1:", "did you mean 'project'"),
    ('[project]\nruleset = 3\n', f"{MANIFEST}:2:1:", "must be text"),
    # A build removes from its outputs every file it does not make: one that holds the cards would delete them.
    ('[project]\nruleset = "amtgard"\n[output]\npython = "."\n', f"{MANIFEST}:4:1:", "would replace the project"),
    ('[project]\nruleset = "amtgard"\n[output]\nsite = "cards"\n', f"{MANIFEST}:4:1:", "would replace its cards"),
])
def test_a_manifest_with_a_mistake_gets_a_located_diagnostic(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], manifest: str,
        located: str, message: str) -> None:
    (tmp_path / MANIFEST).write_text(manifest, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["build"]) == 1
    err = capsys.readouterr().err
    assert located in err and message in err and "^" in err, err


def test_new_refuses_a_folder_in_use_or_an_unknown_ruleset(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "notes.txt").write_text("mine\n", encoding="utf-8")
    assert main(["new", str(tmp_path / "used"), "--ruleset", "amtgard"]) == 1
    assert "not an empty folder" in capsys.readouterr().err
    assert main(["new", str(tmp_path / "fresh"), "--ruleset", "amtgrad"]) == 1
    assert "did you mean 'amtgard'" in capsys.readouterr().err
    assert not (tmp_path / "fresh").exists()


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_designers_site_shows_the_coverage_page_only_when_its_manifest_asks(
        tmp_path: Path, ruleset: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"A designer's own project site gets a coverage page of `tests/…::…` ids": the coverage page is the
    repository's own. A project's site has one only with `[site] coverage = true`; without it, no page links to
    one (mkdocs builds strictly: a dangling link would fail it)."""
    folder = new_project(tmp_path, ruleset, capsys)
    monkeypatch.chdir(folder)
    assert main(["build"]) == 0
    site = folder / "site"
    assert not (site / "coverage.md").exists()
    assert [p.name for p in site.rglob("*.md") if "coverage.md" in p.read_text(encoding="utf-8")] == []
    manifest = folder / MANIFEST
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("coverage = false", "coverage = true"),
                        encoding="utf-8")
    assert main(["build"]) == 0
    assert (site / "coverage.md").is_file() and "coverage.md" in (site / "glossary" / "index.md").read_text("utf-8")
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("coverage = true", "coverage = false"),
                        encoding="utf-8")
    assert main(["build"]) == 0
    assert not (site / "coverage.md").exists(), "the page a setting no longer asks for stays behind"
    assert "was not written by spellc" not in capsys.readouterr().err


def test_a_page_no_longer_asked_for_is_left_in_place_when_spellc_did_not_write_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A build removes only the files it wrote: a coverage page of the designer's own is left, with a warning."""
    folder = new_project(tmp_path, "incantation_charges", capsys)
    monkeypatch.chdir(folder)
    (folder / "site" / "coverage.md").write_text("# mine\n", encoding="utf-8")
    assert main(["build"]) == 0
    assert (folder / "site" / "coverage.md").read_text(encoding="utf-8") == "# mine\n"
    assert "site/coverage.md was not written by spellc: left in place" in capsys.readouterr().err


def test_a_balance_section_goes_with_the_studies_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A project's Balance pages show its studies: with its studies folder gone, the section a build wrote goes."""
    folder = new_project(tmp_path, "incantation_charges", capsys)
    monkeypatch.chdir(folder)
    assert main(["build"]) == 0
    assert (folder / "site" / "balance" / "index.md").is_file()
    shutil.rmtree(folder / "studies")
    assert main(["build"]) == 0
    assert not (folder / "site" / "balance").exists()


def test_a_coverage_setting_that_is_not_true_or_false_is_a_located_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_project(tmp_path, "incantation_charges", capsys)
    manifest = folder / MANIFEST
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("coverage = false", 'coverage = "yes"'),
                        encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["build"]) == 1
    said = capsys.readouterr().err
    line = manifest.read_text(encoding="utf-8").splitlines().index('coverage = "yes"             # true: a coverage '
                                                                   "page, the game's glossary against the engine's "
                                                                   "own tests") + 1
    assert "coverage must be true or false, not text" in said and f"spellc.toml:{line}:1" in said


GALLERIES = {"amtgard": "abilities", "incantation_charges": "cards", "rackham_incantation": "spells",
             "serpents_tongue": "spells"}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_designers_gallery_names_the_projects_own_cards_folder(
        tmp_path: Path, ruleset: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A designer's site says where its cards are compiled from: its own `cards/` folder, not the folder of the
    card set spellc ships."""
    folder = new_project(tmp_path, ruleset, capsys)
    monkeypatch.chdir(folder)
    assert main(["build"]) == 0
    gallery = (folder / "site" / GALLERIES[ruleset] / "index.md").read_text(encoding="utf-8")
    assert "compiled from <code>cards/</code>" in gallery and "cards&#95;src" not in gallery


def test_an_amtgard_state_page_lists_the_projects_own_scenarios(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A State's page lists "the scenarios that show it": a designer's, the scenarios of the project's own
    `scenarios/` folder, listed again when one changes."""
    folder = new_project(tmp_path, "amtgard", capsys)
    monkeypatch.chdir(folder)
    scenario = folder / "scenarios" / "stun.scenario"
    scenario.write_text((ROOT / "cards_src/amtgard/scenarios/touch_on_an_able_unwilling_target.scenario")
                        .read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["build"]) == 0
    page = folder / "site" / "states" / "stunned.md"
    said = page.read_text(encoding="utf-8")
    assert "under <code>scenarios/</code>" in said and "<code>stun&#46;scenario</code>" in said, said
    assert "touch&#95;on" not in said, "a scenario spellc ships is listed on a designer's page"
    scenario.write_text("// nothing here\n", encoding="utf-8")
    assert main(["build"]) == 0
    assert "stun&#46;scenario" not in page.read_text(encoding="utf-8"), "the build did not see the scenario change"
