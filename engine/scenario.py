"""Scenario files: JSON rule tests, and the runner `python -m engine.scenario PATH...`.

Exit status: 0 when every expectation holds, 1 when any fails, 2 on a malformed file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions import (
    ACCEPT,
    ATTACK,
    ATTACK_TALON,
    BEAT,
    BEAT_HIDDEN,
    CHECK,
    EXCHANGE,
    FORFEIT,
    PASS,
    SHOW_TRUMP,
    TAKE,
    THROW,
    TRANSFER,
    Action,
    parse_position,
)
from engine.cards import Card, deck_spec, parse_cards
from engine.errors import EngineError, IllegalAction, ParseError
from engine.game import Game
from engine.rules import Rules, get_rules
from engine.variants import magadan, out_of_play, two_trump

TOP_KEYS = {"name", "variant", "options", "players", "hands", "talon", "trump", "first", "moves",
            "expect", "description", "seed", "deck", "dealer"}  # fmt: skip
MOVE_META = {"seat", "illegal", "expect", "comment", "reason"}


class ScenarioError(Exception):
    """A scenario file that is not well formed (exit status 2)."""


@dataclass(frozen=True)
class Failure:
    """One expectation that did not hold."""

    path: str
    move: int | None
    what: str
    expected: object
    found: object

    def __str__(self) -> str:
        where = "final state" if self.move is None else f"move {self.move}"
        return (
            f"{self.path}: {where}: {self.what}: expected {self.expected!r}, found {self.found!r}"
        )


def _cards(value: object, what: str) -> tuple[Card, ...]:
    try:
        if isinstance(value, str):
            return (Card.parse(value),)
        return parse_cards(value)
    except ParseError as exc:
        raise ScenarioError(f"{what}: {exc}") from None


def _one_card(value: object, what: str) -> Card:
    if not isinstance(value, str):
        raise ScenarioError(f"{what}: expected one card as text, got {value!r}")
    try:
        return Card.parse(value)
    except ParseError as exc:
        raise ScenarioError(f"{what}: {exc}") from None


def _position(value: object) -> int | None:
    """The hand position a move names as "@N" (reverse fool's blind plays), else None."""
    if not (isinstance(value, str) and value.startswith("@")):
        return None
    try:
        return parse_position(value)
    except ParseError as exc:
        raise ScenarioError(str(exc)) from None


def _laid(seat: int, kind: str, value: object, target: Card | None = None) -> Action:
    """A card action naming its card by face, or blind by position ("@5")."""
    slot = _position(value)
    if slot is not None:
        return Action(seat, kind, (), target, (slot,))
    if kind in (BEAT, TRANSFER):
        return Action(seat, kind, (_one_card(value, "beat ... with" if target else kind),), target)
    return Action(seat, kind, _cards(value, kind), target)


MoveBuilder = Callable[[int, dict[str, Any]], Action]

MOVE_KEYS: dict[str, MoveBuilder] = {
    "attack": lambda seat, m: _laid(seat, ATTACK, m["attack"]),
    "throw": lambda seat, m: _laid(seat, THROW, m["throw"]),
    "beat": lambda seat, m: _laid(seat, BEAT, m.get("with"), _one_card(m["beat"], "beat")),
    "transfer": lambda seat, m: _laid(seat, TRANSFER, m["transfer"]),
    "show_trump": lambda seat, m: Action(
        seat, SHOW_TRUMP, (_one_card(m["show_trump"], "show_trump"),)
    ),
    "take": lambda seat, m: Action(seat, TAKE),
    "pass": lambda seat, m: Action(seat, PASS),
    "forfeit": lambda seat, m: Action(seat, FORFEIT),
    # Family 2.
    "attack_talon": lambda seat, m: Action(seat, ATTACK_TALON),
    "beat_hidden": lambda seat, m: Action(
        seat,
        BEAT_HIDDEN,
        (_one_card(m.get("with"), "beat_hidden ... with"),),
        _one_card(m["beat_hidden"], "beat_hidden"),
    ),
    "accept": lambda seat, m: Action(seat, ACCEPT),
    "check": lambda seat, m: Action(seat, CHECK),
    "exchange": lambda seat, m: Action(seat, EXCHANGE, _cards(m["exchange"], "exchange")),
}
"""Scenario move keys and how each becomes an Action; variants register their own keys here."""


def move_to_action(move: object, index: int) -> Action:
    """Turn one scenario move into an Action (ScenarioError when malformed)."""
    if not isinstance(move, dict):
        raise ScenarioError(f"move {index} is not an object")
    seat = move.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ScenarioError(f"move {index} needs an integer seat")
    keys = [k for k in move if k not in MOVE_META and k != "with"]
    if len(keys) != 1 or keys[0] not in MOVE_KEYS:
        raise ScenarioError(f"move {index}: expected one of {sorted(MOVE_KEYS)}, got {keys}")
    if "with" in move and keys[0] not in ("beat", "beat_hidden"):
        raise ScenarioError(f"move {index}: 'with' belongs to a beat")
    return MOVE_KEYS[keys[0]](seat, move)


def build_game(data: dict[str, Any]) -> Game:
    """Set up the game a scenario describes: laid-out hands, or a whole deck that is dealt."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown keys: {sorted(unknown)}")
    if "deck" in data:
        return _dealt_game(data)
    if not isinstance(data.get("hands"), list) or not data["hands"]:
        raise ScenarioError("'hands' must be a non-empty list of hands")
    rules = _scenario_rules(data)
    hands = [list(_cards(h, f"hand {i}")) for i, h in enumerate(data["hands"])]
    players = data.get("players", len(hands))
    if not isinstance(players, int) or players < len(hands):
        raise ScenarioError("'players' must be an integer at least the number of hands")
    hands += [[] for _ in range(players - len(hands))]
    talon = list(_cards(data.get("talon", []), "talon"))
    trump = data.get("trump")
    if trump is not None and trump not in ("C", "D", "H", "S"):
        raise ScenarioError(f"trump must be C, D, H or S, not {trump!r}")
    first = data.get("first")
    if first is not None and not (isinstance(first, int) and 0 <= first < players):
        raise ScenarioError(f"'first' must be a seat, not {first!r}")
    check_layout(rules, hands, talon)
    try:
        return Game.from_layout(
            rules, hands, talon, trump=trump, first=first, rng=random.Random(data.get("seed", 0))
        )
    except EngineError as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None


def _scenario_rules(data: dict[str, Any]) -> Rules:
    """The rules a scenario names: its variant (throw-in by default) with its options."""
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError("'options' must be an object")
    try:
        return get_rules(str(data.get("variant", "throw-in")), **options)
    except (ParseError, TypeError) as exc:
        raise ScenarioError(f"rules: {exc}") from None


def _dealt_game(data: dict[str, Any]) -> Game:
    """A scenario that gives the whole deck (top first), `players` and optionally the `dealer`:
    the game is dealt from it as at a table (the first card to the dealer's left)."""
    if "hands" in data or "talon" in data:
        raise ScenarioError("give either 'deck' or 'hands' and 'talon', not both")
    rules = _scenario_rules(data)
    players, dealer, first = data.get("players"), data.get("dealer"), data.get("first")
    if not isinstance(players, int) or isinstance(players, bool):
        raise ScenarioError("a dealt scenario needs 'players'")
    for name, seat in (("dealer", dealer), ("first", first)):
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
            raise ScenarioError(f"'{name}' must be a seat, not {seat!r}")
    deck = list(_cards(data["deck"], "deck"))
    if Counter(deck) != Counter(deck_spec(rules.deck, rules.jokers, rules.decks)):
        raise ScenarioError(f"'deck' must be the {rules.deck_size} cards of these rules")
    try:
        return Game.from_deck(
            rules,
            players,
            deck,
            first=first,
            rng=random.Random(data.get("seed", 0)),
            dealer=dealer,
            trump=data.get("trump"),
        )
    except (EngineError, ParseError) as exc:
        raise ScenarioError(f"cannot deal the game: {exc}") from None


def check_layout(rules: Rules, hands: Sequence[Sequence[Card]], talon: Sequence[Card]) -> None:
    """The seats fit the rules and every card laid out is a card of the deck, no more often.

    (Albanian's rank order is checked by `Game.from_layout`.)
    """
    players = len(hands)
    cards = [card for hand in hands for card in hand] + list(talon)
    most = rules.seat_limit
    if not rules.min_players <= players <= most:
        raise ScenarioError(
            f"{rules.id} is played by {rules.min_players}..{most} players, not {players}"
        )
    if rules.teams and players not in (4, 6):
        raise ScenarioError("team play needs 4 or 6 players")
    extra = Counter(cards) - Counter(deck_spec(rules.deck, rules.jokers, rules.decks))
    if extra:
        names = ", ".join(sorted(card.text for card in extra.elements()))
        raise ScenarioError(f"not in a {rules.deck_size}-card deck of these rules: {names}")


def _multiset(cards: Sequence[Card | None]) -> list[str]:
    return sorted(c.text if c is not None else "?" for c in cards)


def check_expect(game: Game, expect: object, path: str, move: int | None) -> list[Failure]:
    """Compare the keys given in `expect` with the game."""
    if not isinstance(expect, dict):
        raise ScenarioError(f"expect at {move} must be an object")
    failures = []

    def check(what: str, expected: object, found: object) -> None:
        if expected != found:
            failures.append(Failure(path, move, what, expected, found))

    for key, want in expect.items():
        if key == "over":
            check(key, want, game.over)
        elif key == "fool":
            check(key, want, game.fool if game.over else None)
        elif key == "draw":
            check(key, want, game.over and game.fool is None)
        elif key == "out":
            check(key, want, list(game.out))
        elif key == "hands":
            if not isinstance(want, dict):
                raise ScenarioError("expect.hands must map seats to cards")
            for seat_text, cards in want.items():
                seat = int(seat_text)
                check(
                    f"hand of seat {seat}",
                    sorted(c.text for c in _cards(cards, "expect.hands")),
                    _multiset([game.faces[s] for s in game.hands[seat]]),
                )
        elif key == "hand_sizes":
            check(key, want, [len(h) for h in game.hands])
        elif key == "table":
            found = [
                [game.faces[a].text, None if b < 0 else game.faces[b].text]  # type: ignore[union-attr]
                for a, b in game.table
            ]
            if not isinstance(want, list):
                raise ScenarioError("expect.table must be a list of pairs")
            wanted = [
                [Card.parse(a).text, None if b is None else Card.parse(b).text] for a, b in want
            ]
            check(key, wanted, found)
        elif key == "attacker":
            check(key, want, None if game.over else game.lead)
        elif key == "defender":
            check(key, want, None if game.over else game.defender)
        elif key == "discard_count":
            check(key, want, len(game.discard))
        elif key == "talon_count":
            check(key, want, len(game.talon))
        elif key == "trump":
            check(key, want, game.trump_suit)
        elif key == "trump_card":  # the card turned up under the talon, seen by all (or null)
            slot = game.trump_slot
            everyone = (1 << game.players) - 1
            shown = slot is not None and slot in game.talon and game.known[slot] == everyone
            check(key, want, game.faces[slot].text if shown else None)  # type: ignore[index,union-attr]
        elif key == "to_act":
            check(key, want, list(game.to_act))
        elif key == "taking":
            check(key, want, game.taking)
        elif key == "scores":
            check(key, want, game.scores())
        elif key == "winners":
            check(key, want, game.winners() if game.over else [])
        elif key == "locked":
            check(key, want, [len(x) for x in magadan.locked(game)])
        elif key == "removed_count":
            check(key, want, len(out_of_play(game)))
        elif key == "trumps":
            check(key, want, list(two_trump.seat_trumps(game)))
        elif key == "talon":
            found_talon = [
                f.text if f is not None else "?" for f in (game.faces[s] for s in game.talon)
            ]
            check(key, [c.text for c in _cards(want, "expect.talon")], found_talon)
        elif key == "legal":
            if not isinstance(want, dict):
                raise ScenarioError("expect.legal must map seats to action texts")
            for seat_text, texts in want.items():
                seat = int(seat_text)
                check(
                    f"legal actions of seat {seat}",
                    sorted(texts),
                    sorted(str(a) for a in game.legal_actions(seat)),
                )
        else:
            raise ScenarioError(f"unknown expectation {key!r}")
    return failures


def run_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a scenario; return the expectations that failed (ScenarioError when malformed)."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    from engine.games import kind_of

    kind = kind_of(data.get("variant"))
    if kind is not None:  # each game kind reads its own scenario form (Durak's: below)
        return kind.run_scenario(data, path)
    return run_durak_scenario(data, path)  # (no variant, or an unknown one: build_game says)


def run_durak_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a Durak scenario (families 1 and 2); the expectations that failed."""
    game = build_game(data)
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise ScenarioError("'moves' must be a list")
    actions = [move_to_action(m, i) for i, m in enumerate(moves)]
    for index, (move, action) in enumerate(zip(moves, actions, strict=True)):
        illegal = move.get("illegal", False)
        before = game.state_hash()
        try:
            game.apply(action)
        except IllegalAction as exc:
            if not illegal:
                return [Failure(path, index, f"{action} was rejected", "legal", str(exc))]
            if game.state_hash() != before:
                return [Failure(path, index, "state after an illegal move", before, "changed")]
        else:
            if illegal:
                return [Failure(path, index, f"{action} was accepted", "illegal", "legal")]
        if "expect" in move:
            failures = check_expect(game, move["expect"], path, index)
            if failures:
                return failures
    return check_expect(game, data.get("expect", {}), path, None)


def scenario_files(paths: Sequence[str]) -> Iterator[Path]:
    """Every .json file named or found under the folders named."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from sorted(path.rglob("*.json"))
        else:
            yield path


def load(path: Path) -> dict[str, Any]:
    """Read one scenario file (ScenarioError when it is not JSON)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    return data


def main(argv: Sequence[str] | None = None) -> int:
    """Run scenario files; print failures; return 0, 1 (failures) or 2 (malformed)."""
    parser = argparse.ArgumentParser(prog="python -m engine.scenario")
    parser.add_argument("paths", nargs="+", help="scenario files or folders")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only failures")
    args = parser.parse_args(argv)
    malformed = failed = passed = 0
    for path in scenario_files(args.paths):
        try:
            failures = run_scenario(load(path), str(path))
        except ScenarioError as exc:
            malformed += 1
            print(f"{path}: malformed: {exc}")
            continue
        if failures:
            failed += 1
            for failure in failures:
                print(failure)
        else:
            passed += 1
            if not args.quiet:
                print(f"{path}: ok")
    print(f"{passed} passed, {failed} failed, {malformed} malformed")
    if malformed:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    # Run the imported module's main, not this copy's: the game packages raise
    # `engine.scenario.ScenarioError`, which `__main__.ScenarioError` would not catch.
    from engine.scenario import main as imported_main

    sys.exit(imported_main())
