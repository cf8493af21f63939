"""Templates rendered once for the same inputs: a rebuild renders again only what changed.

`spellc site --serve` rebuilds a project at every save, and the language server re-checks it at every
keystroke; one edited card changes a few pages and one module, not the thousands a set has. A template's
output depends only on the template and the values it is given (the views are frozen values; the filters
are pure), so it is kept, keyed by both, and rendered again when either differs.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from jinja2 import Template

KEPT = 20_000  # the most renderings kept; the oldest used is dropped first
_kept: OrderedDict[tuple[Template, tuple[tuple[str, Any], ...]], str] = OrderedDict()


def render(template: Template, **values: Any) -> str:
    """``template.render(**values)``, kept for the same template and the same (hashable) values."""
    key = (template, tuple(sorted(values.items())))
    if key in _kept:
        _kept.move_to_end(key)
        return _kept[key]
    text = _kept[key] = template.render(**values)
    if len(_kept) > KEPT:
        _kept.popitem(last=False)
    return text
