"""The README works as written (issue 26): "Every command in it runs as shown from a fresh clone. The README says
where the `spellc` command is and how to put it on the PATH. A test extracts the README's shell blocks and runs
them."

Each shell block of README.md (```sh, ```bash, ```shell, ```console) runs whole, in a shell of its own, in a
copy of the repository as a fresh clone holds it after `make` (the files git tracks or would add, as they are
in the working tree, and `.venv`: the environment running these tests), so the repository itself is never
written. A block stands on its own: it may not lean on what an earlier block did. Any command that fails
fails the block, named with the output.

A few commands are not run as written, each for a reason given in ``NOT_RUN``: `make run` and `make test`
run dry (`make -n`: their targets exist and their recipes expand), since `make test` is this suite and
`make run` takes minutes doing what the blocks themselves do; and a server that runs until stopped is
left out (tests/test_site_command.py serves a site and edits it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SHELLS = {"sh", "bash", "shell", "console"}

# A command as the README writes it (before its comment) → what runs instead (None: nothing), and why.
NOT_RUN: dict[str, tuple[str | None, str]] = {
    "make run": ("make -n run", "minutes of building and replaying: the blocks below run the same commands"),
    "make test": ("make -n test", "the whole suite, this test among it"),
    "spellc site --serve": (None, "a server that runs until it is stopped: tests/test_site_command.py serves one"),
}


@dataclass(frozen=True)
class Block:
    heading: str  # the README's heading above it
    line: int  # of its first command, in README.md
    commands: tuple[str, ...]


def shell_blocks(text: str) -> list[Block]:
    """The README's fenced shell blocks, in order, each under its heading."""
    blocks: list[Block] = []
    heading, fence, start, body = "", None, 0, []
    for number, line in enumerate(text.splitlines(), 1):
        if fence is None and line.startswith("#"):
            heading = line.lstrip("#").strip()
        elif fence is None and line.startswith("```"):
            fence, start, body = line[3:].strip(), number + 1, []
        elif fence is not None and line.startswith("```"):
            if fence in SHELLS:
                blocks.append(Block(heading, start, tuple(body)))
            fence = None
        elif fence is not None:
            body.append(line)
    return blocks


def command_of(line: str) -> str:
    """A line's command, without its comment or the `.venv/bin/` it may be called by."""
    command = re.split(r"(?:^|\s)#", line, maxsplit=1)[0].strip()
    return command.removeprefix(".venv/bin/")


def script(block: Block) -> str:
    """The block as a script: a failing command stops it and is named, the commands in ``NOT_RUN`` replaced."""
    lines = ["set -euo pipefail", "trap 'echo \"README.md: this command failed: $BASH_COMMAND\" >&2' ERR"]
    for line in block.commands:
        instead = NOT_RUN.get(command_of(line))
        lines.append(line if instead is None else instead[0] or f": not run: {line}")
    return "\n".join(lines) + "\n"


def fresh_clone(folder: Path) -> Path:
    """The repository's files as a clone of it holds them (untracked files git would add included, as the
    working tree has them), with `.venv` linked to the environment these tests run in."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if not source.is_symlink() and not source.exists():
            continue  # deleted in the working tree, not yet in git
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, folder / name, follow_symlinks=False)
    (folder / ".venv").symlink_to(sys.prefix, target_is_directory=True)
    return folder


BLOCKS = shell_blocks(README.read_text(encoding="utf-8"))


def test_the_readme_has_shell_blocks_to_run() -> None:
    assert len(BLOCKS) >= 3
    assert all(block.commands for block in BLOCKS)


def test_every_command_not_run_is_one_the_readme_writes() -> None:
    """A command left out of the runs stays in the README, or it leaves this list."""
    written = {command_of(line) for block in BLOCKS for line in block.commands}
    assert set(NOT_RUN) <= written


@pytest.mark.parametrize("block", BLOCKS, ids=[f"{block.heading} (README.md:{block.line})" for block in BLOCKS])
def test_a_shell_block_runs_as_written_from_a_fresh_clone(block: Block, tmp_path: Path) -> None:
    clone = fresh_clone(tmp_path / "spellc")
    # A new shell's: this environment is not on its PATH until a block activates it.
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONPATH")}
    path = env.get("PATH", "").split(os.pathsep)
    env["PATH"] = os.pathsep.join(folder for folder in path if Path(folder) != Path(sys.prefix) / "bin")
    done = subprocess.run(["bash", "-c", script(block)], cwd=clone, env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, f"README.md:{block.line}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
