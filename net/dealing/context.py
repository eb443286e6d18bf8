"""What every peer agrees on before dealing (the context), and one seat's secrets derived from a seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.rules import MAX_SEATS
from net.crypto.cards import card_points, deck_id
from net.crypto.group import Group, get_group
from net.crypto.hashing import Part, derive_scalar, transcript_hash
from net.crypto.shuffle import MAX_ROUNDS, SECURE_ROUNDS

ARGUMENT = "argument"  # the linear shuffle argument (net.crypto.shuffle_argument), the default
CUT_AND_CHOOSE = "cut-and-choose"  # `rounds` rounds of cut-and-choose (net.crypto.shuffle)
PROOF_KINDS = (ARGUMENT, CUT_AND_CHOOSE)
MIN_PLAYERS = 2
MAX_PLAYERS = MAX_SEATS  # one seat range for engine, dealing, lobby, discovery and table


@dataclass(frozen=True)
class DealContext:
    """Public parameters of one shuffle: table, hand, seats, deck spec, cards shuffled, segments.

    `proof` names pass 1's proof: "argument" (linear, the default) or "cut-and-choose" (`rounds`
    rounds); it enters the context digest, so seats that disagree on it never deal together.
    A hidden sub-deck (`hidden`: `(parent session, position)` pairs, positions of locked decks,
    one parent or several) re-shuffles cards whose faces stay hidden; then `cards` stays empty.
    """

    table: str
    hand: int
    players: int
    deck: tuple[str, ...]
    cards: tuple[int, ...] = ()
    segments: tuple[int, ...] = ()
    label: str = "deal"
    group_name: str = "ristretto255"
    rounds: int = SECURE_ROUNDS
    hidden: tuple[tuple[bytes, int], ...] = ()
    proof: str = ARGUMENT

    def __post_init__(self) -> None:
        deck = tuple(self.deck)
        if not deck or not all(isinstance(text, str) and text for text in deck):
            raise ValueError("deck must be a non-empty sequence of card texts")
        object.__setattr__(self, "deck", deck)
        hidden = tuple((bytes(session), position) for session, position in self.hidden)
        object.__setattr__(self, "hidden", hidden)
        if hidden:
            if self.cards:
                raise ValueError("a hidden sub-deck names parent positions, not cards")
            if len(set(hidden)) != len(hidden) or not all(
                session and isinstance(p, int) and 0 <= p < len(deck) for session, p in hidden
            ):
                raise ValueError(
                    "hidden positions must be distinct (parent session, position) pairs"
                )
            count = len(hidden)
        else:
            cards = tuple(self.cards) or tuple(range(len(deck)))
            if len(set(cards)) != len(cards) or not all(0 <= c < len(deck) for c in cards):
                raise ValueError("cards must be distinct physical indices of the deck")
            object.__setattr__(self, "cards", cards)
            count = len(cards)
        if count < 2:
            raise ValueError("at least two cards are needed to shuffle")
        segments = tuple(self.segments) or (count,)
        if sum(segments) != count or any(size <= 0 for size in segments):
            raise ValueError("segment sizes must be positive and add up to the number of cards")
        object.__setattr__(self, "segments", segments)
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be in {MIN_PLAYERS}..{MAX_PLAYERS}")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"rounds must be in 1..{MAX_ROUNDS}")
        if self.proof not in PROOF_KINDS:
            raise ValueError(f"proof must be one of {', '.join(PROOF_KINDS)}")
        if self.hand < 0:
            raise ValueError("hand number must be non-negative")
        get_group(self.group_name)

    @property
    def size(self) -> int:
        """Number of positions in the shuffled deck."""
        return len(self.hidden) or len(self.cards)

    @property
    def parents(self) -> tuple[bytes, ...]:
        """The sessions a hidden sub-deck takes positions from, in order of first use."""
        return tuple(dict.fromkeys(session for session, _ in self.hidden))

    @property
    def group(self) -> Group:
        """The group backend named by the context."""
        return get_group(self.group_name)

    @property
    def context_id(self) -> bytes:
        """A digest of everything in the context; hellos carry it before the session id exists."""
        parts: list[Part] = [
            self.table,
            self.hand,
            self.label,
            self.players,
            list(self.deck),
            list(self.cards),
            list(self.segments),
            self.group_name,
            self.rounds,
        ]
        if self.hidden:  # only hidden sub-decks name parents (other digests stay as they were)
            parts += [[[session, position] for session, position in self.hidden]]
        if self.proof != ARGUMENT:  # the pass-1 proof kind; the default's digests stay as they were
            parts += [["proof", self.proof]]
        return transcript_hash("deal-context", *parts)[:32]

    def card_points(self) -> list[bytes]:
        """The points of the shuffled cards, in context order (hash-to-group of physical cards)."""
        if self.hidden:
            raise ValueError("the cards of a hidden sub-deck are not known")
        every = self._deck_points
        return [every[index] for index in self.cards]

    def card_lookup(self) -> dict[bytes, int]:
        """Map each point a position may open to to its physical card index."""
        every = self._deck_points
        return {
            every[index]: index for index in (range(len(self.deck)) if self.hidden else self.cards)
        }

    @cached_property
    def _deck_points(self) -> tuple[bytes, ...]:
        """Computed once per context: hashing to the group is not free."""
        return tuple(card_points(self.group, self.deck))

    def sub_deck(
        self, cards: Sequence[int], label: str, segments: Sequence[int] = ()
    ) -> DealContext:
        """A context to shuffle some physical cards of this deck alone (same card points)."""
        return DealContext(
            table=self.table,
            hand=self.hand,
            players=self.players,
            deck=self.deck,
            cards=tuple(cards),
            segments=tuple(segments),
            label=label,
            group_name=self.group_name,
            rounds=self.rounds,
            proof=self.proof,
        )

    def hidden_sub_deck(
        self, parent_session: bytes, positions: Sequence[int], label: str
    ) -> DealContext:
        """A context to re-shuffle positions of one locked deck whose faces stay hidden."""
        return self.hidden_sub_deck_of([(parent_session, p) for p in positions], label)

    def hidden_sub_deck_of(self, sources: Sequence[tuple[bytes, int]], label: str) -> DealContext:
        """A context to re-shuffle positions of several locked decks (parent session, position)."""
        return DealContext(
            table=self.table,
            hand=self.hand,
            players=self.players,
            deck=self.deck,
            label=label,
            group_name=self.group_name,
            rounds=self.rounds,
            hidden=tuple(sources),
            proof=self.proof,
        )

    @property
    def deck_spec_id(self) -> bytes:
        """The digest naming the deck spec."""
        return deck_id(self.deck)


@dataclass(frozen=True)
class SeatSecrets:
    """Every secret of one seat for one context, all derived from a 32-byte seed."""

    seed: bytes
    shuffle_key: int
    card_keys: tuple[int, ...]
    exchange_key: int
    signing_key: int
    unlock_key: int
    permutation: tuple[int, ...]
    nonce: bytes

    @classmethod
    def derive(cls, context: DealContext, seat: int, seed: bytes) -> SeatSecrets:
        """Derive the keys and the pass-1 permutation of `seat` from its seed."""
        if not isinstance(seed, bytes) or len(seed) != 32:
            raise ValueError("a seed is 32 bytes")
        order = context.group.order
        base: list[bytes | int] = [seed, context.context_id, seat]
        card_keys = tuple(
            derive_scalar(order, "card-key", *base, position) for position in range(context.size)
        )
        return cls(
            seed=seed,
            shuffle_key=derive_scalar(order, "shuffle-key", *base),
            card_keys=card_keys,
            exchange_key=derive_scalar(order, "exchange-key", *base),
            signing_key=derive_scalar(order, "signing-key", *base),
            unlock_key=derive_scalar(order, "unlock-key", *base),
            permutation=_permutation(context.segments, base),
            nonce=transcript_hash("session-nonce", *base)[:32],
        )


def _permutation(segments: Sequence[int], base: list[bytes | int]) -> tuple[int, ...]:
    """A permutation keeping every segment in place: output position k takes input perm[k]."""
    result: list[int] = []
    start = 0
    for size in segments:
        block = list(range(start, start + size))
        for i in range(size - 1, 0, -1):
            digest = transcript_hash("permutation", *base, start + i)
            j = int.from_bytes(digest, "little") % (i + 1)
            block[i], block[j] = block[j], block[i]
        result.extend(block)
        start += size
    return tuple(result)
