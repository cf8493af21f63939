"""`spellc build` at the scale of a real card game: synthetic Serpent's Tongue projects of 500 and 5,000
spells (10 a file), against a bare Lark parse of the same files measured in the same run.

For each size it prints:
- the full build (parse, check, emit, publish into empty output folders), as a ratio to the bare parse;
- a rebuild with nothing changed, and a rebuild after one spell is edited, as ratios to the full build (in one
  process, as `spellc site --serve` does them: no journal),
  with how many files each wrote, each the median of a few. Before them, as `spellc site --serve` does
  after its first build, the full build's garbage is collected and what it keeps set aside from later
  collections (compiler.build.settle).

Then `spellc build` as a user runs it: installed from a wheel of this checkout into a virtual environment of its
own (tests/wheel.py; an editable install adds 13 ms to every start), each command a process of its own with its
start-up counted. Without a build server: a full build (the baseline), a build with nothing changed (which the
journal of the last build answers: compiler/journal.py) and a build after one spell is edited. With one
(compiler/build_client.py): the build that starts it, then builds with nothing changed and after one edit, as a
designer's day goes on. Each as a ratio to the full build; last, the server's outputs are compared with a full
build's of the same cards.

The goals: a full build within 3x a bare parse (issue 13); after one card is edited, a rebuild within 0.1x the
full build, in one process (issue 13) and as commands (issue 26); as commands, nothing changed within 0.05x.
The last line is every figure as JSON.
Run on demand (`make bench`), never in the test suite. Each measure runs in a process of its own, its
start-up (imports) not counted, three times over: each line is the median of three processes. The full
build is the process's first (one run, its templates compiled and its glossary read as `spellc build`
would); the rebuilds follow it in the same process, as in `spellc site --serve` (each file's parse and check
and each page's rendering are kept for their inputs).

The bare parse keeps its trees, as the build keeps what it reads, and runs without cycle collection, as the
build does (with it, Python walks every tree kept so far again and again: a bare parse of 5,000 spells took
0.7 s instead of 0.5 s, which flattered the ratio).

What spellc derives from its own files alone (a ruleset's language reference, the rule markers of its tests;
see engine/core/kept.py) is kept between processes, as Lark's tables and Jinja's compiled templates are: the
full build finds them made by an earlier build, as every build after spellc's first on a machine does. The
last line shows a full build that finds nothing kept.

The projects are made in memory (/dev/shm) where there is one: on this shared machine, the time the disk
takes to create a file varies tenfold from one minute to the next (0.03 to 0.6 ms), which swamped the
build's own work; `--disk` puts them in the temporary folder instead.

    python -m benchmarks.bench_build [--disk] [N ...]     (default: 500 5000)
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from spellc.compiler.build import FRONTENDS, build, collecting_after, settle
from spellc.compiler.build_client import SERVER_ENV
from spellc.compiler.cli import main as spellc
from spellc.compiler.parse import card_grammar, parser
from spellc.compiler.project import MANIFEST, Project, load
from spellc.engine.core.kept import CACHE_ENV, OFF
from spellc.engine.rulesets import RULESETS
from tests.wheel import ROOT, build_wheel, install

PER_FILE = 10
SPHERES = ("Bio", "Forces", "Matter", "Mind", "Quantum", "Soul")


def spell(i: int, damage: int | None = None) -> str:
    """A fluency-1 Attack (a higher fluency needs a ritual path)."""
    return (f'spell "Synthetic Bolt {i:05d}" {{\n    sphere {SPHERES[i % len(SPHERES)]}\n    role Attack\n'
            f'    fluency 1\n    resonance -{1 + i % 5}\n    aspects Heat | Dmg {damage or 1 + i % 3}\n}}\n\n')


def project_of(n: int, folder: Path) -> Project:
    root = folder / f"spells-{n}"
    with contextlib.redirect_stdout(io.StringIO()):
        assert spellc(["new", str(root), "--ruleset", "serpents_tongue"]) == 0
    (root / "cards" / "sample.spell").unlink()
    for f in range(n // PER_FILE):
        text = "".join(spell(f * PER_FILE + i) for i in range(PER_FILE))
        (root / "cards" / f"set{f:04d}.spell").write_text(text, encoding="utf-8")
    project = load(root / MANIFEST)
    assert isinstance(project, Project)
    return project


def timed(fn: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def files_of(project: Project) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for out in project.outputs for p in out.rglob("*") if p.is_file()}


def measure(n: int, folder: Path) -> dict[str, float | int]:
    """One process's measures of a project of ``n`` spells (only the full build's when nothing is kept)."""
    project = project_of(n, folder)
    lark = parser(card_grammar(RULESETS["serpents_tongue"].grammar))
    assert FRONTENDS["serpents_tongue"]  # its modules imported, as a build's process does first: not timed
    if os.environ.get(CACHE_ENV) == OFF:
        start = time.perf_counter()
        assert build(project, remember=False).ok
        return {"whole": time.perf_counter() - start}
    repeat = 3 if n <= 1000 else 1
    texts = [p.read_text(encoding="utf-8") for p in project.card_files()]
    with collecting_after():  # as the build parses: the trees kept, no cycle collection walking them meanwhile
        bare = timed(lambda: [lark.parse(t) for t in texts], repeat)

    start = time.perf_counter()  # the first build of these files: each parsed, each page rendered
    assert build(project, remember=False).ok
    whole = time.perf_counter() - start
    settle()  # as `spellc site --serve` does after its first build
    before = files_of(project)
    same = timed(lambda: build(project, remember=False), repeat)
    now = files_of(project)
    edited = project.cards / "set0000.spell"
    text = edited.read_text(encoding="utf-8")
    edits = iter(range(7, 7 + repeat))

    def edit_and_build() -> None:  # a new damage each time: each rebuild has a change to make
        edited.write_text(text.replace(spell(0), spell(0, damage=next(edits))), encoding="utf-8")
        assert build(project, remember=False).ok

    one = timed(edit_and_build, repeat)
    after = files_of(project)
    return {"bare": bare, "whole": whole, "same": same, "one": one, "outputs": len(before),
            "unchanged": sum(now[p] != t for p, t in before.items()),
            "rewritten": sum(after.get(p) != t for p, t in before.items()) + len(after.keys() - before.keys())}


def report(n: int, runs: list[dict[str, float | int]], cold: list[dict[str, float | int]]) -> None:
    """The median of each measure over the processes that made them."""
    def median(key: str, of: list[dict[str, float | int]] = runs) -> float:
        return statistics.median(float(r[key]) for r in of)

    bare, whole, same, one = median("bare"), median("whole"), median("same"), median("one")
    ratio = statistics.median(float(r["whole"]) / float(r["bare"]) for r in runs)
    print(f"{n} spells in {n // PER_FILE} files ({int(median('outputs'))} output files); medians of {len(runs)} "
          f"processes (within each, of {3 if n <= 1000 else 1} parses and rebuilds)")
    print(f"  bare Lark parse:            {bare:7.3f} s  (baseline)")
    print(f"  full build:                 {whole:7.3f} s  ({ratio:.2f}x the bare parse; goal 3x)")
    print(f"  rebuild, nothing changed:   {same:7.3f} s  ({same / whole:.2f}x the full build; "
          f"{int(median('unchanged'))} files written)")
    print(f"  rebuild, one spell edited:  {one:7.3f} s  ({one / whole:.2f}x the full build, goal 0.1x; "
          f"{int(median('rewritten'))} files written)")
    print(f"  full build, nothing kept:   {median('whole', cold):7.3f} s  (SPELLC_CACHE=off)")


def commands(n: int, disk: bool, spellc_command: Path) -> dict[str, float]:
    """`spellc build` as a user runs it, each a process of its own (start-up counted), medians of three:
    - with no build server (SPELLC_SERVER=off): a full build into empty outputs (the baseline), a build with
      nothing changed (the journal answers: compiler/journal.py), a build after one spell is edited;
    - with a build server (compiler/build_client.py): the first build after an edit, which starts it (cold: it
      parses and draws everything); then, as a designer's day goes on, builds with nothing changed and builds
      after one spell is edited, each PAUSE after the last (what the server does after its reply is not timed:
      back to back, a command would wait for it).
    Last, the outputs the server left are compared with a full build of the same cards in a fresh copy."""
    with tempfile.TemporaryDirectory(dir=None if disk else MEMORY) as tmp:
        project = project_of(n, Path(tmp))
        state = Path(tmp) / "state"  # a server of the benchmark's own, started and stopped here
        state.mkdir(mode=0o700)
        env = {**os.environ, "SPELLC_STATE": str(state), "SPELLC_SERVER_IDLE": "600"}

        def run(server: bool, *args: str) -> float:
            if server:  # a designer's edit takes seconds: the server writes the last journal and collects meanwhile
                time.sleep(PAUSE)
            start = time.perf_counter()
            subprocess.run([spellc_command, "build", *args], cwd=project.root, check=True, capture_output=True,
                           env={**env, SERVER_ENV: "on" if server else "off"})
            return time.perf_counter() - start

        edited = project.cards / "set0000.spell"
        text = edited.read_text(encoding="utf-8")
        damages = iter(range(7, 100))

        def edit_and_run(server: bool) -> float:
            edited.write_text(text.replace(spell(0), spell(0, damage=next(damages))), encoding="utf-8")
            return run(server)

        def median(fn: Callable[[], float]) -> float:
            return statistics.median(fn() for _ in range(3))

        measured = {"command full": run(False), "command same": median(lambda: run(False)),
                    "command one": median(lambda: edit_and_run(False)),
                    "server start": edit_and_run(True), "server same": median(lambda: run(True)),
                    "server one": median(lambda: edit_and_run(True))}
        subprocess.run([spellc_command, "server", "stop"], check=True, capture_output=True, env=env)
        assert identical_to_full_build(project, Path(tmp) / "copy", spellc_command), \
            "the server's outputs differ from a full build's"
    return measured


def identical_to_full_build(project: Project, elsewhere: Path, spellc_command: Path) -> bool:
    """Whether ``project``'s outputs are those a full build makes of its cards in a new project of the same name."""
    copy = elsewhere / project.root.name
    with contextlib.redirect_stdout(io.StringIO()):
        assert spellc(["new", str(copy), "--ruleset", "serpents_tongue"]) == 0
    shutil.rmtree(copy / "cards")
    shutil.copytree(project.cards, copy / "cards")
    subprocess.run([spellc_command, "build", "--no-server"], cwd=copy, check=True, capture_output=True)

    def tree(root: Path) -> dict[str, bytes]:
        return {p.relative_to(root).as_posix(): p.read_bytes() for out in project.outputs
                for p in (root / out.relative_to(project.root)).rglob("*") if p.is_file()}

    return tree(project.root) == tree(copy)


def report_commands(n: int, measured: dict[str, float]) -> None:
    whole = measured["command full"]

    def share(key: str, goal: str = "") -> str:
        return f"{measured[key]:.3f} s ({measured[key] / whole:.3f}x{f', goal {goal}' if goal else ''})"

    print(f"  as commands (a process each, start-up counted), no build server: full build {whole:.3f} s "
          f"(the baseline); nothing changed {share('command same')}; one spell edited {share('command one')}")
    print(f"  as commands, with a build server: its first build (starting it) {share('server start')}; then nothing "
          f"changed {share('server same', '0.05x')}; one spell edited {share('server one', '0.1x')}; outputs "
          "identical to a full build's")


MEMORY = Path("/dev/shm")
PAUSE = 0.3  # seconds between two builds through a server (after its reply it writes the journal, collects garbage)
CHILD = "SPELLC_BENCH_CHILD"
PROCESSES = 3  # a first build happens once per process: its median is taken over processes


def keep(disk: bool, spellc_command: Path) -> None:
    """What spellc keeps between processes made, as by any earlier build on this machine: a project's build, by
    this process's spellc and by the installed one (each keeps its own: their code differs)."""
    with tempfile.TemporaryDirectory(dir=None if disk else MEMORY) as tmp:
        project = project_of(PER_FILE, Path(tmp))
        assert build(project).ok
        (project.cards / "set0000.spell").write_text(spell(0, damage=9), encoding="utf-8")
        subprocess.run([spellc_command, "build", "--no-server"], cwd=project.root, check=True, capture_output=True)


def child(n: int, disk: bool, **env: str) -> dict[str, float | int]:
    """:func:`measure` in a process of its own: nothing another measure parsed or rendered is kept."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.bench_build", *(["--disk"] if disk else []), str(n)],
                          check=True, cwd=ROOT, env={**os.environ, CHILD: "1", **env}, capture_output=True, text=True)
    measured: dict[str, float | int] = json.loads(done.stdout)
    return measured


def main(args: list[str]) -> None:
    disk = "--disk" in args or not (MEMORY.is_dir() and os.access(MEMORY, os.W_OK))
    sizes = [int(a) for a in args if a != "--disk"] or [500, 5000]
    if CHILD in os.environ:
        with tempfile.TemporaryDirectory(dir=None if disk else MEMORY) as tmp:
            print(json.dumps(measure(sizes[0], Path(tmp))))
        return
    print(f"projects made in {'the temporary folder (disk)' if disk else 'memory (/dev/shm)'}; load average "
          f"{os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory() as tmp:
        installed = install(build_wheel(Path(tmp) / "dist"), Path(tmp) / "venv")
        keep(disk, installed)
        figures = {str(n): measured(n, disk, installed) for n in sizes}
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    print(json.dumps(figures))


def measured(n: int, disk: bool, installed: Path) -> dict[str, float]:
    """Every measure of a project of ``n`` spells, reported as it is made; the medians, for the JSON."""
    runs = [child(n, disk) for _ in range(PROCESSES)]
    report(n, runs, [child(n, disk, **{CACHE_ENV: OFF})])
    on_commands = commands(n, disk, installed)
    report_commands(n, on_commands)
    return {**{k: round(statistics.median(float(r[k]) for r in runs), 4) for k in ("bare", "whole", "same", "one")},
            **{k: round(v, 4) for k, v in on_commands.items()},
            **{f"{k} ratio": round(on_commands[k] / on_commands["command full"], 3)
               for k in ("command same", "command one", "server start", "server same", "server one")}}


if __name__ == "__main__":
    main(sys.argv[1:])
