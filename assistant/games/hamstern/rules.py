"""Hamstern: one die roll a round, shared by everybody (RULINGS.md section 1).

The flow of a round: a chance node (the roll), then every player in seat order
decides how to use it (a placement, or the pass when nothing fits). The
hourglass and the round counter are shared by the whole table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant import CHANCE, TERMINAL
from assistant.errors import IllegalAction
from assistant.games.base import Action, State
from assistant.games.hamstern import placement, scoring
from assistant.games.hamstern.layout import SIDES, Cell, cell_name, load_layout

CHAMBERS_FOR_HOURGLASS = 4
TICKING_ROLLS = (4, 5, 6)


@dataclass(frozen=True)
class Roll(Action):
    """The die shows ``value``: rolled by the app or entered from a real die."""

    value: int

    def to_data(self) -> Any:
        return {"roll": self.value}

    def __str__(self) -> str:
        return f"Roll {self.value}"


@dataclass(frozen=True)
class Place(Action):
    """Cross ``cells`` (all in one chamber); no cells is the pass."""

    cells: frozenset[Cell]

    def to_data(self) -> Any:
        return {"cross": [list(cell) for cell in sorted(self.cells)]}

    @property
    def is_pass(self) -> bool:
        return not self.cells

    def __str__(self) -> str:
        if self.is_pass:
            return "Pass"
        return "Cross " + ", ".join(cell_name(cell) for cell in sorted(self.cells))


PASS = Place(frozenset())


class HamsternState(State):
    cannot_undo_key = "error.hamstern.nothing_to_undo"  # ruling H5: a roll is never taken back

    def __init__(self, game, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(game, num_players, seed, options)
        side = options["side"]
        if side not in SIDES:
            from assistant.games.hamstern import caves  # caves' balance check plays this module

            # The cave the game is played on is kept with it: its layout, never drawn again from the code.
            self.options["cave"] = caves.stored(side, options.get("cave", ""))
        elif options.get("cave"):
            raise ValueError("option 'cave' is for a cave's code, not for a side")
        self.layout = load_layout(side)
        self.free_start: bool = options["free_start"]
        self.crossed = [0] * num_players  # bitmask of crossed cells, per player
        self.struck = [0] * num_players  # boxes struck on the 1-track, per player
        self.hourglass = False
        self.ticks = 0  # round-counter boxes ticked
        self.rolls = 0
        self.roll: int | None = None  # the roll being used, None while waiting for one
        self.deciding = 0  # the player deciding on the current roll
        self.over = False
        # Why the game ended, for the end screen: "counter" (the last box ticked) or
        # "blocked" (project ruling H1: nobody could cross anything on any roll).
        self.end_reason: str | None = None
        self._draw_next_roll()

    # --- whose turn ----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.roll is None:
            return CHANCE
        return self.deciding

    def track_left(self, player: int) -> int:
        return self.layout.one_track_length - self.struck[player]

    def sizes(self, player: int) -> range:
        """How many cells the current roll lets ``player`` cross."""
        return placement.allowed_sizes(self.roll, self.track_left(player))

    def is_blocked(self, player: int) -> bool:
        """True if no roll at all (1..6) would let ``player`` cross a cell any more."""
        smallest = 1 if self.track_left(player) else 2
        return not placement.can_place(self.layout, self.crossed[player], range(smallest, 7), self.free_start)

    def chambers_started(self, player: int) -> int:
        crossed = self.crossed[player]
        return sum(1 for mask in self.layout.chamber_masks if crossed & mask)

    # --- actions -------------------------------------------------------------------
    def _list_legal_actions(self) -> list[Action]:
        player = self.current_player
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [Roll(value) for value in range(1, 7)]
        return self.legal_actions_for(player)

    def chance_outcome(self) -> Roll:
        if self.current_player != CHANCE:
            raise IllegalAction("error.hamstern.no_roll_now")
        return Roll(self._next_roll)

    def _check(self, action: Action) -> None:
        player = self.current_player
        if player == CHANCE:
            if not isinstance(action, Roll):
                raise IllegalAction("error.hamstern.roll_first")
            if action.value not in range(1, 7):
                raise IllegalAction("error.hamstern.bad_roll", value=action.value)
            return
        self._check_place(player, action)

    # --- everybody on the same roll (seats on phones) ---------------------------------------
    decides_at_once = True

    def is_undecided(self, player: int) -> bool:
        """``player`` has still to decide on the roll in use (the seats ahead may not have yet)."""
        return self.roll is not None and not self.over and player >= self.deciding

    def check_for(self, player: int, action: Action) -> None:
        """Check ``player``'s placement on the roll in use before the seats ahead of it have decided.

        On paper everybody crosses at once: a placement depends only on the player's own sheet and
        the shared roll, so checking it now gives the same answer as in seat order."""
        if self.over:
            raise IllegalAction("error.game_over")
        if not self.is_undecided(player):
            raise IllegalAction("error.hamstern.roll_first" if self.roll is None else "error.hamstern.already_decided")
        self._check_place(player, action)

    def legal_actions_for(self, player: int) -> list[Action]:
        """What ``player`` may do with the roll in use, whoever is in turn."""
        if not self.is_undecided(player):
            return []
        masks = placement.placements(self.layout, self.crossed[player], self.sizes(player), self.free_start)
        return [Place(self.layout.cells_of(mask)) for mask in masks] or [PASS]

    def _check_place(self, player: int, action: Action) -> None:
        if not isinstance(action, Place):
            raise IllegalAction("error.hamstern.already_rolled")
        crossed, sizes = self.crossed[player], self.sizes(player)
        can_place = placement.can_place(self.layout, crossed, sizes, self.free_start)
        if action.is_pass:
            if can_place:
                raise IllegalAction("error.hamstern.must_place")
            return
        if not can_place:
            if self.roll == 1 and self.track_left(player) == 0:
                raise IllegalAction("error.hamstern.track_used_up")
            raise IllegalAction("error.hamstern.nothing_fits")
        off_sheet = [cell for cell in action.cells if cell not in self.layout.index]
        if off_sheet:
            raise IllegalAction("error.hamstern.not_a_cell", cell=cell_name(min(off_sheet)))
        placement.check(self.layout, crossed, self.layout.mask(action.cells), sizes, self.free_start)

    def _apply(self, action: Action) -> bool:
        if isinstance(action, Roll):
            self._use_roll(action.value)
        else:
            self._place(action)
        return False  # nothing on a Hamstern table is hidden, only the die's next roll

    def _use_roll(self, value: int) -> None:
        self.roll = value
        self.rolls += 1
        self.deciding = 0
        # The hourglass ticks from the roll after the one that crossed it (ruling 1).
        if self.hourglass and value in TICKING_ROLLS and self.ticks < self.layout.round_counter_length:
            self.ticks += 1

    def _place(self, action: Place) -> None:
        player = self.deciding
        self.crossed[player] |= self.layout.mask(action.cells)
        if self.roll == 1:
            self.struck[player] += len(action.cells)
        if not self.hourglass and self.chambers_started(player) >= CHAMBERS_FOR_HOURGLASS:
            self.hourglass = True
        self.deciding += 1
        if self.deciding == self.num_players:
            self._end_of_roll()

    def _end_of_roll(self) -> None:
        # Project ruling H1 (docs/RULES.md): the game also ends once nobody could cross
        # anything on any roll; otherwise a boxed-in solo player would roll for ever.
        if self.ticks == self.layout.round_counter_length:
            self.over, self.end_reason = True, "counter"
            return
        if all(map(self.is_blocked, range(self.num_players))):
            self.over, self.end_reason = True, "blocked"
            return
        self.roll = None
        self.deciding = 0
        self._draw_next_roll()

    def _draw_next_roll(self) -> None:
        # Drawn once when the chance node appears, whether the app rolls or a real die
        # is entered, so a replay of the same actions meets the same future rolls.
        self._next_roll = self.rng.randint(1, 6)

    # --- scores ----------------------------------------------------------------------
    def breakdowns(self) -> list[scoring.Breakdown]:
        return [scoring.breakdown(self.layout, crossed) for crossed in self.crossed]

    def scores(self) -> list[int]:
        return [b.total for b in self.breakdowns()]

    def standings(self) -> dict:
        return scoring.standings(self.breakdowns(), over=self.over)

    def deciding_tie_break(self) -> str | None:
        return self.standings()["decided_by"]

    def score_check_inputs(self) -> list[dict]:
        """The sheets as ``python -m assistant score hamstern`` reads them (one table)."""
        return [{
            "side": self.layout.side,
            "free_start": self.free_start,
            "players": [{"name": f"Player {p + 1}", "crossed": [list(cell) for cell in self.layout.cells_of(crossed)],
                         "one_track_struck": self.struck[p]} for p, crossed in enumerate(self.crossed)],
        }]

    # --- views -----------------------------------------------------------------------
    def view(self, player: int | None = None) -> dict:
        """Everything on a Hamstern table is public, except the app's next roll."""
        phase = "over" if self.over else ("roll" if self.roll is None else "place")
        return {
            "game": "hamstern",
            "side": self.layout.side,
            "free_start": self.free_start,
            "num_players": self.num_players,
            "me": player,
            "phase": phase,
            "end_reason": self.end_reason,
            "current_player": self.current_player,
            "roll": self.roll,
            "rolls": self.rolls,
            "hourglass": self.hourglass,
            "counter_ticked": self.ticks,
            "counter_length": self.layout.round_counter_length,
            "players": [
                {
                    "crossed": [list(cell) for cell in sorted(self.layout.cells_of(self.crossed[p]))],
                    "one_track_struck": self.struck[p],
                    "score": b.total,
                    "breakdown": b.to_data(),
                }
                for p, b in enumerate(self.breakdowns())
            ],
        }

    def clone(self) -> HamsternState:
        other = self._copy()
        other.crossed = list(self.crossed)
        other.struck = list(self.struck)
        return other


def round_number(state: HamsternState) -> int:
    """The round ``state`` is in, from 1: a round is one roll and everybody's decision on it, and begins
    while the table waits for its roll (the replay page steps from round to round with it)."""
    return state.rolls + (state.roll is None and not state.over)
