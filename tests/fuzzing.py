"""Mutation fuzzing of card sources: shipped cards and fixtures, cut, repeated, spliced and salted with the
tokens that once crashed the compiler (huge numbers, bad escapes, odd line breaks, stray bytes). (Scenarios
have a mutator of their own that knows their lines: tests/test_fuzz_scenarios.py.)

Used by tests/test_fuzz_cards.py (a few thousand inputs in `make test`) and runnable on its own for a longer
campaign: ``python tests/fuzzing.py 30000 SEED OUT_DIR`` prints the crashes it finds and keeps one input per
crash site in OUT_DIR.
"""

from __future__ import annotations

import random
import sys
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SALT = [
    "9" * 5000, "10000", "-99999", "+0", "0", "x99999999", "1-99999", "\"\\N{foo}\"", "\"\\x4\"", "\"\\ud800\"",
    "\"\\U0011ffff\"", "\"" + "a" * 2000 + "\"", "\"\\\"", "\\", "\"", "{", "}", "|", "||", "!", "^", ":", ";", ",",
    "\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\ufeff", "\x00", "\t", "//", "/*", "-", "(", ")",
    "(+99999)", "none", "true", "Sphere", "con", "if you did:", "choose one {", "may", "unless", "pay", "to",
    "target", "this", "Area:G", "Dmg X", "where X =", "\u00e9", "\U0001f525", "N/A",
]


def corpus(ruleset: str = "serpents_tongue", suffix: str = ".spell") -> list[bytes]:
    """The seed inputs: every shipped file of ``ruleset`` ending in ``suffix``, and (for Serpent's Tongue's
    cards) every card fixture."""
    files = sorted((ROOT / "cards_src" / ruleset).rglob(f"*{suffix}"))
    if ruleset == "serpents_tongue" and suffix == ".spell":
        files += sorted((ROOT / "tests" / "fixtures").rglob("*.spell"))
    return [f.read_bytes() for f in files]


def mutate(rng: random.Random, seeds: list[bytes]) -> bytes:
    data = bytearray(rng.choice(seeds))
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(7)
        i = rng.randrange(len(data) + 1)
        j = min(len(data), i + rng.randint(1, 40))
        if op == 0:  # cut
            del data[i:j]
        elif op == 1:  # repeat a piece
            data[i:i] = data[i:j]
        elif op == 2:  # salt
            data[i:i] = rng.choice(SALT).encode("utf-8")
        elif op == 3:  # a byte
            data[i:i] = bytes([rng.randrange(256)])
        elif op == 4:  # splice from another file
            other = rng.choice(seeds)
            k = rng.randrange(len(other) + 1)
            data[i:j] = other[k:k + rng.randint(1, 200)]
        elif op == 5 and data:  # a number made huge
            digits = [n for n in range(len(data)) if chr(data[n]).isdigit()]
            if digits:
                n = rng.choice(digits)
                data[n:n + 1] = b"9" * rng.choice((5, 50, 5000))
        elif op == 6:  # swap two lines
            lines = bytes(data).split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def inputs(count: int, seed: int, seeds: list[bytes] | None = None) -> Iterator[bytes]:
    rng = random.Random(seed)
    seeds = seeds or corpus()
    for _ in range(count):
        yield mutate(rng, seeds)


def campaign(run: Callable[[bytes], object], count: int, seed: int, out: Path | None = None) -> int:
    """Run ``count`` inputs; print each crash's last frame once; keep crashing inputs in ``out``."""
    crashes, sites = 0, set()
    for n, data in enumerate(inputs(count, seed)):
        try:
            run(data)
        except Exception as err:  # noqa: BLE001 (a campaign reports every crash)
            crashes += 1
            frame = traceback.extract_tb(err.__traceback__)[-1]
            site = f"{type(err).__name__} at {frame.filename}:{frame.lineno}"
            if site not in sites:
                sites.add(site)
                print(f"input {n}: {site}: {err}"[:300])
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    (out / f"cards-{seed}-{n}.spell").write_bytes(data)
    print(f"{count} inputs, {crashes} crashes at {len(sites)} sites")
    return crashes


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from test_fuzz_cards import run_card  # noqa: E402 (a script run: the package path is set above)

    campaign(run_card, int(sys.argv[1]), seed=int(sys.argv[2]) if len(sys.argv) > 2 else 1,
             out=Path(sys.argv[3]) if len(sys.argv) > 3 else None)
