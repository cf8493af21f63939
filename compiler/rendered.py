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

from functools import lru_cache
from typing import Any

from jinja2 import FileSystemBytecodeCache, Template

# Every environment's compiled templates, kept between processes (in a folder of the user's own under the
# temporary folder, as Lark keeps its parser tables): compiling them was a tenth of a first build of 500 cards.
# Jinja checks each one against its template's source.
BYTECODE = FileSystemBytecodeCache()

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
