"""The distribution (issue 26): "`pip install .` and `pipx install .` in a fresh venv give a `spellc` that runs
every command for every ruleset: the grammars, templates, rulesets and front ends are all inside."

A wheel is built from this repository and installed, with the site's extra, in a virtual environment of its own;
every command then runs from a folder outside the repository, for every ruleset, as a designer would run them.
"""

from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path

import pytest

from spellc.engine.rulesets import RULESETS
from tests.per_run import made_once
from tests.wheel import ROOT, build_wheel, install, run


@pytest.fixture(scope="module")
def wheel() -> Path:
    """The wheel, built once per test run (tests/per_run.py)."""
    return next(made_once("wheel", build_wheel).glob("spellc-*.whl"))


@pytest.fixture(scope="module")
def spellc(wheel: Path) -> Path:
    """The `spellc` command of a fresh virtual environment holding the wheel (and its site extra), made once per
    test run."""
    def make(venv: Path) -> None:
        install(wheel, venv, "[docs]")
    return made_once("wheel-venv", make) / "bin" / "spellc"


def test_the_wheel_holds_one_package_with_every_ruleset_grammar_and_template(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"spellc"}, "one import package: no compiler, engine or generated of its own at the top"
    for ruleset in RULESETS.values():
        assert f"spellc/engine/rulesets/{ruleset.name}/ruleset.toml" in names
        assert f"spellc/grammar/{ruleset.grammar}" in names and f"spellc/grammar/{ruleset.scenario_grammar}" in names
        assert f"spellc/compiler/templates/new/{ruleset.name}/sample.spell" in names
    assert "spellc/compiler/citations.json" in names and "spellc/grammar/common.lark" in names


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_installed_command_runs_every_step_for_every_ruleset(spellc: Path, ruleset: str, tmp_path: Path) -> None:
    """`new` → `check` → `fmt --check` → `play` → `build` → `site`, from outside the repository."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run(spellc, "new", "cards", "--ruleset", ruleset, cwd=tmp_path, env=env)
    project = tmp_path / "cards"
    manifest = project / "spellc.toml"  # the coverage page, asked for: it reads the citations shipped with spellc
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("coverage = false", "coverage = true"),
                        encoding="utf-8")
    for argv in (["check"], ["fmt", "--check"], ["play", "scenarios/sample.scenario"], ["build"], ["site"]):
        run(spellc, *argv, cwd=project, env=env)
    assert (project / "public" / "index.html").is_file() and (project / "generated" / "__init__.py").is_file()
    coverage = next((project / "site").rglob("coverage.md")).read_text(encoding="utf-8")
    supported = re.search(r"(\d+) of \d+ glossary terms supported", coverage)
    assert supported and int(supported[1]) > 0  # the citations shipped with it were read
    where = run(spellc.with_name("python"), "-c", "import spellc.compiler; print(spellc.compiler.__file__)",
                cwd=tmp_path, env=env).stdout
    assert not Path(where.strip()).resolve().is_relative_to(ROOT)
