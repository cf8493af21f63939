"""A game's glossary and coverage pages (``glossary/index.md``, a page per term, ``coverage.md``), for the games
whose site is written by a value-card front end. Each game's templates lay the pages out; what a term's page
lists of the game's own cards is the game's to say (``cards_of``: the extra values its ``term.md.j2`` reads)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jinja2 import Environment

from spellc.compiler import coverage as cov
from spellc.compiler.markdown import quote
from spellc.engine.core.registry import Glossary, Registry, Term, slugify


def term_page(name: str) -> str:
    return f"{slugify(name)}.md"


def glossary_pages(env: Environment, glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
                   cards_of: Callable[[Term], dict[str, Any]]) -> dict[str, str]:
    """{path under the game's section: page text} of its glossary and coverage."""
    by_term = {r.term: r for r in rows}
    out = {"glossary/index.md": env.get_template("glossary_index.md.j2").render(
        terms=[(t, term_page(t.name), by_term[t.name]) for t in glossary.terms])}
    for t in glossary.terms:
        out[f"glossary/{term_page(t.name)}"] = env.get_template("term.md.j2").render(
            t=t, row=by_term[t.name], glossary=quote(t.paragraphs), played_by=registry.played_by(t.behaviour),
            see=[(name, term_page(name)) for name in t.see if glossary.term(name) is not None], **cards_of(t))
    out["coverage.md"] = env.get_template("coverage.md.j2").render(
        summary=cov.summary(rows), rows=[(r, f"glossary/{term_page(r.term)}") for r in rows])
    return out
