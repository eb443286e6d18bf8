"""What a Durak game shows: a viewer's observation, the state text, the result and the scores
(`Game._observe` and `Game._state_text`, the hidden-card base's hooks behind `observation`,
`public_observation`, `open_observation` and the hashes; `Game.result`... call these)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.cards import Card
from engine.observation import Observation
from engine.variants import STATE_FIELDS, Twist, magadan, out_of_play, points
from engine.variants.twist import NO_CARD

if TYPE_CHECKING:
    from engine.game import Game


def result(game: Game) -> dict[str, object]:
    """The outcome: fool (None for a draw), order of leaving, losing team when teams play."""
    data: dict[str, object] = {
        "over": game.over,
        "fool": game.fool,
        "draw": game.over and game.fool is None,
        "out": list(game.out),
    }
    if game.rules.teams and game.over and game.fool is not None:
        data["losing_team"] = game.fool % game._teams
    keeper = score_keeper(game)
    if keeper is not None:
        data["scores"] = keeper.scores(game)
        data["winners"] = keeper.winners(game) if game.over else []
    return data


def observation(game: Game, seat: int, mask: int | None = None) -> Observation:
    """What a viewer at `seat` (NO_SEAT: none) knows who sees the faces known to every seat of
    `mask` (by default his own: exactly what `seat` may know now; 0: every face known here)."""
    if mask is None:
        mask = 1 << seat
    seated = seat >= 0
    faces, known = game.faces, game.known

    def see(slot: int) -> Card | None:
        return faces[slot] if known[slot] & mask == mask else None

    hands = tuple(tuple(see(s) for s in hand) for hand in game.hands)
    table = tuple((see(a), None if b == NO_CARD else see(b)) for a, b in game.table)
    trump_card = None
    if game.trump_slot is not None and game.trump_slot in game.talon:
        trump_card = see(game.trump_slot)
    passed = tuple(s for s in range(game.players) if game.passed >> s & 1)
    teams = tuple(s % game._teams for s in range(game.players)) if game._teams else ()
    return Observation(
        seat=seat,
        players=game.players,
        variant=game.rules.id,
        trump_suit=game.trump_suit,
        trump_card=trump_card,
        talon_count=len(game.talon),
        discard_count=len(game.discard),
        hand=hands[seat] if seated else (),
        hands=hands,
        hand_sizes=tuple(len(h) for h in game.hands),
        table=table,  # type: ignore[arg-type]
        attacker=None if game.over else game.lead,
        defender=None if game.over else game.defender,
        to_act=game.to_act,
        passed=passed,
        taking=game.taking,
        out=game.out,
        over=game.over,
        fool=game.fool,
        legal=tuple(visible_legal(game, seat)) if seated else (),
        last_events=tuple(game._events),
        bout=len(game.discard),
        teams=teams,
        **(observation_f2(game, seat, mask) if game.rules.base else {}),
    )


def visible_legal(game: Game, seat: int) -> list[Action]:
    """Legal actions, without those naming cards of this seat's hand it cannot see."""
    legal = game.legal_actions(seat)
    if not game.twists:  # (only a twist hides a seat's own cards: magadan, reverse)
        return legal
    bit = 1 << seat
    hidden = [s for s in game.hands[seat] if not game.known[s] & bit]
    if not hidden:
        return legal
    visible = Counter(game.faces[s] for s in game.hands[seat] if game.known[s] & bit)
    kept = []
    for action in legal:
        need = Counter(action.cards)
        if all(visible[card] >= count for card, count in need.items()):
            kept.append(action)
    return kept


def observation_f2(game: Game, seat: int, mask: int) -> dict[str, Any]:
    """The family-2 fields of the observation of a viewer at `seat` (NO_SEAT: none) who sees
    the faces known to `mask`; each twist adds its own (`observe`)."""
    fields: dict[str, Any] = {
        "hand_slots": tuple(game.hands[seat]) if seat >= 0 else (),
        "locked": tuple(len(x) for x in magadan.locked(game)),
        "removed_count": len(out_of_play(game)),
    }
    for twist in game.twists:
        twist.observe(game, mask, fields)
    return fields


def state_text(game: Game, public: bool) -> str:
    """The whole state as text (`Game._state_text`: the base's `state_hash` and, `public`:
    faces not open to every seat as "?", `public_hash`)."""

    def face(slot: int) -> str:
        card = game.faces[slot]
        if card is None or (public and game.known[slot] != game.everyone):
            return "?"
        return card.text

    hands = "|".join(",".join(face(s) for s in h) for h in game.hands)
    return ";".join(
        [
            game.rules.id,
            f"trump={game.trump_suit}",
            f"hands={hands}",
            "talon=" + ",".join(face(s) for s in game.talon),
            "table="
            + ",".join(f"{face(a)}/{'-' if b == NO_CARD else face(b)}" for a, b in game.table),
            "discard=" + ",".join(face(s) for s in game.discard),
            f"lead={game.lead};def={game.defender};taking={game.taking}",
            f"passed={game.passed};right={game.right};row={game.passes_in_row};shown={game.shown}",
            f"out={list(game.out)};over={game.over};fool={game.fool}",
        ]
        + (state_text_f2(game, face) if game.rules.base else [])
    )


def state_text_f2(game: Game, face: Callable[[int], str]) -> list[str]:
    """The family-2 fields of the state text: the positions out of play, each variant's
    part (`engine.variants.STATE_FIELDS`) and the trump card's position."""
    parts = ["removed=" + ",".join(face(s) for s in out_of_play(game))]
    for fields in STATE_FIELDS:
        parts += fields(game, face)
    parts.append(f"trump_slot={game.trump_slot}")
    return parts


def score_keeper(game: Game) -> Twist | None:
    """The twist whose best score wins the game (points, pogony), if any."""
    return next((twist for twist in game.twists if twist.keeps_score), None)


def scores(game: Game) -> list[int]:
    """Points: cards each seat beat; pogony: shoulder straps each seat scored (a game that
    keeps no score: the beats counted by points, none)."""
    keeper = score_keeper(game)
    return points.beat_scores(game) if keeper is None else keeper.scores(game)


def winners(game: Game) -> list[int]:
    """Points and pogony: the seats with the best score (pogony ties: the highest strap)."""
    keeper = score_keeper(game)
    return points.most_beats(game) if keeper is None else keeper.winners(game)
