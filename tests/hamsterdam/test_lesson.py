"""The Hamsterdam lesson (assistant/lessons/hamsterdam.json) beyond the checks every lesson has
(tests/lessons): each step waits for the learner, never for Bea (who would move by herself at once), what
the texts say of the board is so, every rule of the rulebook is a step, and the learner uses at least six
special hamsters on the board."""

from __future__ import annotations

from assistant import CHANCE
from assistant.games.hamsterdam.cards import card_of
from assistant.i18n import catalogue
from assistant.lessons import load_lesson

LESSON = load_lesson("hamsterdam")
LEARNER = 0


def before(key: str):
    """The game as step ``key`` shows it."""
    return LESSON.state_before(next(n for n, step in enumerate(LESSON.steps) if step.key == key))


def after(key: str):
    """The game once step ``key``'s move is made."""
    state = before(key)
    state.apply(next(step.ask for step in LESSON.steps if step.key == key))
    return state


def value_at(state, player: int, value: int, nth: int = 0) -> int:
    return [pos for pos, shown in enumerate(state.dams[player]) if shown == value][nth]


def test_every_step_waits_for_the_learner():
    """A step's position is the learner's decision, the learner's own roll, or the end: Bea, a computer
    opponent, would move at once on a position that waits for her, and the app would roll her dice."""
    for index, step in enumerate(LESSON.steps):
        state = LESSON.state_before(index)
        waits = state.current_player == LEARNER or state.phase == "over" or (
            state.current_player == CHANCE and state.phase in ("roll", "reroll") and state.roller() == LEARNER)
        assert waits, (step.key, state.phase, state.current_player)


def test_the_rulebook_s_rules_are_steps():
    asked = {step.key: step.ask for step in LESSON.steps}
    kinds = {move.kind for move in asked.values() if move is not None and hasattr(move, "kind")}
    # setup, placing, plugging, the movement phase, a breach and its sacrifice, redeployment
    assert {"pass", "lay", "keep", "put", "plug", "move", "breach", "sacrifice", "restore", "clear"} <= kinds
    # a flood token on an empty card, then a second flood there into the flood pile
    assert before("token").tokens[LEARNER][value_at(before("token"), LEARNER, 7)] == 1
    assert before("pile").piles[LEARNER] == 1
    # the breach comes with the third token in the pile; the flipped card's hamsters move onto a token
    assert before("breach").piles[LEARNER] == 3
    assert after("sacrifice").stacks[LEARNER][value_at(before("breach"), LEARNER, 3)] == ["momster"]
    # moved onto a flood token, the hamster leaves the game and the token goes back to the supply (D15)
    moved = after("move")
    assert moved.tokens[LEARNER][value_at(moved, LEARNER, 7)] == 0 and moved.removed[LEARNER] == ["hamster"]
    assert moved.supply == before("move").supply + 1
    assert after("sacrifice").supply == before("sacrifice").supply + 1
    assert after("speedster").supply == before("speedster").supply + 1
    # redeployment: every piece taken up; a hamster leaves the game to clear a token
    assert before("redeploy").phase == "place" and before("redeploy").turns == 12
    assert not any(after("clear").tokens[LEARNER])
    # a roll that nobody has an intact card of is rolled again (both card 2s are flipped)
    reroll = before("reroll")
    assert reroll.rerolls == 1 and reroll.turns == before("last_roll").turns
    assert all(reroll.flipped[p][value_at(reroll, p, 2)] for p in (0, 1))
    # the end: the piles together reach 10 with the learner's last roll
    assert sum(before("last_roll").piles) == 8
    assert LESSON.state_before(len(LESSON.steps) - 1).phase == "over"


def test_the_texts_say_what_the_board_shows():
    place = before("place")
    assert place.start_rolls == [10, 6] and place.start_player == LEARNER
    assert before("plug").value == 11 and before("cheekster").value == 9
    assert before("mobster").value == 7 and not before("mobster").stacks[LEARNER][value_at(before("mobster"), 0, 7)]
    whack = before("whack")
    assert whack.value == 6 and not whack.stacks[LEARNER][value_at(whack, LEARNER, 6, 1)]
    janitor = before("janitster")
    assert [janitor.dams[LEARNER][pos] for pos, count in enumerate(janitor.tokens[LEARNER]) if count] == [7, 11]
    assert not any(after("janitster").tokens[LEARNER])
    breach = before("breach")
    assert breach.tokens[LEARNER][value_at(breach, LEARNER, 12)] == 1
    # the pile step shows the learner's first pile token, and already Bea's 9 (its text says so)
    assert before("pile").piles[LEARNER] == 1 and before("pile").value == 9
    end = LESSON.state_before(len(LESSON.steps) - 1)
    assert end.piles == [4, 6] and [end.dam_tokens(p) for p in (0, 1)] == [1, 2]
    assert end.breaches == [1, 3]  # Bea's dam breached at 3, 5 and 6 tokens
    assert end.winners() == [LEARNER]


def test_the_learner_uses_at_least_six_special_hamsters():
    used = {card_of(step.ask.piece) for step in LESSON.steps
            if step.ask is not None and getattr(step.ask, "kind", "") == "use"}
    assert used == {"cheekster", "blobster", "mobster", "whack-a-mole", "janitster", "speedster", "copycatster"}
    # and Bea's Bombster floods the learner's dam, who resolves it
    bombed = before("bombster")
    assert bombed.phase == "flood" and bombed.floods[0][0] == LEARNER
    assert after("copycatster").piles[1] == before("copycatster").piles[1] + 1  # Bombster copied onto Bea's token


def test_every_special_is_at_least_described():
    """The specials not played on the board are named with what they do: the skip-movement ones in
    ``stay`` (Momster on the learner's dam), the rest in ``others`` (Bea's Buffster highlighted)."""
    texts = catalogue("en")
    said = " ".join(texts[f"lesson.hamsterdam.{step.key}.text"] for step in LESSON.steps)
    for name in ("Blobster", "Bombster", "Buffster", "Cheekster", "Contractster", "Copycatster", "Huckster",
                 "Janitster", "Mobster", "Momster", "Napster", "Ninjaster", "Physicster", "Speedster", "Spinster",
                 "Swimster", "Twinsters", "Whack-a-Mole"):
        assert name in said, name
    others = before("others")
    assert "buffster" in others.stacks[1][value_at(others, 1, 8)]
    assert "momster" in before("stay").stacks[LEARNER][value_at(before("stay"), LEARNER, 3)]
