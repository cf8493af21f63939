"""spellc: a rules-as-data compiler for spell-card games.

The import package is ``spellc``, and its subpackages are the repository's top-level folders, which the design
card names: ``spellc.compiler`` (compiler/), ``spellc.engine`` (engine/), ``spellc.generated`` (generated/) and
the grammars (grammar/). In the repository they are links to those folders; in an installed distribution they
are copies. Folder names such as ``compiler`` and ``engine`` would clash with other distributions' packages as
top-level import names: under ``spellc`` they cannot.
"""
