"""Encounters: rule-based action engines (draw bag, action charts, ability charts, targeting rules)."""

from __future__ import annotations

from engine.decisions import Flow
from engine.effects import Effect
from engine.errors import Unsupported
from engine.rules import Game
from engine.state import Being


def stat_bonus(game: Game, b: Being, stat: str) -> int:
    return 0


def take_turn(game: Game, b: Being) -> Flow[bool]:
    raise Unsupported("Encounter turns")
    yield


def respond(game: Game, b: Being, fx: Effect) -> Flow[bool]:
    return False
    yield


def create(spec: object, library: object) -> Being:
    raise Unsupported("Encounters")
