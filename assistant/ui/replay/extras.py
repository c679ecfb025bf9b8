"""What else a replay offers the table: a link to share it (a QR code, as for seats) and to withdraw it,
the game record as one JSON file, "Play on from here" in a game played alone, and importing a record
exported elsewhere.

Each acts only for the table device (checked again when it acts: a key revoked meanwhile shuts it out),
and none changes the game watched: sharing adds a link, withdrawing removes it, playing on and importing
add a new game (one that counts neither in the best scores nor in the history: ``origin_note``).
"""

from __future__ import annotations

import datetime
import html
import json

import streamlit as st

from assistant import replays
from assistant.store import ORIGINS
from assistant.ui import access
from assistant.ui.common import lang, plain, store, tr
from assistant.ui.replay import controls
from assistant.ui.replay.watching import GAME_PARAM, REPLAY_PARAM

SHARING = "rp-share:"  # session key + game id: the table asked for the link
WITHDRAWN = "rp-withdrawn"  # the table withdrew a link: said once, above the Share button
IMPORT, REFUSED = "rp-import", "rp-import-refused"


def share(game_id: str, step: int) -> None:
    """A button, then the replay's own link as a QR code and as a short link to type: it opens at ``step``,
    the move being shown (the people it is shown to look at the same move)."""
    if not st.session_state.get(SHARING + game_id):
        if st.session_state.pop(WITHDRAWN, None) == game_id:
            st.success(tr("ui.replay.link_withdrawn"), icon=":material/link_off:")
        st.button(tr("ui.replay.share"), key="rp-share", icon=":material/qr_code_2:", on_click=_ask_share,
                  args=(game_id,))
        return
    from assistant.ui.phones import base_url, qr_svg

    token = store().replay_link(game_id)
    url = f"{base_url()}/replay?{REPLAY_PARAM}={token}&step={step}"
    with st.container(border=True, key="rp-shared"):
        st.markdown(f"**{tr('ui.replay.share')}**")
        st.caption(tr("ui.replay.share_how"))
        # st.markdown, not st.html: st.html strips SVG.
        st.markdown(f'<div class="ht-qr" title="{html.escape(url)}">{qr_svg(f"{url}&lang={lang()}")}</div>',
                    unsafe_allow_html=True)
        st.code(url.removeprefix("http://"), language=None, wrap_lines=True)
        st.button(tr("ui.replay.withdraw"), key="rp-withdraw", icon=":material/link_off:",
                  help=tr("ui.replay.withdraw_help"), on_click=_withdraw, args=(game_id,))


def _ask_share(game_id: str) -> None:
    if access.still_table():
        st.session_state[SHARING + game_id] = True


def _withdraw(game_id: str) -> None:
    """The link opens nothing any more; sharing again makes a new one. The table's only (checked again here:
    the button was drawn for the table, and a key revoked since shuts it out)."""
    if not access.still_table():
        st.session_state[SHARING + game_id] = False
        return
    store().withdraw_replay_link(game_id)
    st.session_state[SHARING + game_id] = False
    st.session_state[WITHDRAWN] = game_id


def origin_note(setup: dict, best_scores: bool = False) -> str | None:
    """Why a game does not count (None if it does): played on from a replay, or imported from a game record
    (assistant/store.py ORIGINS). ``best_scores``: the note names the best scores too."""
    origin = setup.get("origin")
    if origin not in ORIGINS:
        return None
    return tr(f"ui.replay.{origin}_{'not_best' if best_scores else 'not_counted'}")


def export(game_id: str, game: str) -> None:
    """The game record as one file, hamster-table-<game>-<date>.json (the date of its last move)."""
    updated = store().stamp(game_id)
    try:
        day = datetime.date.fromtimestamp(updated[1]) if updated else datetime.date.today()
    except (OverflowError, OSError, ValueError, TypeError):  # a time damaged in the file: today's date
        day = datetime.date.today()
    st.download_button(tr("ui.replay.export"), data=replays.export_record(store(), game_id),
                       file_name=f"hamster-table-{game}-{day.isoformat()}.json", mime="application/json",
                       key="rp-export", icon=":material/download:", help=tr("ui.replay.export_help"),
                       on_click="ignore")


def play_on(game_id: str, game: str, step: int, length: int) -> None:
    """A new game from this step of a finished game played alone, opened on its game page."""
    at_end = step >= length
    if st.button(tr("ui.replay.play_on"), key="rp-play-on", icon=":material/call_split:", disabled=at_end,
                 help=tr("ui.replay.play_on_end" if at_end else "ui.replay.play_on_help")):
        if not access.still_table():
            st.warning(tr("ui.access.shut_out"))
            return
        from assistant.ui.nav import page

        new_id = replays.play_on(store(), game_id, step)
        st.switch_page(page(game), query_params={GAME_PARAM: new_id, "lang": lang()})


def import_form() -> None:
    """A game record exported from a Hamster Table: saved as a new game, then replayed here."""
    st.subheader(tr("ui.replay.import"))
    st.caption(tr("ui.replay.import_how"))
    refused = st.session_state.pop(REFUSED, None)
    if refused:
        st.error(plain(refused), icon=":material/block:")
    # Streamlit writes its own words in the drop zone, in English only: ours instead, in the page's language.
    button = json.dumps(tr("ui.replay.import_button"), ensure_ascii=False)  # a CSS string: quotes escaped
    st.html(f'<style>.st-key-{IMPORT} [data-testid="stFileUploaderDropzoneInstructions"] {{ display: none; }}'
            f'.st-key-{IMPORT} [data-testid="stFileUploaderDropzone"] button p {{ display: none; }}'
            f'.st-key-{IMPORT} [data-testid="stFileUploaderDropzone"] button [data-has-shortcut]::after '
            f'{{ content: {button}; }}</style>')
    st.file_uploader(tr("ui.replay.import_field"), type=["json"], key=IMPORT, on_change=_import)


def _import() -> None:
    upload = st.session_state.get(IMPORT)
    if upload is None or not access.still_table():
        return
    try:
        new_id = replays.import_record(store(), upload.getvalue())
    except replays.ImportRefused as refusal:
        st.session_state[REFUSED] = refusal.message(lang())
        return
    st.query_params[GAME_PARAM] = new_id
    controls.go_to(0)
