"""The audit verdict of a finished table game in words: verified, or who cheated and how."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject

from durak_qt.games.durak.game_over import AuditVerdict
from net.table.core import GameOver


def describe_verdict(
    over: GameOver,
    names: Sequence[str],
    moves: int,
    left: Sequence[int] = (),
    me: int | None = None,
) -> AuditVerdict:
    """Turn a table core's `GameOver` (reason, cheater, evidence, audit `Verdict`) into words;
    `left` are the seats whose forfeit is in the log (leaving is no cheat: it is noted); `me`
    the reader's seat (its words say "you")."""

    def name(seat: int | None) -> str:
        if seat is not None and 0 <= seat < len(names):
            return names[seat]
        return QCoreApplication.translate("Verdict", "seat %1").replace("%1", str(seat))

    if over.reason == "cheat":
        text = QCoreApplication.translate("Verdict", "%1 cheated and was caught: %2").replace(
            "%1", name(over.cheater)
        )
        return AuditVerdict(False, text.replace("%2", over.evidence), over.log_hash)
    if over.reason == "abandoned" and over.stalled:
        words = stalled_words(over.stalled, name, over.waited, me)
        return AuditVerdict(False, words, over.log_hash, unfinished=True)
    if over.reason == "abandoned":
        text = QCoreApplication.translate("Verdict", "The game was abandoned: %1").replace(
            "%1", over.evidence
        )
        return AuditVerdict(False, text, over.log_hash, unfinished=True)
    if over.reason == "left":
        text = QCoreApplication.translate(
            "Verdict", "You left this game (forfeit); the others finish its audit."
        )
        return AuditVerdict(False, text, over.log_hash, unfinished=True)
    if over.reason == "absent":
        return AuditVerdict(False, _absent_words(over, name), over.log_hash, unfinished=True)
    verdict = over.verdict
    unconfirmed = unconfirmed_words(over.unconfirmed, name)
    if verdict is None:
        text = QCoreApplication.translate("Verdict", "The audit reached no verdict.")
        return AuditVerdict(False, " ".join(filter(None, [text, unconfirmed])), over.log_hash)
    parts: list[str] = []
    for seat, reasons in sorted(verdict.cheaters.items()):
        parts.append(
            QCoreApplication.translate("Verdict", "%1 cheated: %2")
            .replace("%1", name(seat))
            .replace("%2", "; ".join(reasons))
        )
    if verdict.forfeits:
        forfeited = ", ".join(name(seat) for seat in verdict.forfeits)
        parts.append(
            QCoreApplication.translate("Verdict", "Left the game (forfeit): %1.").replace(
                "%1", forfeited
            )
        )
    for problem in verdict.problems:
        parts.append(QCoreApplication.translate("Verdict", "Problem: %1").replace("%1", problem))
    if parts:
        return AuditVerdict(False, " ".join(filter(None, [*parts, unconfirmed])), over.log_hash)
    text = QCoreApplication.translate(
        "Verdict",
        "Verified by every peer: the shuffle proofs, all %1 signed moves and a replay of the "
        "game from the opened deck agree.",
    ).replace("%1", str(moves))
    if left:
        names_left = ", ".join(name(seat) for seat in left)
        text += " " + QCoreApplication.translate("Verdict", "Left the game (forfeit): %1.").replace(
            "%1", names_left
        )
    if unconfirmed:
        text += " " + unconfirmed
    return AuditVerdict(True, text, over.log_hash)


def unconfirmed_words(unconfirmed: Sequence[Any], name: Callable[[Any], str]) -> str:
    """ "Anna never confirmed the final log; the signed result stands.": the seats whose final
    never came (`GameOver.unconfirmed`, never the reader's own) by `name`; "" when every seat
    confirmed."""
    if not unconfirmed:
        return ""
    return QCoreApplication.translate(
        "Verdict", "%1 never confirmed the final log; the signed result stands."
    ).replace("%1", ", ".join(name(seat) for seat in unconfirmed))


def _absent_words(over: GameOver, name: Callable[[int | None], str]) -> str:
    """The end of a game that seats left: no audit (their keys never came), signed by who stayed."""

    def names(key: str) -> str:
        seats = over.result.get(key, [])
        listed = seats if isinstance(seats, list) else []
        return ", ".join(name(seat) for seat in listed if isinstance(seat, int))

    return (
        QCoreApplication.translate(
            "Verdict",
            "No audit: the cards could not be opened after %1 left. The players who stayed "
            "signed this end: %2.",
        )
        .replace("%2", names("signed_by"))
        .replace("%1", names("forfeits"))
    )


class StalledWords(QObject):
    """The words for seats that never moved (a QObject: `tr` with a count takes plural forms)."""

    def minutes(self, who: str, count: int) -> str:
        """ "Anna did not move for 2 minutes; ..." """
        return self.tr(
            "%1 did not move for %n minute(s); the game ended unfinished and nobody loses.",
            "",
            count,
        ).replace("%1", who)

    def seconds(self, who: str, count: int) -> str:
        """ "Anna did not move for 45 seconds; ..." """
        return self.tr(
            "%1 did not move for %n second(s); the game ended unfinished and nobody loses.",
            "",
            count,
        ).replace("%1", who)

    def your_minutes(self, count: int) -> str:
        """ "You did not move for 2 minutes; ..." (the reader's own seat)"""
        return self.tr(
            "You did not move for %n minute(s); the game ended unfinished and nobody loses.",
            "",
            count,
        )

    def your_seconds(self, count: int) -> str:
        """ "You did not move for 45 seconds; ..." (the reader's own seat)"""
        return self.tr(
            "You did not move for %n second(s); the game ended unfinished and nobody loses.",
            "",
            count,
        )


def stalled_words(
    stalled: Sequence[Any], name: Callable[[Any], str], waited: float, me: int | None = None
) -> str:
    """ "Anna did not move for 2 minutes; ...": the `stalled` seats by `name`, `waited` the
    seconds waited; when the only such seat is the reader's own (`me`), "You did not move ..."."""
    words, seconds = StalledWords(), round(waited)
    you = me is not None and list(stalled) == [me]
    who = "" if you else ", ".join(name(seat) for seat in stalled)
    if seconds >= 60 and seconds % 60 == 0:
        minutes = seconds // 60
        return words.your_minutes(minutes) if you else words.minutes(who, minutes)
    return words.your_seconds(seconds) if you else words.seconds(who, seconds)
