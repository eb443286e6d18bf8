"""Every registered game kind keeps the contract of `engine.games.FamilyGame` (Durak's `Game`
has its own contract tests in tests/engine; these play the other kinds)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.games import DURAK, all_ids, family3_ids, is_durak, kind_of, kinds
from engine.rules import ALIASES, variant_ids
from engine.simulate import MOVE_CAP

KIND_PRESETS = [
    (kind.name, variant) for kind in kinds() if kind.name != DURAK for variant in kind.ids()
]


def test_ids_are_unique_and_every_preset_has_a_kind() -> None:
    """Every preset id and alias, Durak's included, finds exactly one kind; nothing else does."""
    ids = all_ids()
    assert len(ids) == len(set(ids))
    assert ids == [*variant_ids(), *family3_ids()]
    assert not set(ids) & set(ALIASES)
    durak = kind_of("throw-in")
    assert durak is not None and durak.name == DURAK and durak.ids() == variant_ids()
    for variant in [*variant_ids(), *ALIASES, " Podkidnoy "]:
        assert kind_of(variant) is durak and is_durak(variant)
    for kind in kinds():
        if kind.name != DURAK:
            assert kind.name in kind.ids() and not is_durak(kind.name)
            assert kind_of(kind.name.upper()) is kind
    for unknown in ("no-such-game", "", None, 36):
        assert kind_of(unknown) is None and not is_durak(unknown)


@pytest.mark.parametrize(("name", "variant"), KIND_PRESETS)
def test_random_game_keeps_the_contract(name: str, variant: str) -> None:
    """Random play to the end: legal moves exist, texts round-trip, a refused move changes
    nothing, clones are independent and a resample looks the same to its seat."""
    kind = kind_of(variant)
    assert kind is not None and kind.name == name
    rules = kind.get_rules(variant)
    players = next(n for n in (2, 3, 4) if _seats_ok(rules, n))
    rng = random.Random(7)
    game = kind.new_game(rules, players, rng)
    for step in range(MOVE_CAP):
        if game.over:
            break
        seat = rng.choice(game.to_act)
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} to act with no legal action"
        action = rng.choice(legal)
        assert kind.parse_action(str(action)) == action
        if step % 7 == 0:
            _check_copies(game, seat, rng)
            _check_refusal(game, legal, players)
        game.apply(action)
    assert game.over, f"{variant}: no end within {MOVE_CAP} actions"
    assert isinstance(game.result, dict)


def _seats_ok(rules: object, players: int) -> bool:
    try:
        rules.check_players(players)  # type: ignore[attr-defined]
    except ValueError:
        return False
    return True


def _check_copies(game: object, seat: int, rng: random.Random) -> None:
    before = game.state_hash()  # type: ignore[attr-defined]
    copy = game.resample(seat, random.Random(rng.getrandbits(32)))  # type: ignore[attr-defined]
    assert copy.observation(seat) == game.observation(seat)  # type: ignore[attr-defined]
    assert copy.information_state_key(seat) == game.information_state_key(seat)  # type: ignore[attr-defined]
    assert copy.public_hash() == game.public_hash()  # type: ignore[attr-defined]
    clone = game.clone()  # type: ignore[attr-defined]
    mover = clone.to_act[0]
    clone.apply(clone.legal_actions(mover)[0])
    assert game.state_hash() == before  # type: ignore[attr-defined]


def _check_refusal(game: object, legal: list[tuple[object, ...]], players: int) -> None:
    """A move of a seat not to act is refused, and the state stays as it was."""
    idle = [s for s in range(players) if s not in game.to_act]  # type: ignore[attr-defined]
    if not idle:
        return
    before = game.state_hash()  # type: ignore[attr-defined]
    move: Any = legal[0]
    forged = type(move)(idle[0], *tuple(move)[1:])  # the same move by a seat not to act
    with pytest.raises(IllegalAction):
        game.apply(forged)  # type: ignore[attr-defined]
    assert game.state_hash() == before  # type: ignore[attr-defined]


def test_a_durak_preset_imports_no_other_games_package() -> None:
    """`kind_of` of a Durak preset or alias answers Durak's kind without importing the six other
    games (a fresh process's first Durak game paid their imports: about 0.15 s without bytecode
    files)."""
    code = (
        "import sys\n"
        "from engine.games import ENTRIES, kind_of\n"
        "assert kind_of('throw-in').name == 'durak' and kind_of(' Podkidnoy ').name == 'durak'\n"
        "others = [e.engine_path for e in ENTRIES if e.name != 'durak']\n"
        "assert not [m for m in others if m in sys.modules], sys.modules.keys()\n"
        "assert kind_of('road') is not None\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_kind_of_answers_the_same_when_asked_again() -> None:
    """kind_of remembers its answers by the text asked; a second answer is the first one."""
    for variant in [*family3_ids(), *variant_ids(), "ROAD ", "no-such-game", ""]:
        key = variant.strip().lower()
        expected = next((kind for kind in kinds() if key in kind.ids()), None)
        assert kind_of(variant) is expected
        assert kind_of(variant) is expected
    assert kind_of("ROAD ") is kind_of("road") is not None
    assert kind_of(None) is None
