"""A seat that cheats at one deal only, shared by the table and the hostile tests: at the first
deal (`FirstDealConduct`, later deals honest) or at the later deals, a re-deal or sub-deck
(`LaterDealConduct`, the first deal honest)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer
from net.table.conduct import SeatConduct


class FirstDealConduct(SeatConduct, ABC):
    """A hostile seat's conduct that deals the first deal with a dealing core of its own
    (`first_core`) and any later deal (a re-deal, a sub-deck) honestly."""

    @abstractmethod
    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        """The dealing core of the first deal."""

    def dealing_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check_binding: CheckBinding,
    ) -> DealingPeer:
        """`first_core` for the first deal (it has no parents), the honest core for later ones."""
        if parents:
            return super().dealing_core(context, seat, seed, parents, bind, check_binding)
        return self.first_core(context, seat, seed, bind, check_binding)


class LaterDealConduct(SeatConduct, ABC):
    """A hostile seat's conduct that deals the first deal honestly and every later deal (a
    re-deal, a reshuffle, invisible fool's second stage: a hidden sub-deck, which has parents)
    with a dealing core of its own (`later_core`)."""

    @abstractmethod
    def later_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check: CheckBinding,
    ) -> DealingPeer:
        """The dealing core of a later deal (`parents`: this seat's cores of the deals it takes
        positions from)."""

    def dealing_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check_binding: CheckBinding,
    ) -> DealingPeer:
        """The honest core for the first deal (it has no parents), `later_core` for later ones."""
        if not parents:
            return super().dealing_core(context, seat, seed, parents, bind, check_binding)
        return self.later_core(context, seat, seed, parents, bind, check_binding)
