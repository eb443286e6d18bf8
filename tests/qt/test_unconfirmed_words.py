"""A LAN game whose result stands although a seat never confirmed the final log
(`GameOver.unconfirmed`, issue 25 finding 5) says who, in English and in Russian: on the table's
game-over words (`describe_verdict`) and on a family-3 LAN game's end words (`_end_words`)."""

from __future__ import annotations

from typing import Any

from durak_qt.games.family3.lan_game import _end_words
from durak_qt.i18n import install_language
from durak_qt.table.verdict import describe_verdict
from net.dealing.events import Verdict
from net.table.core import GameOver

NAMES = ["Anna", "Boris", "Vera"]


def test_the_seat_that_never_confirmed_the_final_log_is_named_in_the_end_words(
    qapp: Any,
) -> None:
    clean = GameOver({"over": True}, Verdict(), "ab" * 32, "finished", unconfirmed=(2,))
    text = describe_verdict(clean, NAMES, 12).text
    assert text.startswith("Verified by every peer")
    assert text.endswith("Vera never confirmed the final log; the signed result stands.")
    withheld = GameOver({"over": True}, Verdict(forfeits=(1,)), "", "finished", unconfirmed=(1,))
    assert describe_verdict(withheld, NAMES, 12).text == (
        "Left the game (forfeit): Boris. Boris never confirmed the final log; the signed result "
        "stands."
    )
    assert "confirm" not in describe_verdict(GameOver({}, Verdict(), "", "finished"), NAMES, 3).text
    summary = {"reason": "finished", "clean": True, "unconfirmed": [0, 1]}
    assert _end_words(summary, NAMES, 45.0, 2) == (
        "Anna, Boris never confirmed the final log; the signed result stands."
    )
    assert install_language("ru")
    assert describe_verdict(withheld, NAMES, 12).text.endswith(
        "Boris так и не подтвердил(а) итоговую запись игры; подписанный результат остаётся в силе."
    )
    assert _end_words(summary, NAMES, 45.0, 2) == (
        "Anna, Boris так и не подтвердил(а) итоговую запись игры; подписанный результат остаётся "
        "в силе."
    )


def test_a_family3_game_ended_on_a_won_round_s_move_says_the_deadline_that_ran_out(
    qapp: Any,
) -> None:
    """The result file's `waited` (a won round's ACT_TIMEOUT, 60 s) is what the words give, not
    the table's resume window; an older file without it falls back to the window."""
    assert install_language("en")
    summary: dict[str, Any] = {"reason": "abandoned", "stalled": [1], "waited": 60.0}
    assert _end_words(summary, NAMES, 120.0, 0).startswith("Boris did not move for 1 minute;")
    del summary["waited"]
    assert _end_words(summary, NAMES, 120.0, 0).startswith("Boris did not move for 2 minutes;")
