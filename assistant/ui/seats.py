"""Who sits at a card game's table, passing one tablet between them (or each on their own phone),
deciding for the seat at the tablet, and the end of the game.

A new game is played alone against computer opponents, or by several people together at one
tablet (with computer opponents too, if wished); people sit first, then the computer opponents.
The setup is saved with the game: ``{"names", "bots" ("human" or a level per seat), "mode", "speed"}``.

Together at one tablet, the first decision and every human decision after another human's are
preceded by a cover that hides every hand until the right person taps "It is me".

Each game names its own texts (``texts``: its catalogue prefix), with the same key names.
"""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st

from assistant.i18n import catalogue
from assistant.ui import deciding
from assistant.ui.charts import end_chart
from assistant.ui.common import lang, plain, store, tr
from assistant.ui.nav import replay_page
from assistant.ui.replay.extras import origin_note
from assistant.ui.table import Table, choice
from assistant.ui.widgets import BOT_SPEEDS

MODES = ("alone", "together")
# A mark saved with the game (assistant/store_screens.py): the action count at which "It is me" was tapped,
# so that a reload or a second device shows the hand the cover was lifted from, not the cover again.
ACKNOWLEDGED = "its_me"


class Seating(NamedTuple):
    mode: str
    people: list[str]  # the names typed in, as typed
    levels: list[str]  # one per computer opponent
    speed: str

    def names(self, texts: str) -> list[str]:
        """Every seat's name: a blank name is "Player n", the computer opponents "Bot n"."""
        return ([name.strip() or tr("ui.default_name", n=n + 1) for n, name in enumerate(self.people)]
                + [tr(f"{texts}.bot_name", n=n + 1) for n in range(len(self.levels))])

    def setup(self, texts: str) -> dict:
        """What is saved with the game (its setup)."""
        return {"names": self.names(texts), "bots": ["human"] * len(self.people) + list(self.levels),
                "mode": self.mode, "speed": self.speed}


def seating_form(prefix: str, texts: str, levels: tuple[str, ...], most: int) -> Seating:
    """Alone (your name, 1-4 computer opponents) or together (2-``most`` names, computer opponents
    as well if wished), each opponent's level and how fast they play. Widget keys start ``prefix``.
    Each widget's first value goes through session state, where New game puts the last game's seating
    (``seating_again``): a widget given a value both ways would make Streamlit warn."""
    first = st.session_state.setdefault
    first(f"{prefix}_new_mode", "alone")
    mode = st.segmented_control(tr(f"{texts}.mode"), options=list(MODES), required=True, key=f"{prefix}_new_mode",
                                format_func=lambda m: tr(f"{texts}.mode_{m}"))
    if mode == "alone":
        first(f"{prefix}_new_name", tr("ui.default_name", n=1))
        people = [st.text_input(tr(f"{texts}.your_name"), key=f"{prefix}_new_name", max_chars=20)]
        # How fast the opponents play goes beside how many: the form fits a 768 px screen.
        count_column, speed_column = st.columns([1, 2], wrap=False, vertical_alignment="bottom")
        first(f"{prefix}_new_count", 2)
        count = count_column.segmented_control(tr(f"{texts}.opponents"), options=list(range(1, most)), required=True,
                                               key=f"{prefix}_new_count")
    else:
        first(f"{prefix}_new_people", 3)
        number = st.segmented_control(tr(f"{texts}.people"), options=list(range(2, most + 1)), required=True,
                                      key=f"{prefix}_new_people")
        columns = st.columns(min(number, 3), wrap=False)
        people = []
        for n in range(number):
            with columns[n % len(columns)]:
                first(f"{prefix}_new_person_{n}", tr("ui.default_name", n=n + 1))
                people.append(st.text_input(tr(f"{texts}.person_name", n=n + 1), key=f"{prefix}_new_person_{n}",
                                            max_chars=20))
        count_column, speed_column = st.columns([1, 2], wrap=False, vertical_alignment="bottom")
        first(f"{prefix}_new_count_together", 0)
        count = count_column.segmented_control(tr(f"{texts}.opponents_too"), options=list(range(most - number + 1)),
                                               required=True, key=f"{prefix}_new_count_together")
    chosen = []
    speed = "normal"
    if count:
        first(f"{prefix}_new_speed", "normal")
        speed = speed_column.segmented_control(tr(f"{texts}.speed"), options=list(BOT_SPEEDS), required=True,
                                               key=f"{prefix}_new_speed",
                                               format_func=lambda speed: tr(f"{texts}.speed_{speed}"))
        columns = st.columns(min(count, 3), wrap=False)  # "hard" fits beside "easy" at 800 px
        for n in range(count):
            with columns[n % len(columns)]:
                first(f"{prefix}_new_level_{n}", "easy" if "easy" in levels else levels[0])
                chosen.append(st.segmented_control(
                    tr(f"{texts}.level", name=tr(f"{texts}.bot_name", n=n + 1)), options=list(levels), required=True,
                    key=f"{prefix}_new_level_{n}", format_func=lambda level: tr(f"{texts}.level_{level}")))
    return Seating(mode, people, chosen, speed)


def seating_again(prefix: str, setup: dict, levels: tuple[str, ...], most: int) -> dict:
    """The seating form's values (by widget key) that seat the game ``setup`` describes again: the same
    people by name, the same computer opponents at their levels and speed. New game offers them; a
    setup the form cannot show (damaged, or from another version) offers nothing."""
    names, bots = setup.get("names"), setup.get("bots")
    if not isinstance(names, list) or not isinstance(bots, list) or len(names) != len(bots) or len(names) > most:
        return {}
    people = [name for name, kind in zip(names, bots, strict=True) if kind == "human" and isinstance(name, str)]
    chosen = [kind for kind in bots if kind != "human"]
    mode, speed = setup.get("mode"), setup.get("speed", "normal")
    if mode not in MODES or not people or any(kind not in levels for kind in chosen) or speed not in BOT_SPEEDS:
        return {}
    values = {f"{prefix}_new_mode": mode, f"{prefix}_new_speed": speed}
    if mode == "alone":
        if len(people) != 1 or not 1 <= len(chosen) < most:
            return {}
        values |= {f"{prefix}_new_name": people[0][:20], f"{prefix}_new_count": len(chosen)}
    else:
        if len(people) < 2:
            return {}
        values |= {f"{prefix}_new_people": len(people), f"{prefix}_new_count_together": len(chosen)}
        values |= {f"{prefix}_new_person_{n}": name[:20] for n, name in enumerate(people)}
    return values | {f"{prefix}_new_level_{n}": kind for n, kind in enumerate(chosen)}


def start(state, setup: dict) -> None:
    """Save the new game and open it (its id goes into the URL)."""
    st.query_params["game"] = store().create(state, setup)
    st.rerun()


# --- who is at the tablet --------------------------------------------------------------------------
def is_bot(table: Table, seat: int) -> bool:
    return table.setup["bots"][seat] != "human"


def level(table: Table, seat: int) -> str:
    return table.setup["bots"][seat]


def at_tablet(table: Table, seat: int) -> bool:
    """A person plays ``seat`` on the table device (not a computer opponent, not on a phone)."""
    return not is_bot(table, seat) and seat not in table.on_phones()


def deciding_seat(table: Table) -> int | None:
    """The seat whose view the page draws: on a phone, always its own seat; on the table device the
    human who decides now; alone against the computer, always that one human; together, while a
    computer opponent or a person on a phone decides, nobody (the table as everybody sees it)."""
    if table.held is not None:
        return table.held
    humans = [seat for seat in range(table.num_players) if at_tablet(table, seat)]
    if table.current_player in humans:
        return table.current_player
    # The one person at the tablet keeps their hand in sight while others move, unless people with
    # phones sit around it too: the tablet lies on the table, and they could read it.
    return humans[0] if len(humans) == 1 and not table.on_phones() else None


class Decision(NamedTuple):
    """Who decides on this tablet now (None: a computer opponent), what that seat sees, whether it is
    that seat's move, the moves it may make and their kinds, and the hint it asked for."""

    seat: int | None
    view: dict
    deciding: bool
    legal: list
    kinds: set[str]
    hint: dict | None


def the_decision(table: Table, moves: deciding.Moves | None = None) -> Decision:
    """Who decides on this device now, what they see and may do, and the hint shown (``moves``: the
    game's, for a game started with its hints shown, assistant/ui/deciding.py ``coach``)."""
    seat = deciding_seat(table)
    view = table.view(seat)
    decides = seat is not None and view["current_player"] == seat
    if decides and moves is not None:
        deciding.coach(table, seat, moves)
    legal = table.legal_actions() if decides else []
    return Decision(seat, view, decides, legal, {move.kind for move in legal}, choice().get("hint"))


def labels(table: Table, seat: int | None, texts: str) -> list[str]:
    """Beside each name: a computer opponent's level, and "(you)" for the seat shown where "you" is
    one person: alone against computer opponents, or on a phone (its own seat). Several people at
    one tablet all read it, and "(you)" would name whoever holds it just now."""
    humans = sum(1 for kind in table.setup["bots"] if kind == "human")
    mine = table.held if table.held is not None else (seat if humans == 1 else None)
    shown = []
    for p, kind in enumerate(table.setup["bots"]):
        if kind != "human":
            shown.append(tr(f"{texts}.level_{kind}"))
        else:
            shown.append(tr(f"{texts}.you") if p == mine else "")
    return shown


def labels_with_phones(table: Table, seat: int | None, texts: str) -> list[str]:
    """``labels``, and on the table device "(on a phone)" beside the seats phones hold."""
    shown = labels(table, seat, texts)
    if table.held is None:
        shown = [tr(f"{texts}.on_phone") if p in table.on_phones() and not text else text
                 for p, text in enumerate(shown)]
    return shown


def waiting_notes(table: Table, parts, texts: str) -> dict[str, str]:
    """The tap board's notes while this device does not decide: a tap on a card or a pile says whom
    the table waits for, instead of doing nothing (a name as text: notes are never HTML)."""
    note = tr(f"{texts}.not_yours", name=table.names[table.current_player])
    return dict.fromkeys(parts, note)


def why_no_hand(table: Table, texts: str) -> str:
    """Why no hand is shown: a person decides on a phone, or a computer opponent plays."""
    current = table.current_player
    if current in table.on_phones():
        return tr(f"{texts}.hands_on_phones", name=table.names[current])
    return tr(f"{texts}.hands_hidden")


def cover_needed(table: Table) -> bool:
    """Together: a human decides now, and the last human decision was someone else's (or there was
    none yet: the tablet still goes to the first player), and "It is me" was not tapped for it."""
    if table.setup.get("mode") != "together" or table.held is not None:
        return False
    seat = table.current_player
    if seat < 0 or not at_tablet(table, seat):
        return False
    actors = table.actors()
    if table.on_phones():
        # People with phones sit beside the tablet: a hand waits behind the cover whenever someone
        # else moved last, even if nobody else plays at the tablet itself.
        previous = actors[-1] if actors else None
    else:
        previous = next((actor for actor in reversed(actors) if at_tablet(table, actor)), None)
    if previous == seat:
        return False
    return table.marks().get(ACKNOWLEDGED) != table.actions_taken


def cover(table: Table, title: str, texts: str, key: str, undo: str | None = None) -> None:
    """The screen that hides every hand while the tablet is passed on. ``undo`` (a label): the person
    who decided last still holds the tablet, and may take that decision back here, if the rules allow."""
    name = plain(table.names[table.current_player])
    st.header(title)
    st.info(tr(f"{texts}.cover_note", name=name), icon=":material/visibility_off:")
    st.button(tr(f"{texts}.its_me"), key=key, type="primary", icon=":material/front_hand:",
              on_click=_acknowledge, args=(table.id, table.actions_taken))
    last = table.last_actor()
    # Only a move made at the tablet: a computer opponent's is not the tablet's to take back, nor is one
    # made on a phone (that phone takes it back).
    if undo and table.can_undo() and last is not None and at_tablet(table, last):
        st.button(undo, key=f"{key}-undo", icon=":material/undo:", on_click=deciding.undo, args=(table, last))


def _acknowledge(game_id: str, actions: int) -> None:
    from assistant.ui.access import still_allowed

    if still_allowed():
        store().set_mark(game_id, ACKNOWLEDGED, actions)


# --- the end --------------------------------------------------------------------------------------------
def announce_winners(table: Table, texts: str, subtitle: str = "") -> None:
    """The end's heading, ``subtitle`` under it (Markdown: what the game was played on, such as a Hamstern
    cave's name) and who won (names as text)."""
    heading = f"{texts}.game_over" if f"{texts}.game_over" in catalogue(lang()) else "ui.game_over"
    st.header(f":material/flag: {tr(heading)}")
    if subtitle:
        st.markdown(subtitle)
    winners = [plain(table.names[row["player"]]) for row in table.standings()["players"] if row["winner"]]
    key = f"{texts}.winner" if len(winners) == 1 else f"{texts}.winners"
    st.success(tr(key, names=" & ".join(winners)), icon=":material/emoji_events:")
    not_counted = origin_note(table.setup)  # played on from a replay, or imported: not in the history
    if not_counted and table.setup.get("origin") != "lesson":  # a lesson needs no such word
        st.info(not_counted, icon=":material/block:")
    end_chart(table)  # how the game went: every game's end screen shows its chart here


def new_game_button(key: str, offered: dict | None = None) -> None:
    """The end of a game on the table device: a new game, and the replay of the one that ended (not in a
    lesson, whose own buttons lead on: assistant/ui/lesson). ``offered``: values of the new-game form's
    widgets, by key, that offer what was just played again (Hamstern's cave)."""
    if st.query_params.get("lesson"):
        return
    with st.container(horizontal=True, key=f"{key}-end"):
        new = st.button(tr("ui.new_game"), key=key, type="primary")
        replay = st.button(tr("ui.replay.watch_replay"), key=f"{key}-replay", icon=":material/replay:")
    game_id = st.query_params.get("game")
    if replay and game_id:
        st.switch_page(replay_page(), query_params={"game": game_id, "lang": lang()})
    if new:
        st.session_state.update(offered or {})  # the form is not drawn in this run: its widgets take these
        st.query_params.pop("game", None)
        st.rerun()
