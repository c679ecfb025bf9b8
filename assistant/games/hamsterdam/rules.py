"""Hamsterdam (RULINGS.md section 2, docs/RULES.md D1-D14): the state and its phases.

The phases, each waiting for one kind of decision (or for the dice):

  full:     pass -> arrange -> keep -> start_roll -> place -> roll ...
  classic:  keep -> start_roll -> place -> roll ...
  a turn:   roll (CHANCE; rolled again while nobody has the value on an intact card)
            -> window (the roll's abilities; reroll (CHANCE) -> choose_dice / mole for Physicster
               and Whack-a-Mole) -> flood (which hamster plugs, or an ability stops it)
            -> breach / sacrifice (full mode)
            -> after every n turns: move (each player in turn order from the start player),
               then window (skip-movement abilities)
            -> after a round: place again (redeployment) -> roll ...  or "over"

setup.py holds the decisions before the first roll and redeployment, rolls.py the rolls, turn.py
the rest of a turn, abilities.py the specials; each phase lists its moves and carries them out, and
``views.refusal`` says why anything else is refused.
"""

from __future__ import annotations

from typing import Any

from assistant import CHANCE, TERMINAL
from assistant.errors import IllegalAction
from assistant.games.base import Action, State
from assistant.games.hamsterdam import rolls, scoring, setup, turn
from assistant.games.hamsterdam.actions import ROLLS, Roll
from assistant.games.hamsterdam.cards import named_card, numbers
from assistant.games.hamsterdam.views import refusal, view

POSITIONS = len(numbers().dam_values)
# phase -> (its moves, how a move is carried out: returns True when it showed something hidden)
PHASES = {
    "pass": (setup.pass_moves, setup.apply_pass),
    "arrange": (setup.lay_moves, setup.apply_lay),
    "keep": (setup.keep_moves, setup.apply_keep),
    "place": (setup.place_moves, None),
    "flood": (turn.flood_moves, turn.apply_flood),
    "window": (turn.window_moves, turn.apply_window),
    "breach": (turn.breach_moves, turn.apply_breach),
    "sacrifice": (turn.sacrifice_moves, turn.apply_sacrifice),
    "move": (turn.move_moves, None),
    "choose_dice": (rolls.dice_moves, rolls.apply_dice),
    "mole": (rolls.mole_moves, rolls.apply_mole),
}
CHANCE_PHASES = ("roll", "start_roll", "reroll")
PLACING = {"put": setup.apply_put, "clear": setup.apply_clear, "done": setup.apply_done, "use": setup.apply_use,
           "restore": setup.apply_restore}
MOVING = {"move": turn.apply_move, "use": turn.apply_move, "stay": turn.apply_stay, "go_on": turn.apply_go_on}


class HamsterdamState(State):
    cannot_undo_key = "error.hamsterdam.cannot_undo"

    def __init__(self, game, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(game, num_players, seed, options)
        self.mode: str = options["mode"]
        table = numbers()
        self.movement_turns = num_players * table.turns_before_movement[num_players]
        self.round_turns = num_players * table.turns_per_round[num_players]
        players = range(num_players)
        full = self.mode == "full"
        self.held = [list(table.dam_values) if full else [] for _ in players]  # dam cards not yet laid
        self.dams = [[] if full else list(table.dam_values) for _ in players]  # values, left to right
        self.flipped = [[False] * POSITIONS for _ in players]
        self.stacks: list[list[list[str]]] = [[[] for _ in range(POSITIONS)] for _ in players]
        self.tokens = [[0] * POSITIONS for _ in players]
        self.hand: list[list[str]] = [[] for _ in players]  # pieces to place (setup, redeployment)
        self.reserve: list[list[str]] = [[] for _ in players]  # the reinforcement pile
        self.removed: list[list[str]] = [[] for _ in players]  # pieces out of the game
        # Each player's stacks as the last round ended (redeployment's "place as before"; none before).
        self.before: list[list[list[str]]] = [[] for _ in players]
        self.piles = [0] * num_players
        self.breaches = [0] * num_players  # breaches resolved so far
        self.supply = table.supply_tokens  # cleared tokens come back to it (D15)
        self.passes: list[tuple] = [() for _ in players]
        self.offered: list[list[str]] = [[] for _ in players]  # specials dealt, to keep some
        self.kept: list[list[str]] = [[] for _ in players]
        self.start_rolls: list[int | None] = [None] * num_players
        self.contenders = list(players)  # who rolls for the start player now
        self.start_player = 0
        self.turns = 0  # turns completed (a re-roll is no new turn)
        self.rerolls = 0
        self.dice: tuple[int, int] | None = None
        self.floods: list[tuple[int, int]] = []  # (player, position) still to resolve
        self.moving: list[str] = []  # the hamsters of a flipped card, on their way inward
        self.moving_to = -1
        self.exhausted = False  # a token was needed and the supply was empty
        # The abilities (abilities.py): the window open, the value the dice show after the roll's
        # abilities, each player's Mobster change and Ninjaster, who made the normal move and who used a
        # Speedster's extra move in the movement phase (D15), whether a Bombster flood is being resolved,
        # who had Janitster on the dam at redeployment, and who may copy it with a Copycatster (D13).
        self.window = ""
        self.value = 0
        self.adjust = [0] * num_players
        self.ignore = [False] * num_players
        self.moved = [False] * num_players
        self.sped = [False] * num_players
        self.bombing = False
        self.janitor = [False] * num_players
        self.copy_janitor = [False] * num_players
        # Physicster and Whack-a-Mole (rolls.py): the special waiting for its second roll and where it
        # stands, that roll, and whether Whack-a-Mole was used this roll.
        self.pending = ""
        self.pending_at = -1
        self.second: tuple[int, int] | None = None
        self.whacked = False
        self.queue: list[int] = []  # the players still to decide in this phase, the first to move
        self.phase = ""
        self._next_dice = (1, 1)
        self._log: list | None = None  # log.py collects the events here while it replays
        if full:
            self.start_phase("pass", list(players))
        else:
            setup.deal_specials(self)

    # --- helpers the phases share ------------------------------------------------------------
    def say(self, key: str, **params) -> None:
        if self._log is not None:
            self._log.append((key, params))

    def start_phase(self, phase: str, queue: list[int]) -> None:
        self.phase, self.queue = phase, queue

    def turn_order(self) -> list[int]:
        return self.order_from(self.start_player)

    def order_from(self, first: int) -> list[int]:
        return [(first + step) % self.num_players for step in range(self.num_players)]

    def roller(self) -> int:
        return (self.start_player + self.turns) % self.num_players

    def draw_dice(self) -> None:
        """Drawn once when the chance node appears, whether the app rolls or real dice are
        entered, so that a replay of the same actions meets the same future rolls."""
        self._next_dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))

    def next_roll(self) -> None:
        self.phase, self.queue = "roll", []  # ``dice`` keeps the last roll, for the table to show
        self.draw_dice()

    def intact(self, player: int) -> list[int]:
        """The positions of the cards not flipped by a breach: one run, as breaches flip only ends."""
        return [pos for pos, flipped in enumerate(self.flipped[player]) if not flipped]

    def card(self, player: int, pos: int, name: str = "value") -> dict:
        """A dam card as a log event names it (``name``: its value), with its position where the dam
        shows that value twice (cards.named_card)."""
        return named_card(self.dams[player], pos, name)

    @property
    def actor(self) -> int:
        return self.floods[0][0] if self.phase == "flood" else self.queue[0]

    # --- the contract -----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.actor

    def _list_legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.phase in CHANCE_PHASES:
            return list(ROLLS)
        return PHASES[self.phase][0](self)

    def chance_outcome(self) -> Roll:
        if self.current_player != CHANCE:
            raise IllegalAction("error.hamsterdam.no_roll_now")
        return Roll(*self._next_dice)

    def check(self, action: Action) -> None:
        if not self.is_legal(action):
            raise refusal(self, action)

    def _apply(self, action: Action) -> bool:
        if isinstance(action, Roll):
            rolls.apply(self, action)
            return False
        if self.phase == "place":
            PLACING[action.kind](self, action)
            return False
        if self.phase == "move":
            MOVING[action.kind](self, action)
            return False
        return bool(PHASES[self.phase][1](self, action))

    # --- counts -----------------------------------------------------------------------------
    def pieces(self, player: int) -> list[str]:
        """Every piece the player still has: on the dam, in the reinforcement pile, in the hand."""
        on_dam = [piece for stack in self.stacks[player] for piece in stack]
        moving = self.moving if self.phase == "sacrifice" and self.actor == player else []  # in a breach
        return on_dam + moving + self.reserve[player] + self.hand[player]

    def hamsters_left(self, player: int) -> int:
        return len(self.pieces(player))

    def dam_tokens(self, player: int) -> int:
        return sum(self.tokens[player])

    def scores(self) -> list[int]:
        """Flood tokens in the pile and on the dam: the fewest wins."""
        return [self.piles[p] + self.dam_tokens(p) for p in range(self.num_players)]

    def counts(self) -> list[dict[str, int]]:
        """Each player's flood pile, dam tokens and hamsters left, as the score check reads them."""
        players = range(self.num_players)
        return scoring.counts(self.piles, [self.dam_tokens(p) for p in players],
                              [self.hamsters_left(p) for p in players])

    def standings(self) -> dict:
        return scoring.standings(self.counts(), over=self.phase == "over")

    def score_check_inputs(self) -> list[dict]:
        """The table as ``python -m assistant score hamsterdam`` reads it."""
        return [{"players": [{"name": f"Player {p + 1}", **count} for p, count in enumerate(self.counts())]}]

    def tokens_in_play(self) -> int:
        """Every flood token somewhere: supply, dams, flood piles (always 35)."""
        return self.supply + sum(map(sum, self.tokens)) + sum(self.piles)

    def clear_tokens(self, player: int, pos: int, count: int = 1) -> None:
        """Tokens taken off a dam card other than into a flood pile go back to the supply (D15): a
        removed token no longer counts against the player, and the 35 tokens stay in the game."""
        self.tokens[player][pos] -= count
        self.supply += count

    def view(self, player: int | None = None) -> dict:
        return view(self, player)

    def clone(self) -> HamsterdamState:
        """As ``State.clone``, without the replay."""
        other = self._copy()
        for name in ("held", "dams", "flipped", "tokens", "hand", "reserve", "removed", "offered", "kept"):
            setattr(other, name, [list(row) for row in getattr(self, name)])
        other.stacks = [[list(stack) for stack in stacks] for stacks in self.stacks]
        other.before = [[list(stack) for stack in stacks] for stacks in self.before]
        for name in ("piles", "breaches", "passes", "start_rolls", "contenders", "floods", "moving", "queue", "adjust",
                     "ignore", "moved", "sped", "janitor", "copy_janitor"):
            setattr(other, name, list(getattr(self, name)))
        other._log = None
        return other
