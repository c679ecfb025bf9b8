"""Score check for a registered game without a tap-friendly form yet: its finished game as the
JSON that ``python -m assistant score GAME FILE`` reads (CONTRACT.md), checked by the same code."""

from __future__ import annotations

import json

import streamlit as st

from assistant.games.registry import GameInfo, load
from assistant.ui.common import plain, tr


def json_check(info: GameInfo) -> None:
    st.caption(tr("ui.json_check_intro"))
    text = st.text_area(tr("ui.json_check_field"), key=f"sc_json_{info.name}", height=160)
    if not text.strip():
        return
    try:
        result = load(info.score_check)(json.loads(text))
    except (ValueError, RecursionError) as error:  # JSON errors are ValueErrors too: one line, the reason
        st.error(str(error).splitlines()[0] if str(error) else tr("ui.json_check_bad"), icon=":material/warning:")
        return
    except (LookupError, TypeError):  # JSON of another shape than the check reads: never a traceback
        st.error(tr("ui.json_check_bad"), icon=":material/warning:")
        return
    st.table({tr("ui.name"): [plain(player["name"]) for player in result["players"]],
              tr("ui.total"): [player["total"] for player in result["players"]]}, hide_index=True)
    names = " & ".join(plain(name) for name in result["winners"])
    st.success(tr("ui.winners" if len(result["winners"]) > 1 else "ui.winner", names=names),
               icon=":material/emoji_events:")
