"""Mutation fuzzing of every language spellc reads: each game's cards and scenarios, and the manifest.

The seed inputs are the files this repository ships (each game's cards and scenarios under cards_src/, the samples
`spellc new` writes, the card fixtures of the tests, the manifests). Each input is one of them with one to four
mutations, each named so that a campaign says what it tried:

- structural: ``cut``, ``repeat``, ``swap-lines``, ``splice`` (a piece of another file of the same language),
  ``salt`` (a token that once crashed the compiler), ``byte`` (any byte);
- numbers: ``leading-zeros`` (thousands of them before a number), ``huge-number`` (thousands of digits),
  ``huge-exponent`` (``1e99999``, ``10^400``, ``9**9999``);
- ``deep-nesting``: thousands of braces, parentheses, ``choose one {`` or ``[`` opened;
- bytes: ``invalid-utf8``, ``control`` (NUL, ESC and the rest of C0, DEL, C1), ``bom`` (at the start or inside),
  ``crlf`` (every line end), ``long-line`` (a line of a million characters, in a quoted text or bare).

The property, for every input: the command (`spellc check` then the build's rendering for cards, `spellc play`
for scenarios, loading the manifest) returns, within a time limit, and every error it reports is located
(``file:line:col: error[...]``). An exception escaping, an unlocated error or a hang is a *crash*.

``make test`` runs a sample (tests/test_fuzz_languages.py); ``make fuzz`` a nightly-sized campaign::

    python tests/fuzzing.py --count 100000 --workers 2 --keep tests/fixtures/crashers

which prints the inputs tried per game, language and mutation, and keeps one input per crash site (replayed by
the tests from then on).
"""

from __future__ import annotations

import argparse
import atexit
import hashlib
import io
import multiprocessing
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from spellc.compiler.build import FRONTENDS, TESTS  # noqa: E402
from spellc.compiler.commands import play  # noqa: E402
from spellc.compiler.project import MANIFEST, ProjectError, load, shipped  # noqa: E402
from spellc.engine.rulesets import RULESETS  # noqa: E402

GAMES = tuple(sorted(RULESETS))
LANGUAGES = ("cards", "scenarios", "manifest")
SUFFIX = {"cards": ".spell", "scenarios": ".scenario", "manifest": ".toml"}
SECONDS = 20  # an input that takes longer hangs
CRASHERS = ROOT / "tests" / "fixtures" / "crashers"


@dataclass(frozen=True, slots=True)
class Target:
    """A language to fuzz: a game's cards or scenarios, or the manifest (the game is then the one it names)."""

    ruleset: str
    language: str

    def __str__(self) -> str:
        return f"{self.ruleset}/{self.language}"


TARGETS = tuple(Target(g, language) for g in GAMES for language in LANGUAGES)


# ---------------------------------------------------------------- seeds
@cache
def corpus(target: Target) -> tuple[bytes, ...]:
    """The seed inputs of ``target``: the files of its language this repository ships."""
    if target.language == "manifest":
        files = [ROOT / "cards_src" / target.ruleset / MANIFEST, ROOT / MANIFEST]
        return tuple(f.read_bytes() for f in files) + (
            f'[project]\nruleset = "{target.ruleset}"\ncards = "cards"\n[output]\npython = "g"\nsite = "s"\n'.encode(),
            b'[workspace]\nmembers = ["cards_src/*"]\nhome = "site/docs/index.md"\n')
    suffix = SUFFIX[target.language]
    files = sorted((ROOT / "cards_src" / target.ruleset).rglob(f"*{suffix}"))
    files += sorted((ROOT / "compiler" / "templates" / "new" / target.ruleset).glob(f"*{suffix}"))
    if target == Target("serpents_tongue", "cards"):
        files += sorted((ROOT / "tests" / "fixtures").rglob("*.spell"))
    return tuple(f.read_bytes() for f in files)


# ---------------------------------------------------------------- mutations
SALT = [
    "9" * 5000, "10000", "-99999", "+0", "0", "x99999999", "1-99999", "\"\\N{foo}\"", "\"\\x4\"", "\"\\ud800\"",
    "\"\\U0011ffff\"", "\"" + "a" * 2000 + "\"", "\"\\\"", "\\", "\"", "{", "}", "|", "||", "!", "^", ":", ";", ",",
    "\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\ufeff", "\x00", "\t", "//", "/*", "-", "(", ")",
    "(+99999)", "none", "true", "Sphere", "con", "if you did:", "choose one {", "may", "unless", "pay", "to",
    "target", "this", "Area:G", "Dmg X", "where X =", "\u00e9", "\U0001f525", "N/A", "Cynwäll", "\u202e", "\u200b",
    "[project]", "[workspace]", "members = [\"..\"]", "ruleset = \"amtgard\"", "= ", "'''", "\"\"\"", "\\u0000",
]
CONTROL = [bytes([c]) for c in (*range(0, 9), 11, 12, *range(14, 32), 127)] + ["\x85".encode(), "\x9b".encode()]
INVALID_UTF8 = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xc0\xaf", b"\xe2\x80", b"\xfe\xff"]
NESTS = [b"{", b"(", b"[", b"choose one {\n- ", b"if you did: ", b"may ", b"\"", b"[[", b"{ - "]
Mutation = Callable[[random.Random, bytearray, tuple[bytes, ...]], bytearray]


def _span(rng: random.Random, data: bytearray) -> tuple[int, int]:
    i = rng.randrange(len(data) + 1)
    return i, min(len(data), i + rng.randint(1, 40))


def _insert(rng: random.Random, data: bytearray, piece: bytes) -> bytearray:
    i = rng.randrange(len(data) + 1)
    data[i:i] = piece
    return data


def _cut(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    i, j = _span(rng, data)
    del data[i:j]
    return data


def _repeat(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    i, j = _span(rng, data)
    data[i:i] = data[i:j] * rng.choice((1, 2, 50))
    return data


def _swap_lines(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    lines = bytes(data).split(b"\n")
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return bytearray(b"\n".join(lines))


def _splice(rng: random.Random, data: bytearray, seeds: tuple[bytes, ...]) -> bytearray:
    i, j = _span(rng, data)
    other = rng.choice(seeds)
    k = rng.randrange(len(other) + 1)
    data[i:j] = other[k:k + rng.randint(1, 200)]
    return data


def _salt(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    return _insert(rng, data, rng.choice(SALT).encode("utf-8", "surrogatepass"))


def _byte(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    return _insert(rng, data, bytes([rng.randrange(256)]))


def _digits(data: bytearray) -> list[int]:
    return [n for n, b in enumerate(data) if 48 <= b <= 57]


def _leading_zeros(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    digits = _digits(data)
    if not digits:
        return _insert(rng, data, b"0" * 5000 + b"1")
    n = rng.choice(digits)
    data[n:n] = b"0" * rng.choice((5, 500, 5000, 50_000))
    return data


def _huge_number(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    digits = _digits(data)
    n = rng.choice(digits) if digits else rng.randrange(len(data) + 1)
    data[n:n + 1] = b"9" * rng.choice((5, 13, 50, 4301, 5000))
    return data


def _huge_exponent(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    piece = rng.choice((b"1e99999", b"10^400", b"9**9999", b"1E-99999", b"0x" + b"f" * 5000, b"1_000_000", b"inf",
                        b"nan", b"-0", b"+-1", b"\xd9\xa3"))  # the last: an Arabic-Indic digit three
    digits = _digits(data)
    if digits:
        n = rng.choice(digits)
        data[n:n + 1] = piece
        return data
    return _insert(rng, data, piece)


def _deep_nesting(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    return _insert(rng, data, rng.choice(NESTS) * rng.choice((100, 1000, 10_000)))


def _invalid_utf8(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    return _insert(rng, data, rng.choice(INVALID_UTF8))


def _control(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    quotes = [n for n, b in enumerate(data) if b == 34]
    piece = rng.choice(CONTROL)
    if quotes and rng.random() < 0.6:  # inside a quoted text, where a title goes
        n = rng.choice(quotes) + 1
        data[n:n] = piece
        return data
    return _insert(rng, data, piece)


def _bom(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    if rng.random() < 0.5:
        return bytearray(b"\xef\xbb\xbf") + data
    return _insert(rng, data, b"\xef\xbb\xbf")


def _crlf(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    return bytearray(bytes(data).replace(b"\n", rng.choice((b"\r\n", b"\r", b"\n\r"))))


def _long_line(rng: random.Random, data: bytearray, _: tuple[bytes, ...]) -> bytearray:
    filler = rng.choice((b"a", b"A b ", b"9", b"\xc3\xa9", b"\\\\"))
    line = filler * (1_000_000 // len(filler))
    quotes = [n for n, b in enumerate(data) if b == 34]
    if quotes and rng.random() < 0.5:
        n = rng.choice(quotes) + 1
        data[n:n] = line
        return data
    return _insert(rng, data, line + b"\n")


MUTATIONS: dict[str, Mutation] = {
    "cut": _cut, "repeat": _repeat, "swap-lines": _swap_lines, "splice": _splice, "salt": _salt, "byte": _byte,
    "leading-zeros": _leading_zeros, "huge-number": _huge_number, "huge-exponent": _huge_exponent,
    "deep-nesting": _deep_nesting, "invalid-utf8": _invalid_utf8, "control": _control, "bom": _bom, "crlf": _crlf,
    "long-line": _long_line,
}
# How often each is drawn: the costly ones (a million characters to parse) rarely.
WEIGHTS = {name: 1.0 for name in MUTATIONS} | {"long-line": 0.05, "deep-nesting": 0.3, "cut": 2.0, "splice": 2.0,
                                                 "salt": 2.0}


def mutate(rng: random.Random, seeds: tuple[bytes, ...]) -> tuple[bytes, tuple[str, ...]]:
    """One of ``seeds`` with one to four mutations; the input and the names of the mutations."""
    data = bytearray(rng.choice(seeds))
    names = tuple(rng.choices(list(MUTATIONS), weights=list(WEIGHTS.values()), k=rng.randint(1, 4)))
    for name in names:
        data = MUTATIONS[name](rng, data, seeds)
    return bytes(data), names


def inputs(target: Target, count: int, seed: int) -> Iterator[tuple[bytes, tuple[str, ...]]]:
    rng = random.Random(f"{seed}/{target}")
    seeds = corpus(target)
    for _ in range(count):
        yield mutate(rng, seeds)


# ---------------------------------------------------------------- running an input
class Hang(Exception):
    """An input ran past the time limit."""


@cache
def _folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="spellc-fuzz-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def _located(text: str, shown: str) -> str | None:
    """What is wrong with a command's error output: an error that is not located in the input."""
    for line in text.splitlines():
        if ": error" in line and not line.startswith(f"{shown}:") and not line.startswith("spellc: error"):
            return f"an error not located in the input: {line[:200]!r}"
    return None


def run_cards(ruleset: str, data: bytes) -> str | None:
    """`spellc check` and a build's rendering of ``data`` as a card file of ``ruleset``, in memory."""
    path = _folder() / "fuzz.spell"
    path.write_bytes(data)
    compiled = FRONTENDS[ruleset].compile([path], _folder())
    for d in compiled.diagnostics.items:
        head = d.render().split("\n", 1)[0]
        if not head.startswith(f"fuzz.spell:{d.span.line}:{d.span.column}: {d.severity.value}["):
            return f"an unlocated diagnostic: {head[:200]!r}"
    OUTCOMES["built" if compiled.ok else "refused"] += 1
    if compiled.ok:
        compiled.render(TESTS)
        for name, text in compiled.python().items():
            compile(text, name, "exec")  # the generated Python is Python
    return None


def run_scenarios(ruleset: str, data: bytes) -> str | None:
    """`spellc play` on ``data`` as a scenario of ``ruleset``'s shipped cards, in-process."""
    out, err = io.StringIO(), io.StringIO()
    code = play(data, "fuzz.scenario", project=shipped(ruleset), json_out=len(data) % 2 == 0, out=out, err=err)
    if code not in (0, 1):
        return f"exit {code}"
    OUTCOMES["played" if code == 0 else "refused"] += 1
    if code == 1 and "fuzz.scenario:" not in err.getvalue():
        return f"exit 1 without a located diagnostic: {err.getvalue()[:200]!r}"
    return _located(err.getvalue(), "fuzz.scenario")


def run_manifest(ruleset: str, data: bytes) -> str | None:
    """Loading ``data`` as a project's manifest: a project or workspace, or a ProjectError saying why."""
    folder = _folder() / "project"
    folder.mkdir(exist_ok=True)
    (folder / MANIFEST).write_bytes(data)
    try:
        found = load(folder / MANIFEST)
    except ProjectError as err:
        said = err.render()
        if "Traceback" in said:
            return "a traceback in the error"
    else:
        for project in getattr(found, "members", (found,)):
            with suppress(ProjectError):
                project.card_files()
    return None


OUTCOMES: Counter[str] = Counter()  # what the inputs came to: built, played or refused

RUNNERS: dict[str, Callable[[str, bytes], str | None]] = {
    "cards": run_cards, "scenarios": run_scenarios, "manifest": run_manifest}


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang(f"past {SECONDS} s")


def problem(target: Target, data: bytes, seconds: int = SECONDS) -> str | None:
    """What is wrong with what spellc does with ``data`` in ``target``'s language, or None."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        return RUNNERS[target.language](target.ruleset, data)
    except Exception as err:  # noqa: BLE001 (every escaping exception is what fuzzing looks for)
        frame = traceback.extract_tb(err.__traceback__)[-1]
        return f"{type(err).__name__} at {Path(frame.filename).name}:{frame.lineno}: {err}"[:300]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------- campaigns
@dataclass
class Results:
    tried: Counter[str] = field(default_factory=Counter)  # per target
    mutations: Counter[str] = field(default_factory=Counter)
    crashes: dict[str, tuple[Target, bytes]] = field(default_factory=dict)  # one input per crash site
    count: int = 0

    def merge(self, other: Results) -> None:
        self.tried.update(other.tried)
        self.mutations.update(other.mutations)
        for site, found in other.crashes.items():
            self.crashes.setdefault(site, found)
        self.count += other.count


def campaign(targets: tuple[Target, ...], count: int, seed: int) -> Results:
    """``count`` inputs, spread over ``targets`` in turn."""
    results = Results()
    each = -(-count // len(targets))
    streams = {t: inputs(t, each, seed) for t in targets}
    for n in range(count):
        target = targets[n % len(targets)]
        data, names = next(streams[target])
        results.tried[str(target)] += 1
        results.mutations.update(names)
        results.count += 1
        found = problem(target, data)
        if found is not None:  # one input per site: the exception and where, or the kind of problem
            results.crashes.setdefault(f"{target}: {found.split(': ', 1)[0]}", (target, data))
    return results


def _worker(job: tuple[tuple[Target, ...], int, int]) -> Results:
    return campaign(*job)


def keep(results: Results, folder: Path) -> list[Path]:
    """Each crash's input, under ``folder/<game>/<language>/``, named by its content's digest."""
    kept = []
    for target, data in results.crashes.values():
        path = folder / target.ruleset / target.language / (
            f"crash-{hashlib.sha256(data).hexdigest()[:12]}{SUFFIX[target.language]}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        kept.append(path)
    return kept


def report(results: Results, seconds: float) -> str:
    lines = [f"{results.count:,} inputs in {seconds:.0f} s ({results.count / max(seconds, 1e-9):.0f}/s)"]
    lines += [f"  {target:40} {n:>8,}" for target, n in sorted(results.tried.items())]
    lines.append("mutations applied:")
    lines += [f"  {name:40} {n:>8,}" for name, n in sorted(results.mutations.items())]
    lines.append(f"crash sites: {len(results.crashes)}")
    lines += [f"  {site}" for site in results.crashes]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fuzz every language of every game of spellc.")
    parser.add_argument("--count", type=int, default=10_000, help="inputs in all")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--workers", type=int, default=1, help="processes (each takes a share of the inputs)")
    parser.add_argument("--keep", type=Path, help="a folder to keep one input per crash site in")
    parser.add_argument("--only", help="a game or a language (or game/language) to fuzz alone")
    args = parser.parse_args(argv)
    targets = tuple(t for t in TARGETS if args.only in (None, t.ruleset, t.language, str(t)))
    start = time.perf_counter()
    jobs = [(targets, args.count // args.workers + (i < args.count % args.workers), args.seed * 1000 + i)
            for i in range(args.workers)]
    results = Results()
    if args.workers == 1:
        results = campaign(*jobs[0])
    else:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for part in pool.imap_unordered(_worker, jobs):
                results.merge(part)
    print(report(results, time.perf_counter() - start))
    if args.keep is not None:
        for path in keep(results, args.keep):
            print(f"kept {path}")
    print(f"seed {args.seed}")
    return 1 if results.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
