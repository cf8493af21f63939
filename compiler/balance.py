"""The site's *Balance* section: what the studies of a project (``studies/*.sim.toml``, played by `spellc sim`)
found, for the designers and players who read the site.

A project with a studies folder gets a ``balance/`` folder in its site: an index of its studies, and for each
study with results a page of the last run played with the project's cards as they are (else the last run of the
same study, said to be of other cards or another spellc): each pairing's rates, each card's, and three plots
drawn by matplotlib (``pip install 'spellc[plots]'``; without it the page says so and shows the tables alone):
- a heatmap of each player's win rate against each other;
- each card's win rate when cast, with its 95% interval, beside its rate when only held;
- the match lengths of each pairing.

The plots are SVG, made the same byte for byte from the same results (no date, a fixed salt for their ids), with
their text as text. Everything shown comes from files of the project, which may be a stranger's: names are inert
text in the pages (:mod:`spellc.compiler.markdown`), matplotlib is told not to read them as mathematics, and a
file name becomes a plain slug before it names a file of the site.
"""

from __future__ import annotations

import importlib.util
import io
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.markdown import COMMON_TEMPLATES, make_env, safe_href
from spellc.compiler.project import Project, source_files
from spellc.compiler.publish import Output
from spellc.compiler.source import SourceFile
from spellc.compiler.study_files import SUFFIX, store_of
from spellc.engine.core.rates import shown

if TYPE_CHECKING:
    from spellc.compiler.sim_results import Results, Study

BALANCE = "balance"  # the folder of the site the section is written to
PLOTS = importlib.util.find_spec("matplotlib") is not None
_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True, slots=True)
class Shown:
    """A study as the section shows it: its page's name, and its results (None: why there are none)."""

    path: str  # the study file, from the project's folder
    slug: str
    results: Results | None
    study: Study | None
    why_none: str = ""
    run: int = 0
    current: bool = False  # played with the project's cards and spellc as they are now


def balance_output(project: Project) -> Output | None:
    """The Balance folder of ``project``'s site: its pages and plots; None when the project has no studies
    folder."""
    if not project.studies.is_dir():
        return None
    shown = list(_studies(project))
    files: dict[str, str] = {"index.md": _render("balance_index.md.j2", studies=shown, plots=PLOTS)}
    for each in shown:
        if each.results is None or each.study is None:
            continue
        files[f"{each.slug}.md"] = _render("balance.md.j2", study=each, pairings=[t.json() for t in
                                           each.results.pairings], cards=each.results.cards.rated(), plots=PLOTS,
                                           seats=each.results.cards, contenders=each.results.standings.rated())
        if PLOTS:
            files.update(_plots(each.slug, each.study, each.results))
    return files


def _studies(project: Project) -> Iterator[Shown]:
    taken: set[str] = set()
    for path in sorted(source_files(project.studies, SUFFIX)):
        stem = path.name.removesuffix(SUFFIX)
        slug = _SLUG.sub("-", stem.lower()).strip("-") or "study"
        while slug in taken or slug == "index":
            slug += "-2"
        taken.add(slug)
        yield _shown(project, path, slug)


def _shown(project: Project, path: Path, slug: str) -> Shown:
    """The study at ``path`` with its last run's results, or why it has none."""
    # The study's model and DuckDB (a tenth of a second to load), for a project that has studies only
    from spellc.compiler.sim_results import Results, declaration_key, read_study, study_key  # noqa: PLC0415
    from spellc.compiler.sim_store import Store, StoreError  # noqa: PLC0415

    shown = path.relative_to(project.root).as_posix()
    try:
        source = SourceFile.read(project.own(path), project.root)
    except OSError as err:
        return Shown(shown, slug, None, None, f"it cannot be read ({err.strerror or err})")
    study = read_study(source, Diagnostics(), project.ruleset)
    if study is None:
        return Shown(shown, slug, None, None, f"it has mistakes: spellc sim {shown} says which")
    store_path = store_of(path)
    if not store_path.is_file():
        return Shown(shown, slug, None, study, f"it has not been played: spellc sim {shown} plays it")
    try:
        store = Store(store_path, read_only=True)
    except StoreError as err:
        return Shown(shown, slug, None, study, f"its results cannot be read: {err.reason}")
    try:
        key = study_key(source, project)
        last = store.last_run(key)
        found = (key, last) if last is not None else store.latest(declaration_key(source, project))
        if found is None:
            return Shown(shown, slug, None, study, f"it has not been played: spellc sim {shown} plays it")
        return Shown(shown, slug, Results.of(study, store.played(*found)), study, run=found[1],
                     current=found[0] == key)
    finally:
        store.close()


def _render(template: str, **values: Any) -> str:
    env = make_env(COMMON_TEMPLATES)
    env.filters.update(link=safe_href, image=image, rate=shown)
    return env.get_template(template).render(**values)


# ---------------------------------------------------------------------- the plots
def _plots(slug: str, study: Study, results: Results) -> dict[str, str]:
    """The study's three plots, as SVG files named after its page."""
    # An optional extra, half a second to load: for a study with results only
    from matplotlib import rc_context  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    with rc_context({"svg.hashsalt": "spellc", "svg.fonttype": "none", "text.parse_math": False, "font.size": 9}):
        return {f"{slug}-pairings.svg": _svg(_heatmap(Figure, study, results)),
                f"{slug}-cards.svg": _svg(_card_rates(Figure, results)),
                f"{slug}-lengths.svg": _svg(_lengths(Figure, results))}


def _svg(figure: Any) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    return out.getvalue()


def _heatmap(figure_of: Any, study: Study, results: Results) -> Any:
    """Each player's win rate (row) against each other (column), from both seats."""
    names = [p.name for p in study.contenders]
    rates: list[list[float]] = [[math.nan] * len(names) for _ in names]
    for tally in results.pairings:
        if tally.matches:
            a, b = names.index(tally.pairing.first.name), names.index(tally.pairing.second.name)
            rates[a][b] = tally.won / tally.matches
            rates[b][a] = tally.lost / tally.matches if a != b else rates[a][b]
    figure = figure_of(figsize=(1.2 + 1.1 * len(names), 0.8 + 0.8 * len(names)))
    axes = figure.add_subplot()
    image = axes.imshow(rates, vmin=0.0, vmax=1.0, cmap="RdBu")
    axes.set_xticks(range(len(names)), names, rotation=30, ha="right")
    axes.set_yticks(range(len(names)), names)
    axes.set_xlabel("against")
    axes.set_title("win rate of the row's player")
    for row, values in enumerate(rates):
        for column, value in enumerate(values):
            if value == value:  # not NaN: a pairing that was played
                axes.text(column, row, f"{100 * value:.0f}%", ha="center", va="center")
    figure.colorbar(image, ax=axes, fraction=0.05)
    return figure


def _card_rates(figure_of: Any, results: Results) -> Any:
    """Each card's win rate when cast, with its interval, and when only held; the study's seat win rate."""
    rated = sorted(results.cards.rated(), key=lambda row: row["card"], reverse=True)
    figure = figure_of(figsize=(6.5, 1.0 + 0.28 * max(1, len(rated))))
    axes = figure.add_subplot()
    for y, row in enumerate(rated):
        for key, colour, shift in (("won when cast", "tab:red", 0.12), ("won when only held", "tab:grey", -0.12)):
            rate = row[key]
            if rate["n"]:
                value = rate["rate"]
                axes.errorbar(value, y + shift, xerr=[[value - rate["low"]], [rate["high"] - value]], fmt="o",
                              color=colour, markersize=3, capsize=2)
    seats = results.cards
    if seats.seats:
        axes.axvline(seats.won / seats.seats, color="black", linewidth=0.8, linestyle=":")
    axes.set_yticks(range(len(rated)), [row["card"] + (" *" if row["stands out"] else "") for row in rated])
    axes.set_xlim(0.0, 1.0)
    axes.set_xlabel("a seat's win rate (95% interval): red when it cast the card, grey when it only held it; "
                    "dotted: every seat")
    return figure


def _lengths(figure_of: Any, results: Results) -> Any:
    """Each pairing's match lengths, in decisions."""
    played = [t for t in results.pairings if t.lengths]
    figure = figure_of(figsize=(6.5, 1.0 + 0.45 * max(1, len(played))))
    axes = figure.add_subplot()
    if played:
        axes.boxplot([t.lengths for t in played], orientation="horizontal", widths=0.5)
        axes.set_yticks(range(1, len(played) + 1), [t.pairing.name for t in played])
    axes.set_xlabel("decisions in a match")
    return figure


def image(name: str) -> Markup:
    """A plot's file name for a page's image link: the slugs above only, never a name from a file."""
    if not re.fullmatch(r"[a-z0-9-]+\.svg", name):
        raise ValueError(f"refusing to link to {name!r}")
    return Markup(name)
