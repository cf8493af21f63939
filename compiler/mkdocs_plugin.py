"""The ``spellc`` mkdocs plugin: what a site of spellc's pages needs, for this repository's site and for a
card project's alike (``plugins: [search, spellc]`` in its ``mkdocs.yml``).

- The stylesheet that draws cards as printed and the script of the card galleries' filters
  (``compiler/templates/site/``), added to the site without being copied into its sources.
- The Markdown extensions the generated pages are written with.
- A navigation that stays the size of the rules, not of the card set: a page inside one of the folders a
  build fills with one page per card or glossary term (``spells/``, ``glossary/``, ``abilities/``…) is
  left out of the sidebar, and reached from its folder's index (the gallery, the glossary). Otherwise
  about 160 glossary links crowd the sidebar, and the theme writes the whole navigation into every page,
  so a site of N cards would weigh N².
- A game's section in the sidebar named by the game's title ("Serpent's Tongue"), not by its folder's name.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section

from compiler.build import FRONTENDS
from engine.rulesets import RULESETS

ASSETS = Path(__file__).with_name("templates") / "site"
ASSET_FOLDER = "spellc"  # where the assets appear in the built site
STYLESHEETS = ("cards.css",)
SCRIPTS = ("spellc.js",)
# The extensions spellc's templates write for: admonitions (the engine's status of a term, collapsed),
# attributes and Markdown inside HTML (cards drawn as HTML with Markdown links the build validates).
MARKDOWN_EXTENSIONS = ("admonition", "pymdownx.details", "attr_list", "md_in_html", "tables", "toc")


def card_folders() -> frozenset[str]:
    """The names of the site folders a build fills with a page per card or term, in every ruleset."""
    names = set()
    for frontend in FRONTENDS.values():
        site = PurePosixPath(frontend.ruleset.site.as_posix())
        for output in map(PurePosixPath, frontend.outputs):
            if output.is_relative_to(site) and output.suffix != ".md":
                names.add(output.relative_to(site).parts[0])
    return frozenset(names)


def in_nav(src_uri: str, folders: frozenset[str]) -> bool:
    """Whether a page belongs in the sidebar: any page but one inside a card folder, except its index."""
    path = PurePosixPath(src_uri)
    for depth, part in enumerate(path.parts[:-1]):
        if part in folders:
            return path.parts[depth + 1:] == ("index.md",)
    return True


class SpellcPlugin(BasePlugin):  # it takes no options
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        config.extra_css.extend(f"{ASSET_FOLDER}/{name}" for name in STYLESHEETS)
        config.extra_javascript.extend(f"{ASSET_FOLDER}/{name}" for name in SCRIPTS)
        config.markdown_extensions.extend(e for e in MARKDOWN_EXTENSIONS if e not in config.markdown_extensions)
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        folders = card_folders()
        for page in files.documentation_pages():
            if not in_nav(page.src_uri, folders):
                page.inclusion = InclusionLevel.NOT_IN_NAV
        for name in (*STYLESHEETS, *SCRIPTS):
            files.append(File.generated(config, f"{ASSET_FOLDER}/{name}", abs_src_path=str(ASSETS / name)))
        return files

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        for section in _sections(nav.items):
            folder = _folder(section)
            if folder in RULESETS:
                section.title = RULESETS[folder].title
        return nav

    def on_serve(self, server: Any, /, *, config: MkDocsConfig, builder: Any) -> Any:
        server.watch(str(ASSETS))
        return server


def _sections(items: list[Any]) -> list[Section]:
    found = []
    for item in items:
        if isinstance(item, Section):
            found += [item, *_sections(item.children)]
    return found


def _folder(section: Section) -> str | None:
    """The folder a section stands for: that of its index page (navigation.indexes makes it the section's)."""
    for child in section.children:
        uri = getattr(getattr(child, "file", None), "src_uri", "")
        if PurePosixPath(uri).name == "index.md":
            return PurePosixPath(uri).parent.name
    return None
