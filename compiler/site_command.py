"""``spellc site [--serve]``: a project's (or a workspace's) reference site, built by mkdocs right after its
cards, so the site never shows cards older than their sources.

With ``--serve``, mkdocs serves the site with live reload, and a watcher rebuilds the cards whenever a card
file changes: the build publishes new pages into the site's folder, mkdocs sees them, rebuilds and reloads
the browser. A card with an error is reported and leaves the pages as they were, as ``spellc build`` does.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.commands.serve import serve as mkdocs_serve
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from compiler.build import build_reported, projects, settle
from compiler.project import Project, ProjectError, Workspace
from compiler.source import shown_path

POLL_SECONDS = 0.5  # how often --serve looks for edited cards
Snapshot = frozenset[tuple[str, int, int]]  # each card file's path, modification time and size


def pages_folder(target: Project | Workspace) -> Path:
    """The folder the site's pages are built from: the project's site output, or the workspace's home's."""
    if isinstance(target, Project):
        return target.site
    if target.home is None:
        raise ProjectError(f"the workspace {target.root} has no home page: its site has no root")
    return target.home.parent


def site_config(target: Project | Workspace) -> MkDocsConfig:
    """The site's mkdocs configuration, checked to build from the pages the project writes."""
    path = target.mkdocs
    if not path.is_file():
        raise ProjectError(f"{shown_path(path, Path.cwd())}: no such file; `spellc site` builds the site an "
                           "mkdocs.yml describes (`spellc new` writes one; [output] mkdocs in spellc.toml names it)")
    try:
        config = load_config(str(path))
    except MkDocsException as err:
        raise ProjectError(f"{shown_path(path, Path.cwd())}: {err}") from err
    folder = pages_folder(target)
    if Path(config.docs_dir).resolve() != folder:
        raise ProjectError(f"{shown_path(path, Path.cwd())}: docs_dir is {config.docs_dir}, but the cards' pages "
                           f"are written to {shown_path(folder, Path.cwd())}; make them the same folder")
    return config


def build_cards(target: Project | Workspace) -> bool:
    """``spellc build``: the cards compiled and their pages published; every problem printed."""
    return build_reported(target, sys.stderr) is not None


def show_mkdocs_messages() -> None:
    """mkdocs logs its warnings and progress; its own command line prints them, and so does this one."""
    logger = logging.getLogger("mkdocs")
    if not any(getattr(h, "spellc", False) for h in logger.handlers):  # once per process
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
        handler.spellc = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    # mkdocs-material's banner about MkDocs 2 is silenced through its own variable; warnings are not.
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


def build_site(target: Project | Workspace) -> int:
    if not build_cards(target):
        return 1
    show_mkdocs_messages()
    config = site_config(target)
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


def serve_site(target: Project | Workspace, address: str | None) -> int:
    build_cards(target)
    settle()  # rebuilt at every edit from now on
    show_mkdocs_messages()
    config = site_config(target)
    stop = threading.Event()
    watcher = threading.Thread(target=watch_cards, args=(target, lambda: build_cards(target), stop), daemon=True)
    watcher.start()
    try:
        mkdocs_serve(config.config_file_path, livereload=True, dev_addr=address)  # None: the configured one
    except MkDocsException as err:
        print(f"spellc: error: {err}", file=sys.stderr)
        return 1
    finally:
        stop.set()
    return 0


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
    last = snapshot(target)
    while not stop.wait(every):
        now = snapshot(target)
        if now != last:
            last = now
            rebuild()
