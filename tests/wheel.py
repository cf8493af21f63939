"""spellc as a user installs it: a wheel of this checkout, in a virtual environment of its own. The wheel's tests
(tests/test_wheel.py) run every command through it; the build benchmark (benchmarks/bench_build.py) times the
commands a user runs with it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{argv}: {done.stdout[-2000:]}{done.stderr[-3000:]}"
    return done


def build_wheel(dist: Path) -> Path:
    """The wheel of this checkout, built into ``dist`` from a copy of it: setuptools builds in the folder it is given
    (build/, spellc.egg-info/), and nothing is written into the repository, which other processes are reading."""
    dist.mkdir(parents=True, exist_ok=True)
    source = dist.with_name(f"{dist.name}-source")
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(ROOT, source, symlinks=True, ignore=not_sources)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", dist, source, cwd=dist)
    shutil.rmtree(source)
    return next(dist.glob("spellc-*.whl"))


def not_sources(folder: str, names: list[str]) -> set[str]:
    """What a checkout holds beside its sources: version control, virtual environments, builds, caches and the
    built site (site/site)."""
    left_out = {n for n in names if n == "__pycache__"}
    if Path(folder) == ROOT:
        left_out |= {n for n in names if n in (".git", "build", "dist") or n.endswith(".egg-info")
                     or n.startswith((".venv", ".hypothesis", ".spellc-build")) or n.endswith("_cache")}
    elif Path(folder) == ROOT / "site":
        left_out |= {"site"} & set(names)
    return left_out


def install(wheel: Path, venv: Path, extra: str = "") -> Path:
    """A new virtual environment ``venv`` holding ``wheel`` (with ``extra``, such as "[docs]"): its `spellc`."""
    run(sys.executable, "-m", "venv", venv, cwd=venv.parent)
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", f"{wheel}{extra}", cwd=venv)
    return venv / "bin" / "spellc"
