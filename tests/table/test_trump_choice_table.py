"""The dealer names the trump suit at a simulated table (issue 10, point 12): the dealer's choice
is a signed `trump` message, used by every seat; one that is forged, late or malformed is named
against its sender; a dealer who does not choose gets a suit chosen for him at the deadline."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import SUITS
from net.table.core import Out, TableCore
from net.table.events import TrumpChoiceDue, TrumpNamed
from net.table.local import LocalTable
from net.table.sim import SimulatedTable, make_table
from net.table.trump_choice import TRUMP_CHOICE_DEADLINE

OPTIONS = {"dealer_names_trump": True}
DEALER = 2  # no dealer in the config: seat 0 is dealt first, as if the last seat dealt


def named_events(table: SimulatedTable) -> dict[int, list[TrumpNamed]]:
    """Watch a table: the TrumpNamed events each seat reported."""
    seen: dict[int, list[TrumpNamed]] = {s: [] for s in range(table.config.players)}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        seen[seat].extend(item for item in outputs if isinstance(item, TrumpNamed))

    table.watch(watch)
    return seen


def finish(table: SimulatedTable, until: float = 4000) -> None:
    table.start()
    table.step_until(until)
    results = table.results()
    assert len(results) == table.config.players, "a peer did not finish"
    assert len({over.log_hash for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict


def test_the_dealers_choice_is_the_trump_at_every_seat() -> None:
    table = make_table(3, variant="piled", options=OPTIONS, seed=21)
    due: list[int] = []
    table.watch(
        lambda seat, core, outs: due.extend(seat for o in outs if isinstance(o, TrumpChoiceDue))
    )
    seen = named_events(table)
    table.trump_choosers.discard(DEALER)
    table.start()
    table.step_until(1)
    assert due == [DEALER]  # only the dealer is asked
    dealer = table.cores[DEALER]
    assert dealer is not None and dealer.trump_choice_due
    with pytest.raises(ValueError, match="not 'X'"):
        dealer.name_trump("X")  # no suit: refused, nothing changes
    with pytest.raises(ValueError, match="only the dealer"):
        other = table.cores[0]
        assert other is not None
        other.name_trump("H")
    assert dealer.trump_choice_due and dealer.named_trump is None
    table.route(DEALER, dealer.name_trump("H"))
    assert not dealer.trump_choice_due
    with pytest.raises(ValueError, match="already named"):
        dealer.name_trump("S")
    table.step_until(4000)
    results = table.results()
    assert len({over.log_hash for over in results.values()}) == 1
    for seat, core in enumerate(table.cores):
        assert core is not None and core.game is not None
        assert core.named_trump == "H" and core.game.trump_suit == "H"
        assert seen[seat] == [TrumpNamed(DEALER, "H", False)]
        assert results[seat].verdict is not None and results[seat].verdict.ok


def test_a_bot_dealer_names_the_suit_its_bot_draws() -> None:
    table = make_table(3, variant="piled", options=OPTIONS, seed=22)
    draws = random.Random()
    draws.setstate(table.bots[DEALER].rng.getstate())
    expected = draws.choice(SUITS)  # what the dealer's bot will draw
    seen = named_events(table)
    table.start()
    table.step_until(0.5)
    for seat in range(3):
        core = table.cores[seat]
        assert core is not None and core.named_trump == expected
        assert seen[seat] == [TrumpNamed(DEALER, expected, False)]


def test_a_dealer_who_does_not_choose_gets_a_suit_at_the_deadline_and_everyone_is_told() -> None:
    table = make_table(3, variant="piled", options=OPTIONS, seed=23)
    table.trump_choosers.discard(DEALER)  # the dealer's player never answers
    seen = named_events(table)
    table.start()
    table.step_until(TRUMP_CHOICE_DEADLINE - 1)
    assert all(core is not None and core.named_trump is None for core in table.cores)
    table.step_until(4000)
    results = table.results()
    assert len({over.log_hash for over in results.values()}) == 1
    suits = {core.named_trump for core in table.cores if core is not None}
    assert len(suits) == 1 and suits <= set(SUITS)
    (suit,) = suits
    assert suit is not None
    for seat in range(3):
        assert seen[seat] == [TrumpNamed(DEALER, suit, True)]
        verdict = results[seat].verdict
        assert results[seat].reason == "finished" and verdict is not None and verdict.ok


def replace_payload(sender: int, seq: int, payload: dict[str, Any]) -> Any:
    """A tamper (the table re-signs it with the sender's key): the sender's message `seq` is
    `payload` instead, to every seat alike."""

    def tamper(frm: int, to: int, frame: dict[str, Any]) -> dict[str, Any] | None:
        if frm == sender and frame.get("t") == "m" and frame.get("s") == seq:
            return dict(frame, p=payload)
        return frame

    return tamper


@pytest.mark.parametrize(
    ("sender", "seq", "payload", "words"),
    [
        (0, 2, {"k": "trump", "suit": "H"}, "does not deal"),  # forged: not the dealer
        (DEALER, 2, {"k": "trump", "suit": "X"}, "malformed"),  # not a suit
        (DEALER, 2, {"k": "trump", "suit": "H", "by": "me"}, "malformed"),  # unknown field
        (DEALER, 2, {"k": "trump"}, "malformed"),  # no suit
    ],
)
def test_a_forged_or_malformed_choice_is_named_against_its_sender(
    sender: int, seq: int, payload: dict[str, Any], words: str
) -> None:
    table = make_table(
        3, variant="piled", options=OPTIONS, seed=24, tamper=replace_payload(sender, seq, payload)
    )
    table.start()
    table.step_until(200)
    results = table.results()
    honest = [s for s in range(3) if s != sender]
    for seat in honest:
        over = results[seat]
        assert over.reason == "cheat" and over.cheater == sender, (seat, over)
        assert words in over.evidence


def test_a_second_choice_after_the_deal_is_named_late() -> None:
    table = make_table(3, variant="piled", options=OPTIONS, seed=25)
    first_vote: list[int] = []

    def tamper(frm: int, to: int, frame: dict[str, Any]) -> dict[str, Any] | None:
        payload = frame.get("p")
        if frm == DEALER and isinstance(payload, dict) and payload.get("k") == "vote":
            if not first_vote:
                first_vote.append(frame["s"])
            if frame["s"] == first_vote[0]:  # its first vote becomes a second trump choice
                return dict(frame, p={"k": "trump", "suit": "S"})
        return frame

    table.tamper = tamper
    table.start()
    table.step_until(300)
    results = table.results()
    for seat in (0, 1):
        over = results[seat]
        assert over.reason == "cheat" and over.cheater == DEALER, (seat, over)
        # Another suit under the same slot: the one equivocation rule names it (issue 25).
        assert "signed two different trump messages" in over.evidence, over.evidence


def test_on_this_computer_a_suit_is_drawn_for_the_dealing_player_and_the_game_begins() -> None:
    table = LocalTable(["Anna", "Bot 1", "Bot 2"], DEALER, ["random"], "piled", OPTIONS, b"s" * 32)
    events = table.new_game()
    core = table.core
    assert core.trump_namer == DEALER and core.named_trump in SUITS
    assert [e for e in events if isinstance(e, TrumpNamed)] == [
        TrumpNamed(DEALER, core.named_trump, False)
    ]
    assert core.game is not None and core.game.trump_suit == core.named_trump


def test_on_this_computer_the_dealing_player_is_asked_and_his_suit_is_the_trump() -> None:
    table = LocalTable(["Anna", "Bot 1", "Bot 2"], DEALER, ["random"], "piled", OPTIONS, b"s" * 32)
    table.ask_player_trump = True
    events = table.new_game()
    core = table.core
    assert any(isinstance(e, TrumpChoiceDue) for e in events)
    assert core.trump_choice_due and core.game is None  # nothing is dealt before he names it
    events = table.name_trump("S")
    assert TrumpNamed(DEALER, "S", False) in events
    assert core.game is not None and core.game.trump_suit == "S"
    for seat in range(3):
        game = table.cores[seat].game
        assert game is not None and game.trump_suit == "S"
