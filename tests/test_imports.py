"""Every module imports on its own, whatever was imported before it: `import generated` first (as a tool
that only wants the cards does) once failed on a cycle through events, hidden by the test suite's
own import order. Each module is imported in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(".".join(("spellc", *p.relative_to(ROOT).with_suffix("").parts)) for folder in ("engine", "compiler")
                 for p in (ROOT / folder).rglob("*.py") if p.stem != "__init__") + ["spellc.generated"]


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_on_its_own(module: str) -> None:
    run = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
