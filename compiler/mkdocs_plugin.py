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
- A game's section in the sidebar named by the game's title ("Serpent's Tongue"), not by its folder's name, and
  laid out in the order a reader needs it (:func:`place`): the rules first (the section's index, then its rules
  pages), then the card galleries, the glossary, the language reference, the Balance section and coverage
  last; not alphabetically ("Glossary coverage" before "Rules"). The same for a project's site, whose pages
  are at the top of its docs folder.
- Each page's ``<title>`` names its game ("Fireball · Serpent's Tongue · spellc — rules references"), and so does
  each of its search results (the game is the page's tag, which the theme's search shows under the result).
  A page's game is that of the project whose site folder holds it (:func:`games`).
- Under ``spellc site --serve``, a rebuild of the cards that failed is shown at the top of every page, until an
  edit builds again (:data:`SERVE`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from spellc.compiler.balance import BALANCE
from spellc.compiler.build import FRONTENDS
from spellc.compiler.glossary_pages import COVERAGE_PAGE, game_name
from spellc.compiler.language_reference import PAGE as REFERENCE
from spellc.compiler.project import ProjectError, find_manifest, load, projects
from spellc.compiler.publish import own_file
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets import RULESETS

ASSETS = Path(__file__).with_name("templates") / "site"
ASSET_FOLDER = "spellc"  # where the assets appear in the built site
STYLESHEETS = ("cards.css",)
SCRIPTS = ("spellc.js",)
# The extensions spellc's templates write for: admonitions (the engine's status of a term, collapsed),
# attributes and Markdown inside HTML (cards drawn as HTML with Markdown links the build validates).
MARKDOWN_EXTENSIONS = ("admonition", "pymdownx.details", "attr_list", "md_in_html", "tables", "toc")
GLOSSARY = "glossary"
# The order of a game's section, by file or folder name; a gallery's place is "gallery" plus its rank.
PLACES = {"index.md": 0, "rules.md": 1, "by hand": 2, "gallery": 3, GLOSSARY: 100, REFERENCE: 101, BALANCE: 102,
          COVERAGE_PAGE: 103}


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@dataclass
class ServeState:
    """What ``spellc site --serve`` tells the pages it serves: why the last rebuild of the cards failed, if it did.
    mkdocs rebuilds the site when a file changes in ``watched`` (a folder of spellc's own, in its build folder),
    so a rebuild that fails, or succeeds after a failure, without changing a page still shows."""

    watched: Path | None = None
    error: str | None = None
    shown: str | None = None  # the error the pages built last show

    def failed(self, error: str | None) -> None:
        """Note the outcome of a rebuild: ``error`` (what was printed), or None when it built."""
        if error == self.error:
            return
        self.error = error
        if self.watched is not None:
            own_file(self.watched, "status", "built\n" if error is None else "failed\n")

    def reshow(self, files: Files) -> None:
        """Have every page drawn again when the error to show is not the one the pages show: the server builds
        only the pages whose files changed (a dirty build), and the banner is on every page."""
        if self.error == self.shown:
            return
        self.shown = self.error
        for page in files.documentation_pages():
            page.content_string = page.content_string  # a page given its content is a page to build again

    def banner(self) -> str:
        text = _CONTROL.sub(lambda c: f"\\x{ord(c[0]):02x}", self.error or "")
        return ('<div class="admonition failure"><p class="admonition-title">The cards did not build</p>'
                f"<pre><code>{html.escape(text)}</code></pre><p>These pages show the cards as they were before; "
                "the next edit of a card rebuilds them.</p></div>\n")


SERVE = ServeState()


def card_folders() -> frozenset[str]:
    """The names of the site folders a build fills with a page per card or term, in every ruleset."""
    names = set()
    for frontend in FRONTENDS.values():
        site = PurePosixPath(frontend.ruleset.site.as_posix())
        for output in map(PurePosixPath, frontend.outputs):
            if output.is_relative_to(site) and output.suffix != ".md":
                names.add(output.relative_to(site).parts[0])
    return frozenset(names)


def galleries() -> tuple[str, ...]:
    """The folders of card galleries (every card folder but the glossary), each game's in the order its front
    end writes them (Amtgard's abilities, then its States, then its Special Effects)."""
    ordered: dict[str, None] = {}
    for frontend in FRONTENDS.values():
        site = PurePosixPath(frontend.ruleset.site.as_posix())
        for output in map(PurePosixPath, frontend.outputs):
            if output.is_relative_to(site) and output.suffix != ".md" and output.name != GLOSSARY:
                ordered[output.relative_to(site).parts[0]] = None
    return tuple(ordered)


def place(name: str, shown: tuple[str, ...]) -> int:
    """Where an item of a game's section goes in the sidebar, by its file's or folder's ``name``: the section's
    index, its rules, any other page written by hand, the galleries (``shown``, in that order), the glossary,
    the language reference, the Balance section, the coverage page."""
    if name in shown:
        return PLACES["gallery"] + shown.index(name)
    return PLACES.get(name, PLACES["by hand"])


def in_nav(src_uri: str, folders: frozenset[str]) -> bool:
    """Whether a page belongs in the sidebar: any page but one inside a card folder, except its index."""
    path = PurePosixPath(src_uri)
    for depth, part in enumerate(path.parts[:-1]):
        if part in folders:
            return path.parts[depth + 1:] == ("index.md",)
    return True


def games(config: MkDocsConfig) -> dict[str, Ruleset]:
    """{folder of the docs (a relative posix path, "" for the whole of them): the game of its pages}: each
    project's site folder, read from the manifest above the mkdocs configuration (a project's, or a workspace's
    members'), else this repository's layout (a section per game, named by its ruleset)."""
    found: dict[str, Ruleset] = dict(RULESETS)
    manifest = find_manifest(Path(config.config_file_path or ".").parent)
    try:
        target = load(manifest) if manifest is not None else None
    except ProjectError:
        target = None
    docs = Path(config.docs_dir).resolve()
    for project in projects(target) if target is not None else ():
        if project.site.is_relative_to(docs):
            folder = project.site.relative_to(docs).as_posix()
            found["" if folder == "." else folder] = project.ruleset
    return found


def game_of(src_uri: str, found: Mapping[str, Ruleset]) -> Ruleset | None:
    """The game of the page ``src_uri``: that of the deepest folder of ``found`` holding it."""
    for folder in sorted(found, key=len, reverse=True):
        if folder == "" or src_uri.startswith(f"{folder}/"):
            return found[folder]
    return None


def page_title(title: str, game: str | None, site: str) -> str:
    """A page's ``<title>`` text: the page, its game (unless the page's title names it), the site."""
    shown = [title, game] if game and game not in title else [title]
    return " · ".join([*shown, site])


_TITLE = re.compile(r"<title>.*?</title>", re.S)


class SpellcPlugin(BasePlugin):  # it takes no options
    games: dict[str, Ruleset] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.games = games(config)
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
        SERVE.reshow(files)
        return files

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        shown = galleries()
        nav.items = _ordered(nav.items, shown)  # a project's site: its game's pages are at the top
        for section in _sections(nav.items):
            folder = _folder(section)
            if folder in RULESETS:
                section.title = RULESETS[folder].title
                section.children = _ordered(section.children, shown)
        _link_in_order(nav)
        return nav

    def on_serve(self, server: Any, /, *, config: MkDocsConfig, builder: Any) -> Any:
        server.watch(str(ASSETS))
        if SERVE.watched is not None:
            own_file(SERVE.watched, "status", "serving\n")
            server.watch(str(SERVE.watched))
        return server

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        game = game_of(page.file.src_uri, self.games)
        if game is not None:  # the theme's search shows a page's tags with each of its results
            page.meta["tags"] = [game_name(game)]
        return markdown

    def on_page_content(self, html: str, /, *, page: Any, config: MkDocsConfig, files: Files) -> str:
        return SERVE.banner() + html if SERVE.error is not None else html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """The page's ``<title>`` with its game: the theme's says the page and the site only."""
        game = game_of(page.file.src_uri, self.games)
        if page.is_homepage or not page.title:
            return output
        # The title as the page's heading has it: character references ("Serpent&#39;s"), read as text.
        title = page_title(html.unescape(page.title), game_name(game) if game else None, config.site_name)
        return _TITLE.sub(lambda _: f"<title>{html.escape(title, quote=False)}</title>", output, count=1)


def _sections(items: list[Any]) -> list[Section]:
    found = []
    for item in items:
        if isinstance(item, Section):
            found += [item, *_sections(item.children)]
    return found


def _ordered(items: list[Any], shown: tuple[str, ...]) -> list[Any]:
    """``items`` in their places (:func:`place`); those of one place as they were (alphabetical)."""
    return sorted(items, key=lambda item: place(_name(item) or "", shown))


def _name(item: Any) -> str | None:
    """The file's name of a page, the folder's of a section."""
    if isinstance(item, Section):
        return _folder(item)
    uri = getattr(getattr(item, "file", None), "src_uri", None)
    return PurePosixPath(uri).name if uri else None


def _link_in_order(nav: Navigation) -> None:
    """The pages' previous and next links (the footer's), in the sidebar's new order: mkdocs drew them before."""
    pages = [page for page in _pages(nav.items)]
    nav.pages = pages
    for before, after in zip([None, *pages], [*pages, None], strict=True):
        if before is not None:
            before.next_page = after
        if after is not None:
            after.previous_page = before


def _pages(items: list[Any]) -> list[Page]:
    found: list[Page] = []
    for item in items:
        if isinstance(item, Page):
            found.append(item)
        elif isinstance(item, Section):
            found += _pages(item.children)
    return found


def _folder(section: Section) -> str | None:
    """The folder a section stands for: that of its index page (navigation.indexes makes it the section's)."""
    for child in section.children:
        uri = getattr(getattr(child, "file", None), "src_uri", "")
        if PurePosixPath(uri).name == "index.md":
            return PurePosixPath(uri).parent.name
    return None
