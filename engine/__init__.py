"""The rules engine: a core that knows no game (``engine.core``) and a ruleset per game
(``engine.rulesets``). Never imports the compiler."""
