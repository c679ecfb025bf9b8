"""A photo the reader will not read, and the one line that tells the player what to do instead."""

from __future__ import annotations

from assistant import i18n

# Every reason a photo can be refused; each has a line in assistant/locales/scan/{en,de}.toml.
KEYS = ("not_an_image", "too_big", "too_small", "no_sheet", "half_sheet", "one_sheet", "blurred", "too_far",
        "wrong_game", "wrong_side", "no_code")


class ScanRefused(ValueError):
    """``key`` names the reason ("scan.blurred"); ``message(lang)`` says what to do, in one line;
    ``str()`` is the English line. A parameter may be a dict by language (a game's title)."""

    def __init__(self, key: str, **params):
        if key.removeprefix("scan.") not in KEYS:
            raise ValueError(f"no such refusal: {key!r}")
        self.key = key if key.startswith("scan.") else f"scan.{key}"
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        params = {name: value.get(lang, value.get("en", "")) if isinstance(value, dict) else value
                  for name, value in self.params.items()}
        return i18n.t(self.key, lang, **params)
