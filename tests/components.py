"""Driving the app through AppTest, and its tap boards (assistant/ui/components).

AppTest cannot click inside a custom component: selecting happens in the browser. These helpers
read what the component was given (its html, buttons, selection mode, marks) and send the one
trigger the browser sends for a decision: ``action = {"button": id, "selection": [ids]}``.
Test modules import these helpers from here, never from another test module.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.testing.v1 import AppTest
from streamlit.util import calc_hash

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
HOME_PAGE = "assistant/ui/pages/home.py"
# A game's page is built from the registry (no script of its own): it is named by its url path.
HAMSTERN_PAGE = "hamstern"
BIBER_PAGE = "biber-gang"
SCORE_PAGE = "assistant/ui/pages/score_check.py"
SEAT_PAGE = "assistant/ui/pages/seat.py"
PRINT_PAGE = "assistant/ui/pages/print_sheets.py"
HS, SC, BG = "hs-board", "sc-board", "bg-board"  # the keys of the three boards


def open_app(page: str | None = None, **query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    if page:
        switch_page(at, page).run()
    assert not at.exception, at.exception
    return at


def open_seat(token: str, lang: str = "en") -> AppTest:
    """The page a phone opens with its seat link."""
    return open_app(SEAT_PAGE, t=token, lang=lang)


def switch_page(at: AppTest, page: str) -> AppTest:
    """Go to ``page`` on the next run: a script (``assistant/ui/pages/home.py``) or a game page's url
    path (``hamstern``, ``biber-gang``). AppTest.switch_page finds pages by their script only, and a
    game page is a callable; st.Page names every page by the hash of its url path."""
    if page.endswith(".py"):
        return at.switch_page(page)
    known = [info.get("url_pathname") for info in at._registered_pages.values()]
    assert page in known, f"no page {page!r} in the navigation: {known}"
    at._page_hash = calc_hash(page)
    return at


def texts(at: AppTest) -> str:
    """Every text on the page: Streamlit's elements, html blocks and the boards' words."""
    kinds = ("markdown", "error", "info", "warning", "success", "header", "subheader", "caption")
    parts = [e.value for kind in kinds for e in getattr(at, kind)]
    parts += [e.proto.body for e in at.get("html")]
    parts += [_words(shown_html(payload(e))) for e in boards(at)]
    return "\n".join(str(p) for p in parts)


# --- the top bar's links (assistant/ui/components/top_links.py) ------------------------------------
def send_trigger(at: AppTest, element, text: str) -> AppTest:
    """Send a component's trigger as the browser's message text (any text: a rewritten browser's too),
    and rerun the app."""
    states = at._tree.get_widget_states()
    widget = states.widgets.add()
    widget.id = _make_trigger_id(element.proto.id, "events")
    widget.json_trigger_value = text
    at._run(states)
    return at


def top_links_element(at: AppTest):
    return next((element for element in at.get("bidi_component") if element.proto.id.endswith("-ht-top-links")),
                None)


def top_links(at: AppTest) -> list[dict]:
    """The top bar's links as the page sent them (``name``, ``label``, ``href``, ...); none on a seat's page."""
    element = top_links_element(at)
    return json.loads(element.proto.json)["links"] if element is not None else []


def tap_top_link(at: AppTest, name) -> AppTest:
    """What a tap on a top-bar link sends (or a rewritten browser: any ``name``), and the run it makes."""
    return send_trigger(at, top_links_element(at), json.dumps([{"event": "go", "value": name}]))


# --- the board ----------------------------------------------------------------------------------
def boards(at: AppTest) -> list:
    """Every tap board on the page (other components of the app, such as the live updates', left out)."""
    return [element for element in at.get("bidi_component") if '"board"' in element.proto.json[:20]]


def board(at: AppTest, key: str):
    """The tap board mounted with ``key`` (HS, SC or BG)."""
    found = [element for element in at.get("bidi_component") if element.proto.id.endswith(f"-{key}")]
    assert len(found) == 1, f"{len(found)} boards with the key {key!r}"
    return found[0]


# The pictures and slots a browser keeps by id: the app sends a board's picture or slot only when the
# browser does not keep it, so the board's data names it (html_id, a slot's id) and its html is None.
_PICTURES: dict[str, str] = {}


def _keep_every_picture_sent() -> None:
    """A browser keeps each picture it is sent, also those of runs a test does not look at (a run
    sends a picture once, whoever reads it)."""
    from assistant.ui import components

    mount = components._tap_board
    if getattr(mount, "keeps_pictures", False):
        return

    def mount_keeping(*args, data, **kwargs):
        board = data["board"]
        if board["html"] is not None:
            _PICTURES[board["html_id"]] = board["html"]
        for slot in board["slots"].values():
            if slot["html"] is not None:
                _PICTURES[slot["id"]] = slot["html"]
        return mount(*args, data=data, **kwargs)

    mount_keeping.keeps_pictures = True
    components._tap_board = mount_keeping


_keep_every_picture_sent()


def _looked_up(picture_id: str, html: str | None) -> str:
    if html is None:
        assert picture_id in _PICTURES, "the app left out a picture this page was never sent"
        return _PICTURES[picture_id]
    _PICTURES[picture_id] = html
    return html


def payload(element) -> dict:
    """What Python gave one board, its picture and slots (``{name: html}``) looked up as the browser does."""
    data = json.loads(element.proto.json)["board"]
    data["html"] = _looked_up(data["html_id"], data["html"])
    if "slots" in data:  # a tap board's (a replay's picture has none)
        data["slot_ids"] = {name: slot["id"] for name, slot in data["slots"].items()}
        data["slots"] = {name: _looked_up(slot["id"], slot["html"]) for name, slot in data["slots"].items()}
    return data


def has_board(at: AppTest, key: str) -> bool:
    return any(element.proto.id.endswith(f"-{key}") for element in at.get("bidi_component"))


def board_data(at: AppTest, key: str) -> dict:
    """What Python gave the board: html, buttons, select, modes, selected, marks, pending."""
    return payload(board(at, key))


def decide(at: AppTest, key: str, button: str, selection=()) -> AppTest:
    """Send the decision a tap in the browser sends, and rerun the app."""
    # As the browser does, the decision names the position it was made on and the pictures it keeps (at
    # least the picture and the slots it shows).
    data = board_data(at, key)
    return send_trigger(at, board(at, key), json.dumps([{"event": "action", "value": {
        "button": button, "selection": list(selection), "version": data.get("version"),
        "has": [data["html_id"], *data["slot_ids"].values()]}}]))


# --- what the board offers ----------------------------------------------------------------------
def buttons(at: AppTest, key: str) -> dict[str, dict]:
    """The board's buttons by id."""
    return {spec["id"]: spec for spec in board_data(at, key)["buttons"]}


def offered(at: AppTest, key: str) -> set[str]:
    """The decisions the board offers: its enabled buttons and its modes."""
    data = board_data(at, key)
    return {spec["id"] for spec in data["buttons"] if spec["enabled"]} | {mode["id"] for mode in data["modes"]}


def assert_offered(at: AppTest, key: str, *ids: str) -> None:
    shown = offered(at, key)
    missing = [id_ for id_ in ids if id_ not in shown]
    assert not missing, f"{missing} not offered on {key}: {sorted(shown)}"


def assert_not_offered(at: AppTest, key: str, *ids: str) -> None:
    shown = offered(at, key)
    there = [id_ for id_ in ids if id_ in shown]
    assert not there, f"{there} offered on {key}"


def tappable(at: AppTest, key: str, mode: str | None = None) -> set[str]:
    """The parts a tap can choose: the board's own, or those of one of its modes."""
    data = board_data(at, key)
    if mode is None:
        return set(data["select"]["tappable"])
    return set(next(spec for spec in data["modes"] if spec["id"] == mode)["tappable"])


def label(at: AppTest, key: str, button: str, selected: int = 0) -> str:
    """A button's words as the browser writes them with ``selected`` parts chosen ("Cross 3")."""
    return buttons(at, key)[button]["label"].replace("{n}", str(selected))


# --- what the board shows -----------------------------------------------------------------------
def shown_html(data: dict) -> str:
    """A board's HTML as the browser shows it: the picture with its slots filled in."""
    markup = data["html"]
    for name, part in data.get("slots", {}).items():
        markup = re.sub(rf'(data-slot="{name}"[^>]*>)', lambda found, part=part: found.group(1) + part, markup)
    return markup


def board_html(at: AppTest, key: str) -> str:
    return shown_html(board_data(at, key))


def marked(at: AppTest, key: str, mark: str) -> set[str]:
    """The parts of the board that carry the class ``mark`` ("tb-crossed", "tb-hint")."""
    return set(board_data(at, key)["marks"].get(mark, []))


def _words(markup: str) -> str:
    """HTML as a reader sees it: no styles, no tags, entities decoded."""
    markup = re.sub(r"<style.*?</style>", " ", markup, flags=re.S)
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", markup).split()))


def board_text(at: AppTest, key: str) -> str:
    return _words(board_html(at, key))


def assert_shows(at: AppTest, key: str, text: str) -> None:
    shown = board_text(at, key)
    assert text in shown, f"{text!r} is not on {key}: {shown[:400]!r}"


def message(at: AppTest, key: str, kind: str = "error") -> str:
    """The board's message box of ``kind`` ("error": a refusal; "hint-text": a hint), or ""."""
    found = re.search(rf'<div class="tb-message tb-{kind}">(.*?)</div>', board_html(at, key), flags=re.S)
    return _words(found.group(1)) if found else ""


def roll_shown(at: AppTest) -> int | None:
    """The die beside the Hamstern sheet (the roll being decided), or None while it is to be rolled."""
    found = re.search(r'data-slot="side"><div class="tb-row"><svg [^>]*aria-label="(\d)"', board_html(at, HS))
    return int(found.group(1)) if found else None


# --- what a tap on a part that cannot be used now says (the tap board's notes) ------------------------
def tap_parts(at: AppTest, key: str) -> set[str]:
    """Every part the board's picture draws for a tap (``data-tap``)."""
    return set(re.findall(r'data-tap="([^"]+)"', board_html(at, key)))


def notes(at: AppTest, key: str) -> dict[str, str]:
    """The board's note per part: what a tap on a part that cannot be used now shows beside the board."""
    return board_data(at, key)["notes"]


def note_shown(data: dict, part: str, selected: str | None = None) -> str:
    """What the browser shows beside the board when ``part`` is tapped (tap_board.js): nothing for a part
    that can be tapped, else its own note, that of its prefix ("o0:*") or of the whole board ("*"); with
    ``selected`` a part that does not pair with it, the note "selected>part" (either way round)."""
    given, select = data["notes"], data["select"]
    modes = data["modes"]
    tappable = set(next((m for m in modes if m["id"] == data.get("mode")), modes[0])["tappable"] if modes
                   else select["tappable"])
    if part not in tappable:
        prefix = part.split(":")[0] + ":*" if ":" in part else None
        return given.get(part) or (prefix and given.get(prefix)) or given.get("*") or ""
    pairs = select.get("pairs")
    if selected is not None and pairs and part not in pairs.get(selected, []):
        return given.get(f"{selected}>{part}") or given.get(f"{part}>{selected}") or ""
    return ""
