"""`spellc completion SHELL`: the script that completes spellc's command line in bash, zsh or fish, made by
shtab from the parser itself (:func:`spellc.compiler.cli.command_line`), so that a new command or option is
completed the day it is added. Each argument completes to what it reads: card files, scenario files, folders,
the rulesets' names."""

from __future__ import annotations

import argparse

import shtab

from spellc.engine.rulesets import RULESETS

# Each positional argument or option, by command and destination, and what it completes to (a folder is
# offered too, to go down into).
COMPLETES: dict[tuple[str, str], shtab.CompleteType] = {
    ("new", "path"): shtab.DIRECTORY,
    ("check", "paths"): shtab.glob("*.spell"),
    ("play", "files"): shtab.glob("*.scenario"),
    ("fmt", "paths"): shtab.glob("*.spell", "*.scenario"),
    ("fmt", "stdin_filename"): shtab.glob("*.spell", "*.scenario"),
}


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The parser of each command, by its name."""
    return {name: sub for action in parser._actions if isinstance(action, argparse._SubParsersAction)
            for name, sub in action.choices.items()}


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser``'s command line for ``shell`` (bash, zsh or fish)."""
    for name, command in commands(parser).items():
        for action in command._actions:
            if action.dest == "project":
                action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]  # shtab reads this attribute
            elif action.dest == "ruleset":
                action.choices = list(RULESETS)  # offered; the command says which it knows when one is wrong
            elif (name, action.dest) in COMPLETES:
                action.complete = COMPLETES[name, action.dest]  # type: ignore[attr-defined]
    return str(shtab.complete(parser, shell=shell))
