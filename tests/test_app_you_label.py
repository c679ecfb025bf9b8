""""(you)" beside a name in the card games (assistant/ui/seats.py ``labels``): only where "you" is one person.
Alone against computer opponents the one person's seat is marked; several people at one tablet all read
it, so nobody is; a phone is one person's, so its own seat is."""

from __future__ import annotations

import pytest

from assistant.games import get_game
from tests.components import SEAT_PAGE, board_text, open_app

GAMES = [("biber_gang", "biber-gang", "bg-board", "bg-its-me"),
         ("hamsterbacke", "hamsterbacke", "hb-board", "hb-its-me"),
         ("moemmen", "moemmen", "mm-board", "mm-its-me")]
YOU = {"en": "(you)", "de": "(du)"}


def saved(db, game: str, bots: list[str], mode: str) -> str:
    state = get_game(game).new_state(len(bots), seed=1)
    names = ["Ann", "Bo", "Cy"][:len(bots)]
    return db.create(state, {"names": names, "bots": bots, "mode": mode, "speed": "quick"})


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game, page, board, its_me", GAMES)
def test_you_marks_the_one_person_alone_and_nobody_when_people_play_together(db, game, page, board, its_me, lang):
    alone = open_app(page, game=saved(db, game, ["human", "easy", "easy"], "alone"), lang=lang)
    shown = board_text(alone, board)
    assert shown.count(YOU[lang]) == 1 and f"Ann {YOU[lang]}" in shown.replace(" ·", ""), shown[:300]

    game_id = saved(db, game, ["human", "human", "easy"], "together")
    together = open_app(page, game=game_id, lang=lang)
    together.button(key=its_me).click().run()  # Ann takes the tablet: her hand or display is shown
    assert YOU[lang] not in board_text(together, board)

    phone = open_app(SEAT_PAGE, t=db.seat_links(game_id, [0, 1])[1].token, lang=lang)
    shown = board_text(phone, board)
    assert shown.count(YOU[lang]) == 1 and f"Bo {YOU[lang]}" in shown.replace(" ·", ""), "a phone is one person's"
