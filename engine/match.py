"""A match: games in a row, who deals and leads the next one, and the scores across them."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.first_lead import decide_first_lead, fixed_leader
from engine.game import Game
from engine.rules import Rules


def next_leader(rules: Rules, players: int, previous: Game | None) -> int | None:
    """Who leads the next game at the LAN table today; None means the lowest trump decides.

    The table's reading: the previous result fixes chinese too. The engine's own rule, with
    chinese led by the 9 of diamonds every game, is `engine.first_lead.decide_first_lead`.
    """
    return fixed_leader(rules, players, previous, nine_leads_every_game=False)


def game_points(rules: Rules, game: Game) -> list[int]:
    """Points of one finished game for every seat.

    Kozlov-Borisov: a win 2, a draw 1, a defeat 0; every seat but the fool wins, and in a draw
    the seats that were left together get 1 each. Other scorings: 1 for a win, 0 otherwise.
    Teams: every member of the fool's team loses. Points and pogony: 1 for each seat with the
    best score (cards beaten; shoulder straps, ties broken by the highest strap), 0 otherwise.
    """
    if rules.scoring in ("points", "pogony"):  # the best score wins; ties share the win
        winners = game.winners()
        return [1 if seat in winners else 0 for seat in range(game.players)]
    win, draw = (2, 1) if rules.scoring == "kozlov" else (1, 0)
    points = [win] * game.players
    if game.fool is None:
        for seat in game.out[-2:]:  # the last two emptied their hands together
            points[seat] = draw
        return points
    losers = [game.fool]
    teams = rules.team_count(game.players)
    if teams:
        losers = [s for s in range(game.players) if s % teams == game.fool % teams]
    for seat in losers:
        points[seat] = 0
    return points


@dataclass
class Match:
    """Several games at one table; the loser of a game deals the next one."""

    rules: Rules
    players: int
    games: list[Game] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    roubles: list[int] = field(default_factory=list)
    fools: list[int | None] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rules.check_players(self.players)
        self.points = self.points or [0] * self.players
        self.roubles = self.roubles or [0] * self.players

    @property
    def dealer(self) -> int | None:
        """Who deals the next game: the last fool (after a draw, the last dealer deals again;
        None: the first dealer is chosen by lot)."""
        fool = next((f for f in reversed(self.fools) if f is not None), None)
        if fool is None and self.dealers:
            return self.dealers[-1]
        return fool

    def new_game(self, rng: random.Random, trump: str | None = None) -> Game:
        """The next game: the dealer (drawn by lot with `rng` for the first) shuffles with `rng`
        and deals from his left; led as the rules say. `trump`: the suit he names when the
        rules let him (`dealer_names_trump`, the whole deck dealt)."""
        dealer = self.dealer
        if dealer is None:  # D: "The first handler is determined by the draw"
            dealer = rng.randrange(self.players)
        previous = self.games[-1] if self.games else None
        first = decide_first_lead(self.rules, self.players, previous).leader
        game = Game.new(self.rules, self.players, rng, first=first, dealer=dealer, trump=trump)
        self.dealers.append(dealer)
        return game

    def record(self, game: Game) -> list[int]:
        """Add a finished game to the match; return its points."""
        if not game.over:
            raise ValueError("only a finished game can be scored")
        points = game_points(self.rules, game)
        win = max(points)
        for seat, value in enumerate(points):
            self.points[seat] += value
            if value == win and game.fool is not None:
                self.roubles[seat] += self.rules.roubles_per_win
        self.games.append(game)
        self.fools.append(game.fool)
        return points
