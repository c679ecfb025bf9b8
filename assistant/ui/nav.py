"""The app's pages, and getting a player to the right one.

Home, Print, Score check and a phone's seat are small scripts in ``assistant/ui/pages``; a game's
page is built from the registry (``widgets.game_page`` drawing the game's app side, see
assistant/games/registry.py), so a registered game needs no file here. A game id leads to its own
game's page whichever game page it was opened on, and a game page opened without an id offers the
unfinished game of that kind before the new-game form.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import partial
from importlib import import_module
from pathlib import Path
from types import ModuleType

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from assistant.games.registry import game_info, registered
from assistant.ui.common import lang, language_switch, plain, store, tr

PAGES_DIR = Path(__file__).parent / "pages"
_PAGES_MADE, _LANGUAGE = "_pages_made", "language"  # session state: this tab's pages, and their language
FIXED_PAGES = {"home": "home.py", "print": "print_sheets.py", "score_check": "score_check.py", "history": "history.py"}
# Material icons: the same on every tablet, with or without an emoji font.
ICONS = {"home": ":material/home:", "print": ":material/print:", "score_check": ":material/calculate:",
         "history": ":material/history:"}
KIND_ICONS = {"roll_write": ":material/casino:", "dice_cards": ":material/waves:", "cards": ":material/playing_cards:"}


def game_icon(name: str) -> str:
    return KIND_ICONS[game_info(name).kind]


def kept(key: str, make: Callable[[], st.Page]) -> st.Page:
    """The page ``make`` makes, made once per tab and language. Making a page resolves its file's path
    (about 0.1 ms, and every run names some 30 pages: the navigation and the top bar's links). Never
    shared between tabs: st.navigation marks on the page object the page it is about to run."""
    if get_script_run_ctx() is None:  # outside a page's run (a test calling this module)
        return make()
    pages_made = st.session_state.setdefault(_PAGES_MADE, {})
    language = lang()
    if pages_made.get(_LANGUAGE) != language:
        pages_made.clear()
        pages_made[_LANGUAGE] = language
    if key not in pages_made:
        pages_made[key] = make()
    return pages_made[key]


def page(name: str) -> st.Page:
    """The page of a fixed name ("home", ...) or of a registered game (its url is the name with "-")."""
    return kept(f"page:{name}", partial(_make_page, name))


def _make_page(name: str) -> st.Page:
    if name in FIXED_PAGES:
        return st.Page(PAGES_DIR / FIXED_PAGES[name], title=tr(f"ui.{name}"), icon=ICONS[name],
                       url_path=name.replace("_", "-"), default=name == "home")
    info = game_info(name)
    # A registered game whose table the app does not draw yet still has a page: it says so.
    target = partial(_game_page if info.app else no_table_yet, name)
    return st.Page(target, title=info.title(lang()), icon=game_icon(name), url_path=name.replace("_", "-"))


def game_app(name: str) -> ModuleType | None:
    """A game's app side (``GameInfo.app``), imported the first time the app shows that game;
    None for a game whose table the app does not draw yet."""
    path = game_info(name).app
    return import_module(path) if path else None


def _game_page(name: str) -> None:
    from assistant.ui.widgets import game_page  # widgets uses this module: imported when a game page runs

    game_page(name)


def no_table_yet(name: str) -> None:
    st.header(game_info(name).title(lang()))
    st.info(tr("ui.no_table_yet"))


def _alias(name: str) -> st.Page:
    """A page hidden from the menu that forwards to ``name``'s page, keeping ?game= and ?lang=:
    people write the game's own name with "_" (as in the CLI and the code) where the URL has "-"."""
    return kept(f"alias:{name}", lambda: st.Page(partial(_forward, name), title=game_info(name).title(lang()),
                                                 icon=game_icon(name), url_path=name, visibility="hidden"))


def _forward(name: str) -> None:
    st.switch_page(page(name), query_params=st.query_params.to_dict())


def game_names() -> list[str]:
    """The registered games the app can play, in the registry's order."""
    return [info.name for info in registered() if info.built]


def menu() -> list[str]:
    """The pages of the top bar, in its order."""
    return ["home", "print", *game_names(), "score_check", "history"]


def _hidden_page(file: str, title_key: str, icon: str, url_path: str) -> st.Page:
    """A page of ``PAGES_DIR`` left out of the menu: other pages and links lead to it."""
    return kept(url_path, lambda: st.Page(PAGES_DIR / file, title=tr(title_key), icon=icon, url_path=url_path,
                                          visibility="hidden"))


def seat_page() -> st.Page:
    """The page a phone opens with its seat link: not in the menu."""
    return _hidden_page("seat.py", "ui.phones.seat_title", ":material/smartphone:", "seat")


def replay_page() -> st.Page:
    """A saved game stepped through from its first action: not in the menu. The table opens any game with
    it; a seat link or a replay link opens only its own (the page decides which, assistant/ui/replay)."""
    return _hidden_page("replay.py", "ui.replay.title", ":material/replay:", "replay")


def lesson_page() -> st.Page:
    """A guided first game of one game (``?lesson=GAME``), on the table's devices: not in the menu (Home and
    each game's page lead to it)."""
    return _hidden_page("learn.py", "ui.lesson.title", ":material/school:", "learn")


def pages() -> list[st.Page]:
    return ([page(name) for name in menu()] + [_alias(name) for name in game_names() if "_" in name]
            + [seat_page(), replay_page(), lesson_page()])


def visitor_pages() -> list[st.Page]:
    """A device that is not the table (assistant/ui/access.py): a seat link's page, the replay a seat link or
    a replay link opens, and at every other address of the app the page that says how to join (not
    Streamlit's "page not found")."""
    from assistant.ui.access import join_page

    join = [kept(f"join:{path}", partial(st.Page, join_page, title=tr("ui.access.title"), icon=":material/login:",
                                         url_path=path, default=n == 0, visibility="visible" if n == 0 else "hidden"))
            for n, path in enumerate(["home", *(name.replace("_", "-") for name in menu() if name != "home"),
                                      *(name for name in game_names() if "_" in name), "learn"])]
    return [*join, seat_page(), replay_page()]


def top_bar(shown: st.Page, links: bool = True) -> None:
    """Our own top bar: a link per page and the language switch, on every page (``links``: on the
    table's devices; a seat or a visitor gets the language switch only).

    Not st.navigation's own top menu: Streamlit draws that one again after every run, fragment runs
    included, measuring what fits; on a tablet that was about 20 ms of every decision (bench/app.py).
    Nor a Streamlit page link per page: those too are drawn again at every change of a run's state (about
    2 ms of every decision); the links are one component of our own (components/top_links.py). Links of
    our own also never hide a page under "more", in either language.
    """
    from assistant.ui.components.top_links import top_links

    with st.container(horizontal=True, key="ht-topbar", horizontal_alignment="distribute",
                      vertical_alignment="center"):
        # A phone holds one seat: the other pages (other games, the table's saved games) are not its business.
        names = menu() if links and shown.url_path != "seat" else []
        if names:
            # Upright on a phone the links come four to a row: the language switch fits beside a last row
            # of one or two links (common.TABLET_CSS), instead of taking a row of its own.
            room = "-room" if len(names) % 4 in (1, 2) else ""
            with st.container(key=f"ht-links{room}", width="content"):
                tapped = top_links([_link(name, shown) for name in names])
            if tapped is not None:  # the new page's address at once: emptied first, it was a step of its own for Back
                st.switch_page(page(tapped), query_params={"lang": lang()})
        language_switch()


def _link(name: str, shown: st.Page) -> dict:
    link = page(name)
    return {"name": name, "label": tr(f"ui.{name}_short") if name in ("print", "score_check") else link.title,
            "icon": link.icon.removeprefix(":material/").removesuffix(":"),
            "href": f"./{link.url_path}?lang={lang()}", "current": link.url_path == shown.url_path}


def open_on_its_own_page(game_id: str, here: str) -> None:
    """If ``game_id`` is another game's (opened on the page of the game played before), go to that
    game's page with the id; otherwise stay, and the page explains an unknown id."""
    kind = store().game_of(game_id)
    if kind and kind != here and kind in game_names():
        st.switch_page(page(kind), query_params={"game": game_id, "lang": lang()})


def offer_unfinished_game(game: str) -> None:
    """A prominent button to continue the unfinished ``game`` this tab played last (or the
    one played last on this table): after a trip to Home through the top menu, the game
    page must not greet the table with only a fresh form."""
    unfinished = store().recent(game=game, unfinished_only=True)
    if not unfinished:
        return
    last_here = st.session_state.get("last_game", {}).get(game)
    chosen = next((saved for saved in unfinished if saved["id"] == last_here), unfinished[0])
    names = ", ".join(plain(name) for name in chosen["setup"].get("names", []))
    when = datetime.datetime.fromtimestamp(chosen["updated"]).strftime("%d.%m. %H:%M")
    label = tr("ui.continue_game", names=names, when=when)
    if chosen.get("variant"):  # what it is played on: "Side A", a Hamstern cave's name
        from assistant.ui.variants import variant_label  # it uses this module: imported when it is needed

        label = tr("ui.continue_game_on", names=names, variant=plain(variant_label(game, chosen["variant"])),
                   when=when)
    if st.button(label, key=f"continue-{game}", type="primary"):
        st.query_params["game"] = chosen["id"]
        st.rerun()
