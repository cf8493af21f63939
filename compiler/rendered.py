"""Templates rendered once for the same inputs: a rebuild renders again only what changed.

`spellc site --serve` rebuilds a project at every save, and the language server re-checks it at every
keystroke; one edited card changes a few pages and one module, not the thousands a set has. A template's
output depends only on the template and the values it is given (the views are frozen values; the filters
are pure), so it is kept, keyed by both, and rendered again when either differs.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Template


def render(template: Template, **values: Any) -> str:
    """``template.render(**values)``, kept for the same template and the same (hashable) values."""
    return _rendered(template, tuple(sorted(values.items())))


@lru_cache(maxsize=20_000)
def _rendered(template: Template, values: tuple[tuple[str, Any], ...]) -> str:
    return template.render(**dict(values))
