"""A phone that forges its decisions, in every game: another seat's picture, a stale picture, a button
the page did not offer (undo, hint, a roll, a die face, next round, new game), a part that was not
tappable, and malformed values of every type. Each is refused with one line, nothing is saved, and
nothing raises. The decisions go in as the browser sends them: through the board's trigger, the one
way a decision reaches the page's handler (assistant/ui/components ``_dispatch``, then
assistant/ui/deciding.py)."""

from __future__ import annotations

import json
import random

import pytest

from assistant.games import get_game
from tests.components import board_data, boards, open_app, open_seat, send_trigger, texts
from tests.forging import (
    GAMES,
    JUNK,
    NAMES,
    NOT_OFFERED_BUTTONS,
    REFUSED,
    other_versions,
    phone_on_its_turn,
    record,
    send,
)


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_that_forges_its_decisions_is_refused_and_nothing_is_saved(db, game):
    game_id, token = phone_on_its_turn(db, game)
    at = open_seat(token)
    assert "You play Ben" in texts(at)
    key = boards(at)[0].proto.id.rsplit("-", 1)[-1]
    data = board_data(at, key)
    version = data["version"]
    offered = {spec["id"] for spec in data["buttons"] if spec["enabled"]} | {mode["id"] for mode in data["modes"]}
    parts = set(data["select"]["tappable"]) | {part for mode in data["modes"] for part in mode["tappable"]}
    button = next(iter(offered), "choose")
    before = record(db, game_id)

    forged = [{"button": name, "selection": [], "version": version} for name in NOT_OFFERED_BUTTONS
              if name not in offered]
    forged += [{"button": button, "selection": [part], "version": version}
               for part in ("p99", "99-99", "c9", "x", "deck-0", "<b>")]
    forged += [{"button": button, "selection": sorted(parts)[:1], "version": other}
               for other in other_versions(version)]
    forged += [{"button": junk, "selection": [], "version": version} for junk in JUNK]
    forged += [{"button": button, "selection": junk, "version": version} for junk in JUNK if junk not in ([], None)]
    forged += [{"button": button, "selection": [], "version": junk} for junk in JUNK if junk != version]
    refusals = 0
    for value in forged:
        send(at, value)
        assert not at.exception, (value, at.exception)
        assert record(db, game_id) == before, value
        refusals += any(line in texts(at) for line in REFUSED)
    assert refusals == len(forged), f"{game}: {len(forged) - refusals} of {len(forged)} forgeries were not told"
    print(f"{game}: {refusals} of {len(forged)} forged decisions refused")
    for junk in JUNK:  # not even a decision object
        send(at, junk)
        assert not at.exception and record(db, game_id) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_cannot_take_the_decisions_of_another_seat(db, game):
    """Ann decides now: what the table offers her, sent from Ben's phone, is refused."""
    state = get_game(game).new_state(len(NAMES), seed=8)
    rng = random.Random(8)
    while state.is_chance_node() or (state.current_player != 0 and not state.decides_at_once) or not state.history:
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    game_id = db.create(state, {"names": NAMES, "bots": ["human"] * 3, "mode": "together", "speed": "normal",
                                "dice": "app"})
    links = db.seat_links(game_id, [0, 1, 2])
    table = open_app(game.replace("_", "-"), game=game_id)
    for cover in [button for button in table.button if button.key and button.key.endswith("-its-me")]:
        cover.click().run()  # "It is me": the table shows Ann's hand
    key = boards(table)[0].proto.id.rsplit("-", 1)[-1]
    data = board_data(table, key)
    anns = [{"button": spec["id"], "selection": [], "version": data["version"]}
            for spec in data["buttons"] if spec["enabled"]]
    anns += [{"button": mode["id"], "selection": [part], "version": data["version"]}
             for mode in data["modes"] for part in mode["tappable"][:3]]
    anns += [{"button": data["select"]["button"], "selection": [part], "version": data["version"]}
             for part in data["select"]["tappable"][:3]]
    before = record(db, game_id)
    phone = open_seat(links[1].token)
    if state.decides_at_once:
        phone_offered = {spec["id"] for spec in board_data(phone, key)["buttons"] if spec["enabled"]}
        anns = [value for value in anns if value["button"] not in phone_offered]
    assert anns, f"{game}: the table offered Ann nothing to forge"
    for value in anns:
        send(phone, value)
        assert not phone.exception, (value, phone.exception)
        assert record(db, game_id) == before, value
        assert any(line in texts(phone) for line in REFUSED), value


def _named(at) -> dict[str, bool]:
    """Every picture and slot id the page's boards name as they went to the browser: True where its HTML went
    along (False: the browser said it keeps it)."""
    named = {}
    for element in boards(at):
        data = json.loads(element.proto.json)["board"]
        named[data["html_id"]] = data["html"] is not None
        named |= {slot["id"]: slot["html"] is not None for slot in data["slots"].values()}
    return named


def _claim(at, ids) -> dict[str, bool]:
    """A rewritten browser names the pictures it keeps without deciding anything (the live updates' trigger,
    which redraws the table): what the boards then name, and send."""
    listener = next(e for e in at.get("bidi_component") if e.proto.id.endswith("-ht-live-events"))
    send_trigger(at, listener, json.dumps([{"event": "moved", "value": {"count": 1, "n": 1, "pictures": ids}}]))
    assert not at.exception, at.exception
    return _named(at)


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_that_claims_another_seats_pictures_learns_nothing(db, game):
    """Ben's phone names, as kept, the ids of Ann's pictures (her hand, her offered specials: ids a cheater
    could also work out from a guessed hand). His boards name the same ids as before and leave out only
    those of his own pictures that he named: what he is sent depends on no picture but his own, so a guess
    is never confirmed or denied."""
    game_id, token = phone_on_its_turn(db, game)
    anns = set(_named(open_seat(db.seat_links(game_id, [0])[0].token)))
    phone = open_seat(token)
    mine = _named(phone)
    assert all(mine.values()) and anns - set(mine), f"{game}: Ann's page draws nothing Ben's does not"
    print(f"{game}: Ann's page names {len(anns - set(mine))} pictures Ben's does not, Ben's {len(mine)}")
    for claims in (sorted(anns - set(mine)), sorted(anns), sorted(anns | set(mine))):
        answer = _claim(phone, claims)
        assert set(answer) == set(mine), game
        assert {picture for picture, sent in answer.items() if not sent} == set(claims) & set(mine), game
