"""What spellc leaves in a project for itself, and trusts only when this user's spellc wrote it.

A build leaves two files in a project's ``.spellc-build/``: the marker of a transaction it committed (which the
next build rolls forward, moving and removing files) and the record of the files it published (the only files a
later build removes). Both come with the project when it is copied or cloned, so a stranger could write them:
a forged marker naming ``../victim`` would make a build delete and write outside the project. Each is therefore
signed with a key that only this user can read (HMAC-SHA256), kept in a private folder of the user's:
``$SPELLC_STATE``, else ``$XDG_STATE_HOME/spellc``, else ``~/.local/state/spellc``. A file whose signature does
not match was not written by this user's spellc, and is never acted on.

A folder is private when the user owns it, no one else may write to it, and no folder above it lets another
user replace it (a folder others may write to must be sticky, as /tmp is). With no such folder (no home folder,
or a shared one), there is no key: nothing a project holds is trusted, and spellc signs nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from functools import cache
from pathlib import Path

from spellc.compiler.state import state_folder

KEY_FILE = "build-key"
KEY_BYTES = 32
HEADER = b"spellc-signed "  # a signed file's first line: this, the signature in hex, a newline; then the body


@cache  # one key per process: the folder and the file are looked at once
def key() -> bytes | None:
    """This user's key, made on first use; None when no private folder can hold it."""
    state = state_folder()
    if state is None:
        return None
    folder = Path(state)
    path = folder / KEY_FILE
    found = _read_key(path)
    if found is not None:
        return found
    made = secrets.token_bytes(KEY_BYTES)
    try:  # written whole aside, then linked into place: another spellc starting now reads no half-written key
        fd, aside = tempfile.mkstemp(dir=folder, prefix=".key-")
        try:
            os.write(fd, made)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(aside, path)
        except FileExistsError:  # another process made it first: its key is the key
            return _read_key(path)
        finally:
            os.unlink(aside)
    except OSError:
        return None
    return made


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``, if it is a file of this user's that no one else may read or write."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if (not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077
                or st.st_size != KEY_BYTES):
            return None
        found = os.read(fd, KEY_BYTES)
    finally:
        os.close(fd)
    return found if len(found) == KEY_BYTES else None


def _signature(secret: bytes, kind: str, body: bytes) -> bytes:
    return hmac.new(secret, kind.encode() + b"\0" + body, hashlib.sha256).hexdigest().encode()


def sign(kind: str, body: bytes) -> bytes:
    """``body`` headed by its signature as a file of ``kind`` (a marker is not a record); unsigned (so never
    trusted) when there is no key."""
    secret = key()
    return HEADER + (_signature(secret, kind, body) if secret else b"none") + b"\n" + body


def verified(kind: str, data: bytes) -> bytes | None:
    """The body of a signed file of ``kind``, or None when this user's spellc did not sign it so."""
    secret = key()
    first, newline, body = data.partition(b"\n")
    if secret is None or not newline or not first.startswith(HEADER):
        return None
    return body if hmac.compare_digest(first[len(HEADER):], _signature(secret, kind, body)) else None
