"""A build publishes its outputs as one transaction (compiler/publish.py), writing only what changes.

Each test works on a copy of the project in a temporary folder: the repository's own outputs are
never written. "Old" outputs are sentinel files, "new" ones are what a clean build of cards_src/ writes;
after any interruption and the next build's recovery, every output must be all old or all new.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler import publish as publish_module
from spellc.compiler.build import compile_target, outputs, render
from spellc.compiler.project import load
from spellc.compiler.publish import WORKSPACE, PublishError, fault_steps, locked, publish

ROOT = Path(__file__).resolve().parent.parent
OUTPUTS = outputs()
BUILD = ("import sys; from pathlib import Path; from spellc.compiler.build import build; "
         "from spellc.compiler.project import load; "
         "root = Path(sys.argv[1]); build(load(root / 'spellc.toml'), root / 'tests')")


def _tree(path: Path) -> dict[str, str] | str | None:
    """An output as data: a folder's files, a file's text, or None when it is missing."""
    if path.is_dir():
        return {p.relative_to(path).as_posix(): p.read_text(encoding="utf-8")
                for p in sorted(path.rglob("*")) if p.is_file()}
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _outputs(root: Path) -> dict[str, Any]:
    return {name: _tree(root / name) for name in OUTPUTS}


@pytest.fixture(scope="module")
def new_outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What a clean build writes, as data (rendered in memory from a copy of the project)."""
    root = _copy_project(tmp_path_factory.mktemp("clean"))
    workspace = load(root / "spellc.toml")
    result = compile_target(workspace)
    assert result.ok
    rendered = render(workspace, result, root, root / "tests")
    return {name: out if out is None or isinstance(out, str) else dict(out) for name, out in rendered.items()}


def _copy_project(dest: Path, old: bool = True) -> Path:
    """The inputs of a build (cards and the tests it reads rule markers from) and old sentinel outputs, published
    by spellc as an earlier build would have (``old``; else no output yet, as before a first build)."""
    shutil.copytree(ROOT / "cards_src", dest / "cards_src")
    shutil.copy(ROOT / "spellc.toml", dest / "spellc.toml")
    shutil.copytree(ROOT / "tests", dest / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    if old:
        publish(dest, _old_outputs(dest))
    return dest


def _old_outputs(root: Path) -> dict[str, Any]:
    return {name: "old page\n" if name.endswith(".md") else {"old.txt": f"old {name}\n"} for name in OUTPUTS}


def _leftovers(root: Path) -> list[str]:
    workspace = root / WORKSPACE
    found = [p.name for p in workspace.iterdir() if p.name not in ("lock", "record", "journal", "journal.d")] \
        if workspace.is_dir() else []
    for name in OUTPUTS:
        parent = (root / name).parent
        found += [p.name for p in parent.glob(".*") if p.name != WORKSPACE]
    return found


def _build_subprocess(root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BUILD, str(root)], cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=300)


# ---------------------------------------------------------------- kill -9 at every step
@pytest.mark.parametrize("step", fault_steps(OUTPUTS))
def test_a_build_killed_at_any_step_is_recovered_whole(step: str, tmp_path: Path,
                                                       new_outputs: dict[str, Any]) -> None:
    root = _copy_project(tmp_path)
    killed = _build_subprocess(root, **{publish_module.FAULT_ENV: step})
    assert killed.returncode == 137, killed.stderr
    with locked(root, OUTPUTS):  # what the next build does first
        pass
    after = _outputs(root)
    committed = fault_steps(OUTPUTS).index(step) >= fault_steps(OUTPUTS).index("committed")
    assert after == (new_outputs if committed else _old_outputs(root))
    assert _leftovers(root) == []


# A first build stages each folder output whole and renames it in as one: killed at the steps around those
# renames (the first output's, the last one's), it too leaves nothing or everything.
FIRST_BUILD_STEPS = ("staged", "committed", f"in:{OUTPUTS[0]}", f"aside:{OUTPUTS[-1]}", "swapped")


@pytest.mark.parametrize("step", FIRST_BUILD_STEPS)
def test_a_first_build_killed_at_any_step_is_recovered_whole(step: str, tmp_path: Path,
                                                             new_outputs: dict[str, Any]) -> None:
    root = _copy_project(tmp_path, old=False)
    killed = _build_subprocess(root, **{publish_module.FAULT_ENV: step})
    assert killed.returncode == 137, killed.stderr
    with locked(root, OUTPUTS):
        pass
    committed = FIRST_BUILD_STEPS.index(step) >= FIRST_BUILD_STEPS.index("committed")
    assert _outputs(root) == (new_outputs if committed else dict.fromkeys(OUTPUTS))
    assert _leftovers(root) == []


def test_the_next_build_after_a_kill_publishes_everything(tmp_path: Path, new_outputs: dict[str, Any]) -> None:
    root = _copy_project(tmp_path)
    fault = {publish_module.FAULT_ENV: "aside:site/docs/serpents_tongue/spells"}
    assert _build_subprocess(root, **fault).returncode == 137
    spells = root / "site/docs/serpents_tongue/spells"
    assert (root / "generated/serpents_tongue").is_dir() and not any(p.is_file() for p in spells.rglob("*"))
    run = _build_subprocess(root)
    assert run.returncode == 0, run.stderr
    assert _outputs(root) == new_outputs
    assert _leftovers(root) == []


# ---------------------------------------------------------------- concurrent builds
def test_concurrent_builds_wait_for_each_other(tmp_path: Path, new_outputs: dict[str, Any]) -> None:
    root = _copy_project(tmp_path)
    procs = [subprocess.Popen([sys.executable, "-c", BUILD, str(root)], cwd=ROOT, stderr=subprocess.PIPE,
                              text=True) for _ in range(6)]
    errors = [p.communicate(timeout=300)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, errors
    assert _outputs(root) == new_outputs
    assert _leftovers(root) == []


# ---------------------------------------------------------------- errors undo the whole transaction
def test_a_failing_swap_keeps_every_old_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The former strict xfail: a rename that fails part-way used to lose the old folder."""
    root = _copy_project(tmp_path)
    real_replace = os.replace

    def failing_replace(src: Any, dst: Any) -> None:
        if Path(dst).is_relative_to(root / "site/docs/serpents_tongue/glossary") and "new" in Path(src).parts:
            raise OSError(18, "Invalid cross-device link")
        real_replace(src, dst)

    monkeypatch.setattr(publish_module.os, "replace", failing_replace)
    with pytest.raises(PublishError, match="previous outputs are kept"):
        publish(root, {name: {"new.txt": "new\n"} if not name.endswith(".md") else "new\n" for name in OUTPUTS})
    monkeypatch.undo()
    assert _outputs(root) == _old_outputs(root)
    assert _leftovers(root) == []


def test_a_failing_write_keeps_every_old_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _copy_project(tmp_path)
    real_open = os.open
    opened: list[str] = []

    def failing_open(path: Any, *args: Any, **kwargs: Any) -> int:
        opened.append(str(path))
        if len(opened) == 3:
            raise OSError(28, "No space left on device")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(publish_module.os, "open", failing_open)
    with pytest.raises(PublishError, match="No space left"):
        publish(root, {"generated": {"a.py": "A = 1\n", "b.py": "B = 2\n", "c.py": "C = 3\n"}})
    monkeypatch.undo()
    assert _outputs(root) == _old_outputs(root)
    assert _leftovers(root) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may rename a read-only folder")
def test_a_read_only_output_folder_gives_an_error_and_no_leftovers(tmp_path: Path) -> None:
    root = _copy_project(tmp_path)
    (root / "generated").chmod(0o555)
    try:
        with pytest.raises(PublishError):
            publish(root, {"generated": {"a.py": "A = 1\n"}, "site/docs/coverage.md": "new\n"})
        assert _outputs(root) == _old_outputs(root)
        assert _leftovers(root) == []
    finally:
        (root / "generated").chmod(0o755)


def test_folders_beside_the_outputs_are_never_touched(tmp_path: Path) -> None:
    """Builds before transactions left `.generated.old` and `.NAME.new-*` folders, which later builds removed; a
    cloned project may hold folders of those names too, with anything in them: a build touches only its outputs."""
    root = _copy_project(tmp_path)
    junk = ("generated/.serpents_tongue.old", "generated/.serpents_tongue.new-abc123",
            "site/docs/serpents_tongue/.spells.new-x1")
    for folder in junk:
        (root / folder).mkdir()
        (root / folder / "f.txt").write_text("yours\n", encoding="utf-8")
    publish(root, {name: {"n.txt": "n\n"} if not name.endswith(".md") else "n\n" for name in OUTPUTS})
    assert all((root / folder / "f.txt").read_text(encoding="utf-8") == "yours\n" for folder in junk)


# ---------------------------------------------------------------- permissions
def test_outputs_get_ordinary_permissions(tmp_path: Path) -> None:
    """Files are 0666 and folders 0777 less the umask, as for any file the user makes (not mkdtemp's 0700)."""
    root = _copy_project(tmp_path)
    old_umask = os.umask(0o022)
    try:
        publish(root, {"generated": {"a.py": "A = 1\n", "pkg/b.py": "B = 2\n"}, "site/docs/coverage.md": "c\n"})
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((root / "generated").stat().st_mode) == 0o755
    assert stat.S_IMODE((root / "generated/pkg").stat().st_mode) == 0o755
    assert stat.S_IMODE((root / "generated/a.py").stat().st_mode) == 0o644
    assert stat.S_IMODE((root / "site/docs/coverage.md").stat().st_mode) == 0o644


# ---------------------------------------------------------------- only what changes is written
def _stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def test_a_file_whose_bytes_are_the_same_is_not_written_again(tmp_path: Path) -> None:
    publish(tmp_path, {"out": {"same.txt": "same\n", "edited.txt": "before\n", "gone.txt": "gone\n",
                               "deep/gone.txt": "gone\n"}, "page.md": "page\n"})
    before = _stamps(tmp_path)
    publish(tmp_path, {"out": {"same.txt": "same\n", "edited.txt": "after\n", "new.txt": "new\n"},
                       "page.md": "page\n"})
    after = _stamps(tmp_path)
    assert after["out/same.txt"] == before["out/same.txt"] and after["page.md"] == before["page.md"]
    assert after["out/edited.txt"] != before["out/edited.txt"]
    assert _tree(tmp_path / "out") == {"same.txt": "same\n", "edited.txt": "after\n", "new.txt": "new\n"}
    assert not (tmp_path / "out" / "deep").exists()  # no folder emptied by the files it lost


def test_a_file_changed_behind_the_builds_back_is_written_again(tmp_path: Path) -> None:
    """A build remembers what the files it saw hold, and does not read them again while their stat is the
    same; a file changed since, even to bytes of the same length, is not the same file any more."""
    outputs = {"out": {"page.md": "written by the build\n"}}
    publish(tmp_path, outputs)
    time.sleep(0.05)  # past the file system's clock tick: only a file older than the build is remembered
    publish(tmp_path, outputs)
    assert (tmp_path / "out" / "page.md") in {Path(p) for p in publish_module._SEEN}
    (tmp_path / "out" / "page.md").write_text("written by the human\n", encoding="utf-8")
    publish(tmp_path, outputs)
    assert _tree(tmp_path / "out") == {"page.md": "written by the build\n"}


def test_a_page_may_become_a_folder_and_a_folder_a_page(tmp_path: Path) -> None:
    publish(tmp_path, {"a": "page\n", "b": {"x.txt": "x\n"}})
    publish(tmp_path, {"a": {"y.txt": "y\n"}, "b": "page\n"})
    assert _tree(tmp_path / "a") == {"y.txt": "y\n"} and _tree(tmp_path / "b") == "page\n"
    publish(tmp_path, {"a": {}, "b": "page\n"})
    assert _tree(tmp_path / "a") == {}  # a folder output exists, even empty


def test_a_folder_emptied_by_a_killed_build_goes_when_it_is_finished(tmp_path: Path) -> None:
    """The next build finishes the killed one's removals, then finds nothing to change: the folder they emptied
    goes all the same."""
    publish(tmp_path, {"a": {"sub/x.md": "x\n", "y.md": "y\n"}})
    script = ("import sys; from pathlib import Path; from spellc.compiler.publish import publish; "
              "publish(Path(sys.argv[1]), {'a': {'y.md': 'y\\n'}})")
    killed = subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, publish_module.FAULT_ENV: "in:a"}, timeout=60)
    assert killed.returncode == 137, killed.stderr
    publish(tmp_path, {"a": {"y.md": "y\n"}})
    assert sorted(p.relative_to(tmp_path / "a").as_posix() for p in (tmp_path / "a").rglob("*")) == ["y.md"]


def test_an_edited_card_rewrites_only_the_outputs_it_changes(tmp_path: Path) -> None:
    root = _copy_project(tmp_path)
    assert _build_subprocess(root).returncode == 0
    before = {name: _stamps(root / name) for name in ("generated", "site")}
    card = root / "cards_src/incantation_charges/actions.spell"
    card.write_text(card.read_text(encoding="utf-8").replace("deal 8 damage", "deal 9 damage"), encoding="utf-8")
    assert _build_subprocess(root).returncode == 0
    after = {name: _stamps(root / name) for name in ("generated", "site")}
    rewritten = sorted(f"{name}/{path}" for name in after for path, stamp in after[name].items()
                       if before[name].get(path) != stamp)
    assert rewritten == ["generated/incantation_charges/cards.py", "site/docs/incantation_charges/cards/index.md",
                         "site/docs/incantation_charges/cards/meteor.md"]


def test_what_spellc_wrote_is_known_after_the_outputs_are_named_from_another_folder(tmp_path: Path) -> None:
    """The record names the folder its paths start from: a project whose outputs are named from elsewhere (an
    output moved out of the project's folder moves the base) still removes only, and all of, what it wrote."""
    workspace = tmp_path / WORKSPACE
    publish(tmp_path / "project", {"out": {"mine.txt": "spellc's\n"}}, workspace)
    (tmp_path / "project" / "out" / "yours.txt").write_text("yours\n", encoding="utf-8")
    left = publish(tmp_path, {"project/out": {}}, workspace).left
    assert sorted(p.name for p in (tmp_path / "project" / "out").iterdir()) == ["yours.txt"]
    assert left == ["project/out/yours.txt"]
