"""Which device shows and decides what of a Hamsterdam game: the table device, and phones holding a
seat each through a seat link (``table.held``).

A phone draws its seat's view, decides only when that seat decides and rolls only that seat's dice;
the table device leaves every seat a phone holds to that phone, and rolls for the others.
"""

from __future__ import annotations

from assistant.ui.table import Table


def roller(view: dict) -> int | None:
    """Who rolls at a chance node: the roller of the turn, or, for the start player, the next to roll."""
    if view["phase"] == "start_roll":  # the engine's progress names who rolls next
        queue = (view.get("progress") or {}).get("queue") or [None]
        return queue[0]
    return view["roller"]


def may_roll(table: Table, view: dict) -> bool:
    """The dice are rolled on the roller's device: a phone rolls for its own seat only, the table
    device for every seat no phone holds."""
    rolling = roller(view)
    if rolling is None:
        return True
    if table.held is not None:
        return rolling == table.held
    return rolling not in table.on_phones()
