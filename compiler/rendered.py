"""Pieces of pages and modules drawn once for the same inputs: a rebuild draws again only what changed.

`spellc site --serve` rebuilds a project at every save, and the language server re-checks it at every
keystroke; one edited card changes a few pages and one module, not the thousands a set has. A macro's output
depends only on the macro and the values it is given (the views are frozen values; the filters are pure), so
it is kept, keyed by both, and drawn again when either differs: a piece that many pages print, such as a
link, is drawn once.

What Serpent's Tongue draws once per card (its page, its row of the gallery, its class; its sets run to
thousands of cards) is a macro too, kept by the emitter with the card: calling a macro costs a seventh of
rendering a template, which makes a new context each time (0.7 against 4.8 microseconds). The other games'
emitters render a template per card: their sets are tens of cards.
"""

from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Template
from jinja2.bccache import Bucket, BytecodeCache

from spellc.compiler import kept
from spellc.compiler.trust import sign, verified


class KeptBytecode(BytecodeCache):
    """Every environment's compiled templates, kept between processes: compiling them was a tenth of a first build
    of 500 cards. Compiled templates are code, so each is kept in the user's private folder (where spellc keeps
    its values) and signed with the user's key (:mod:`spellc.compiler.trust`): one is read back only if this
    user's spellc wrote it. (Jinja's own cache is a folder of the shared temporary folder: another user who made
    it first could feed it code, or stop every command.) Jinja checks each against its template's source."""

    KIND = "jinja bytecode"

    def _path(self, bucket: Bucket) -> Path | None:
        folder = kept.folder()
        return None if folder is None else folder / f"jinja-{bucket.key}.code"

    def load_bytecode(self, bucket: Bucket) -> None:
        path = self._path(bucket)
        try:
            data = path.read_bytes() if path is not None else b""
        except OSError:
            return
        body = verified(self.KIND, data)
        if body is not None:
            bucket.bytecode_from_string(body)

    def dump_bytecode(self, bucket: Bucket) -> None:
        path = self._path(bucket)
        if path is None:
            return
        try:
            fd, aside = tempfile.mkstemp(dir=path.parent, prefix=".new-")
            with os.fdopen(fd, "wb") as f:
                f.write(sign(self.KIND, bucket.bytecode_to_string()))
            os.replace(aside, path)
        except OSError:  # the cache only ever saves time
            return


BYTECODE = KeptBytecode()

# Drawings kept: a few per card (its class, its page and gallery row, its links), for sets of up to some
# 15,000 cards. A rebuild asks for every card again, in the same order: past this size, nothing would hit.
KEPT = 50_000


def call(template: Template, macro: str, *args: Any) -> Any:
    """The macro ``macro`` of ``template`` called with ``args`` (Markup when the template escapes), kept for the
    same template, macro and (hashable) arguments."""
    return _called(template, macro, args)


@lru_cache(maxsize=KEPT)
def _called(template: Template, macro: str, args: tuple[Any, ...]) -> Any:
    return getattr(template.module, macro)(*args)
