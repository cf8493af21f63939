"""spellc's compiler: card sources → parse tree → AST → checked model → generated code and site pages."""
