"""What a scenario's replay gives a tool (`spellc play --json`), in one shape for every game (issue 28, item 2:
"the same ... --json shape (snapshots, log, expectations)"): the states the summary shows, the match's log, how
many expectations held, how the match ended (null while it has not), and where the script and the rules parted.
What each state holds is the game's own (its beings, entities or players, in its words)."""

from __future__ import annotations

from typing import Any

from spellc.engine.core.decisions import Outcome


def replay_json(*, snapshots: list[dict[str, Any]], log: list[str], checked: int, outcome: Outcome | None,
                stopped: dict[str, Any] | None = None, error: str | None = None) -> dict[str, Any]:
    """The replay as one JSON document; ``stopped``: the state where the script ended between two of its
    ``snapshots`` (a `stop` line, or its last line before a turn or round was over), if it did."""
    out: dict[str, Any] = {
        "snapshots": snapshots,
        "log": log,
        "expectations_checked": checked,
        "outcome": None if outcome is None else {"winner": outcome.winner, "draw": outcome.draw,
                                                 "incapacitated": list(outcome.incapacitated),
                                                 "reason": outcome.reason},
    }
    if stopped is not None:
        out["stopped"] = stopped
    if error is not None:
        out["error"] = error
    return out
