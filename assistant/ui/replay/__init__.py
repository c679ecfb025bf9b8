"""The replay page's pieces (assistant/ui/pages/replay.py): who may watch what (``watching``), the board
that steps through a game (``board``), the controls under it (``controls``) and what else a replay offers
(``extras``: share, export, play on, import). Each game draws a step with its own app side's
``replay_picture`` (see assistant/games/registry.py), from ``pictures``' helpers."""
