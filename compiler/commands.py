"""The commands of `spellc` (:mod:`spellc.compiler.cli` reads the command line and calls one of them). Never a
traceback for bad input: diagnostics instead. Every command works on the card project nearest above the current
folder (or the file it is given), or on the one ``--project`` names (:mod:`spellc.compiler.project`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from spellc.compiler import coverage
from spellc.compiler.build import (
    FRONTENDS,
    TESTS,
    CardErrors,
    build_reported,
    compile_sources,
    library,
    plural,
    projects,
)
from spellc.compiler.diagnostics import Diagnostics, did_you_mean, write_text
from spellc.compiler.project import Project, create, locate, project_of
from spellc.compiler.source import SourceFile, Undecodable, read_regular, shown_path
from spellc.engine.rulesets import RULESETS


def explicit(args: argparse.Namespace) -> Path | None:
    return Path(args.project) if getattr(args, "project", None) else None


def cmd_new(args: argparse.Namespace) -> int:
    folder = Path(args.path)
    written = create(folder, args.ruleset)
    for path in written:
        print(f"  {shown_path(path, Path.cwd())}")
    print(f"spellc: created a card project of {RULESETS[args.ruleset].title} in {folder}; try: cd {folder} && "
          "spellc play scenarios/sample.scenario")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    target = locate(Path.cwd(), explicit(args))
    start = time.perf_counter()
    built = build_reported(target, sys.stderr, allow_outside=args.allow_outside_outputs)
    if built is None:
        return 1
    elapsed = time.perf_counter() - start
    if built.reused:
        print(f"spellc: nothing changed since the last build ({built.counts()} from {plural(built.files, 'file')}): "
              f"nothing written, in {elapsed:.2f}s")
        return 0
    written = ", ".join(sorted({os.path.relpath(out) for p in projects(target) for out in p.outputs}))
    print(f"spellc: compiled {built.counts()} from {plural(built.files, 'file')} into {written} in {elapsed:.2f}s")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths]
    if not paths:
        paths = [p.cards for p in projects(locate(Path.cwd(), explicit(args)))]
    missing = [p for p in paths if not p.exists()]
    for p in missing:
        print(f"spellc: error: no such file or folder: {p}", file=sys.stderr)
    built = compile_sources([p for p in paths if p.exists()], Path.cwd(), explicit(args))
    if built.diagnostics.items:
        print(built.diagnostics.render(), file=sys.stderr)
    if not built.ok or missing:
        return 1
    print(f"spellc: {built.counts() or 'no cards'} in {plural(built.files, 'file')}: no errors")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not path.is_file():
        print(f"spellc: error: no such scenario file: {path}", file=sys.stderr)
        return 1
    project = project_of(path.parent, explicit(args))  # the folder's: the file may be a link out of the project
    try:
        data = read_regular(project.own(path))
    except OSError as err:
        print(f"spellc: error: cannot read {path}: {err.strerror}", file=sys.stderr)
        return 1
    return play(data, shown_path(path, Path.cwd()), project=project, json_out=args.json, log=args.log)


def play(data: bytes, shown: str, *, project: Project, json_out: bool = False, log: bool = False,
         out: TextIO | None = None, err: TextIO | None = None) -> int:
    """`spellc play` on a scenario's bytes, against ``project``'s cards as its sources say now (compiled in
    memory): the replay to ``out``, diagnostics to ``err``; 0 or 1. The fuzz test calls this in-process: it
    is the whole command but for reading the file."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        source = SourceFile.decode(shown, data)
    except Undecodable as bad:
        diags = Diagnostics()
        diags.error("E000", bad.message, bad.span, "help: save the file as UTF-8")
        write_text(err, diags.render())
        return 1
    try:
        cards = library(project)
    except CardErrors as bad:
        write_text(err, bad.diagnostics.render())
        write_text(err, "spellc: cannot play: the project's cards have errors (see above)")
        return 1
    return FRONTENDS[project.ruleset.name].play(source, cards=cards, json_out=json_out, log=log, out=out, err=err)


def cmd_fmt(args: argparse.Namespace) -> int:
    from spellc.compiler import formatter  # noqa: PLC0415  (a subcommand's module: loaded only when it runs)

    paths = [Path(p) for p in args.paths]
    if not paths:
        target = locate(Path.cwd(), explicit(args))
        paths = list(dict.fromkeys(folder for p in projects(target) for folder in (p.cards, p.scenarios)
                                   if folder.is_dir()))
    return formatter.run(paths, check=args.check, diff=args.diff, out=sys.stdout, err=sys.stderr,
                         explicit=explicit(args))


def cmd_lsp(args: argparse.Namespace) -> int:
    from spellc.compiler import language_server  # noqa: PLC0415  (a subcommand's module: loaded only when it runs)

    return language_server.serve()


def cmd_site(args: argparse.Namespace) -> int:
    from spellc.compiler import site_command  # noqa: PLC0415  (a subcommand's module: mkdocs loads only when it runs)

    target = locate(Path.cwd(), explicit(args))
    if args.serve:
        return site_command.serve_site(target, args.dev_addr, allow_outside=args.allow_outside_outputs,
                                       trust=args.trust_config)
    return site_command.build_site(target, allow_outside=args.allow_outside_outputs, trust=args.trust_config)


def cmd_coverage(args: argparse.Namespace) -> int:
    if args.ruleset is not None and args.ruleset not in FRONTENDS:
        hint = did_you_mean(args.ruleset, FRONTENDS)
        print(f"spellc: error: no ruleset is named {args.ruleset!r}" + (f"; {hint[0][6:]}" if hint else "")
              + f" (the rulesets: {', '.join(FRONTENDS)})", file=sys.stderr)
        return 2
    tests = TESTS
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
