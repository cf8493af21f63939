"""Why the engine refused something: an illegal action names the rule it breaks."""

from __future__ import annotations

from dataclasses import dataclass


class EngineError(Exception):
    """Base for errors the engine reports to a player, a scenario or a tool."""


class IllegalAction(EngineError):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} (rule: {rule})")
        self.rule = rule
        self.message = message


class Unsupported(EngineError):
    """A rule of the seed the engine cannot play yet: never silently ignored."""

    def __init__(self, what: str, card: str | None = None) -> None:
        where = f" on '{card}'" if card else ""
        super().__init__(f"the engine cannot play '{what}'{where} yet")
        self.what = what


class DeclarationError(EngineError):
    """A ruleset's declaration (its TOML tables) is malformed: the project's own bug, found at load."""


class ReplayError(EngineError):
    """Where a scripted match (a scenario) and the rules parted: what went wrong, the script's line, and the rule
    that refused it when one did."""

    def __init__(self, message: str, where: Where, rule: str | None = None,
                 unknown: tuple[str, tuple[str, ...]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.rule = rule
        self.unknown = unknown  # a name the script gave that the match has not, and the names it has


@dataclass(frozen=True, slots=True)
class Where:
    """A line of a script (a scenario): where a replay that stops there says it stopped."""

    path: str
    line: int
    column: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class EntryError(EngineError):
    """A study's entry (what a seat plays with: whatever its ruleset deals a seat) that the rules do not allow: the
    field at fault, and why, in the rulebook's words."""

    def __init__(self, field: str, message: str, title: str | None = None) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.title = title  # the card at fault, where one is

    def __reduce__(self) -> tuple[type[EntryError], tuple[str, str, str | None]]:
        return EntryError, (self.field, self.message, self.title)  # a study's workers send it back whole
