"""The `spellc` command as it starts. `spellc build` as it is most often run, with no options (from make, a hook, an
editor's save), goes to the build server, or to the last build's journal, before the command line's parser loads:
loading argparse and making the parser were a third of such a build's 40 ms. Every other command line is read by
:mod:`spellc.compiler.cli`. Nothing but the standard library's ``os`` and ``sys`` loads here; the rest as it is
needed."""

from __future__ import annotations

import sys

from spellc.compiler.terminal import colour_wanted


def main() -> int:
    if sys.argv[1:] != ["build"]:
        from spellc.compiler import cli  # noqa: PLC0415  (argparse and the parser: for any other line, see above)

        return cli.main()
    from spellc.compiler import build_client  # noqa: PLC0415  (sockets and JSON: for a build only)

    colour = colour_wanted(sys.stderr)
    code = build_client.before_loading(None, allow_outside=False, no_server=False, colour=colour)
    if code is not None:
        return code
    from spellc.compiler import cli  # noqa: PLC0415

    return cli.run(cli.command_line().parse_args(["build"]), colour)  # no server could, and the journal did not answer


if __name__ == "__main__":
    sys.exit(main())
