"""`spellc`: build, check and play. Never prints a traceback for bad input: diagnostics instead."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from compiler import coverage
from compiler.build import FRONTENDS, build, compile_sources, ruleset_for
from compiler.diagnostics import Diagnostics, did_you_mean, write_text
from compiler.publish import PublishError
from compiler.source import SourceFile, Undecodable, shown_path
from engine.rulesets import DEFAULT


def project_root() -> Path:
    """The project folder: the nearest parent of the current folder holding cards_src/, else the repo."""
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / "cards_src").is_dir() and (folder / "grammar").is_dir():
            return folder
    return Path(__file__).resolve().parent.parent


def cmd_build(args: argparse.Namespace) -> int:
    root = project_root()
    start = time.perf_counter()
    try:
        built = build(root)
    except PublishError as err:
        print(f"spellc: error: {err}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    if built.diagnostics.items:
        print(built.diagnostics.render(), file=sys.stderr)
    if not built.ok:
        print("spellc: build failed; nothing was written", file=sys.stderr)
        return 1
    print(f"spellc: compiled {built.counts()} from {built.files} files into generated/ and site/docs/ "
          f"in {elapsed:.2f}s")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    root = project_root()
    paths = [Path(p) for p in args.paths] or [root / "cards_src"]
    missing = [p for p in paths if not p.exists()]
    for p in missing:
        print(f"spellc: error: no such file or folder: {p}", file=sys.stderr)
    built = compile_sources([p for p in paths if p.exists()], Path.cwd())
    if built.diagnostics.items:
        print(built.diagnostics.render(), file=sys.stderr)
    if not built.ok or missing:
        return 1
    print(f"spellc: {built.counts() or 'no cards'} in {built.files} files: no errors")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not path.is_file():
        print(f"spellc: error: no such scenario file: {path}", file=sys.stderr)
        return 1
    try:
        data = path.read_bytes()
    except OSError as err:
        print(f"spellc: error: cannot read {path}: {err.strerror}", file=sys.stderr)
        return 1
    return play(data, shown_path(path, Path.cwd()), json_out=args.json, log=args.log,
                ruleset=ruleset_for(path.resolve()).name)


def play(data: bytes, shown: str, *, json_out: bool = False, log: bool = False, ruleset: str = DEFAULT,
         out: TextIO | None = None, err: TextIO | None = None) -> int:
    """`spellc play` on a scenario's bytes, by ``ruleset``'s rules: the replay to ``out``, diagnostics to
    ``err``; 0 or 1. The fuzz test calls this in-process: it is the whole command but for reading the file.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        source = SourceFile.decode(shown, data)
    except Undecodable as bad:
        diags = Diagnostics()
        diags.error("E000", bad.message, bad.span, "help: save the file as UTF-8")
        write_text(err, diags.render())
        return 1
    return FRONTENDS[ruleset].play(source, json_out=json_out, log=log, out=out, err=err)


def cmd_coverage(args: argparse.Namespace) -> int:
    if args.ruleset is not None and args.ruleset not in FRONTENDS:
        hint = did_you_mean(args.ruleset, FRONTENDS)
        print(f"spellc: error: no ruleset is named {args.ruleset!r}" + (f"; {hint[0][6:]}" if hint else "")
              + f" (the rulesets: {', '.join(FRONTENDS)})", file=sys.stderr)
        return 2
    tests = project_root() / "tests"
    fronts = [f for name, f in FRONTENDS.items() if args.ruleset in (None, name)]
    rows = [row for f in fronts for row in f.coverage(tests)]
    if args.json:
        print(json.dumps([r.json() for r in rows], indent=2))
    else:
        print(coverage.table(rows))
    for problem in (p for f in fronts for p in f.unknown_citations(tests)):
        print(f"spellc: warning: {problem}", file=sys.stderr)
    if args.fail_under is not None and coverage.percent_supported(rows) < args.fail_under:
        print(f"spellc: {coverage.percent_supported(rows):.1f}% of the glossary's rules are supported, "
              f"below --fail-under {args.fail_under:g}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="spellc", description="Compile spell cards into engine code and a "
                                     "rules reference site, and play scripted matches.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="compile cards_src/ into generated/ and site/docs/",
                       description="Compile every card under cards_src/ into generated/*.py and the site's "
                       "spell and glossary pages. Nothing is written if any card has an error.")
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("check", help="check card sources and report every problem",
                       description="Parse and check .spell files (or folders of them); exit 1 on any error.")
    p.add_argument("paths", nargs="*", help="files or folders (default: cards_src/)")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("play", help="replay a scripted match by the rules",
                       description="Replay a scenario file round by round and print each round's summary.")
    p.add_argument("file", help="a .scenario file")
    p.add_argument("--json", action="store_true", help="print one JSON document with a snapshot per round")
    p.add_argument("--log", action="store_true", help="print the match's log, line by line, as the rules ran")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("coverage", help="report which glossary terms the engine plays and the tests show",
                       description="One row per glossary term of each ruleset (engine/rulesets/*/glossary.toml): "
                       "supported (the ruleset's registry binds its behaviour and a test of the ruleset cites it "
                       "with @pytest.mark.rule), unsupported (and "
                       "what is missing) or not a rule (lore). Exits 0: it is a report, unless --fail-under "
                       "is given.")
    p.add_argument("--json", action="store_true", help="print the rows as one JSON list")
    p.add_argument("--ruleset", metavar="NAME", help="only this ruleset's glossary (default: every ruleset's)")
    p.add_argument("--fail-under", type=float, metavar="PERCENT",
                   help="exit 1 when fewer than PERCENT %% of the terms that are rules (lore left out) are "
                   "supported")
    p.set_defaults(func=cmd_coverage)
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `spellc play ... | head`: the reader left; nothing more to say
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
