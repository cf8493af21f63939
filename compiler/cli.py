"""`spellc`: new, build, check, play, site, coverage, fmt, lsp and completion. This module reads the command
line and imports nothing else until a command runs (:mod:`spellc.compiler.commands`): `spellc --help` answers
at once.

Its conventions are those of ruff, cargo and mypy: ``--version``; exit status 0 (nothing found), 1 (findings)
or 2 (the command line is wrong, argparse's); ``-`` for standard input; diagnostics in colour on a terminal
only, as ``NO_COLOR`` and ``FORCE_COLOR`` say; machine-readable output on request; shell completion."""

from __future__ import annotations

import argparse
import sys

from spellc.compiler.terminal import colour_wanted


def project_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--project", metavar="DIR", help="the project (a folder holding spellc.toml, or the file "
                   "itself) instead of the nearest one above the current folder")


def stdin_filename_option(p: argparse.ArgumentParser, help: str) -> None:
    p.add_argument("--stdin-filename", metavar="PATH", help=f"with -: {help}")


def outside_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--allow-outside-outputs", action="store_true", help="build into output folders that resolve "
                   "outside the project (through '..', an absolute path or a link): refused otherwise, since a "
                   "build removes from its outputs the files it wrote and no longer makes")


EXIT_STATUS = """\
exit status:
  0    nothing wrong was found
  1    findings: an error in a card, a scenario or a manifest, a replay that failed, a file that
       would be reformatted (fmt --check, fmt --diff), a build or site that could not be made;
       or nothing to work on (no project, no such file, a glob or folder without scenarios)
  2    usage: the command line is wrong (an unknown command or option, a missing argument)
  130  interrupted (Ctrl-C)

Colour: diagnostics are coloured on a terminal only; NO_COLOR=1 turns colour off, FORCE_COLOR=1 on
(even when piped). Completion: eval "$(spellc completion bash)" (or zsh, or fish: see spellc completion -h).
Builds: spellc build hands its work to a build server of yours, which keeps it for the next (spellc server -h).
"""


SERVER_NOTES = """\
SPELLC_SERVER=off       build in each command's own process (also: spellc build --no-server)
SPELLC_SERVER=on        use a server even in CI (where the CI variable is set, there is none by default)
SPELLC_SERVER_IDLE=SEC  how long a server waits for a build before it exits (default 1800)
"""


class Version(argparse.Action):
    """``--version``: the installed distribution's version, looked up only when asked for (reading the
    distribution's metadata takes 25 ms, which every other run would pay)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from importlib.metadata import version  # noqa: PLC0415  (only for --version: see the docstring)

        print(f"spellc {version('spellc')}")
        parser.exit()


def command_line() -> argparse.ArgumentParser:
    """The parser of spellc's command line: every command, option and help text (shell completion reads it)."""
    parser = argparse.ArgumentParser(prog="spellc", description="Compile spell cards into engine code and a "
                                     "rules reference site, and play scripted matches.", epilog=EXIT_STATUS,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=Version, help="print spellc's version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
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
    p.add_argument("--no-server", action="store_true", help="build in this process, not in the build server "
                   "(which keeps the last build's work in memory: see spellc server -h)")
    p.set_defaults(command_function="cmd_build")
    p = sub.add_parser("check", help="check card sources and report every problem",
                       description="Parse and check .spell files (or folders of them), each by the ruleset of "
                       "its project; exit 1 on any error. `spellc check -` checks one card file read from "
                       "standard input, named <stdin>, by the ruleset of the project of the current folder (or "
                       "--project).")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders, or - for standard input "
                   "(default: the project's cards)")
    p.add_argument("--output-format", choices=("text", "json", "sarif"), default="text",
                   help="text: as a compiler writes them, to standard error (the default); json: one JSON "
                   "object per diagnostic and per line (JSON Lines, as mypy's -O json: each line parses alone, "
                   "so a tool can read them as they come or grep them) with file, line, column, end_line, "
                   "end_column, code, severity, message, suggestion (the help: note, or null) and notes, to "
                   "standard output; sarif: one SARIF 2.1.0 log, for code-scanning services to show inline")
    p.add_argument("--json", action="store_const", const="json", dest="output_format",
                   help="the same as --output-format json")
    stdin_filename_option(p, "the card file standard input stands for (its folder chooses the project; "
                          "diagnostics name it); default: <stdin>, of the current folder's project")
    project_option(p)
    p.set_defaults(command_function="cmd_check")
    p = sub.add_parser("play", help="replay scripted matches by the rules",
                       description="Replay scenario files by the rules of their projects, against each project's "
                       "cards as their sources say now (compiled in memory, once per project: never a stale "
                       "build). One file: each round's summary (or --json, or --log). Several, globs or "
                       "folders: each file's last line, then how many scenarios were played and how many "
                       "failed; exit 1 if any failed.")
    p.add_argument("files", nargs="+", metavar="FILE", help="a .scenario file, a glob of them (quoted, "
                   "'scenarios/*.scenario', or expanded by the shell) or a folder of them")
    project_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON document with a snapshot per round (with "
                   "several files: one line per file, {\"file\": ..., \"exit\": 0 or 1, \"replay\": the document})")
    p.add_argument("--log", action="store_true", help="print the match's log, line by line, as the rules ran (with "
                   "several files: each under a ==> file <== header)")
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
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the project's cards and "
                   "scenarios), or - to format standard input onto standard output")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is not formatted")
    p.add_argument("--diff", action="store_true", help="write nothing; print what would change as a diff and exit "
                   "1 if a file is not formatted")
    stdin_filename_option(p, "the file standard input stands for (its suffix, .spell or .scenario, chooses the "
                          "grammar; its folder, the project; diagnostics name it); default: a card, named <stdin>, "
                          "of the current folder's project")
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
    p = sub.add_parser("sim", help="play a study of a project's cards: players in a round robin, with rates",
                       description="Play the study a *.sim.toml file declares (its players, matches per pairing, "
                       "seed, and its entries: what each seat plays with) with the cards of its project: every two "
                       "players (or entries) meet in matches the ruleset sets up from the project's cards, changing "
                       "seats each match, on every core or a Ray cluster with the same results whatever their "
                       "number. Per pairing: win, draw and loss rates with 95% Wilson intervals, the first seat's "
                       "advantage, matches at the round cap, match lengths. Per card: how often it was cast, a "
                       "seat's win rate when it cast it and when it only held it, and the cards that stand out "
                       "beyond chance. Every match is kept in a results file beside the study.")
    p.add_argument("study", metavar="STUDY", nargs="?", help="the study file (*.sim.toml); left out, the project's "
                   "one study (in its studies folder)")
    p.add_argument("--workers", metavar="N", help="processes to play on (default: every core); with --backend ray "
                   "and no --address, the CPUs of the Ray instance started here")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="where the matches are played: this "
                   "machine's cores (local, the default) or a Ray cluster (ray: pip install 'spellc[ray]'); the same "
                   "seed gives the same results on either")
    p.add_argument("--address", metavar="ADDR", help="with --backend ray: the cluster to join (ray://HOST:10001, or "
                   "auto on one of its nodes); without it, a Ray instance of this machine is started for the study")
    p.add_argument("--json", action="store_const", const="json", dest="output", default="text",
                   help="print the results as one JSON document")
    p.add_argument("--csv", action="store_const", const="csv", dest="output",
                   help="print the results as CSV, a row per pairing (each rate with its interval)")
    p.add_argument("--against", metavar="REV|RESULTS", help="then say what changed: each pairing's win rate and "
                   "each card's, against the same study played on the same seeds with the cards of REV (a git "
                   "revision of the project, such as HEAD or main~3) or against the last run in RESULTS (a results "
                   "file, such as the study's own) played with other cards; a two-proportion test each, adjusted "
                   "for the rates compared")
    p.add_argument("--resume", action="store_true", help="finish the study's last run (one interrupted or killed): "
                   "play only the matches its results file lacks")
    project_option(p)
    p.set_defaults(command_function="cmd_sim")
    p = sub.add_parser("server", help="show or stop the build server that `spellc build` hands its builds to",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="`spellc build` hands its build to a process of yours that stays after it, with "
                       "what the build checked and drew in memory: the build after an edit then redoes only what "
                       "the edit changed. It is started by the first build that has work to do and exits after "
                       "30 minutes without a build, or when spellc is updated.", epilog=SERVER_NOTES)
    p.add_argument("action", choices=("status", "stop"), help="status: whether one runs, its process and memory; "
                   "stop: make it exit")
    p = sub.add_parser("lsp", help="run the language server (for editors) over stdio",
                       description="Serve the Language Server Protocol on stdin and stdout: diagnostics as you "
                       "type, completion, hover, go to definition, document symbols and formatting, for the cards "
                       "and scenarios of every ruleset. See editors/README.md.")
    p.set_defaults(command_function="cmd_lsp")
    p = sub.add_parser("completion", help="print a shell's completion script for spellc",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Print the script that completes spellc's commands, options and files in "
                       "SHELL.", epilog='bash: eval "$(spellc completion bash)" in ~/.bashrc\n'
                       'zsh:  spellc completion zsh > "${fpath[1]}/_spellc" (then restart zsh)\n'
                       "fish: spellc completion fish > ~/.config/fish/completions/spellc.fish")
    p.add_argument("shell", choices=("bash", "zsh", "fish"), help="the shell")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = command_line()
    args = parser.parse_args(argv)
    if args.command == "completion":  # the parser itself is all it needs
        from spellc.compiler import completion  # noqa: PLC0415  (a subcommand's module: loaded only when it runs)

        print(completion.script(parser, args.shell), end="")
        return 0
    if args.command == "server":
        from spellc.compiler import build_client  # noqa: PLC0415  (sockets and JSON: for the server only)

        return build_client.control(args.action, sys.stdout)
    colour = args.command != "lsp" and colour_wanted(sys.stderr)
    if args.command_function == "cmd_build":
        from spellc.compiler import build_client  # noqa: PLC0415  (sockets and JSON: for a build only)

        code = build_client.before_loading(args.project, args.allow_outside_outputs, args.no_server, colour)
        if code is not None:
            return code
    return run(args, colour)


def run(args: argparse.Namespace, colour: bool) -> int:
    """The command ``args`` chose, run in this process (or in a build server, for the command that asked it);
    its diagnostics coloured if ``colour``."""
    # The commands, and all they need, load once a command is chosen: not for --help or a usage error.
    from spellc.compiler import commands  # noqa: PLC0415
    from spellc.compiler.project import ProjectError  # noqa: PLC0415

    stderr = sys.stderr
    if colour:
        from spellc.compiler import colour as painting  # noqa: PLC0415  (rich: only for a terminal, see colour_wanted)

        sys.stderr = painting.Painted(stderr)  # whatever a command writes there, however deep
    try:
        code: int = getattr(commands, args.command_function)(args)
    except ProjectError as err:
        print(err.render(), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `spellc play ... | head`: the reader left; nothing more to say
        stderr.close()
        return 0
    finally:
        painted, sys.stderr = sys.stderr, stderr
        if painted is not stderr and not stderr.closed:
            painted.flush()
    return code


if __name__ == "__main__":
    sys.exit(main())
