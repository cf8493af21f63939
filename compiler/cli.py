"""`spellc`: new, build, check, play, site, coverage, fmt and lsp. Never prints a traceback for bad input:
diagnostics instead. Every command works on the card project nearest above the current folder (or the file
it is given), or on the one ``--project`` names (compiler.project)."""

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
from spellc.compiler.project import Project, ProjectError, create, locate, project_of
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


def project_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--project", metavar="DIR", help="the project (a folder holding spellc.toml, or the file "
                   "itself) instead of the nearest one above the current folder")


def outside_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--allow-outside-outputs", action="store_true", help="build into output folders that resolve "
                   "outside the project (through '..', an absolute path or a link): refused otherwise, since a "
                   "build removes from its outputs the files it wrote and no longer makes")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="spellc", description="Compile spell cards into engine code and a "
                                     "rules reference site, and play scripted matches.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("new", help="create a card project", description="Create a card project in PATH (a new "
                       "or empty folder): a spellc.toml naming its ruleset and folders, a sample card, a sample "
                       "scenario and a README.")
    p.add_argument("path", metavar="PATH", help="the project's folder")
    p.add_argument("--ruleset", required=True, metavar="NAME", help="the game its cards are written for")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("build", help="compile a project's cards into its python and site folders",
                       description="Compile every card of the project (the nearest spellc.toml above the current "
                       "folder, or --project) into its compiled cards and reference pages; a workspace builds "
                       "each of its projects and its home page. Nothing is written if any card has an error.")
    project_option(p)
    outside_option(p)
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("check", help="check card sources and report every problem",
                       description="Parse and check .spell files (or folders of them), each by the ruleset of "
                       "its project; exit 1 on any error.")
    p.add_argument("paths", nargs="*", help="files or folders (default: the project's cards)")
    project_option(p)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("play", help="replay a scripted match by the rules",
                       description="Replay a scenario file by the rules of its project, against the project's "
                       "cards as their sources say now (compiled in memory: never a stale build), and print "
                       "each round's summary.")
    p.add_argument("file", help="a .scenario file")
    project_option(p)
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
    p = sub.add_parser("fmt", help="format .spell and .scenario files canonically",
                       description="Rewrite .spell and .scenario files (or folders of them; by default the "
                       "project's cards and scenarios) in their canonical layout, every comment kept and nothing "
                       "they mean changed. A file that does not parse is reported and left as it is.")
    p.add_argument("paths", nargs="*", help="files or folders (default: the project's cards and scenarios)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is not formatted")
    p.add_argument("--diff", action="store_true", help="write nothing; print what would change as a diff")
    project_option(p)
    p.set_defaults(func=cmd_fmt)
    p = sub.add_parser("site", help="build the project's cards and then its reference site (mkdocs)",
                       description="Build the project's cards (as `spellc build`), then the site its mkdocs.yml "
                       "describes, strictly: a broken link or any warning fails it. With --serve, serve the site "
                       "with live reload and rebuild it whenever a card file changes.")
    p.add_argument("--serve", action="store_true", help="serve the site and rebuild it as the cards change")
    p.add_argument("--trust-config", action="store_true", help="let mkdocs do what the project's mkdocs.yml says "
                   "even where spellc refuses it by default (hooks, other plugins and extensions, INHERIT, a site_dir "
                   "outside the project): for a project you trust")
    p.add_argument("--dev-addr", metavar="HOST:PORT", help="where --serve listens (default: mkdocs's, "
                   "127.0.0.1:8000)")
    project_option(p)
    outside_option(p)
    p.set_defaults(func=cmd_site)
    p = sub.add_parser("lsp", help="run the language server (for editors) over stdio",
                       description="Serve the Language Server Protocol on stdin and stdout: diagnostics as you "
                       "type, completion, hover, go to definition, document symbols and formatting, for the cards "
                       "and scenarios of every ruleset. See editors/README.md.")
    p.set_defaults(func=cmd_lsp)
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except ProjectError as err:
        print(err.render(), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `spellc play ... | head`: the reader left; nothing more to say
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
