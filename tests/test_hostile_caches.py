"""No unsafe cache (issue 26): "Every cache spellc or its libraries keep (Lark's included) lives in a folder only the
user can write, never the shared temporary folder. Nothing read back from a cache can run code."

Lark's own cache is a pickle in the shared temporary folder, under a name anyone can compute, and unpickling runs
code; Jinja's default bytecode cache is a folder there too. Another local user could plant either first. Here
both are planted, as hostile as can be, and spellc runs check, build and play under an audit hook that records
every file it opens: it must open none of them.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from lark import Lark

from spellc.compiler.parse import card_grammar, grammar_text
from spellc.engine.rulesets import RULESETS
from tests.commands import new_project

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(tempfile.gettempdir())


class Planted:
    """A pickle that, unpickled, writes a file: proof that something read it."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (os.system, (f"touch {self.marker}",))


def _lark_cache_files() -> list[Path]:
    """Where Lark's own cache keeps spellc's grammars: made here by Lark itself, to be overwritten."""
    before = set(SHARED.glob(".lark_cache_*"))
    for ruleset in RULESETS.values():
        for grammar in (card_grammar(ruleset.grammar), (ruleset.scenario_grammar,)):
            Lark(grammar_text(grammar), parser="lalr", propagate_positions=True, maybe_placeholders=True, cache=True)
    return sorted(set(SHARED.glob(".lark_cache_*")) - before) or sorted(SHARED.glob(".lark_cache_*"))


AUDITED = """
import json, sys
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], str) and (".lark_cache" in args[0] or "_jinja2-cache" in args[0]):
        opened.append(args[0])
sys.addaudithook(hook)
from spellc.compiler.cli import main
codes = [main(argv) for argv in json.loads(sys.argv[1])]
print(json.dumps({"codes": codes, "opened": opened}))
"""


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_no_cache_in_the_shared_temporary_folder_is_ever_opened(ruleset: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "pwned"
    payload = pickle.dumps(Planted(marker))
    for path in _lark_cache_files():
        path.write_bytes(payload)
    jinja = SHARED / f"_jinja2-cache-{os.getuid()}"
    if jinja.is_dir():
        for cached in jinja.glob("*.cache"):
            cached.write_bytes(b"j2" + payload)
    project = new_project(tmp_path / "project", ruleset, capsys)
    env = {**os.environ, "SPELLC_CACHE": str(tmp_path / "private-cache")}
    commands = [["check"], ["build"], ["play", "scenarios/sample.scenario"]]
    done = subprocess.run([sys.executable, "-c", AUDITED, json.dumps(commands)], cwd=project, env=env,
                          capture_output=True, text=True, timeout=300)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["codes"] == [0, 0, 0], done.stderr
    assert report["opened"] == []
    assert not marker.exists()


def test_a_cache_folder_someone_else_made_first_stops_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    """The audit: if another user creates `_jinja2-cache-<uid>` first, every command, even --help, died at import.
    A file of that name stands for it here (root may write anywhere)."""
    jinja = SHARED / f"_jinja2-cache-{os.getuid()}"
    moved = None
    if jinja.exists():
        moved = jinja.rename(tmp_path / "moved-aside")
    try:
        jinja.write_text("not a folder\n", encoding="utf-8")
        project = new_project(tmp_path / "project", "amtgard", capsys)
        done = subprocess.run([sys.executable, "-m", "spellc.compiler.cli", "build"], cwd=project, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    finally:
        jinja.unlink()
        if moved is not None:
            moved.rename(jinja)
