"""`spellc new`: a card project of its own for a designer, with a sample card and scenario of their game."""

from __future__ import annotations

import json
from pathlib import Path

from spellc.compiler.diagnostics import did_you_mean
from spellc.compiler.markdown import escape_text, heading_text, plain_name
from spellc.compiler.project import MANIFEST, Project, ProjectError, find_manifest, load
from spellc.engine.rulesets import RULESETS

SAMPLES = Path(__file__).with_name("templates") / "new"  # a sample card and scenario per ruleset
NEW_MANIFEST = """\
# A card project of spellc: the ruleset its cards are written for, and its folders (relative to this file).
[project]
ruleset = "{ruleset}"        # {title}
cards = "cards"              # the .spell files, searched recursively
scenarios = "scenarios"      # the .scenario files

[output]
python = "generated"         # `spellc build` writes the compiled cards here (a Python package)
site = "site"                # and the reference pages of the cards here
mkdocs = "mkdocs.yml"        # the site's configuration: `spellc site` builds it, `spellc site --serve` serves it

[site]
coverage = false             # true: a coverage page, the game's glossary against the engine's own tests
"""
NEW_README = """\
# {name}
Cards for {title}, in spellc's card language: `cards/` holds them, `scenarios/` the matches that replay them.
`spellc check` finds mistakes, `spellc play scenarios/sample.scenario` replays a match, and `spellc build` \
writes `generated/` and `site/`.{sim}
"""
NEW_SIM = " `spellc sim studies/duels.sim.toml` plays players against each other with these cards, and rates them."



def create(folder: Path, ruleset: str) -> list[Path]:
    """A new project in ``folder`` (missing or empty): its manifest, a sample card and scenario of ``ruleset``,
    a sample study where its players can be rated, and a README. Returns the files written; raises
    :class:`ProjectError` (writing nothing) when it cannot."""
    if ruleset not in RULESETS:
        hint = did_you_mean(ruleset, RULESETS)
        raise ProjectError(f"no ruleset is named {ruleset!r}" + (f"; {hint[0][6:]}" if hint else "")
                           + f" (the rulesets: {', '.join(RULESETS)})")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ProjectError(f"{folder} already exists and is not an empty folder: a new project needs a fresh one")
    above = find_manifest(folder.parent) if folder.parent.exists() else None
    if above is not None and isinstance(load(above), Project):
        raise ProjectError(f"{folder} would sit inside the project of {above}: its cards would be that "
                           "project's; choose a folder outside it")
    title = RULESETS[ruleset].title
    studied = RULESETS[ruleset].knowledge is not None  # a game whose players can be rated gets a sample study
    files = {
        MANIFEST: NEW_MANIFEST.format(ruleset=ruleset, title=title),
        "README.md": NEW_README.format(name=folder.name, title=title, sim=NEW_SIM if studied else ""),
        ".gitignore": ".spellc-build/\npublic/\n",  # the build's lock and staging area; the built site
        # The folder's name as a YAML string (a JSON string is one): never YAML of its own, nor markup.
        "mkdocs.yml": (SAMPLES / "mkdocs.yml").read_text(encoding="utf-8").replace(
            "{name}", json.dumps(plain_name(folder.name))),
        # The folder's name as inert text: a page shows what a user typed, never markup of theirs.
        "site/index.md": (SAMPLES / "index.md").read_text(encoding="utf-8").format(
            name=escape_text(heading_text(folder.name)), title=title),
        "cards/sample.spell": (SAMPLES / ruleset / "sample.spell").read_text(encoding="utf-8"),
        "scenarios/sample.scenario": (SAMPLES / ruleset / "sample.scenario").read_text(encoding="utf-8"),
        **({"studies/duels.sim.toml": (SAMPLES / "duels.sim.toml").read_text(encoding="utf-8")} if studied else {}),
    }
    written = []
    try:
        for name, text in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError as err:
        raise ProjectError(f"cannot write {folder}: {err.strerror or err}") from err
    return written
