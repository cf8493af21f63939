"""The commands of `spellc` (:mod:`spellc.compiler.cli` reads the command line and calls one of them). Never a
traceback for bad input: diagnostics instead. Every command works on the card project nearest above the current
folder (or the file it is given), or on the one ``--project`` names (:mod:`spellc.compiler.project`)."""

from __future__ import annotations

import argparse
import glob
import importlib.util
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from spellc.compiler import coverage, journal
from spellc.compiler.build import (
    FRONTENDS,
    TESTS,
    Build,
    CardErrors,
    build_reported,
    checked_library,
    compile_sources,
    library,
    plural,
    projects,
)
from spellc.compiler.diagnostics import Diagnostics, did_you_mean, sarif_log, write_text
from spellc.compiler.new_project import create
from spellc.compiler.project import SCENARIO_SUFFIX, Project, ProjectError, locate, project_of, source_files
from spellc.compiler.source import SourceFile, Undecodable, number, read_regular, shown_path
from spellc.compiler.study_files import the_study
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
        print(journal.nothing_changed(built.counts(), built.files, elapsed))
        return 0
    written = ", ".join(sorted({os.path.relpath(out) for p in projects(target) for out in p.outputs}))
    print(f"spellc: compiled {built.counts()} from {plural(built.files, 'file')} into {written} in {elapsed:.2f}s")
    return 0


STDIN = "-"


def cmd_check(args: argparse.Namespace) -> int:
    if STDIN in args.paths and len(args.paths) > 1:
        print("spellc: error: - (standard input) is checked alone: name no other path with it", file=sys.stderr)
        return 2
    scenarios = Diagnostics()
    try:
        if args.paths == [STDIN]:
            built, found, checked = *check_stdin(args), 0
        else:
            built, found = check_paths(args)
            checked = check_scenarios(args, scenarios)
    except ProjectError as err:
        if args.output_format == "text" or not err.diagnostics.items:
            raise
        report(err.diagnostics, args.output_format)  # a manifest's mistakes, located: as the cards' are
        return 1
    diagnostics = Diagnostics([*built.diagnostics.items, *scenarios.items])
    if args.output_format != "text":
        report(diagnostics, args.output_format)
    elif diagnostics.items:
        print(diagnostics.render(), file=sys.stderr)
    if not built.ok or scenarios.has_errors or not found:
        return 1
    if args.output_format == "text":
        also = f" and {plural(checked, 'scenario')}" if checked else ""
        print(f"spellc: {built.counts() or 'no cards'} in {plural(built.files, 'file')}{also}: no errors")
    return 0


def check_paths(args: argparse.Namespace) -> tuple[Build, bool]:
    """The cards under ``args.paths`` (default: the project's), checked; and whether every path was there."""
    paths = [Path(p) for p in args.paths]
    if not paths:
        paths = [p.cards for p in projects(locate(Path.cwd(), explicit(args)))]
    missing = [p for p in paths if not p.exists()]
    for p in missing:
        print(f"spellc: error: no such file or folder: {p}", file=sys.stderr)
    cards = [p for p in paths if p.exists() and not (p.suffix == SCENARIO_SUFFIX and p.is_file())]
    return compile_sources(cards, Path.cwd(), explicit(args)), not missing


def check_scenarios(args: argparse.Namespace, diags: Diagnostics) -> int:
    """Check, as written (their lines, not yet their replay), the scenarios ``args.paths`` names or holds
    (default: every project's scenarios folder), each in its project's language; how many were read."""
    paths = [Path(p) for p in args.paths]
    if not paths:
        paths = [p.scenarios for p in projects(locate(Path.cwd(), explicit(args))) if p.scenarios.is_dir()]
    files = [f for p in paths if p.exists() for f in (sorted(source_files(p, SCENARIO_SUFFIX)) if p.is_dir()
                                                       else [p] if p.suffix == SCENARIO_SUFFIX else [])]
    cards: dict[Path, Any] = {}  # each project's compiled cards, compiled once for all its scenarios
    for file in files:
        project = project_of(file.parent, explicit(args))
        shown = shown_path(file, Path.cwd())
        try:
            source = SourceFile.decode(shown, read_regular(project.own(file)))
        except Undecodable as bad:
            diags.error("E000", bad.message, bad.span, "help: save the file as UTF-8")
            continue
        except OSError as err:
            raise ProjectError(f"cannot read {shown}: {err.strerror}") from err
        if project.root not in cards:
            cards[project.root] = checked_library(project)
        diags.extend(FRONTENDS[project.ruleset.name].scenario_diagnostics(source, cards[project.root]).items)
    return len(files)


def check_stdin(args: argparse.Namespace) -> tuple[Build, bool]:
    """`spellc check -`: one card file read from standard input, by the ruleset of the project of the current
    folder (or of the file ``--stdin-filename`` names, or ``--project``), checked alone as a named file is."""
    name = args.stdin_filename or "<stdin>"
    project = project_of(Path.cwd() / args.stdin_filename if args.stdin_filename else Path.cwd(), explicit(args))
    try:
        sources = [SourceFile.decode(name, sys.stdin.buffer.read())]
    except Undecodable as bad:
        compiled = FRONTENDS[project.ruleset.name].compile_texts([])
        compiled.diagnostics.error("E000", bad.message, bad.span, "help: save the file as UTF-8")
        return Build({project: compiled}), True
    return Build({project: FRONTENDS[project.ruleset.name].compile_texts(sources)}), True


def report(diagnostics: Diagnostics, output_format: str) -> None:
    """The diagnostics on standard output, for tools: JSON Lines (one object per diagnostic), or a SARIF log."""
    from importlib.metadata import version  # noqa: PLC0415  (25 ms, for the SARIF log's tool version only)

    if output_format == "json":
        for d in diagnostics.sorted():
            print(json.dumps(d.json()))
    else:
        print(json.dumps(sarif_log(diagnostics.items, version("spellc")), indent=2))


def cmd_play(args: argparse.Namespace) -> int:
    if len(args.files) == 1 and not os.path.isdir(args.files[0]) and not glob.has_magic(args.files[0]):
        return play_file(Path(args.files[0]), args, sys.stdout)  # one file: its replay, whole
    files, unmatched = scenario_files(args.files)
    for pattern in unmatched:
        print(f"spellc: error: no scenario file matches {pattern}", file=sys.stderr)
    failed = 0
    for path in files:
        shown = shown_path(path, Path.cwd())
        sys.stdout.flush()  # the replay's diagnostics, on standard error, come after the lines before them
        out = io.StringIO()
        try:
            code = play_file(path, args, out)
        except ProjectError as err:  # this file's project: the others are played all the same
            print(err.render(), file=sys.stderr)
            code = 1
        failed += code != 0
        print(replayed(shown, code, out.getvalue(), args))
    summary = f"spellc: {plural(len(files), 'scenario')}, {failed} failed"
    print(summary, file=sys.stderr if args.json else sys.stdout)  # --json: standard output holds JSON alone
    return 1 if failed or unmatched else 0


def scenario_files(patterns: list[str]) -> tuple[list[Path], list[str]]:
    """The scenario files that ``patterns`` name (a file, a glob, a folder searched for ``*.scenario``), in the
    order given, each once; and the globs and folders that named none (a typo would otherwise pass unseen)."""
    found: list[Path] = []
    unmatched: list[str] = []
    for pattern in patterns:
        named = [pattern] if os.path.exists(pattern) or not glob.has_magic(pattern) else sorted(glob.glob(pattern))
        files = [file for name in map(Path, named)
                 for file in (sorted(source_files(name, SCENARIO_SUFFIX)) if name.is_dir() else [name])]
        if not files:
            unmatched.append(pattern)
        found += files
    return list(dict.fromkeys(found)), unmatched


def replayed(shown: str, code: int, out: str, args: argparse.Namespace) -> str:
    """What `spellc play` prints of one of several scenarios: its last line (or its JSON document on a line, or
    its log under a header)."""
    if args.json:
        try:
            document = json.loads(out)
        except json.JSONDecodeError:  # it stopped before it printed one
            document = None
        return json.dumps({"file": shown, "exit": code, "replay": document})
    if args.log:
        return f"==> {shown} <==\n{out.rstrip()}\n"
    last = out.rstrip().rpartition("\n")[2]
    return f"{shown}: {last}" if code == 0 else f"{shown}: failed"  # why: on standard error, located


def play_file(path: Path, args: argparse.Namespace, out: TextIO) -> int:
    """`spellc play FILE`: its replay to ``out`` (whole), its problems to standard error; 0 or 1."""
    if not path.is_file():
        print(f"spellc: error: no such scenario file: {path}", file=sys.stderr)
        return 1
    project = project_of(path.parent, explicit(args))  # the folder's: the file may be a link out of the project
    try:
        data = read_regular(project.own(path))
    except OSError as err:
        print(f"spellc: error: cannot read {path}: {err.strerror}", file=sys.stderr)
        return 1
    return play(data, shown_path(path, Path.cwd()), project=project, json_out=args.json, log=args.log, out=out)


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

    if STDIN in args.paths:
        if len(args.paths) > 1:
            print("spellc: error: - (standard input) is formatted alone: name no other path with it",
                  file=sys.stderr)
            return 2
        return formatter.run_stdin(sys.stdin.buffer.read(), filename=args.stdin_filename, check=args.check,
                                   diff=args.diff, out=sys.stdout, err=sys.stderr, explicit=explicit(args))
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


MOST_WORKERS = 1024


def cmd_sim(args: argparse.Namespace) -> int:
    from spellc.compiler import sim  # noqa: PLC0415  (a subcommand's module: the players load only when it runs)

    try:
        workers = number(args.workers) if args.workers is not None else None
    except ValueError:
        workers = 0
    if workers is not None and not 1 <= workers <= MOST_WORKERS:
        print(f"spellc: error: --workers is a whole number from 1 to {MOST_WORKERS}, not {args.workers!r}",
              file=sys.stderr)
        return 2
    if args.address is not None and args.backend != "ray":
        print("spellc: error: --address names a Ray cluster: it goes with --backend ray", file=sys.stderr)
        return 2
    backend = sim.Backend(args.backend, workers, args.address)
    study = Path(args.study) if args.study is not None else _study_here(args)
    return sim.simulate(study, explicit(args), backend, args.output, sys.stdout, sys.stderr, args.resume,
                        args.against)


def _study_here(args: argparse.Namespace) -> Path:
    """The study `spellc sim` plays when none is named: the one of the project it runs in."""
    target = locate(Path.cwd(), explicit(args))
    if not isinstance(target, Project):
        raise ProjectError(f"{shown_path(target.root, Path.cwd())} is a workspace of {len(target.members)} projects: "
                           "name the study file to play")
    return the_study(target)


def cmd_site(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("yaml") is None:
        print("spellc: error: spellc site needs MkDocs, an optional extra: pip install 'spellc[docs]' (spellc build "
              "writes the pages without it)", file=sys.stderr)
        return 1
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
