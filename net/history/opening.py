"""A game file's deals checked and opened: an observer per deal, the audit, the game's deck."""

from __future__ import annotations

from dataclasses import dataclass, field

from net.dealing.errors import CheatDetected, DealingError
from net.dealing.events import Verdict
from net.dealing.observer import DealObserver
from net.history.gamefile import GameFile
from net.identity import SignatureError, verify_signature
from net.table.config import TableConfig
from net.table.game_adapter import GameAdapter, adapter_for
from net.table.openings import second_stage_sources, second_stage_trump


class DealFailure(ValueError):
    """A deal's message or proof fails: which deal, the seat named and why."""

    def __init__(self, deal: int, seat: int | None, reason: str) -> None:
        super().__init__(f"deal {deal}: seat {seat}: {reason}")
        self.deal, self.seat, self.reason = deal, seat, reason

    def words(self, config: TableConfig) -> str:
        """The failure in words, naming the seat's player."""
        if self.seat is None or not 0 <= self.seat < config.players:
            return f"deal {self.deal}: {self.reason}"
        name = config.seats[self.seat].name
        return f"deal {self.deal}: seat {self.seat} ({name}) {self.reason}"


@dataclass
class OpenedGame:
    """A game file's configuration and adapter, its deals' observers and, when every deal's
    secrets were revealed, each deal's audit verdict and the game's deck (with re-deals)."""

    config: TableConfig
    adapter: GameAdapter
    observers: list[DealObserver] = field(default_factory=list)
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    deck: list[str] | None = None
    redeals: list[list[str]] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    """Why the deck could not be opened (which deal lacks whose secrets)."""


def game_config(gf: GameFile) -> TableConfig:
    """The file's table configuration (ConfigError, a ValueError, when malformed)."""
    return TableConfig.from_wire(gf.config)


def open_game(gf: GameFile, check_proofs: bool = True) -> OpenedGame:
    """Take every deal's messages through an observer (every signature and binding checked;
    every proof too with `check_proofs`), audit each fully revealed deal and lay out the game's
    deck. Raises ValueError for a malformed file, CheatDetected or DealingError for a message
    that fails."""
    config = game_config(gf)
    adapter = adapter_for(config)
    opened = OpenedGame(config, adapter)
    base = adapter.plan(config).context
    keys = [seat.key for seat in config.seats]

    def check_binding(seat: int, data: bytes, signature: bytes) -> bool:
        try:
            verify_signature(keys[seat], signature, data)
        except (SignatureError, IndexError):
            return False
        return True

    for index, deal in enumerate(gf.deals):
        if index == 0:
            if deal.sources:
                raise ValueError("deal 0 re-shuffles no earlier deal")
            context = base
        else:
            if not deal.sources or any(not 0 <= d < index for d, _ in deal.sources):
                raise ValueError(f"deal {index} names a deal that does not come before it")
            sessions = [opened.observers[d].session or b"" for d, _ in deal.sources]
            context = base.hidden_sub_deck_of(
                [(s, p) for s, (_, p) in zip(sessions, deal.sources, strict=True)], deal.label
            )
        if deal.label != context.label:
            raise ValueError(f"deal {index} is labelled {deal.label!r}, not {context.label!r}")
        parents = sorted({d for d, _ in deal.sources})
        observer = DealObserver(context, [opened.observers[d] for d in parents], check_binding)
        try:
            observer.take_all(deal.messages, check_proofs)
        except CheatDetected as exc:
            raise DealFailure(index, exc.seat, exc.reason) from None
        except DealingError as exc:
            raise DealFailure(index, None, str(exc)) from None
        opened.observers.append(observer)
    if not opened.observers:
        raise ValueError("the file holds no deal")
    for index, observer in enumerate(opened.observers):
        missing = set(range(config.players)) - observer.revealed()
        if missing:
            seats = ", ".join(str(s) for s in sorted(missing))
            opened.closed.append(f"deal {index}: seat(s) {seats} revealed no secrets")
            continue
        opened.verdicts[index] = observer.audit()
    if opened.closed:
        return opened
    decks = {index: verdict.deck for index, verdict in opened.verdicts.items()}
    if any(deck is None for deck in decks.values()):
        opened.closed.extend(
            f"deal {index}: the deck did not open" for index, d in decks.items() if d is None
        )
        return opened
    if gf.start.initial_sources != _initial_sources(opened):
        raise ValueError("the start's card layout is not the one this table deals")
    redealt = gf.start.reshuffle_deals
    if redealt != sorted(set(redealt)) or any(not 0 < d < len(gf.deals) for d in redealt):
        raise ValueError("the start names re-deals that are not later deals, each once")
    try:
        opened.deck = [decks[d][p] for d, p in gf.start.initial_sources]  # type: ignore[index]
        opened.redeals = [list(decks[d] or ()) for d in gf.start.reshuffle_deals]
    except (KeyError, IndexError):
        raise ValueError("the start names a deal position that does not exist") from None
    return opened


def _initial_sources(opened: OpenedGame) -> list[tuple[int, int]]:
    """Where each engine slot's card lies when the game starts: deal 0 in order, or after
    invisible's second stage (`openings.second_stage_sources`)."""
    adapter = opened.adapter
    plan = adapter.plan(opened.config)
    slots = len(adapter.deck)
    if not plan.two_stage:
        return [(0, slot) for slot in range(slots)]
    rules = adapter.rules
    session = opened.observers[0].session
    chosen = second_stage_trump(plan.context, adapter.deck, rules, session)
    return second_stage_sources(slots, plan.trump_slots[0], chosen)


__all__ = ["DealFailure", "OpenedGame", "game_config", "open_game"]
