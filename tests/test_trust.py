"""The key that signs what a build leaves in a project (compiler/trust.py): one per user, private, and the same
for every spellc that starts at once on a new machine (the first writes it whole before any can read it)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from spellc.compiler.state import STATE_ENV
from spellc.compiler.trust import KEY_FILE

KEY = "import sys; from spellc.compiler.trust import key; k = key(); print(k.hex() if k else 'none')"


def test_spellc_processes_started_at_once_share_one_key(tmp_path: Path) -> None:
    env = {**os.environ, STATE_ENV: str(tmp_path / "state")}
    started = [subprocess.Popen([sys.executable, "-c", KEY], env=env, stdout=subprocess.PIPE, text=True)
               for _ in range(8)]
    keys = {p.communicate(timeout=120)[0].strip() for p in started}
    assert len(keys) == 1 and "none" not in keys
    path = tmp_path / "state" / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes().hex() in keys
    assert [p.name for p in path.parent.iterdir()] == [KEY_FILE]  # nothing left aside


def test_a_key_others_may_read_is_no_key(tmp_path: Path) -> None:
    (tmp_path / "state").mkdir(mode=0o700)
    (tmp_path / "state" / KEY_FILE).write_bytes(b"k" * 32)
    (tmp_path / "state" / KEY_FILE).chmod(0o644)
    done = subprocess.run([sys.executable, "-c", KEY], env={**os.environ, STATE_ENV: str(tmp_path / "state")},
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "none"
