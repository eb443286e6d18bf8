"""A match of durak with pagons: deals in a row until one team has hung every pagon."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.pagons.game import PagonsGame
from engine.pagons.lead import FIRST_DEALT_SEAT
from engine.pagons.rules import PagonsRules


@dataclass
class PagonsMatch:
    """ "Hanging pagons should start with sixes, then sevens and in ascending order. The last
    pagon that is hung in this game is a queen": each team climbs `rules.levels` one step per
    deal in which it hangs its pagons; the first to hang the last level wins the match. Every
    deal is dealt and led as a LAN table deals and leads it (`engine.pagons.lead`): seat 0 is
    dealt the first card, the lowest trump leads, with no trump dealt the deal's lot."""

    rules: PagonsRules
    players: int
    steps: list[int] = field(default_factory=list)  # per team: index into rules.levels
    games: list[PagonsGame] = field(default_factory=list)
    winner_team: int | None = None

    def __post_init__(self) -> None:
        self.rules.check_players(self.players)
        self.steps = self.steps or list(self.rules.deal_steps(self.players))

    @classmethod
    def at_deal(cls, rules: PagonsRules, players: int) -> PagonsMatch:
        """The match as it stands before the deal `rules` describes (its `steps`)."""
        return cls(rules.replace(steps=""), players, steps=list(rules.deal_steps(players)))

    def next_rules(self) -> PagonsRules:
        """The rules of the next deal: `steps` names each team's level (a LAN table's next
        config carries them); after a match is won the next deal starts a new one at sixes."""
        if self.over or not any(self.steps):
            return self.rules.replace(steps="")
        return self.rules.replace(steps=",".join(str(step) for step in self.steps))

    @property
    def over(self) -> bool:
        """Whether a team has hung its last pagon."""
        return self.winner_team is not None

    def levels(self) -> tuple[int, ...]:
        """The pagon rank each team hangs in the next deal."""
        return tuple(self.rules.levels[step] for step in self.steps)

    def new_game(self, rng: random.Random, game_class: type[PagonsGame] = PagonsGame) -> PagonsGame:
        """The next deal (a `game_class`), shuffled by `rng`, dealt from `FIRST_DEALT_SEAT` and
        led by `first_leader` (`rng` draws the lot when no trump is dealt)."""
        if self.over:
            raise ValueError("the match is over")
        return game_class.new(
            self.rules, self.players, rng, first=FIRST_DEALT_SEAT, levels=self.levels()
        )

    def record(self, game: PagonsGame) -> tuple[int, ...]:
        """Score a finished deal: a team that hung its pagons climbs a level; return levels."""
        if not game.over:
            raise ValueError("only a finished deal can be scored")
        self.games.append(game)
        if game.hanger is not None:
            team = game.team(game.hanger)
            if self.steps[team] == len(self.rules.levels) - 1:
                self.winner_team = team
            else:
                self.steps[team] += 1
        return self.levels()
