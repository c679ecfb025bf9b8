"""The lesson page (``/learn?lesson=GAME&step=N&game=ID``): the step above the game's own board, and at
the end a first real game against the easy bot with hints that explain (assistant/ui/lesson/runner.py).
Without a lesson named, the page lists the lessons."""

from __future__ import annotations

import html
from contextlib import contextmanager
from functools import partial

import streamlit as st

from assistant.games.registry import game_info
from assistant.lessons import Lesson, lesson_games, load_lesson
from assistant.ui.common import fragment, lang, tr
from assistant.ui.components import HIGHLIGHT
from assistant.ui.components.screen import phone_screen
from assistant.ui.lesson.moves import step_in_address, step_text
from assistant.ui.lesson.runner import LESSON_PARAM, as_phone, first_game, go_to, restart_at, table_for
from assistant.ui.nav import game_app, lesson_page, page

LEARNER = "learner_name"  # session key: the name the learner typed last
LESSON_CSS = """<style>
.st-key-ls-panel { gap: 0.4rem; padding: 8px 12px; background: #fff8e1; border-radius: 10px;
  border: 2px solid #f0a020; }
.ls-step p { margin: 0.15rem 0; line-height: 1.35; }
.ls-head { display: flex; align-items: center; gap: 12px; font-size: 0.9rem; color: #6d4c00; font-weight: 600; }
.ls-head progress { flex: 1; height: 8px; accent-color: #f0a020; }
.ls-text { font-size: 1.05rem; }
.ls-do { font-size: 1.1rem; font-weight: 700; color: #3e2700; }
.ls-rule { font-size: 0.9rem; color: #5d4037; }
.ls-rules-closed { display: none; }
.ls-rules-closed summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; color: #6d4c00;
  font-weight: 600; }
.st-key-ls-buttons { flex-wrap: wrap; gap: 8px; }
.st-key-ls-buttons button { min-height: 44px; }
/* A phone: the lesson needs the screen; the top bar keeps Home and the language switch, on one row. */
@media (max-width: 640px), (max-height: 480px) and (max-width: 960px) {
  .stApp:has(.st-key-ls-panel) .st-key-ht-topbar { flex-wrap: nowrap; }
  .stApp:has(.st-key-ls-panel) .st-key-ht-links { display: flex; width: auto; }
  .stApp:has(.st-key-ls-panel) .st-key-ht-links > :not(:first-child) { display: none; }
  .st-key-ls-panel { padding: 6px 8px; }
  .ls-text { font-size: 1rem; }
  /* The rules panel's words one tap away: the board keeps the screen. */
  .ls-rules-open { display: none; }
  .ls-rules-closed { display: block; }
  .ls-head { font-size: 0.8rem; }
}
@media (max-height: 480px) and (max-width: 960px) {
  /* A phone on its side: the step's buttons beside its words, so the board starts higher. */
  .st-key-ls-panel { flex-direction: row; align-items: flex-start; }
  .st-key-ls-panel > :first-child { flex: 1 1 0; min-width: 0; width: auto !important; }
  .st-key-ls-panel > :last-child { flex: 0 0 auto; width: auto !important; }
  .st-key-ls-buttons { width: auto; flex-direction: column; }
  .st-key-ls-buttons button { min-height: 44px; padding-top: 0; padding-bottom: 0; }
  .ls-text { font-size: 0.95rem; }
  .ls-do { font-size: 1rem; }
}
</style>"""


def show_lesson() -> None:
    st.html(LESSON_CSS)
    game = st.query_params.get(LESSON_PARAM, "")
    if game not in lesson_games():
        lesson_list()
        return
    fragment(_lesson)(game)


def lesson_list() -> None:
    """Every lesson, one link each (an unknown lesson in the address comes here too)."""
    st.header(tr("ui.lesson.all_title"))
    for name in lesson_games():
        st.page_link(lesson_page(), label=tr("ui.lesson.learn_game", game=game_info(name).title(lang())),
                     icon=":material/school:", query_params={LESSON_PARAM: name, "lang": lang()})


def _lesson(game: str) -> None:
    lesson = load_lesson(game)
    index = step_in_address(lesson)
    table = None
    if index < len(lesson.steps):
        table, index = table_for(lesson, index)
    if index >= len(lesson.steps) or table is None:
        _done(lesson)
        return
    step = lesson.steps[index]
    _panel(lesson, index)
    # A phone's screen: the board as a phone draws the learner's seat, and a new step scrolled into view.
    if phone_screen(mark=index, show=".st-key-ls-panel"):
        table = as_phone(table)
    with highlighted(step.show):
        game_app(game).render(table)


@contextmanager
def highlighted(parts: tuple[str, ...]):
    """The step's parts of the board highlighted on every tap board drawn inside (components.HIGHLIGHT)."""
    st.session_state[HIGHLIGHT] = list(parts)
    try:
        yield
    finally:
        st.session_state.pop(HIGHLIGHT, None)


def _panel(lesson: Lesson, index: int) -> None:
    step = lesson.steps[index]
    title = game_info(lesson.game).title(lang())
    with st.container(key="ls-panel"):
        st.html(step_html(lesson, index, title))
        with st.container(horizontal=True, key="ls-buttons"):
            st.button(tr("ui.lesson.back"), key="ls-back", icon=":material/arrow_back:", disabled=index == 0,
                      on_click=partial(restart_at, lesson, index - 1))
            if step.ask is None:
                st.button(tr("ui.lesson.next"), key="ls-next", type="primary", icon=":material/arrow_forward:",
                          on_click=partial(go_to, index + 1))
            else:
                st.button(tr("ui.lesson.skip"), key="ls-skip", icon=":material/skip_next:",
                          on_click=partial(restart_at, lesson, index + 1))


def step_html(lesson: Lesson, index: int, title: str) -> str:
    """The step: where the lesson is, the rule as it first matters, what to do now, and the rules-panel
    lines it teaches (our catalogue's texts, escaped all the same)."""
    step, steps = lesson.steps[index], len(lesson.steps)
    head = html.escape(tr("ui.lesson.step_of", game=title, step=index + 1, steps=steps))
    parts = [f'<div class="ls-head"><span>{head}</span><progress value="{index + 1}" max="{steps}"></progress></div>']
    text = step_text(lesson, step, "text")
    if text:
        parts.append(f'<p class="ls-text">{html.escape(text)}</p>')
    do = step_text(lesson, step, "do")
    if do and step.ask is not None:
        parts.append(f'<p class="ls-do">\N{WHITE RIGHT POINTING INDEX} {html.escape(do)}</p>')
    if step.rules:
        # The rules panel's words for what this step teaches: below the step on a tablet, one tap away on a
        # phone (where the board needs the screen).
        lines = "".join(f'<p class="ls-rule">\N{SCALES} {html.escape(tr(rule))}</p>' for rule in step.rules)
        summary = html.escape(tr("ui.lesson.rules_in_full", count=len(step.rules)))
        parts.append(f'<div class="ls-rules-open">{lines}</div>'
                     f'<details class="ls-rules-closed"><summary>{summary}</summary>{lines}</details>')
    return f'<div class="ls-step">{"".join(parts)}</div>'


def _done(lesson: Lesson) -> None:
    title = game_info(lesson.game).title(lang())
    with st.container(key="ls-panel"):
        st.markdown(f"### :material/school: {tr('ui.lesson.done_title', game=title)}")
        st.markdown(tr(f"lesson.{lesson.game}.done"))
        # The first real game counts in the history: under the learner's own name (kept for the next lesson).
        name = st.text_input(tr("ui.lesson.your_name"), value=st.session_state.get(LEARNER, tr("ui.default_name", n=1)),
                             max_chars=20, key="ls-name").strip() or tr("ui.default_name", n=1)
        st.session_state[LEARNER] = name
        alone = not game_info(lesson.game).setup_has_bots  # Hamstern: the learner's own sheet, with the hints
        with st.container(horizontal=True, key="ls-buttons"):
            if st.button(tr("ui.lesson.first_game_alone" if alone else "ui.lesson.first_game"), key="ls-first",
                         type="primary", icon=":material/play_arrow:"):
                st.switch_page(page(lesson.game), query_params={"game": first_game(lesson, name), "lang": lang()})
            st.button(tr("ui.lesson.again"), key="ls-again", icon=":material/replay:",
                      on_click=partial(restart_at, lesson, 0))
            if st.button(tr("ui.home"), key="ls-home", icon=":material/home:"):
                st.switch_page(page("home"), query_params={"lang": lang()})
