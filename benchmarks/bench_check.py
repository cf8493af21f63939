"""`spellc check` at 10,000 and 100,000 cards, for every game: synthetic projects (10 cards a file), each checked
by `spellc check` run as a command of its own, as a designer runs it, against a bare Lark parse of the same files
measured in the same run.

For each game it prints the seconds of each check, the ratio of the largest to the smallest (a check in linear
time grows as the cards do: 100,000 / 10,000 ≈ 10) and each check's ratio to the bare parse of its files. The
issue's goal: Amtgard, like the others, checks 100,000 cards in linear time (its checker compared each card with
every other: 10,000 abilities took 180 s, 100,000 more than 900 s).

Each card set mixes what the checker looks up across the set (Amtgard: enchantments that grant an ability of the
set, a Chant that frees a Magic Ball of the set; Incantation 2: magicians listing spells of the set), so that a
lookup made per card against every other shows. The machine's load (os.getloadavg) is printed before and after:
on a shared machine another process's work shows in the seconds, and the ratios are taken within one run.

The projects are made in memory (/dev/shm) where there is one (the disk's time to create a file varies tenfold
on this machine, see bench_build.py); `--disk` puts them in the temporary folder. Run on demand, never in the
test suite; the last line is the figures as JSON.

    python -m benchmarks.bench_check [--disk] [--game=NAME ...] [N ...]     (default: every game; 10000 100000)
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.bench_build import spell as serpents_tongue_spell
from benchmarks.bench_site import card as incantation_charges_action
from spellc.compiler.build import collecting_after
from spellc.compiler.cli import main as spellc
from spellc.compiler.parse import card_grammar, parser
from spellc.engine.rulesets import RULESETS

PER_FILE = 10
MEMORY = Path("/dev/shm")
SPELLC = Path(sys.executable).with_name("spellc")
SCHOOLS = ("Command", "Death", "Flame", "Neutral", "Protection", "Sorcery", "Spirit", "Subdual")


def amtgard_ability(i: int) -> str:
    """Of every ten: Magic Balls, Verbals, enchantments granting the Verbal before them, and a Chant freeing the
    ball of its ten."""
    ten, kind = divmod(i, PER_FILE)
    head = f'ability "Synthetic Ability {i:06d}" {{\n    school {SCHOOLS[i % len(SCHOOLS)]}\n'
    if kind < 3:
        body = f"    type Magic Ball\n    magical\n    range 50'\n    uses {1 + kind} per life\n" \
               f'    incantation "Strike {i}"\n    special effect Armor Breaking\n'
    elif kind < 7:
        body = f"    type Verbal\n    magical\n    range 20'\n    uses {1 + kind % 3} per life\n" \
               f'    incantation "Halt {i}"\n    effect: make target Stopped for {10 + i % 50} s\n'
    elif kind < 9:
        body = f"    type Enchantment\n    magical\n    range Touch\n    uses 1 per life\n" \
               f'    incantation "Gift {i}"\n    grants "Synthetic Ability {i - 4:06d}" 2 per life\n'
    else:
        body = f"    type Verbal\n    magical\n    range Self\n    uses 1 per life\n" \
               f'    incantation "Barrage {i}"\n    chant "Barrage"\n' \
               f'    free while chanting "Synthetic Ability {ten * PER_FILE:06d}"\n    effect: affect caster\n'
    return f"{head}{body}}}\n\n"


def rackham_card(i: int) -> str:
    """Nine spells of Light or Air, then a magician of the Lion, as the seed's Méliador, who knows three of them."""
    ten, kind = divmod(i, PER_FILE)
    element = ("Light", "Air")[kind % 2]
    if kind < PER_FILE - 1:
        return (f'spell "Synthetic Dart {i:06d}" {{\n    college Elemental {element}\n'
                f"    gems {1 + kind % 3} {element}\n    difficulty {5 + kind % 4}\n"
                f"    range {10 + kind * 5} cm\n    target enemy\n"
                f"    frequency {1 + kind % 2} per turn\n    power {1 + kind % 3}\n"
                "    effect: deal 1 wound to target\n}\n\n")
    spells = ", ".join(f'"Synthetic Dart {ten * PER_FILE + k:06d}"' for k in range(3))
    return (f'magician "Synthetic Mage {i:06d}" {{\n    people Alahan\n    level Adept\n    power 7\n'
            f"    initiative 6\n    elements Light, Air\n    spells {spells}\n}}\n\n")


CARDS: dict[str, Callable[[int], str]] = {
    "serpents_tongue": serpents_tongue_spell, "incantation_charges": incantation_charges_action,
    "rackham_incantation": rackham_card, "amtgard": amtgard_ability,
}


def project_of(game: str, n: int, folder: Path) -> list[Path]:
    """A new project of ``n`` cards of ``game`` (none of its sample cards); its card files."""
    root = folder / f"{game}-{n}"
    with contextlib.redirect_stdout(io.StringIO()):
        assert spellc(["new", str(root), "--ruleset", game]) == 0
    for sample in (root / "cards").glob("*.spell"):
        sample.unlink()
    files = []
    for f in range(n // PER_FILE):
        path = root / "cards" / f"set{f:05d}.spell"
        path.write_text("".join(CARDS[game](f * PER_FILE + i) for i in range(PER_FILE)), encoding="utf-8")
        files.append(path)
    return files


def bare_parse(game: str, files: list[Path]) -> float:
    """Seconds to read and parse ``files`` with the game's grammar, keeping the trees, without cycle collection
    (as the check does: compiler.build.collecting_after)."""
    lark = parser(card_grammar(RULESETS[game].grammar))
    lark.parse(files[0].read_text(encoding="utf-8"))  # its tables loaded before the clock starts
    with collecting_after():
        start = time.perf_counter()
        kept = [lark.parse(p.read_text(encoding="utf-8")) for p in files]
        elapsed = time.perf_counter() - start
    del kept
    return elapsed


def check(root: Path, n: int) -> float:
    """Seconds of `spellc check` in ``root``, a process of its own (its start-up counted, as a designer waits
    for it); it must find every card and no error."""
    start = time.perf_counter()
    done = subprocess.run([str(SPELLC), "check"], cwd=root, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    assert done.returncode == 0 and f"{n} cards" in done.stdout, done.stdout + done.stderr[-2000:]
    return elapsed


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main(args: list[str]) -> None:
    disk = "--disk" in args or not (MEMORY.is_dir() and os.access(MEMORY, os.W_OK))
    games = [a.split("=", 1)[1] for a in args if a.startswith("--game=")] or list(CARDS)
    sizes = sorted(int(a) for a in args if a.isdigit()) or [10_000, 100_000]
    print(f"projects made in {'the temporary folder (disk)' if disk else 'memory (/dev/shm)'}; {load()}")
    figures: dict[str, dict[str, object]] = {"load_before": list(os.getloadavg())}
    for game in games:
        seconds, bare = {}, {}
        for n in sizes:
            with tempfile.TemporaryDirectory(dir=None if disk else MEMORY) as tmp:
                files = project_of(game, n, Path(tmp))
                bare[n] = bare_parse(game, files)
                seconds[n] = check(files[0].parents[1], n)
            print(f"{game:20} {n:>7} cards: check {seconds[n]:8.2f} s, bare parse {bare[n]:7.2f} s "
                  f"({seconds[n] / bare[n]:.2f}x the bare parse)", flush=True)
        small, large = sizes[0], sizes[-1]
        growth = seconds[large] / seconds[small]
        print(f"{game:20} {large} / {small} cards: check {growth:.2f}x, bare parse {bare[large] / bare[small]:.2f}x "
              f"(linear: {large / small:.0f}x)", flush=True)
        figures[game] = {"check_s": {str(n): round(s, 3) for n, s in seconds.items()},
                         "parse_s": {str(n): round(s, 3) for n, s in bare.items()},
                         "growth": round(growth, 2),
                         "vs_parse": {str(n): round(seconds[n] / bare[n], 2) for n in sizes}}
    figures["load_after"] = list(os.getloadavg())
    print(load())
    print(json.dumps(figures))


if __name__ == "__main__":
    main(sys.argv[1:])
