"""The site's home page: every game of the catalogue, with a link to its section."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from spellc.compiler.markdown import make_env, safe_href
from spellc.engine.core.ruleset import Ruleset

HOME = "site/docs/index.md"
TEMPLATES = Path(__file__).with_name("templates")


def home_page(rulesets: Iterable[Ruleset]) -> str:
    env = make_env(TEMPLATES)
    env.filters["section"] = lambda name: safe_href(f"{name}/index.md")
    return env.get_template("site_home.md.j2").render(rulesets=list(rulesets))
