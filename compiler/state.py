"""Where spellc keeps its state: this user's private folder ``$SPELLC_STATE``, else ``$XDG_STATE_HOME/spellc``,
else ``~/.local/state/spellc``. It holds the key that signs what builds leave in projects
(:mod:`spellc.compiler.trust`) and the sockets of build servers (:mod:`spellc.compiler.build_client`), which
looks for it as a command starts: through ``os`` alone."""

from __future__ import annotations

import os

from spellc.engine.core.folders import private_folder

STATE_ENV = "SPELLC_STATE"


def state_folder() -> str | None:
    """This user's private folder of spellc's state; None when there is none (no home folder, or a shared one)."""
    chosen = os.environ.get(STATE_ENV)
    if chosen:
        return private_folder(chosen)
    base = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative: which the XDG specification says to ignore
        base = os.path.join(os.path.expanduser("~"), ".local", "state")
        if not os.path.isabs(base):  # no home folder: expanduser left "~" as it was
            return None
    return private_folder(os.path.join(base, "spellc"))
