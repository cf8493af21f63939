"""``spellc site [--serve]``: a project's (or a workspace's) reference site, built by mkdocs right after its
cards, so the site never shows cards older than their sources.

With ``--serve``, mkdocs serves the site with live reload, and a watcher rebuilds the cards whenever a card
file changes: the build publishes new pages into the site's folder, mkdocs sees them, rebuilds and reloads
the browser. A card with an error is reported and leaves the pages as they were, as ``spellc build`` does;
the served pages say so at their top until an edit builds again. Whatever goes wrong in a rebuild (even a
fault of spellc's own), the watcher goes on watching: the next edit rebuilds.

A project's ``mkdocs.yml`` is a stranger's file like the rest of it, and mkdocs would do what it says: load
Python objects from its YAML tags, run the ``hooks`` it names, read an ``INHERIT``ed file from anywhere, and
empty its ``site_dir`` before writing the site there. So it is read first with YAML's safe loader and refused
(with the reason) when it asks for any of that, or for plugins and Markdown extensions beyond those spellc's
sites use, unless the user passes ``--trust-config``.
"""

from __future__ import annotations

import io
import logging
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import yaml
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.commands.serve import serve as mkdocs_serve
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from spellc.compiler.build import build_reported, settle
from spellc.compiler.mkdocs_plugin import MARKDOWN_EXTENSIONS, SERVE
from spellc.compiler.project import Project, ProjectError, Workspace, projects, workspace_of
from spellc.compiler.source import shown_path

POLL_SECONDS = 0.5  # how often --serve looks for edited cards
Snapshot = frozenset[tuple[str, int, int]]  # each card file's path, modification time and size


def pages_folder(target: Project | Workspace) -> Path:
    """The folder the site's pages are built from: the project's site output, or the workspace's home's."""
    if isinstance(target, Project):
        return target.site
    if target.home is None:
        raise ProjectError(f"the workspace {target.root} has no home page: its site has no root")
    return target.home.parent


def site_config(target: Project | Workspace, trust: bool = False) -> MkDocsConfig:
    """The site's mkdocs configuration, checked to build from the pages the project writes (and, unless the user
    trusts it, to do nothing a stranger's configuration should: see :func:`vet_config`)."""
    path = target.mkdocs
    if not path.is_file():
        raise ProjectError(f"{shown_path(path, Path.cwd())}: no such file; `spellc site` builds the site an "
                           "mkdocs.yml describes (`spellc new` writes one; [output] mkdocs in spellc.toml names it)")
    if not trust:
        vet_config(path)
    try:
        config = load_config(str(path))
    except MkDocsException as err:
        raise ProjectError(f"{shown_path(path, Path.cwd())}: {err}") from err
    folder = pages_folder(target)
    if Path(config.docs_dir).resolve() != folder:
        raise ProjectError(f"{shown_path(path, Path.cwd())}: docs_dir is {config.docs_dir}, but the cards' pages "
                           f"are written to {shown_path(folder, Path.cwd())}; make them the same folder")
    if not trust:
        _vet_site_dir(target, path, Path(config.site_dir).resolve())
    return config


# What a stranger's mkdocs.yml may ask for: the plugins and Markdown extensions of spellc's own sites, and those
# that only change how a page is drawn (none reads a file, fetches anything or runs the project's code).
SAFE_PLUGINS = frozenset({"search", "spellc", "tags", "material/search", "material/tags"})
SAFE_EXTENSIONS = frozenset({*MARKDOWN_EXTENSIONS, "abbr", "def_list", "footnotes", "meta", "sane_lists", "smarty",
                             "wikilinks", "pymdownx.betterem", "pymdownx.caret", "pymdownx.mark", "pymdownx.tilde",
                             "pymdownx.tasklist", "pymdownx.superfences", "pymdownx.highlight", "pymdownx.inlinehilite",
                             "pymdownx.keys", "pymdownx.smartsymbols", "pymdownx.tabbed", "pymdownx.emoji"})
UNSAFE_KEYS = {"hooks": "runs the Python files it names", "INHERIT": "reads another file, from anywhere",
               "watch": "watches folders anywhere"}
TRUST_HINT = "help: if this project is yours (or you have read its mkdocs.yml), pass --trust-config"


class _SafeLoader(yaml.SafeLoader):
    """YAML's safe loader, with mkdocs's two tags read as inert text: ``!ENV`` and ``!relative``."""


_SafeLoader.add_multi_constructor("!ENV", lambda loader, suffix, node: None)
_SafeLoader.add_multi_constructor("!relative", lambda loader, suffix, node: None)


def vet_config(path: Path) -> None:
    """Refuse an mkdocs.yml that would make mkdocs run code, or read or write outside the project."""
    shown = shown_path(path, Path.cwd())
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_SafeLoader)  # noqa: S506 (a safe loader)
    except (OSError, UnicodeError, yaml.YAMLError) as err:
        raise ProjectError(f"{shown}: not a configuration spellc will read: {err}\n{TRUST_HINT}") from err
    if not isinstance(data, dict):
        raise ProjectError(f"{shown}: an mkdocs configuration is a mapping of settings")
    problems = [f"{key} {why}" for key, why in UNSAFE_KEYS.items() if key in data]
    problems += [f"the plugin {name!r} is not one spellc knows to be safe" for name in _names(data.get("plugins"))
                 if name not in SAFE_PLUGINS]
    problems += [f"the Markdown extension {name!r} is not one spellc knows to be safe"
                 for name in _names(data.get("markdown_extensions")) if name not in SAFE_EXTENSIONS]
    theme = data.get("theme")
    if isinstance(theme, dict) and "custom_dir" in theme:
        problems.append("theme.custom_dir loads templates (code) from a folder of the project's")
    if problems:
        raise ProjectError(f"{shown}: spellc will not build this site: " + "; ".join(problems) + f"\n{TRUST_HINT}")


def _names(entries: object) -> list[str]:
    """The names of a list of plugins or extensions, each a name or a one-entry mapping of a name to options."""
    if isinstance(entries, dict):
        return [str(name) for name in entries]
    if not isinstance(entries, list):
        return []
    return [str(next(iter(e))) if isinstance(e, dict) and e else str(e) for e in entries]


def _vet_site_dir(target: Project | Workspace, path: Path, site_dir: Path) -> None:
    """mkdocs empties its site_dir before writing the site: it must be a folder of the site's own, inside the
    project, holding none of the project's sources."""
    root = target.root if isinstance(target, Workspace) else target.boundary
    sources = [root, *(p for project in projects(target) for p in (project.root, project.cards, project.scenarios,
                                                                   *project.outputs))]
    if not site_dir.is_relative_to(root) or any(site_dir == p or p.is_relative_to(site_dir) for p in sources):
        raise ProjectError(f"{shown_path(path, Path.cwd())}: site_dir is {site_dir}, which mkdocs would empty: it must "
                           "be a folder of the built site's own inside the project (such as 'public'), holding none "
                           f"of its sources\n{TRUST_HINT}")


def build_cards(target: Project | Workspace, allow_outside: bool = False) -> bool:
    """``spellc build``: the cards compiled and their pages published; every problem printed."""
    return build_reported(target, sys.stderr, allow_outside) is not None


# What mkdocs says at every dirty build of `spellc site --serve`, which chose it knowingly (see serve_site).
DIRTY_WARNING = "A 'dirty' build is being performed"


def show_mkdocs_messages() -> None:
    """mkdocs logs its warnings and progress; its own command line prints them, and so does this one."""
    logger = logging.getLogger("mkdocs")
    if not any(getattr(h, "spellc", False) for h in logger.handlers):  # once per process
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
        handler.addFilter(lambda record: DIRTY_WARNING not in record.getMessage())
        handler.spellc = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    # mkdocs-material's banner about MkDocs 2 is silenced through its own variable; warnings are not.
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


def build_site(target: Project | Workspace, allow_outside: bool = False, trust: bool = False) -> int:
    config = site_config(target, trust)  # refused before anything is built
    if not build_cards(target, allow_outside):
        return 1
    show_mkdocs_messages()
    config.plugins.on_startup(command="build", dirty=False)  # as mkdocs's own `build` command does
    try:
        mkdocs_build(config)
    except MkDocsException as err:
        print(f"spellc: error: the site did not build: {err}", file=sys.stderr)
        return 1
    finally:
        config.plugins.on_shutdown()
    print(f"spellc: built the site into {shown_path(Path(config.site_dir), Path.cwd())}")
    return 0


def serve_site(target: Project | Workspace, address: str | None, allow_outside: bool = False,
               trust: bool = False) -> int:
    config = site_config(target, trust)
    SERVE.watched = workspace_of(target) / "serve"
    rebuild = serve_rebuild(target, allow_outside)
    rebuild()
    settle()  # rebuilt at every edit from now on
    show_mkdocs_messages()
    stop = threading.Event()
    watcher = threading.Thread(target=watch_cards, args=(target, rebuild, stop), daemon=True)
    watcher.start()
    try:
        # Dirty: after its first build, mkdocs builds again only the pages whose files changed (an edited card
        # rewrites its own pages and its gallery's), not the thousands of a large set. mkdocs warns that a dirty
        # build may leave the navigation of other pages stale (a card's page is in no navigation), and a strict
        # configuration would stop the server at that warning: `spellc site` builds the site strictly.
        mkdocs_serve(config.config_file_path, livereload=True, build_type="dirty", strict=False,
                     dev_addr=address)  # None: the configured one
    except MkDocsException as err:
        print(f"spellc: error: {err}", file=sys.stderr)
        return 1
    finally:
        stop.set()
    return 0


def serve_rebuild(target: Project | Workspace, allow_outside: bool) -> Callable[[], None]:
    """A rebuild of the cards for ``--serve`` that never raises: what went wrong is printed, and shown at the top
    of every served page (:data:`compiler.mkdocs_plugin.SERVE`) until a rebuild succeeds."""
    def rebuild() -> None:
        said = io.StringIO()
        try:
            ok = build_reported(target, said, allow_outside, remember=False) is not None
        except ProjectError as err:
            ok = False
            said.write(err.render() + "\n")
        except Exception as err:  # noqa: BLE001 (a fault of spellc's own must not stop the server)
            ok = False
            said.write(f"spellc: internal error while building the cards ({type(err).__name__}: {err}); this is a "
                       "bug in spellc. The pages are as they were; the next edit rebuilds them.\n")
            logging.getLogger("mkdocs").debug("spellc's rebuild failed", exc_info=True)
        sys.stderr.write(said.getvalue())
        SERVE.failed(None if ok else said.getvalue())
    return rebuild
def snapshot(target: Project | Workspace) -> Snapshot:
    """What the card files are now: an edit, a new file or a deleted one changes it."""
    seen = set()
    for project in projects(target):
        for file in project.card_files():
            try:
                stat = file.stat()
            except OSError:  # deleted between the listing and now: the next look sees it gone
                continue
            seen.add((str(file), stat.st_mtime_ns, stat.st_size))
    return frozenset(seen)


def watch_cards(target: Project | Workspace, rebuild: Callable[[], object], stop: threading.Event,
                every: float = POLL_SECONDS) -> None:
    """Call ``rebuild`` each time the card files change, until ``stop`` is set."""
    last = _snapshot_or_none(target)
    while not stop.wait(every):
        now = _snapshot_or_none(target)
        if now != last:
            last = now
            rebuild()


def _snapshot_or_none(target: Project | Workspace) -> Snapshot | None:
    """:func:`snapshot`, or None while the cards cannot be listed (their folder gone): a rebuild then says why."""
    try:
        return snapshot(target)
    except (OSError, ProjectError):
        return None
