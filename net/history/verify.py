"""A game file checked from scratch: every signature, every shuffle proof, every move, the result.

The deals go through observers (`net.dealing.observer.DealObserver`: the checks a seat makes,
made by nobody's seat), the moves through the table's own checks (`net.table.log`) and the
audit's replay on the engine (`GameAdapter.replay`), the result against the replayed game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from engine.audit import LOWEST_TRUMP, NO_TRUMP
from net.dealing.errors import CheatDetected, DealingError
from net.history.capture import result_of
from net.history.gamefile import GameFile
from net.history.opening import DealFailure, OpenedGame, open_game
from net.history.replay import Replay, replay_game_file
from net.table.config import TableConfig
from net.table.game_adapter import entry_seat
from net.table.lead import claim_subject
from net.table.log import chain, entry_signed_by

VERIFIED = "Verified: every signature, every shuffle proof and every move checked"
"""The words of a file whose game the audit opened completely and that holds up in every check."""


@dataclass
class Verification:
    """The outcome of checking a game file: `ok`, one line of words, what was checked and what
    could not be, and what failed (None when nothing did)."""

    ok: bool
    words: str
    checked: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    failure: str | None = None
    replay: Replay | None = None
    """The replay built while checking (the viewer shows it without opening the deals again)."""


def verify_game_file(gf: GameFile) -> Verification:
    """Check a game file; never raises for a damaged or forged file (its failure says why)."""
    checked: list[str] = []
    unchecked: list[str] = []

    def failed(what: str) -> Verification:
        return Verification(False, f"Not verified: {what}", checked, unchecked, what)

    try:
        config = TableConfig.from_wire(gf.config)
    except ValueError as exc:
        return failed(f"the table configuration is malformed: {exc}")
    if config.as_wire() != gf.config:
        return failed("the table configuration is not written as the table signed it")
    problem = _players_problem(gf, config)
    if problem is not None:
        return failed(problem)
    checked.append("the players and their identity keys are the configuration's")
    unchecked.append("when the game was played (the file's date is its keeper's word)")
    if gf.result.ended not in ("finished", "left", "absent"):
        unchecked.append(
            f"why it ended ({gf.result.ended}): the table's evidence is not in the file"
        )
    names = [p.name for p in gf.players]
    expected = result_of(gf.result.ended, gf.result.outcome, gf.result.cheater, names)
    if expected != gf.result:
        return failed("the result's fool, places or words do not follow from its outcome")
    try:
        opened = open_game(gf, check_proofs=True)
    except DealFailure as exc:
        return failed(exc.words(config))
    except (CheatDetected, DealingError, ValueError) as exc:
        return failed(f"the deals cannot be checked: {exc}")
    count = sum(len(d.messages) for d in gf.deals)
    checked.append(
        f"every signature and shuffle proof of {len(gf.deals)} deal(s) ({count} messages)"
    )
    problem = _log_problem(gf, config, opened)
    if problem is not None:
        return failed(problem)
    checked.append(f"every signature and the hash chain of the {len(gf.log)} moves")
    if opened.deck is None:
        unchecked.append("the cards: " + "; ".join(opened.closed))
        unchecked.append("the moves against the rules (no full audit opened the deck)")
        unchecked.append("the result (it follows from the signed moves, not replayed)")
        replay = replay_game_file(gf, opened)
        why = {"finished": "", "cheat": "a cheat was named", "abandoned": "it was abandoned"}
        reason = why.get(gf.result.ended, f"it ended {gf.result.ended}")
        words = (
            "Partly verified: every signature, every shuffle proof and the signed log checked; "
            f"the cards were not all revealed{' (' + reason + ')' if reason else ''}, "
            "so the moves could not be replayed"
        )
        return Verification(True, words, checked, unchecked, None, replay)
    for index, verdict in sorted(opened.verdicts.items()):
        if verdict.cheaters or verdict.problems:
            found = [f"seat {s}: {'; '.join(r)}" for s, r in verdict.cheaters.items()]
            return failed(
                f"the audit of deal {index} fails: {'; '.join(found + list(verdict.problems))}"
            )
    checked.append("the audit: every revealed secret matches its commitments; the deck opens")
    try:
        derived = shown_claims(gf, opened) or []
    except ValueError as exc:
        return failed(str(exc))
    recorded = [c for c in gf.start.game_claims if c[1] == LOWEST_TRUMP]
    if sorted(derived) != sorted(recorded):
        return failed("the lowest trumps recorded are not the cards the seats showed at the start")
    problems = _proxy_problems(gf, opened) + _game_problems(gf, opened)
    if problems:
        return failed("the replay of the moves fails: " + "; ".join(problems))
    checked.append("every move replayed on the engine with every card open")
    replay = replay_game_file(gf, opened)
    problem = _result_problem(gf, replay)
    if problem is not None:
        return failed(problem)
    checked.append("the result is the replayed game's")
    problem = _public_faces_problem(gf, opened)
    if problem is not None:
        return failed(problem)
    checked.append("the faces shown to every seat are the opened deck's")
    return Verification(True, VERIFIED, checked, unchecked, None, replay)


def _players_problem(gf: GameFile, config: TableConfig) -> str | None:
    """The players' records against the configuration's seats."""
    if gf.variant != config.variant:
        return f"the file says {gf.variant!r} but its configuration plays {config.variant!r}"
    seats = [(s.name, s.key.hex()) for s in config.seats]
    if [(p.name, p.key_hex) for p in gf.players] != seats or [p.seat for p in gf.players] != list(
        range(len(seats))
    ):
        return "the players listed are not the configuration's seats"
    return None


def _log_problem(gf: GameFile, config: TableConfig, opened: OpenedGame) -> str | None:
    """Each move's signature, number and link to the log before it; the last hash."""
    digest = config.digest()
    base = hashlib.sha256(b"durak-log\x00" + digest).hexdigest()
    current = chain(base, {"trump": gf.start.trump, "claims": list(gf.start.claims)})
    if not gf.log:
        current = gf.log_hash if gf.log_hash in (base, current) else current
    adapter = opened.adapter
    for index, entry in enumerate(gf.log):
        seat = entry_seat(entry)
        words = f"move {index} ({entry.get('a')})"
        if entry.get("i") != index:
            return f"{words} is numbered {entry.get('i')!r}"
        if entry.get("prev") != current:
            return f"{words} does not extend the log before it (a move changed or left out)"
        if seat is None or not 0 <= seat < config.players:
            return f"{words} names no seat of the table"
        key = config.seats[seat].key
        if not entry_signed_by(key, seat, entry, digest, adapter.parse):
            name = config.seats[seat].name
            return f"{words}: its signature is not seat {seat}'s ({name}): the move was changed"
        current = chain(current, entry)
    if current != gf.log_hash:
        return "the log's last hash is not the one the table agreed on"
    return None


def shown_claims(gf: GameFile, opened: OpenedGame) -> list[tuple[int, str, str]] | None:
    """The lowest-trump claims the seats' signed start positions make, read from the opened
    deck: one per seat whose claim is about its own hand (`lead.claim_subject`), "none" for a
    seat that showed nothing; None when this game records no such claims."""
    if opened.deck is None or not gf.start.claims:
        return None
    if not opened.adapter.lowest_trump_claims(opened.config):
        return None
    rules, players = opened.adapter.rules, opened.config.players
    claims = []
    for seat, position in enumerate(gf.start.claims):
        if claim_subject(rules, players, seat) != seat:
            continue  # reverse: a claim about the next hand (`proxy_claims`)
        if position is not None and not (
            type(position) is int and 0 <= position < len(opened.deck)
        ):
            raise ValueError(f"seat {seat} showed a position the deck does not have")
        text = NO_TRUMP if position is None else opened.deck[position]
        claims.append((seat, LOWEST_TRUMP, text))
    return claims


def _proxy_problems(gf: GameFile, opened: OpenedGame) -> list[str]:
    """Reverse fool: each seat's claim about the next seat's lowest trump, against the opened
    deck (the adapter's `proxy_claim_problems`, as the table audit checks them)."""
    if opened.deck is None or not gf.start.claims:
        return []
    found = opened.adapter.proxy_claim_problems(
        opened.config, gf.start.claims, opened.deck, gf.start.trump
    )
    return [f"seat {seat}: {reason}" for seat, reason in found]


def _game_problems(gf: GameFile, opened: OpenedGame) -> list[str]:
    """The audit's replay of the moves with every card open (`GameAdapter.replay`)."""
    try:
        found = opened.adapter.replay(
            gf.start.first,
            gf.log,
            opened.adapter.start_from_claims(gf.start.game_claims),
            list(opened.deck or []),
            opened.redeals,
            opened.config.dealer,
            gf.start.trump,
        )
    except (ValueError, KeyError, TypeError) as exc:
        return [f"the game cannot be replayed: {exc}"]
    over = gf.result.ended in ("finished",)
    words = []
    for seat, problem in found:
        if not over and "is not over after" in problem:
            continue  # a game that stopped early is not over: that is no fault
        words.append(problem if seat is None else f"seat {seat}: {problem}")
    return words


def _public_faces_problem(gf: GameFile, opened: OpenedGame) -> str | None:
    """The faces the file says every seat saw, against the opened decks (deal 0's layout and
    each re-deal's sub-deck)."""
    dealt: dict[tuple[int, int], str] = {}
    for slot, (deal, position) in enumerate(gf.start.initial_sources):
        if opened.deck is not None and slot < len(opened.deck):
            dealt[(deal, position)] = opened.deck[slot]
    for deal, cards in zip(gf.start.reshuffle_deals, opened.redeals, strict=False):
        dealt.update({(deal, position): card for position, card in enumerate(cards)})
    for (deal, position), text in sorted(gf.public_faces.items()):
        if dealt.get((deal, position)) != text:
            return (
                f"position {position} of deal {deal} is said to have shown {text}, "
                "which the opened deck refutes"
            )
    return None


def _result_problem(gf: GameFile, replay: Replay) -> str | None:
    """The recorded result against the replayed game's."""
    if not replay.playable or len(replay.steps) != len(gf.log):
        return f"the moves cannot all be replayed: {replay.why}"
    if gf.result.ended != "finished":
        return None  # the game stopped before its end: the table's reason is the result
    game = replay.state(len(replay.steps) - 1)
    result = dict(game.result)
    if result != gf.result.outcome:
        return f"the result recorded ({gf.result.outcome}) is not the replayed game's ({result})"
    if result.get("fool") != gf.result.fool:
        return "the fool recorded is not the replayed game's"
    return None


__all__ = ["VERIFIED", "Verification", "verify_game_file"]
