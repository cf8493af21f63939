"""The reference site builds with `mkdocs build --strict` (no broken link, no warning)."""

from __future__ import annotations

import html
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mkdocs_build_strict(tmp_path: Path) -> None:
    mkdocs = Path(sys.executable).with_name("mkdocs")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run([str(mkdocs), "build", "--strict", "-d", str(tmp_path / "out")],
                         cwd=ROOT / "site", capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    spells = tmp_path / "out" / "serpents_tongue" / "spells"
    page = (spells / "acidic-matter" / "index.html").read_text(encoding="utf-8")
    # Card text is written as character references (so it can never be markup): compare unescaped.
    text = html.unescape(page)
    assert ">Discard</a> Matter Component" in text and 'href="../../glossary/dmg/"' in page
