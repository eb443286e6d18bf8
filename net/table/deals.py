"""The deals of a table game: which rules a table can deal, and how the deck is laid out for
the fair-dealing protocol (hands, masks, trump positions, the context of deal 0)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import groupby

from engine.cards import SUITS, Card
from engine.game import Game, deal_layout, order_deck_by_rank
from engine.rules import Rules
from net.dealing.context import DealContext
from net.table.config import TableConfig


def table_support(rules: Rules) -> str | None:
    """Why these rules cannot be played at a table yet (None: they can)."""
    if rules.fixed_trump_card and rules.jokers:
        return "japanese with a card under the talon and jokers is not yet dealt at a table"
    if rules.hidden_trump_card and rules.jokers:
        return (
            "invisible fool with jokers is not yet dealt through the fair-dealing protocol "
            "(a joker has no suit to show)"
        )
    return None


@dataclass(frozen=True)
class DealPlan:
    """How a table deals its deck: each seat's hand positions, who names the trump, who may see
    each position at the start, the trump card's positions, and the context of deal 0."""

    dealt: list[list[int]]
    trump_namer: int | None
    start_masks: list[int]
    trump_slots: list[int]
    two_stage: bool  # deal 0 picks the trump position, a hidden sub-deck deals the rest
    context: DealContext
    # Two-trump with distinct suits: the talon's positions (top first), turned up from the
    # bottom for everyone one at a time after the deal (`engine.variants.two_trump.walk_turn_up`) until
    # every seat has a suit of its own; `trump_slots` stays empty until the walk ends.
    turn_up: list[int] = field(default_factory=list)


def plan_deal(config: TableConfig, rules: Rules, deck: tuple[Card, ...]) -> DealPlan:
    """The deal of one game of this table's configuration (the same at every seat)."""
    players = config.players
    dealt, talon = deal_layout(rules, players, config.dealer)
    # The whole deck dealt with `dealer_names_trump`: the dealer (without one, the last seat,
    # since seat 0 is dealt first) names the trump suit before any card is opened.
    trump_namer: int | None = None
    if rules.dealer_names_trump and (rules.deal_all or not talon):
        trump_namer = players - 1 if config.dealer is None else config.dealer
    # Who may see each position once dealt: read off an all-knowing game of the same layout.
    ordered = list(deck)
    if rules.talon_by_rank:  # Albanian: the deck ordered by rank, aces on top
        order_deck_by_rank(ordered)
    if rules.fixed_trump_card:  # Japanese option: a card of the trump suit lies under
        under = next(c for c in ordered if c.suit == rules.fixed_trump)
        ordered.remove(under)
        ordered.append(under)
    # Distinct trumps: which talon cards are turned up depends on their faces, so the masks are
    # read off the plain two-trump layout with no talon card shown; the table turns them up.
    turn_up = list(talon) if rules.distinct_trumps else []
    layout_rules = replace(rules, distinct_trumps=False) if turn_up else rules
    layout = Game.from_deck(
        layout_rules,
        players,
        ordered,
        first=0,
        dealer=config.dealer,
        trump=None if trump_namer is None else SUITS[0],  # (the masks only)
    )
    start_masks = list(layout.known)
    trump_slots = list(layout.trump_slots) or (
        [] if layout.trump_slot is None else [layout.trump_slot]
    )
    if turn_up:
        for slot in talon:
            start_masks[slot] = 0
        trump_slots = []
    # Invisible fool: the trump card's suit is public, its face hidden. Deal 0 orders the deck
    # by suit (one segment per suit), a lot picks the trump position, deal 1 shuffles the rest.
    # Japanese with fixed_trump_card the same way: the chosen position is the first of the
    # trump suit's segment (a random card of that suit), face up under the talon.
    two_stage = bool(
        rules.hidden_trump_card and trump_slots and not start_masks[trump_slots[0]]
    ) or bool(rules.fixed_trump_card and trump_slots)
    texts = tuple(c.text for c in deck)
    table = config.table_id + ":" + config.digest().hex()[:16]
    context = DealContext(
        table=table, hand=config.game_no, players=players, deck=texts, group_name=config.group
    )
    if rules.talon_by_rank:
        # Albanian: one shuffle of the deck ordered by rank, one segment per rank, so every
        # position's rank is public and the suits are shuffled within each rank.
        by_rank = sorted(range(len(texts)), key=lambda i: -deck[i].rank)
        runs = [len(list(group)) for _, group in groupby(deck[i].rank for i in by_rank)]
        context = context.sub_deck(by_rank, "deal-by-rank", runs)
    elif two_stage:
        by_suit = sorted(range(len(texts)), key=lambda i: SUITS.index(deck[i].suit))
        sizes = [sum(1 for c in deck if c.suit == suit) for suit in SUITS]
        context = context.sub_deck(by_suit, "deal-by-suit", [n for n in sizes if n])
    return DealPlan(dealt, trump_namer, start_masks, trump_slots, two_stage, context, turn_up)
