"""A player who left or went silent: their seat shows who, why, and the time left to come back."""

from __future__ import annotations

import time
from typing import Any

import pytest
from PySide6.QtCore import QRectF

from durak_qt.games.durak.game_over import GameOverPanel
from durak_qt.table.controller import TableController
from durak_qt.table.view import TableWidget
from net.absence import RESUME_WINDOW
from net.peer_events import SeatBack, SeatSilent
from net.table.core import GameOver, PeerSilent
from tests.qt.fakes import observation


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def near(badge: QRectF, seat: QRectF) -> bool:
    """A badge touching a seat's area or beside it (within a quarter of the badge's size)."""
    margin_x, margin_y = badge.width() / 4, badge.height() / 4
    return badge.intersects(seat.adjusted(-margin_x, -margin_y, margin_x, margin_y))


@pytest.fixture
def table(qtbot: Any) -> TableWidget:
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1106, 690)
    widget.set_players(["Anna", "West", "North", "East"])
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_observation(observation())
    return widget


def test_a_silent_seat_counts_down_to_the_end_of_the_resume_window(table: TableWidget) -> None:
    clock = FakeClock()
    scene = table.scene
    scene.clock = clock
    table.show_seat_absent(2)  # North stopped answering
    badge = scene.absence_badges[2]
    assert badge.isVisible()
    assert (badge.name, badge.reason, badge.countdown) == (
        "North",
        "not responding",
        "2:00 to come back",
    )
    assert QRectF(0, 0, 1106, 690).contains(badge.sceneBoundingRect())
    assert near(badge.sceneBoundingRect(), scene.seat_area(2))  # beside North's seat
    clock.now += 61
    scene.update_absences()  # what the one-second tick does
    assert badge.countdown == "0:59 to come back" and not badge.expired
    clock.now += 60
    scene.update_absences()
    assert badge.countdown == "Time to come back is up" and badge.expired
    table.show_seat_back(2)
    assert scene.absence_badges == {} and scene.absences == {}
    assert not any(isinstance(item, type(badge)) for item in scene.items())


@pytest.mark.parametrize("size", [(1106, 690), (1366, 708), (1920, 1020)])
def test_a_badge_covers_no_card_and_no_name_plate(
    qtbot: Any, table: TableWidget, size: tuple[int, int]
) -> None:
    """Every away seat's badge lies beside its cards and plate, on none of the table's cards,
    plates or other badges."""
    table.resize(*size)
    qtbot.waitUntil(lambda: table.scene.width() == size[0])
    for seat in (1, 2, 3):
        table.show_seat_absent(seat)
    scene = table.scene
    badges = [scene.absence_badges[seat].sceneBoundingRect() for seat in (1, 2, 3)]
    cards = [item.sceneBoundingRect() for item in scene.cards.values()]
    plates = [plate.sceneBoundingRect() for plate in scene.seats.values()]
    for seat, badge in zip((1, 2, 3), badges, strict=True):
        assert QRectF(0, 0, *size).contains(badge)
        assert not any(badge.intersects(card) for card in cards), seat
        assert not any(badge.intersects(plate) for plate in plates), seat
        assert near(badge, scene.seat_area(seat)), seat
        assert not any(badge.intersects(other) for other in badges if other is not badge)


def test_the_status_line_says_why_the_table_waits(table: TableWidget) -> None:
    table.set_observation(observation(to_act=(2,), legal=()))
    assert table.scene.banner.text == "Waiting for North"
    table.show_seat_absent(2)
    assert table.scene.banner.text == "Waiting for North (not responding)"
    table.show_seat_back(2)
    assert table.scene.banner.text == "Waiting for North"


def test_a_departed_player_is_named_and_follows_the_table_through_moves_and_resizes(
    qtbot: Any, table: TableWidget
) -> None:
    scene = table.scene
    scene.clock = FakeClock()
    scene.show_seat_absent(1, since=1000.0, deadline=1030.0, left=True)
    badge = scene.absence_badges[1]
    assert (badge.name, badge.reason, badge.countdown) == (
        "West",
        "left the table",
        "0:30 to come back",
    )
    table.set_observation(observation(to_act=(3,), legal=()))  # the game moves on
    assert scene.absence_badges[1] is badge and badge.isVisible()
    table.resize(1660, 1080)
    qtbot.waitUntil(lambda: scene.width() == 1660)
    assert near(badge.sceneBoundingRect(), scene.seat_area(1))
    table.clear_game()  # a new game: nobody is away any more
    assert scene.absences == {} and scene.absence_badges == {}


def test_the_countdown_ticks_on_its_own(qtbot: Any, table: TableWidget) -> None:
    table.show_seat_absent(3, window_s=3.0)
    badge = table.scene.absence_badges[3]
    assert badge.countdown == "0:03 to come back"
    qtbot.waitUntil(lambda: badge.countdown == "0:02 to come back", timeout=3000)


def test_bad_seats_and_windows_are_refused_and_change_nothing(table: TableWidget) -> None:
    with pytest.raises(ValueError, match="no seat 4"):
        table.show_seat_absent(4)
    with pytest.raises(ValueError, match="cannot end before"):
        table.scene.show_seat_absent(1, since=10.0, deadline=5.0)
    assert table.scene.absences == {}
    table.show_seat_back(2)  # nobody away: nothing happens


def test_the_controller_reports_silent_and_returning_seats(qtbot: Any) -> None:
    controller = TableController(["Anna", "West", "North"], 0, 0, None)
    silent: list[tuple[int, float, float]] = []
    back: list[int] = []
    notices: list[Any] = []
    controller.seat_silent.connect(lambda *args: silent.append(args))
    controller.seat_back.connect(back.append)
    controller.error.connect(notices.append)
    since, deadline = 1_700_000_000.0, 1_700_000_095.0  # net's SeatSilent: wall-clock seconds
    controller._receive([SeatSilent(2, 5.0, "North", since, deadline), SeatBack(2, "North")])
    assert silent == [(2, since, deadline)] and back == [2]
    words = [notice.render(controller._name) for notice in notices]
    clock = time.strftime("%H:%M:%S", time.localtime(deadline))
    assert words[0].startswith("North is not answering. The table waits until " + clock)
    assert words[1] == "North is back."
    controller._receive([PeerSilent(1)])  # a core's bare event: the default resume window
    seat, start, end = silent[-1]
    assert seat == 1 and end - start == RESUME_WINDOW and abs(start - time.time()) < 5


def test_net_silence_counts_down_to_nets_deadline(table: TableWidget) -> None:
    clock = FakeClock()
    table.scene.clock = clock
    table.show_seat_silent(1, since=clock.now - 30, deadline=clock.now + 65)
    badge = table.scene.absence_badges[1]
    assert (badge.name, badge.reason, badge.countdown) == (
        "West",
        "not responding",
        "1:05 to come back",
    )
    clock.now += 65
    table.scene.update_absences()
    assert badge.countdown == "Time to come back is up" and badge.expired


def test_a_table_that_ended_because_a_seat_left_says_so(qtbot: Any) -> None:
    controller = TableController(["Anna", "West", "North"], 0, 0, None)
    result = {"fool": 1, "forfeits": [1], "signed_by": [0, 2], "over": True}
    controller._receive([GameOver(result, None, "ab" * 32, "absent")])
    assert controller.departed() == ([1], [])
    verdict = controller.verdict()
    assert "West left" in verdict.text and "Anna, North" in verdict.text
    panel = GameOverPanel()
    qtbot.addWidget(panel)
    panel.show_result("West", False, controller.scores(), verdict, (), ["West"])
    assert panel.title.text() == "West is the fool"
    assert panel.subtitle.text() == "West left the table and is the fool by forfeit."
    teams = TableController(["Anna", "West", "North", "East"], 0, 0, None)
    team_result = {**result, "losing_team": 1, "signed_by": [0, 2, 3]}
    teams._receive([GameOver(team_result, None, "cd" * 32, "absent")])
    assert teams.departed() == ([1], [1, 3])
    panel.show_result(
        "West", False, teams.scores(), teams.verdict(), (), ["West"], ["West", "East"]
    )
    assert panel.subtitle.text() == (
        "West left the table; their team is the fool by forfeit: West, East."
    )
