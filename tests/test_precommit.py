"""spellc's pre-commit hooks (issue 26): "`.pre-commit-hooks.yaml`, so that a designer's own card repository can
run `spellc check` and `spellc fmt` as pre-commit hooks; test it."

Each test makes a throwaway git repository holding a card project made by `spellc new`, with a
`.pre-commit-config.yaml`, and runs pre-commit in it. pre-commit installs a hook of `language: python` by
installing its repository and the dependencies into an environment of its own, from the package registry;
these tests stay offline. So the configuration is a `repo: local` one holding the manifest's hooks exactly as
written (entry, files, pass_filenames, require_serial) but for the language, `unsupported`: the `spellc` of
this environment, on the PATH. pre-commit itself then validates them, selects the files, passes them or not,
and judges the outcome, as it does in a designer's repository.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from spellc.engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / ".pre-commit-hooks.yaml"
BIN = Path(sys.executable).parent  # this environment's spellc and pre-commit

# A card whose indentation was lost, and the same card laid out as `spellc fmt` lays it.
UNFORMATTED = 'ability "Iron Skin" {\nschool Protection\n  type Enchantment\n      magical\nrange Touch\n' \
              'uses 1 per refresh\n incantation "Iron protect thee"\nmagic armor 1\n}\n'
FORMATTED = 'ability "Iron Skin" {\n    school Protection\n    type Enchantment\n    magical\n    range Touch\n' \
            '    uses 1 per refresh\n    incantation "Iron protect thee"\n    magic armor 1\n}\n'


def manifest_hooks() -> list[dict[str, object]]:
    with MANIFEST.open(encoding="utf-8") as f:
        hooks = yaml.safe_load(f)
    assert isinstance(hooks, list)
    return hooks


def local_config(args: list[str] | None = None) -> str:
    """A `.pre-commit-config.yaml` of one `repo: local` holding the manifest's hooks, run by this environment's
    spellc (with ``args`` added to each, as a designer adds them)."""
    hooks = [{**hook, "language": "unsupported", **({"args": args} if args else {})} for hook in manifest_hooks()]
    return yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]}, sort_keys=False)


def environment(home: Path) -> dict[str, str]:
    """The environment a designer's shell gives pre-commit: spellc on the PATH, and nothing kept outside the test
    (pre-commit's own store, git's global and system configuration), nor a repository git was pointed at."""
    inherited = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    return {**inherited, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "PRE_COMMIT_HOME": str(home / "pre-commit"), "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1"}


class Repository:
    """A designer's git repository of cards, with pre-commit set up in it."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder = folder
        self.env = env

    def run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(argv, cwd=self.folder, env=self.env, capture_output=True, text=True, timeout=300)

    def git(self, *argv: str) -> str:
        done = self.run("git", *argv)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    def pre_commit(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return self.run(str(BIN / "pre-commit"), *argv)

    def write(self, name: str, text: str) -> Path:
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def commits(self) -> int:
        return int(self.git("rev-list", "--count", "HEAD").strip())


def make_repository(tmp_path: Path, project: str = ".", args: list[str] | None = None,
                    ruleset: str = "amtgard") -> Repository:
    """A repository whose card project (`spellc new`) is at ``project`` inside it, committed."""
    folder = tmp_path / "cards-repo"
    folder.mkdir(parents=True)
    repo = Repository(folder, environment(tmp_path))
    made = repo.run(str(BIN / "spellc"), "new", str(folder / project), "--ruleset", ruleset)
    assert made.returncode == 0, made.stdout + made.stderr
    repo.write(".pre-commit-config.yaml", local_config(args))
    repo.git("init", "--quiet")
    repo.git("config", "user.name", "A Designer")
    repo.git("config", "user.email", "designer@example.invalid")
    repo.git("add", "--all")
    repo.git("commit", "--quiet", "--message", "cards")
    return repo


@pytest.fixture
def repo(tmp_path: Path) -> Repository:
    return make_repository(tmp_path)


def test_the_manifest_is_one_pre_commit_accepts() -> None:
    """Its two hooks by the ids a designer's configuration names, each installed as a Python package."""
    done = subprocess.run([str(BIN / "pre-commit"), "validate-manifest", str(MANIFEST)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert {hook["id"]: hook["language"] for hook in manifest_hooks()} == {"spellc-check": "python",
                                                                            "spellc-fmt": "python"}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_new_project_of_any_game_passes_both_hooks(ruleset: str, tmp_path: Path) -> None:
    repo = make_repository(tmp_path, ruleset=ruleset)
    done = repo.pre_commit("run", "--all-files")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "spellc check" in done.stdout and "spellc fmt" in done.stdout
    assert "Skipped" not in done.stdout  # both ran: the sample card and scenario match their files


def test_a_commit_with_a_card_in_error_is_refused_with_the_located_diagnostic(repo: Repository) -> None:
    assert repo.pre_commit("install").returncode == 0
    repo.write("cards/broken.spell", FORMATTED.replace("magic armor 1", "magic armour 1"))
    repo.git("add", "cards/broken.spell")
    before = repo.commits()
    done = repo.run("git", "commit", "--message", "a card in error")
    shown = done.stdout + done.stderr  # git shows the hook's output on its standard error
    assert done.returncode != 0
    assert "cards/broken.spell:8:11: error[E" in shown and "^^^^^^" in shown, shown
    assert repo.commits() == before


def test_the_check_reads_the_whole_project_not_only_the_changed_card(repo: Repository) -> None:
    """A staged card that repeats the title of a card committed earlier: only the project as a whole shows it."""
    sample = (repo.folder / "cards/sample.spell").read_text(encoding="utf-8")
    repo.write("cards/again.spell", sample)
    repo.git("add", "cards/again.spell")
    done = repo.pre_commit("run")
    assert done.returncode == 1
    assert "duplicate title 'Stoneskin'" in done.stdout, done.stdout + done.stderr


def test_fmt_lays_out_the_changed_card_and_scenario_and_fails_until_they_are_added(repo: Repository) -> None:
    scenario = repo.folder / "scenarios/sample.scenario"
    laid_out = scenario.read_text(encoding="utf-8")
    repo.write("scenarios/sample.scenario", "\n".join(line.strip() for line in laid_out.splitlines()) + "\n")
    repo.write("cards/iron.spell", UNFORMATTED)
    repo.git("add", "--all")
    done = repo.pre_commit("run")
    assert done.returncode == 1
    assert "files were modified by this hook" in done.stdout, done.stdout + done.stderr
    assert (repo.folder / "cards/iron.spell").read_text(encoding="utf-8") == FORMATTED
    assert scenario.read_text(encoding="utf-8") == laid_out
    repo.git("add", "--all")
    again = repo.pre_commit("run")
    assert again.returncode == 0, again.stdout + again.stderr


def test_a_changed_scenario_alone_is_formatted_and_the_cards_are_not_checked_again(repo: Repository) -> None:
    repo.write("scenarios/sample.scenario", "// replayed by spellc play\n"
               + (repo.folder / "scenarios/sample.scenario").read_text(encoding="utf-8"))
    repo.git("add", "--all")
    done = repo.pre_commit("run", "--verbose")
    assert done.returncode == 0, done.stdout + done.stderr
    check, fmt = (line for line in done.stdout.splitlines() if line.startswith(("spellc check", "spellc fmt")))
    assert check.endswith("Skipped") and fmt.endswith("Passed")


def test_a_project_in_a_folder_of_its_own_is_named_by_the_hooks_args(tmp_path: Path) -> None:
    """As the manifest says: pre-commit runs a hook at the repository's root, where no spellc.toml is."""
    named = make_repository(tmp_path / "named", project="cards", args=["--project", "cards"])
    done = named.pre_commit("run", "--all-files")
    assert done.returncode == 0, done.stdout + done.stderr
    unnamed = make_repository(tmp_path / "unnamed", project="cards")
    failed = unnamed.pre_commit("run", "--all-files")
    assert failed.returncode == 1
    assert "no spellc.toml" in failed.stdout, failed.stdout + failed.stderr
