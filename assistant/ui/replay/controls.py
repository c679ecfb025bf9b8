"""The replay page's controls: the step in the address (``&step=N``, so a reload shows the same step),
First / Back / Forward / Last, the move slider and the round picker. Each of them only chooses the
step to look at; none reaches the game."""

from __future__ import annotations

import streamlit as st

from assistant.ui.common import tr

STEP_PARAM = "step"
SLIDER, ROUND = "rp-slider", "rp-round"


def current_step(length: int) -> int:
    """The step the address names, within 0..length (a step typed wrongly: the nearest one, or the
    end for anything that is no number: a finished game is most often watched from its end)."""
    text = st.query_params.get(STEP_PARAM, "")
    try:
        step = int(text) if len(text) < 12 else length
    except ValueError:
        step = length
    step = min(max(step, 0), length)
    st.query_params[STEP_PARAM] = str(step)
    return step


def go_to(step: int) -> None:
    st.query_params[STEP_PARAM] = str(step)


def step_buttons(step: int, length: int, counter: str) -> None:
    """First, Back, the step's number (``counter``, Markdown), Forward, Last: each button as big as a finger."""
    buttons = (("first", "first_page", 0, step == 0), ("back", "chevron_left", step - 1, step == 0),
               ("forward", "chevron_right", step + 1, step == length), ("last", "last_page", length, step == length))
    with st.container(horizontal=True, key="rp-steps", gap="small", vertical_alignment="center"):
        for n, (name, icon, target, disabled) in enumerate(buttons):
            if n == 2:
                st.markdown(counter, width="content")
            st.button(tr(f"ui.replay.{name}"), key=f"rp-{name}", icon=f":material/{icon}:", disabled=disabled,
                      on_click=go_to, args=(target,))


def slider(step: int, length: int) -> None:
    """Any move by its number (nothing to slide in a game of no moves)."""
    if length < 1:
        return
    st.session_state[SLIDER] = step  # the slider shows the step in force, however it was chosen
    st.slider(tr("ui.replay.move"), min_value=0, max_value=length, key=SLIDER,
              on_change=lambda: _go_to_chosen(st.session_state.get(SLIDER), list(range(length + 1))))


def round_picker(step: int, starts: list[int]) -> None:
    """The start of any round (rounds as the game counts them). Nothing is chosen, the box names the round
    the step is in: choosing that round too goes to its start (a chosen option could not be chosen again)."""
    if len(starts) < 2:
        return
    now = max(n for n, start in enumerate(starts) if start <= step)
    st.session_state[ROUND] = None
    st.selectbox(tr("ui.replay.round_pick"), options=list(range(len(starts))), key=ROUND,
                 placeholder=tr("ui.replay.round_now", n=now + 1, rounds=len(starts)),
                 format_func=lambda n: tr("ui.replay.round_at", n=n + 1, step=starts[n]),
                 on_change=lambda: _go_to_chosen(st.session_state.get(ROUND), starts))


def _go_to_chosen(chosen, steps: list[int]) -> None:
    """The step of option ``chosen`` (a number: the nearest option). A widget's value comes from the browser,
    which may send anything (a text no option has): anything but a number chooses nothing."""
    if type(chosen) is int:
        go_to(steps[min(max(chosen, 0), len(steps) - 1)])
