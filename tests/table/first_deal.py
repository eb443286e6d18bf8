"""A seat that cheats at one deal only, shared by the table and the hostile tests: at the first
deal (`FirstDealConduct`, later deals honest) or at the later deals, a re-deal or sub-deck
(`LaterDealConduct`, the first deal honest)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer
from net.table.conduct import SeatConduct


class OneDealConduct(SeatConduct, ABC):
    """A hostile seat's conduct that deals the deals `cheats_at` picks with a dealing core of
    its own (`hostile_core`) and the others honestly."""

    @abstractmethod
    def cheats_at(self, parents: list[DealingPeer]) -> bool:
        """Whether the deal with these parent cores (none: the first deal) is dealt hostilely."""

    @abstractmethod
    def hostile_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check: CheckBinding,
    ) -> DealingPeer:
        """The dealing core of a deal `cheats_at` picks."""

    def dealing_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check_binding: CheckBinding,
    ) -> DealingPeer:
        """`hostile_core` for the deals `cheats_at` picks, the honest core for the others."""
        if self.cheats_at(parents):
            return self.hostile_core(context, seat, seed, parents, bind, check_binding)
        return super().dealing_core(context, seat, seed, parents, bind, check_binding)


class FirstDealConduct(OneDealConduct):
    """A hostile seat's conduct that deals the first deal with a dealing core of its own
    (`first_core`) and any later deal (a re-deal, a sub-deck) honestly."""

    @abstractmethod
    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        """The dealing core of the first deal."""

    def cheats_at(self, parents: list[DealingPeer]) -> bool:
        """The first deal only (it has no parents)."""
        return not parents

    def hostile_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check: CheckBinding,
    ) -> DealingPeer:
        """`first_core`."""
        return self.first_core(context, seat, seed, bind, check)


class LaterDealConduct(OneDealConduct, ABC):
    """A hostile seat's conduct that deals the first deal honestly and every later deal (a
    re-deal, a reshuffle, invisible fool's second stage: a hidden sub-deck, which has parents)
    with a dealing core of its own (`hostile_core`)."""

    def cheats_at(self, parents: list[DealingPeer]) -> bool:
        """Every later deal (it has parents)."""
        return bool(parents)
