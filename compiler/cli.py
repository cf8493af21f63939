"""`spellc`: new, build, check, play, site, coverage, fmt and lsp. This module reads the command line and
imports nothing else until a command runs (:mod:`spellc.compiler.commands`): `spellc --help` answers at once."""

from __future__ import annotations

import argparse
import sys


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
    p.set_defaults(command_function="cmd_new")
    p = sub.add_parser("build", help="compile a project's cards into its python and site folders",
                       description="Compile every card of the project (the nearest spellc.toml above the current "
                       "folder, or --project) into its compiled cards and reference pages; a workspace builds "
                       "each of its projects and its home page. Nothing is written if any card has an error.")
    project_option(p)
    outside_option(p)
    p.set_defaults(command_function="cmd_build")
    p = sub.add_parser("check", help="check card sources and report every problem",
                       description="Parse and check .spell files (or folders of them), each by the ruleset of "
                       "its project; exit 1 on any error.")
    p.add_argument("paths", nargs="*", help="files or folders (default: the project's cards)")
    project_option(p)
    p.set_defaults(command_function="cmd_check")
    p = sub.add_parser("play", help="replay a scripted match by the rules",
                       description="Replay a scenario file by the rules of its project, against the project's "
                       "cards as their sources say now (compiled in memory: never a stale build), and print "
                       "each round's summary.")
    p.add_argument("file", help="a .scenario file")
    project_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON document with a snapshot per round")
    p.add_argument("--log", action="store_true", help="print the match's log, line by line, as the rules ran")
    p.set_defaults(command_function="cmd_play")
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
    p.set_defaults(command_function="cmd_coverage")
    p = sub.add_parser("fmt", help="format .spell and .scenario files canonically",
                       description="Rewrite .spell and .scenario files (or folders of them; by default the "
                       "project's cards and scenarios) in their canonical layout, every comment kept and nothing "
                       "they mean changed. A file that does not parse is reported and left as it is.")
    p.add_argument("paths", nargs="*", help="files or folders (default: the project's cards and scenarios)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is not formatted")
    p.add_argument("--diff", action="store_true", help="write nothing; print what would change as a diff")
    project_option(p)
    p.set_defaults(command_function="cmd_fmt")
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
    p.set_defaults(command_function="cmd_site")
    p = sub.add_parser("lsp", help="run the language server (for editors) over stdio",
                       description="Serve the Language Server Protocol on stdin and stdout: diagnostics as you "
                       "type, completion, hover, go to definition, document symbols and formatting, for the cards "
                       "and scenarios of every ruleset. See editors/README.md.")
    p.set_defaults(command_function="cmd_lsp")
    args = parser.parse_args(argv)
    # The commands, and all they need, load once a command is chosen: not for --help or a usage error.
    from spellc.compiler import commands  # noqa: PLC0415
    from spellc.compiler.project import ProjectError  # noqa: PLC0415

    try:
        code: int = getattr(commands, args.command_function)(args)
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
