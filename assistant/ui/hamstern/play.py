"""Hamstern at the table: the decision on one screen (the sheet as the sheet, the roll, the counter,
the 1-track and the buttons), the other sheets below, and the end of the game.

Cells are selected in the browser (the tap board); only Confirm, Pass, Hint, Undo and the roll
come back here, and the engine decides: a refused selection comes back with its reason.
"""

from __future__ import annotations

import html
from functools import partial

import streamlit as st

from assistant.bots.hamstern import rival_score
from assistant.games import get_game
from assistant.games.hamstern import PASS, Place, Roll
from assistant.games.hamstern.layout import SIDES, cell_name, load_layout
from assistant.ui import pictures
from assistant.ui.charts import end_chart
from assistant.ui.common import lang, plain, store, tr
from assistant.ui.components import HIGHLIGHT, tap_board
from assistant.ui.deciding import Moves, coach, decide, undo
from assistant.ui.hamstern import phone
from assistant.ui.hamstern.board import board_picture, chamber_words
from assistant.ui.hamstern.cave_picker import cave_played, cave_title, offered_again, side_words
from assistant.ui.hamstern.notes import why_not
from assistant.ui.hamstern.setup import NEW_GAME_SIDE, players_again
from assistant.ui.hamstern.sheet import cell_id, parse_cell_id, sheet_svg
from assistant.ui.pictures import icon
from assistant.ui.replay.extras import origin_note
from assistant.ui.seats import announce_winners, new_game_button
from assistant.ui.table import Table, choice, reset_choice, set_choice
from assistant.ui.widgets import board_messages, standings_table

# Every ruling of docs/RULES.md (H1-H5) is in one of these; tests/test_app_german.py checks it.
RULES = ("together", "touch", "corridor_icon", "one", "compulsory", "app_roll", "hourglass", "end", "scoring", "ties",
         "undo")
MAX_ONE = 7  # RULINGS: a 1 allows 1..7 crosses, one 1-track box each


def render(table: Table) -> None:
    view = table.view(None)  # everything on a Hamstern table is public
    layout = load_layout(view["side"])
    if table.is_over():
        _end_screen(table, view, layout)
    else:
        _decision(table, view, layout)


def rules_in_force(table: Table) -> list[str]:
    first = "rules.hamstern.first_free" if table.view(None)["free_start"] else "rules.hamstern.first"
    return [tr(first), *(tr(f"rules.hamstern.{rule}") for rule in RULES)]


# --- the decision --------------------------------------------------------------------------------
def focus_seat(table: Table, view: dict) -> tuple[int, bool]:
    """The seat whose sheet is drawn large, and whether this device decides for it now.

    On paper everybody crosses at once: a phone decides for its own seat as soon as the die shows,
    and the table device for the first seat in order that no phone holds and that has not decided."""
    if table.held is not None:
        return table.held, view["phase"] == "place" and not table.has_decided(table.held)
    if view["phase"] != "place":
        return 0, False
    on_phones = table.on_phones()
    undecided = [seat for seat in range(view["current_player"], table.num_players) if not table.has_decided(seat)]
    here = [seat for seat in undecided if seat not in on_phones]
    if here:
        return here[0], True
    return (undecided[0] if undecided else view["current_player"]), False


def _decision(table: Table, view: dict, layout) -> None:
    rolling = view["phase"] == "roll"
    if choice().get("rolls") != view["rolls"]:  # a new roll: what was chosen on the last one is gone
        reset_choice()
        set_choice(rolls=view["rolls"])
    seat, deciding = focus_seat(table, view)
    if deciding:
        coach(table, seat, MOVES)  # a game started with its hints shown (the first game after a lesson)
    me = view["players"][seat]
    crossed = {tuple(cell) for cell in me["crossed"]}
    ahead = table.pending().get(seat) if not rolling else None
    if ahead is not None:  # confirmed ahead of its turn: shown crossed already
        crossed |= set(ahead.cells)
    chosen = choice()
    hint = chosen.get("hint")
    if hint and (hint.get("seat"), hint.get("picture")) != (seat, table.picture(seat)):
        # A hint belongs to the seat and the picture it was asked for: once that seat has confirmed (or
        # another seat's sheet is drawn here) it is gone, not drawn on the next sheet shown.
        set_choice(hint=None)
        hint = None
    legal = table.legal_actions_for(seat) if deciding else []
    only_pass = legal == [PASS]
    choosing = deciding and not only_pass
    tappable = [cell_id(cell) for cell in layout.cells if cell not in crossed] if choosing else []
    # The sheet stays the same picture all game (board.py); the crosses, the hint and the side panel change.
    # The other sheets are part of the same board (nothing to tap there): one component less to
    # draw again after every decision (about 7 ms on a tablet, bench/app.py).
    other_names, other_crosses = _other_sheets(table, view, seat)
    frame = board_picture(layout.side, lang(), table.held is not None, len(other_names))
    phone_slots = {}
    if table.held is not None:  # a phone's seat: the picks above its window on the chambers in play
        phone_slots["view"] = _chamber_picks(layout, crossed, legal, hint, chosen.get("selected"), view["rolls"])
    most = _most_crosses(view, layout, seat) if not rolling else 0
    others_seats = [player for player in range(table.num_players) if player != seat]
    tap_board("hs-board", frame,
              slots={"side": _side_panel(table, view, layout, seat, deciding, only_pass), **phone_slots, **other_names},
              tappable=tappable, selected=chosen.get("selected", []),
              max_selected=most if choosing else 0,
              notes=why_not(table, view, layout, seat, deciding, crossed, legal, others_seats, most),
              buttons=_buttons(table, view, seat, deciding, only_pass, hint),
              pending={"from": me["one_track_struck"]} if view["roll"] == 1 and choosing else None,
              marks={"tb-crossed": [cell_id(cell) for cell in sorted(crossed)] + other_crosses,
                     "tb-hint": hint["cells"] if hint else []},
              version=table.picture(seat), sent={"buttons": {"confirm": {"selected": ["tb-crossed"]}}},
              on_decision=partial(decide, table, seat, MOVES))


def _chamber_picks(layout, crossed: set, legal: list, hint, selected, rolls: int) -> str:
    """A phone's picks above its window: the chambers in play, and the whole sheet. The window starts
    on the chamber of the hint or of the cells selected, if any, else on the cells a lesson's step points
    at (the whole sheet if they lie in several chambers), else on the one phone.py picks."""
    focus = hint["cells"] if hint else selected
    try:
        focus_cell = parse_cell_id(min(focus)) if focus else None
    except ValueError:  # nothing this board would have sent: no focus
        focus_cell = None
    pointed = [] if focus else _lesson_cells(layout, crossed)
    if pointed:
        focus_cell = min(pointed)
    shown, first = phone.chambers_in_play(layout, crossed, legal, focus_cell)
    if len({layout.chamber_of[layout.index[cell]] for cell in pointed}) > 1:
        first = phone.ALL
    return phone.chamber_picks(layout, shown, first, tr("ui.hamstern.whole_sheet"), chamber_words(layout.side, lang()),
                               f"{rolls} {' '.join(hint['cells']) if hint else ''}")


def _lesson_cells(layout, crossed: set) -> list:
    """The cells of this sheet a lesson's step highlights (assistant/ui/lesson/page.py), those still free
    if any (the ones to tap): a phone's window should start where the step points."""
    cells = []
    for part in st.session_state.get(HIGHLIGHT) or []:
        try:
            cell = parse_cell_id(part)
        except ValueError:  # a part of another sheet ("o0:4-5") or of no sheet
            continue
        if cell in layout.index:
            cells.append(cell)
    return [cell for cell in cells if cell not in crossed] or cells


def _buttons(table: Table, view: dict, seat: int, deciding: bool, only_pass: bool, hint) -> list[dict]:
    rolling = view["phase"] == "roll"
    buttons = []
    if rolling and table.setup.get("dice") != "real":
        buttons.append({"id": "roll", "label": tr("ui.hamstern.roll_button"), "icon": icon("dice"), "primary": True})
    if rolling and _faces_offered(table):
        buttons += [{"id": f"die-{value}", "label": pictures.die_svg(value, 40), "html": True}
                    for value in range(1, 7)]
    elif only_pass:
        buttons.append({"id": "pass", "label": tr("ui.hamstern.pass_button"), "primary": True})
    elif deciding:
        buttons.append({"id": "confirm", "label": tr("ui.hamstern.confirm", count="{n}"), "icon": icon("check"),
                        "label_none": tr("ui.hamstern.confirm_none"),
                        "primary": True,
                        "needs": "selection"})
        buttons.append({"id": "clear", "label": tr("ui.hamstern.clear"), "needs": "selection"})
        buttons.append({"id": "hint", "label": tr("ui.hint"), "icon": icon("hint")})
        if hint:
            buttons.append({"id": "take_hint", "label": tr("ui.take_hint")})
    if table.held is not None:
        # A phone takes back only its own placement: the one waiting for the seats ahead, or the last one made.
        if seat in table.pending() or (table.can_undo() and table.last_actor() == seat):
            buttons.append({"id": "take_back", "label": tr("ui.phones.take_back"), "icon": icon("undo")})
    elif _may_undo(table, None):  # a placement made on a phone is that phone's to take back
        buttons.append({"id": "undo", "label": _undo_label(table), "icon": icon("undo")})
    return buttons


def _move(table: Table, seat: int, button: str, selection: list[str]):
    """Confirm (the cells chosen) or Pass; None for anything our board never sends."""
    if button == "pass":
        return PASS
    if button != "confirm":
        return None
    try:
        return Place(frozenset(parse_cell_id(text) for text in selection))
    except ValueError:
        return None


def _die_face(table: Table, button: str, selection: list[str]):
    """A real die's face, where real dice are played (at the table and on phones); None otherwise."""
    face = button.removeprefix("die-")
    if button.startswith("die-") and face in ("1", "2", "3", "4", "5", "6") and _faces_offered(table):
        return Roll(int(face))
    return None


def _faces_offered(table: Table) -> bool:
    # Only where real dice are played (ruling H4): with the app's die a face tapped would choose the
    # roll, and a kept best score or the comparison with the hard bot on the same rolls would mean nothing.
    return table.setup.get("dice") == "real"


def _may_undo(table: Table, seat: int | None) -> bool:
    """The table device takes back the last placement of a seat at the tablet (a phone's is that phone's
    to take back); a phone only its own."""
    if not table.can_undo():
        return False
    if _learner(table) not in (None, table.last_actor()):  # in a lesson the others' moves are the lesson's
        return False
    if table.held is not None:
        return table.last_actor() == table.held
    return table.last_actor() not in table.on_phones()


def _learner(table: Table) -> int | None:
    """The seat of a lesson's learner (assistant/ui/lesson: the first, named "You"), None outside a lesson."""
    return 0 if table.setup.get("origin") == "lesson" else None


def _hint(table: Table, seat: int) -> None:
    advice = table.hint(seat, table.legal_actions_for(seat))
    set_choice(error=None, hint={"cells": [cell_id(c) for c in sorted(advice.action.cells)], "reason": advice.reason,
                                 "params": advice.params, "seat": seat, "picture": table.picture(seat)})


def _roll_at_once(table: Table) -> None:
    """The option "roll as soon as the last one confirms"."""
    if table.setup.get("auto_roll") and table.is_chance_node():
        table.roll()


MOVES = Moves("ui.hamstern", _move, _hint, roll_of=_die_face, may_undo=_may_undo, taken=_roll_at_once)


def _side_panel(table: Table, view: dict, layout, seat: int, deciding: bool, only_pass: bool) -> str:
    """What the decision needs beside the sheet: whose turn, the roll, the counter, the 1-track, the reason."""
    rolling = view["phase"] == "roll"
    number = view["rolls"] + 1 if rolling else view["rolls"]
    lines = [f"<b>{html.escape(tr('ui.hamstern.roll_number', n=number))}</b>"]
    if view["side"] not in SIDES:  # another table plays the same cave from its code: readable here
        lines.append(html.escape(cave_title(view["side"])))
    learner = seat == _learner(table)  # a lesson's "You": not "You's sheet"
    if rolling and table.num_players > 1:  # the sheet beside is that of the first to decide
        lines.append(html.escape(tr("ui.hamstern.your_sheet") if learner else tr("ui.hamstern.sheet_of",
                                                                                   name=table.names[seat])))
    if rolling:
        lines.append(html.escape(tr("ui.hamstern.enter_roll" if table.setup.get("dice") == "real"
                                    else "ui.hamstern.roll_next")))
    elif table.num_players == 1 or table.held is not None or learner:
        lines.append(f"<b>{html.escape(tr('ui.hamstern.your_sheet'))}</b>")
    elif deciding:
        lines.append(f"<b>{html.escape(tr('ui.hamstern.turn', name=table.names[seat]))}</b>")
    if deciding:
        lines.append(html.escape(_instruction(view, layout, seat, only_pass)))
    elif not rolling:
        waiting = [table.names[p] for p in range(table.num_players) if not table.has_decided(p)]
        lines.append(html.escape(tr("ui.phones.waiting_for", names=", ".join(waiting))))
    die = pictures.die_svg(view["roll"], 56) if view["roll"] and not rolling else ""
    counter = pictures.counter_html(layout.round_counter_faces, view["counter_ticked"], view["hourglass"], size=30)
    struck = view["players"][seat]["one_track_struck"]
    ahead = table.pending().get(seat) if not rolling else None
    if ahead is not None and view["roll"] == 1:  # crosses waiting for the seats ahead use their boxes too
        struck += len(ahead.cells)
    track = pictures.track_html(layout.one_track_length, struck, size=20)
    parts = [f'<div class="tb-row">{die}<div class="tb-status">{"<br>".join(lines)}</div></div>',
             f'<div class="tb-row">{counter}</div>', f'<div class="tb-track">{track}</div>']
    if table.num_players > 1 and not rolling and (table.held is not None or table.on_phones()):
        parts.append(_who_decided(table))
    return "".join(parts) + board_messages()


def _who_decided(table: Table) -> str:
    """A chip per seat: decided on this roll (a tick), or still deciding (on a phone, or here)."""
    chips = []
    on_phones = table.on_phones()
    for seat, name in enumerate(table.names):
        done = table.has_decided(seat)
        mark = icon("check") if done else (icon("phone") if seat in on_phones else "…")
        chips.append(f'<span class="hs-chip{" hs-done" if done else ""}">{mark} {html.escape(name)}</span>')
    return f'<div class="hs-who">{"".join(chips)}</div>'


def _instruction(view: dict, layout, seat: int, only_pass: bool) -> str:
    if only_pass:
        return tr("ui.hamstern.nothing_fits")
    if view["roll"] == 1:
        return tr("ui.hamstern.select_one", high=max(_most_crosses(view, layout, seat), 1))
    return tr("ui.hamstern.select_exactly", count=view["roll"])


def _most_crosses(view: dict, layout, seat: int) -> int:
    """How many cells this roll lets the player cross: the roll, or on a 1 up to 7 and the boxes left."""
    if view["roll"] != 1:
        return view["roll"]
    return min(MAX_ONE, layout.one_track_length - view["players"][seat]["one_track_struck"])


def _undo_label(table: Table, as_text=str) -> str:
    """What Undo takes back: "Undo Ann's F5 G5" at a shared table, alone "Undo F5 G5"."""
    last = table.last_action()
    if table.num_players == 1:
        if last.is_pass:
            return tr("ui.hamstern.undo_own_pass")
        return tr("ui.hamstern.undo_own", cells=" ".join(cell_name(cell) for cell in sorted(last.cells)))
    name = as_text(table.names[table.last_actor()])
    if last.is_pass:
        return tr("ui.hamstern.undo_whose_pass", name=name)
    return tr("ui.hamstern.undo_whose", name=name, cells=" ".join(cell_name(cell) for cell in sorted(last.cells)))


# --- around the decision -------------------------------------------------------------------------
def _other_sheets(table: Table, view: dict, deciding: int) -> tuple[dict[str, str], list[str]]:
    """The sheets of everyone not deciding, looked at only: box n shows the n-th sheet that is not deciding
    (board.py draws the boxes); their names and scores (slots ``name{n}``) and crosses (parts ``o{n}:row-col``)."""
    captions, crossed = {}, []
    for box, player in enumerate(p for p in range(table.num_players) if p != deciding):
        shown = view["players"][player]
        score = html.escape(tr("ui.hamstern.score_now", points=shown["score"]))
        captions[f"name{box}"] = f"<b>{html.escape(table.names[player])}</b> · {score}"
        crossed += [f"o{box}:{cell_id(cell)}" for cell in sorted(tuple(c) for c in shown["crossed"])]
    return captions, crossed


def _end_screen(table: Table, view: dict, layout) -> None:
    standings = table.standings()
    played_on = cave_played(view["side"], table=table.held is None)
    if table.num_players == 1:  # alone nobody "wins": your score against the hard bot's on the same rolls
        st.header(f":material/flag: {tr('ui.game_over')}")
        if played_on:
            st.markdown(played_on)
        _solo_results(table, view)
        end_chart(table)  # as announce_winners shows it for several players
    else:
        announce_winners(table, "ui", played_on)
    if standings["decided_by"]:
        st.info(tr(f"ui.hamstern.decided_by_{standings['decided_by']}"))
    st.info(tr(f"ui.hamstern.ended_{view['end_reason']}"))
    columns = {"chambers": "ui.hamstern.chambers", "mushrooms": "ui.hamstern.mushrooms",
               "acorns": "ui.hamstern.acorns"}
    standings_table(table.names, standings, columns)
    shown = st.columns(min(table.num_players, 3), wrap=False)
    for n, row in enumerate(standings["players"]):
        with shown[n % len(shown)]:
            st.markdown(f"**{plain(table.names[row['player']])}**")
            crossed = {tuple(cell) for cell in view["players"][row["player"]]["crossed"]}
            st.markdown(sheet_svg(layout, crossed, max_width=420), unsafe_allow_html=True)
    # A Streamlit label reads Markdown: the name goes in as plain text (the board writes its labels as text).
    if table.held is not None:
        return  # a phone holds one seat: taking the game back and a new game are the table's
    if _may_undo(table, None):
        st.button(_undo_label(table, plain), key="hs-undo", icon=":material/undo:", on_click=undo,
                  args=(table, None, _may_undo))
    same = offered_again(NEW_GAME_SIDE, view["side"]) | players_again(table.setup, view["free_start"])
    new_game_button("hs-new", same)


def _solo_results(table: Table, view: dict) -> None:
    cache_key = f"hs_rival_{table.id}_{table.actions_taken}"
    if cache_key not in st.session_state:
        # The hard bot on the same rolls: computed once, from the whole game as saved.
        st.session_state[cache_key] = rival_score(get_game("hamstern").from_json(table.to_json()))
    mine = view["players"][0]["score"]
    st.success(tr("ui.hamstern.solo_score", points=mine, rival=st.session_state[cache_key]),
               icon=":material/emoji_events:")
    not_counted = origin_note(table.setup, best_scores=True)  # played on from a replay, or imported
    if not_counted:
        st.info(not_counted, icon=":material/block:")
    best = store().best_solo_scores("hamstern", {"side": view["side"]})
    if best:
        st.subheader(tr("ui.hamstern.best_scores", side=view["side"]) if view["side"] in SIDES
                     else tr("ui.hamstern.best_scores_cave", where=side_words(view["side"])))
        st.table({tr("ui.name"): [plain(r["name"]) for r in best],
                  tr("ui.total"): [r["score"] for r in best]}, hide_index=True)
