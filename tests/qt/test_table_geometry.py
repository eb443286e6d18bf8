"""The table's geometry alone (durak_qt.table.layout): points and placements, no scene."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QRectF

from durak_qt.table.card_art import card_height
from durak_qt.table.layout import (
    TableGeometry,
    bout_placements,
    face_keys,
    fan_placements,
    hand_placements,
    pile_placements,
)
from tests.qt.fakes import observation


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 8, 12])
@pytest.mark.parametrize("size", [(1106, 690), (1280, 800), (1660, 1080)])
@pytest.mark.parametrize("scale", [0.85, 1.0, 1.2])
def test_every_seat_and_its_widest_fan_lie_inside_the_table(
    players: int, size: tuple[int, int], scale: float
) -> None:
    geo = TableGeometry(*size, scale)
    obs = dataclasses.replace(observation(), players=players)
    view = QRectF(0, 0, *size)
    points = [geo.seat_point(obs, seat) for seat in range(players)]
    assert len({(round(p.x()), round(p.y())) for p in points}) == players  # no two share a place
    small, small_height = geo.small_width, card_height(geo.small_width)
    for seat in range(1, players):
        centre = geo.fan_centre(obs, seat)
        fan = QRectF(
            centre.x() - small * 1.55, centre.y() - small_height / 2, small * 3.1, small_height
        )
        assert view.contains(fan), (seat, fan)
    assert geo.bout_rect().bottom() < geo.status_line_y()


def test_the_hand_fan_is_centred_symmetric_and_within_its_spread() -> None:
    geo = TableGeometry(1280, 800)
    spread = geo.hand_spread(9, left_clear=200, right_reserved=240)
    spots = geo.hand_fan(9, spread)
    xs = [x for x, _, _ in spots]
    assert xs == sorted(xs) and abs((xs[0] + xs[-1]) / 2 - 640) < 1e-9
    assert [round(t, 6) for _, _, t in spots] == [round(-t, 6) for _, _, t in reversed(spots)]
    half = xs[-1] - 640 + geo.card_width * 1.15 / 2
    assert 640 + half <= 1280 - 240 and 640 - half >= 200
    bottom = max(y for _, y, _ in spots) + card_height(geo.card_width) / 2
    assert bottom < 800
    wider = geo.hand_spread(9, left_clear=0, right_reserved=0)
    assert wider >= spread and geo.hand_spread(1, 0, 0) <= geo.card_width * 0.72


def test_placements_name_every_card_once() -> None:
    obs = observation()
    geo = TableGeometry(1280, 800)
    key = face_keys()
    placements = pile_placements(obs, geo, "back-blue", key)
    placements += bout_placements(obs, geo, "back-blue", key)
    fans, piles = fan_placements(obs, geo, "back-blue", key)
    placements += fans
    order = list(range(len(obs.hand)))
    keys = [key(card) for card in obs.hand if card is not None]
    spots = geo.hand_fan(len(order), geo.hand_spread(len(order), 0, 0))
    placements += hand_placements(obs, geo, order, keys, spots, [2], "back-blue")
    names = [p.key for p in placements]
    assert len(names) == len(set(names)) and piles == {}
    # 4 talon backs + the trump, 3 discard backs (6 cards), 3 cards of the bout, 5 + 5 + 6 in
    # the fans, 6 in the hand
    assert len(placements) == 5 + 3 + 3 + 16 + 6
    lifted = next(p for p in placements if p.hand_index == 2)
    assert lifted.pos.y() < spots[2][1]
    assert sum(p.on_table_unbeaten for p in placements) == 1  # 7C waits to be beaten
