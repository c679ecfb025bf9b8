"""Hamstern, new game: players, side (A, B, the cave of the day or a cave's code), variant and where the
die comes from."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.ui.common import store, tr
from assistant.ui.hamstern.cave_picker import pick_side

NEW_GAME_SIDE = "hs_new_side"  # the keys of the form's side or cave (cave_picker.pick_side)
MOST = 6  # players


def players_again(setup: dict, free_start: bool = False) -> dict:
    """The form's values (by widget key) for the same players again, by name, with the same dice and
    variant; nothing for a setup the form cannot show (the dice and variant alone when only they are
    readable)."""
    same = {"hs_new_free": free_start is True}
    if setup.get("dice") in ("app", "real"):
        same["hs_new_dice"] = setup["dice"]
        same["hs_new_auto"] = setup["dice"] == "app" and setup.get("auto_roll") is True
    names = setup.get("names")
    if not isinstance(names, list) or not 1 <= len(names) <= MOST or not all(isinstance(n, str) for n in names):
        return same
    return same | {"hs_new_count": len(names)} | {f"hs_new_name_{n}": name[:20] for n, name in enumerate(names)}


def new_game_form() -> None:
    st.header(tr("ui.hamstern.setup_title"))
    # First values through session state, where New game puts the last game's players (players_again).
    st.session_state.setdefault("hs_new_count", 2)
    count = st.segmented_control(tr("ui.players"), options=list(range(1, MOST + 1)), key="hs_new_count",
                                 required=True)
    columns = st.columns(3, wrap=False)
    names = []
    for n in range(count):
        with columns[n % 3]:
            st.session_state.setdefault(f"hs_new_name_{n}", tr("ui.default_name", n=n + 1))
            names.append(st.text_input(tr("ui.player_name", n=n + 1), key=f"hs_new_name_{n}",
                                       max_chars=20).strip() or tr("ui.default_name", n=n + 1))
    side = pick_side(NEW_GAME_SIDE)  # None while a code typed is not one
    for key, first in (("hs_new_free", False), ("hs_new_dice", "app"), ("hs_new_auto", False)):
        st.session_state.setdefault(key, first)
    free_start = st.toggle(tr("ui.hamstern.free_start"), key="hs_new_free")
    if count == 1:
        dice = "app"
        st.caption(tr("ui.hamstern.solo_note"))
    else:
        dice = st.segmented_control(tr("ui.hamstern.dice_source"), options=["app", "real"], required=True,
                                    key="hs_new_dice", format_func=lambda d: tr(f"ui.hamstern.dice_{d}"))
    # Off at first: once the next die is rolled, the placement before it stands (ruling H5).
    auto_roll = dice == "app" and st.toggle(tr("ui.hamstern.auto_roll"), key="hs_new_auto")
    if st.button(tr("ui.start_game"), type="primary", key="hs_start", icon=":material/play_arrow:",
                 disabled=side is None):
        state = get_game("hamstern").new_state(count, seed=secrets.randbits(32), side=side, free_start=free_start)
        game_id = store().create(state, {"names": names, "dice": dice, "auto_roll": auto_roll})
        st.query_params["game"] = game_id
        st.rerun()
