"""What a saved or finished game was played on, named the same everywhere (Home's saved games, the button
that continues a game, the replay, the history): a variant option's choice as a side ("Side A"), any other
value as its game's app side names it (a Hamstern cave: "Cave BAKO-MIRU", the code that plays or prints it
again), and every value beyond the choices together (history.OTHER_VARIANTS) as the app side calls them
("Caves"). Texts, not Markdown: a page that writes Markdown passes them through ``plain``."""

from __future__ import annotations

from assistant.games.registry import game_info
from assistant.history import OTHER_VARIANTS
from assistant.ui.common import tr
from assistant.ui.nav import game_app


def variant_name(game: str, variant: str) -> str | None:
    """A variant as its game's app side names it ("Cave BAKO-MIRU", "Caves"), or None: a side."""
    try:
        app = game_app(game) if game_info(game).app else None
    except ValueError:  # a game of a newer app, restored from its backup
        return None
    if variant == OTHER_VARIANTS:
        together = getattr(app, "other_variants_name", None)
        return together() if together else None
    name = getattr(app, "variant_name", None)
    return name(variant) if name else None


def variant_label(game: str, variant: str) -> str:
    """A variant on its own, as a chart's line, a choice or a saved game names it: "Side A", "Cave BAKO-MIRU"."""
    named = variant_name(game, variant)
    return named[:1].upper() + named[1:] if named else tr("history.ui.side", side=variant)
