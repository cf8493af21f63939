"""A folder private to the user: where spellc keeps what it must be able to trust it wrote itself (its cached
values, its signing key, its build servers' sockets). Paths as strings, through ``os`` alone: a command that
looks for its build server imports this as it starts, and pathlib would add a tenth to that start."""

from __future__ import annotations

import os
import stat

SHARED = stat.S_IWGRP | stat.S_IWOTH  # others may write to it


def private_folder(folder: str) -> str | None:
    """``folder``, made if need be, when it is private to this user: theirs, written by no one else, and under
    folders that no one else may replace it in (a folder others may write to must be sticky, as /tmp is); else
    None. What a private folder holds was put there by this user."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & SHARED:
        return None
    above = os.path.abspath(folder)
    while above != (above := os.path.dirname(above)):
        try:
            up = os.stat(above)
        except OSError:
            return None
        if up.st_mode & SHARED and not up.st_mode & stat.S_ISVTX:
            return None
    return folder
