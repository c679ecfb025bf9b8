"""Errors a player may see. Each carries a message key so the UI can translate it."""

from assistant import i18n


class IllegalAction(ValueError):
    """An action the rules do not allow. The state that refused it is unchanged.

    ``key`` names the reason in the language catalogues; ``params`` fill it in.
    ``str(error)`` is the English text; ``error.message(lang)`` any other.
    """

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params
        super().__init__(i18n.t(key, "en", **params))

    def message(self, lang: str = "en") -> str:
        return i18n.t(self.key, lang, **self.params)
