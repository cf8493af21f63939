"""The compiler's façade: source paths in; checked model, diagnostics and written outputs out.

Every output is rendered in memory first and then published as one transaction (:mod:`compiler.publish`),
so a failing, interrupted or concurrent build never leaves half-written or mismatched outputs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from compiler.check import Checker
from compiler.coverage import report
from compiler.diagnostics import Diagnostics
from compiler.emit_python import emit_python
from compiler.emit_site import emit_site
from compiler.model import CheckedNamShub, CheckedSpell
from compiler.parse import parse
from compiler.publish import Output, publish
from compiler.source import SourceFile, Undecodable, shown_path
from compiler.transform import to_ast
from engine.registry import Registry, load

# The outputs, relative to the project root: folders replaced whole, and single pages.
GENERATED = "generated"
SITE_FOLDERS = ("site/docs/spells", "site/docs/glossary")
SITE_FILES = ("site/docs/coverage.md",)
OUTPUTS = (GENERATED, *SITE_FOLDERS, *SITE_FILES)


@dataclass
class CompileResult:
    spells: list[CheckedSpell] = field(default_factory=list)
    nam_shubs: list[CheckedNamShub] = field(default_factory=list)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    files: int = 0

    @property
    def ok(self) -> bool:
        return not self.diagnostics.has_errors


def spell_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.rglob("*.spell")))
        else:
            out.append(p)
    return out


def _modified(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def compile_paths(paths: Iterable[Path], root: Path | None = None, registry: Registry | None = None
                  ) -> CompileResult:
    """Parse and check every ``.spell`` file under ``paths``; collect all diagnostics."""
    reg = registry or load()
    result = CompileResult()
    checker = Checker(reg, result.diagnostics)
    ages: dict[str, int] = {}  # shown path → modification time, so a clash blames the newer card
    for path in spell_files(paths):
        try:
            source = SourceFile.read(path, root)
        except Undecodable as err:
            result.diagnostics.error("E000", err.message, err.span, "help: save the file as UTF-8")
            continue
        except OSError as err:
            result.diagnostics.error("E000", f"cannot read file: {err.strerror or err}",
                                     SourceFile(shown_path(path, root), "").end)
            continue
        result.files += 1
        ages[source.path] = _modified(path)
        tree = parse(source, result.diagnostics)
        if tree is not None:
            file = to_ast(tree, source)
            result.spells.extend(checker.check_file(file))
            result.nam_shubs.extend(checker.check_nam_shubs(file))
    result.spells = checker.check_titles(result.spells, result.nam_shubs, lambda shown: ages.get(shown, 0))
    return result


def build(root: Path, sources: Path | None = None) -> CompileResult:
    """Compile ``cards_src/`` into ``generated/`` and the site's generated pages (nothing on error).

    The coverage page reads the rule markers of ``root/tests`` (see :mod:`compiler.coverage`). Raises
    :class:`compiler.publish.PublishError` when the outputs cannot be written; they are then as they were.
    """
    result = compile_paths([sources or root / "cards_src"], root)
    if result.ok:
        publish(root, render(root, result))
    return result


def render(root: Path, result: CompileResult) -> dict[str, Output]:
    """Every output's new contents, rendered before anything is written (a failing emitter writes nothing)."""
    registry = load()
    site_files = emit_site(result.spells, registry, report(registry, root / "tests"), result.nam_shubs)
    outputs: dict[str, Output] = {GENERATED: emit_python(result.spells, result.nam_shubs)}
    for folder in SITE_FOLDERS:
        prefix = folder.removeprefix("site/docs/") + "/"
        outputs[folder] = {k[len(prefix):]: v for k, v in site_files.items() if k.startswith(prefix)}
    for page in SITE_FILES:
        outputs[page] = site_files[page.removeprefix("site/docs/")]
    return outputs
