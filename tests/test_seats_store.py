"""Seat links and placements confirmed ahead of their turn, as the store keeps them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant import IllegalAction, ahead
from assistant.games import get_game
from assistant.games.hamstern import PASS
from assistant.positions import Positions
from assistant.store import Store


def hamstern_game(store: Store, players: int = 3, seed: int = 1) -> str:
    state = get_game("hamstern").new_state(players, seed=seed, side="A")
    return store.create(state, {"names": [f"P{n}" for n in range(players)]})


def roll(store: Store, game_id: str) -> None:
    state = store.load(game_id).state
    store.append(game_id, len(state.history), state.chance_outcome())


# --- links ---------------------------------------------------------------------------------------
def test_a_link_per_seat_is_an_unguessable_token_not_the_seat_number(db):
    game_id = hamstern_game(db)
    links = db.seat_links(game_id, [0, 1, 2])
    tokens = [link.token for link in links.values()]
    assert len(set(tokens)) == 3 and all(len(token) >= 12 for token in tokens)
    assert all(str(seat) != link.token for seat, link in links.items())
    assert db.seat_links(game_id, [0, 1, 2]) == links  # asked again: the same links
    assert db.seats_on_phones(game_id) == set()


def test_opening_a_link_puts_its_seat_on_a_phone(db):
    game_id = hamstern_game(db)
    links = db.seat_links(game_id, [0, 1, 2])
    before = db.pulse(game_id)
    assert db.open_link(links[2].token) == (game_id, 2)
    assert db.seats_on_phones(game_id) == {2}
    assert db.pulse(game_id) != before  # the table device learns that a phone took the seat
    assert db.open_link("no-such-token-here") is None


def test_a_withdrawn_link_opens_nothing_and_a_new_link_replaces_it(db):
    game_id = hamstern_game(db)
    old = db.seat_links(game_id, [0, 1])[1].token
    db.open_link(old)
    db.withdraw_link(game_id, 1)
    assert db.open_link(old) is None
    assert db.seats_on_phones(game_id) == set()
    assert 1 not in db.seat_links(game_id, [0, 1])  # not issued again by itself
    new = db.new_link(game_id, 1)
    assert new != old and db.seat_links(game_id, [0, 1])[1].token == new
    assert db.open_link(new) == (game_id, 1) and db.open_link(old) is None


def test_links_are_per_game(db):
    first, second = hamstern_game(db), hamstern_game(db, seed=2)
    token = db.seat_links(first, [0])[0].token
    assert db.open_link(token) == (first, 0)
    assert db.seat_links_issued(first) and not db.seat_links_issued(second)


# --- placements confirmed ahead of their turn (assistant/ahead.py; the store keeps rows only) ------------
def test_a_placement_ahead_of_its_turn_waits_for_the_seats_before_it(db):
    game_id = hamstern_game(db)
    roll(db, game_id)
    live = Positions(db)
    state = live.latest(game_id).state
    second = state.legal_actions_for(2)[0]
    ahead.decide_ahead(live, live.latest(game_id), 2, second)
    assert db.action_count(game_id) == 1 and set(db.pending(game_id)) == {2}
    first = state.legal_actions_for(1)[0]
    ahead.decide_ahead(live, live.latest(game_id), 1, first)
    assert db.action_count(game_id) == 1  # seat 0 has not decided
    zero = state.legal_actions_for(0)[0]
    after = live.save(live.latest(game_id), zero)
    assert len(ahead.take_in(live, after).actions) == 4
    saved = db.load(game_id).state
    assert saved.history[1:] == [zero, first, second] and db.pending(game_id) == {}


def test_a_refused_placement_saves_nothing(db):
    game_id = hamstern_game(db)
    roll(db, game_id)
    pulse = db.pulse(game_id)
    live = Positions(db)
    with pytest.raises(IllegalAction) as refused:
        ahead.decide_ahead(live, live.latest(game_id), 2, PASS)  # the roll fits: a pass is not allowed
    assert refused.value.key == "error.hamstern.must_place"
    assert db.pulse(game_id) == pulse


def test_a_seat_confirms_once_per_roll_and_may_take_it_back_while_it_waits(db):
    game_id = hamstern_game(db)
    roll(db, game_id)
    live = Positions(db)
    position = live.latest(game_id)
    placement = position.state.legal_actions_for(1)[0]
    ahead.decide_ahead(live, position, 1, placement)
    with pytest.raises(IllegalAction) as twice:
        ahead.decide_ahead(live, position, 1, placement)  # a second device, or a second tap
    assert twice.value.key == "error.already_decided"
    assert ahead.take_back(live, position, 1) is True
    assert db.pending(game_id) == {} and ahead.take_back(live, position, 1) is False


def test_no_confirmation_before_the_roll(db):
    game_id = hamstern_game(db)
    live = Positions(db)
    with pytest.raises(IllegalAction) as early:
        ahead.decide_ahead(live, live.latest(game_id), 1, PASS)
    assert early.value.key == "error.hamstern.roll_first"


def test_a_game_that_does_not_decide_at_once_never_asks_the_store(db, monkeypatch):
    state = get_game("biber_gang").new_state(2, seed=3)
    game_id = db.create(state, {"names": ["A", "B"], "bots": ["human", "easy"]})
    live = Positions(db)
    position = live.latest(game_id)
    monkeypatch.setattr(Store, "pending", lambda *args: pytest.fail("a query for decisions kept aside"))
    assert ahead.take_in(live, position) is position and ahead.kept_aside(live, position) == {}
    with pytest.raises(IllegalAction):
        ahead.decide_ahead(live, position, 1, state.legal_actions()[0])


def test_the_last_placement_can_roll_the_next_die(db):
    game_id = hamstern_game(db, players=2)
    roll(db, game_id)
    live = Positions(db)
    state = live.latest(game_id).state
    ahead.decide_ahead(live, live.latest(game_id), 1, state.legal_actions_for(1)[0], then_roll=True)
    zero = state.legal_actions_for(0)[0]
    ahead.take_in(live, live.save(live.latest(game_id), zero), then_roll=True)
    saved = db.load(game_id).state
    assert len(saved.history) == 4 and not saved.is_chance_node()  # roll, two placements, the next roll


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), shuffle=st.randoms(use_true_random=False))
def test_confirmations_in_any_order_give_the_game_of_seat_order(tmp_path_factory, seed, players, shuffle):
    """Several rolls; each roll's placements confirmed in a random order, the seat in turn through the
    ordinary path, the others ahead of it: the record is exactly the one of seat order."""
    store = Store(tmp_path_factory.mktemp("seats") / "games.sqlite3")
    game_id = hamstern_game(store, players, seed)
    live = Positions(store)
    twin = get_game("hamstern").new_state(players, seed=seed, side="A")
    choose = random.Random(seed)
    for _ in range(4):
        roll(store, game_id)
        twin.apply(twin.chance_outcome())
        chosen = {seat: choose.choice(twin.legal_actions_for(seat)) for seat in range(players)}
        for seat in shuffle.sample(range(players), players):
            position = live.latest(game_id)
            if seat == position.state.current_player:
                ahead.take_in(live, live.save(position, chosen[seat]))
            else:
                ahead.decide_ahead(live, position, seat, chosen[seat])
        for seat in range(players):
            twin.apply(chosen[seat])
        if twin.is_over():
            break
    assert store.load(game_id).state.to_json() == twin.to_json()
    assert live.latest(game_id).state.to_json() == twin.to_json()
    assert store.pending(game_id) == {}
