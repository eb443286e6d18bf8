"""A seat that opens one deck position to its receivers with a wrong key (the card a draw
opens to the drawer alone), shared by the family-3 table tests."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Collection, Sequence

from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer, Output
from tests.table.first_deal import FirstDealConduct


class WrongKeyFor(FirstDealConduct):
    """Opens position `position_of(players)` of deal 0 with a wrong key; re-deals are honest."""

    def __init__(self, position_of: Callable[[int], int]) -> None:
        self.position_of = position_of

    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        target = self.position_of(context.players)

        class Liar(DealingPeer):
            def open_many(
                self, openings: Sequence[tuple[int, Collection[int], int | None]]
            ) -> list[Output]:
                honest = self.secrets
                keys = list(honest.card_keys)
                keys[target] = 1 + secrets.randbelow(self.group.order - 1)
                self.secrets = dataclasses.replace(honest, card_keys=tuple(keys))
                try:
                    return super().open_many(openings)
                finally:
                    self.secrets = honest

        return Liar(context, seat, seed=seed, bind=bind, check_binding=check)
