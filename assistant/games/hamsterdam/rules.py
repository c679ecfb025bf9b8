"""Hamsterdam (RULINGS.md section 2, docs/RULES.md D1-D14): the state, and the order of the game as
the rulebook tells it.

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

One module per part of the rulebook holds a phase's moves and carries them out:

  setup.py      Initial Setup: passing, arranging, the specials dealt and kept, the start player
  placing.py    Defending Your Dam, and the placing again at Redeployment
  rolls.py      Roll the Dice: a turn's roll, Physicster's and Whack-a-Mole's second roll
  floods.py     Start and Resolve the Flood
  breaches.py   Resolve Dam Breaches
  movement.py   Movement Phase (and Removing Flood Tokens by a move)
  abilities.py  Meet the Special Hamsters: what each may do when, and what it does

They import cards.py, actions.py and abilities.py only. What comes after a phase is decided here
(the methods under "the order of the game"), and a phase module hands on by calling that method on
the state it was given: so the imports form no circle (tests/hamsterdam/test_imports.py), and the
order of the game reads in one place. ``views.refusal`` says why a move is refused.
"""

from __future__ import annotations

from typing import Any

from assistant import CHANCE, TERMINAL
from assistant.errors import IllegalAction
from assistant.games.base import Action, State
from assistant.games.hamsterdam import abilities, breaches, floods, movement, placing, rolls, scoring, setup
from assistant.games.hamsterdam.actions import GO_ON, ROLLS, Move, Roll
from assistant.games.hamsterdam.cards import named_card, numbers
from assistant.games.hamsterdam.views import refusal, view

POSITIONS = len(numbers().dam_values)
CHANCE_PHASES = ("roll", "start_roll", "reroll")


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
        self.start_dice: list[tuple[int, int] | None] = [None] * num_players  # the dice of those rolls, to show
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

    # --- the order of the game: each phase module hands on to one of these --------------------------
    def defend_the_dam(self) -> None:
        """Defending Your Dam: everybody in turn order places their hand (after the start roll, and
        again at each redeployment); then the first roll (placing.next_placer)."""
        self.start_phase("place", self.turn_order())
        placing.next_placer(self)

    def next_roll(self) -> None:
        """On Your Turn, 1. Roll the dice: the roller's chance node (rolls.turn_roll)."""
        self.phase, self.queue = "roll", []  # ``dice`` keeps the last roll, for the table to show
        self.draw_dice()

    def open_window(self, window: str, queue: list[int]) -> None:
        """A window of the abilities (abilities.WINDOWS): after a roll that stands, "roll_own" for the
        roller, "roll_any" and "napster" for everybody; "skip" after the movement phase."""
        self.window, self.queue = window, queue
        self.next_in_window()

    def next_in_window(self) -> None:
        """The next player with a use in this window decides; after the last, the next window, and
        after the roll's windows, 2. the flood."""
        while self.queue:
            if abilities.window_uses(self):
                self.phase = "window"
                return
            self.queue.pop(0)
        order = self.order_from(self.roller())
        if self.window == "roll_own":
            self.open_window("roll_any", order)
        elif self.window == "roll_any":
            self.open_window("napster", order)
        elif self.window == "napster":
            floods.start_floods(self)
        else:
            self.after_movement()

    def window_moves(self) -> list[Move]:
        return [*abilities.window_uses(self), GO_ON]

    def use_in_window(self, move: Move) -> None:
        """A use of an ability in the open window, or "go on" (none, or no more, now)."""
        player = self.queue[0]
        if move.kind == "go_on":
            self.queue.pop(0)
        else:
            abilities.use(self, player, move)
            if self.window in ("napster", "skip"):  # one step of Napster, one skip ability a player
                self.queue.pop(0)
            if self.bombing:  # Bombster's flood first, then the window goes on (after_the_flood)
                floods.resolve_floods(self)
                return
            if self.pending:  # Physicster or Whack-a-Mole: the dice first (rolls.second_roll)
                return
        self.next_in_window()

    def after_the_flood(self) -> None:
        """After a Bombster's flood its window goes on; after the roll's floods, 3. Resolve dam breaches."""
        if self.bombing:
            self.bombing = False
            self.next_in_window()
        else:
            breaches.start_breaches(self)

    def pass_the_dice(self) -> None:
        """4. Pass the dice to your left: the turn is complete. The end comes once the piles together
        hold the end number (or the supply ran out), and no movement phase follows."""
        self.turns += 1
        if self.game_ends():
            return
        if self.turns % self.movement_turns == 0:
            self.movement_phase()
        else:
            self.next_roll()

    def movement_phase(self) -> None:
        """Each player in turn order from the start player (movement.next_mover), then the skip window."""
        self.say("log.hamsterdam.movement")
        self.start_phase("move", self.turn_order())
        self.moved, self.sped = [False] * self.num_players, [False] * self.num_players
        movement.next_mover(self)

    def after_movement(self) -> None:
        """After a round, the redeployment; otherwise the next roll; unless a Bombster's flood ended the
        game (its breaches, if any, come with the next turn's)."""
        if self.game_ends():
            return
        if self.turns % self.round_turns == 0:
            self.redeployment()
        else:
            self.next_roll()

    def redeployment(self) -> None:
        """Everybody takes up every piece, from the dam and the reinforcement pile, to place them again."""
        self.say("log.hamsterdam.redeploy", round=self.turns // self.round_turns)
        placing.take_up(self)
        self.defend_the_dam()

    def game_ends(self) -> bool:
        """Winning the Game: whether the piles together hold the end number, or the supply ran out; then
        the game is over."""
        if sum(self.piles) < numbers().end_tokens[self.num_players] and not self.exhausted:
            return False
        self.phase = "over"
        winners = self.winners()
        self.say("log.hamsterdam.over" if len(winners) == 1 else "log.hamsterdam.over_shared", winners=winners,
                 tokens=sum(self.piles))
        return True

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

    def _check(self, action: Action) -> None:
        if not self.is_legal(action):
            raise refusal(self, action)

    def _apply(self, action: Action) -> bool:
        if isinstance(action, Roll):
            ROLLED[self.phase](self, action)
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
        for name in ("piles", "breaches", "passes", "start_rolls", "start_dice", "contenders", "floods", "moving",
                     "queue", "adjust", "ignore", "moved", "sped", "janitor", "copy_janitor"):
            setattr(other, name, list(getattr(self, name)))
        other._log = None
        return other


# phase -> (its moves, how a move is carried out: returns True when it showed something hidden)
PHASES = {
    "pass": (setup.pass_moves, setup.apply_pass),
    "arrange": (setup.lay_moves, setup.apply_lay),
    "keep": (setup.keep_moves, setup.apply_keep),
    "place": (placing.place_moves, None),
    "flood": (floods.flood_moves, floods.apply_flood),
    "window": (HamsterdamState.window_moves, HamsterdamState.use_in_window),
    "breach": (breaches.breach_moves, breaches.apply_breach),
    "sacrifice": (breaches.sacrifice_moves, breaches.apply_sacrifice),
    "move": (movement.move_moves, None),
    "choose_dice": (rolls.dice_moves, rolls.apply_dice),
    "mole": (rolls.mole_moves, rolls.apply_mole),
}
ROLLED = {"start_roll": setup.start_roll, "roll": rolls.turn_roll, "reroll": rolls.second_roll}  # a chance phase's roll
PLACING = {"put": placing.apply_put, "clear": placing.apply_clear, "done": placing.apply_done,
           "use": placing.apply_use, "restore": placing.apply_restore}
MOVING = {"move": movement.apply_move, "use": movement.apply_move, "stay": movement.apply_stay,
          "go_on": movement.apply_go_on}
