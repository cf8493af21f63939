"""The compiler's façade: source paths in; checked model, diagnostics and written outputs out.

Outputs are written to a temporary folder beside their destination and swapped in whole, so an
interrupted or failing build never leaves half-written files.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from compiler.check import Checker
from compiler.diagnostics import Diagnostics
from compiler.model import CheckedNamShub, CheckedSpell
from compiler.parse import parse
from compiler.source import SourceFile
from compiler.transform import to_ast
from engine.registry import Registry, load

SITE_GENERATED = ("spells", "glossary")  # folders under site/docs/, replaced whole
SITE_GENERATED_FILES = ("coverage.md",)  # single pages under site/docs/


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


def compile_paths(paths: Iterable[Path], root: Path | None = None, registry: Registry | None = None
                  ) -> CompileResult:
    """Parse and check every ``.spell`` file under ``paths``; collect all diagnostics."""
    reg = registry or load()
    result = CompileResult()
    checker = Checker(reg, result.diagnostics)
    for path in spell_files(paths):
        try:
            source = SourceFile.read(path, root)
        except (OSError, UnicodeDecodeError) as err:
            result.diagnostics.error("E000", f"cannot read file: {err}", SourceFile(str(path), "").end)
            continue
        result.files += 1
        tree = parse(source, result.diagnostics)
        if tree is not None:
            file = to_ast(tree, source)
            result.spells.extend(checker.check_file(file))
            result.nam_shubs.extend(checker.check_nam_shubs(file))
    checker.check_titles(result.spells)
    checker.check_nam_shub_titles(result.spells, result.nam_shubs)
    return result


def write_tree(dest: Path, files: Mapping[str, str]) -> None:
    """Replace folder ``dest`` by exactly ``files``: written aside first, then swapped in whole."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.new-", dir=dest.parent))
    try:
        for name, text in sorted(files.items()):
            target = tmp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        old = dest.with_name(f".{dest.name}.old")
        if old.exists():
            shutil.rmtree(old)
        if dest.exists():
            os.replace(dest, old)
        os.replace(tmp, dest)
        if old.exists():
            shutil.rmtree(old)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)


def write_file(dest: Path, text: str) -> None:
    """Replace file ``dest`` by ``text``: written aside first, then renamed over it."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.new-", dir=dest.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def build(root: Path, sources: Path | None = None) -> CompileResult:
    """Compile ``cards_src/`` into ``generated/`` and the site's generated pages (nothing on error).

    The coverage page reads the rule markers of ``root/tests`` (see :mod:`compiler.coverage`).
    """
    from compiler.coverage import report
    from compiler.emit_python import emit_python
    from compiler.emit_site import emit_site

    result = compile_paths([sources or root / "cards_src"], root)
    if not result.ok:
        return result
    python_files = emit_python(result.spells, result.nam_shubs)
    site_files = emit_site(result.spells, load(), report(load(), root / "tests"), result.nam_shubs)
    # Render everything before writing anything, so a failing emitter leaves the old outputs whole.
    write_tree(root / "generated", python_files)
    docs = root / "site" / "docs"
    for folder in SITE_GENERATED:
        prefix = f"{folder}/"
        write_tree(docs / folder, {k[len(prefix):]: v for k, v in site_files.items() if k.startswith(prefix)})
    for name in SITE_GENERATED_FILES:
        write_file(docs / name, site_files[name])
    return result
