"""Every text a player sees, in English and German.

The catalogues are TOML files in ``assistant/locales``; nested tables become
dotted keys (``[error] one_chamber = ...`` is ``error.one_chamber``).
"""

import tomllib
from functools import cache
from importlib import resources

LANGUAGES = ("en", "de")


class Text:
    """A catalogue text used as a value inside another text ("top 2" inside "top 2 is
    already face up"): ``t`` translates it into the same language as the text around it,
    so an engine can name a card position without knowing the player's language."""

    def __init__(self, key: str, **params):
        self.key, self.params = key, params

    def __eq__(self, other) -> bool:
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def __repr__(self) -> str:
        return f"Text({self.key!r}, **{self.params!r})"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every text of ``lang``: ``locales/{lang}.toml``, then each game's own files in its folder
    (``locales/<game>/en.toml``, ``locales/<game>/ui.en.toml``), so a game's texts
    live beside each other and not in one long file."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    root = resources.files("assistant.locales")
    files = [root.joinpath(f"{lang}.toml")]
    for folder in sorted((entry for entry in root.iterdir() if entry.is_dir()), key=lambda entry: entry.name):
        files += sorted((entry for entry in folder.iterdir()
                         if entry.name == f"{lang}.toml" or entry.name.endswith(f".{lang}.toml")),
                        key=lambda entry: entry.name)
    flat: dict[str, str] = {}
    for file in files:
        _flatten(tomllib.loads(file.read_text("utf-8")), "", flat, file.name)
    return flat


def _flatten(table: dict, prefix: str, out: dict[str, str], source: str) -> None:
    for name, value in table.items():
        if isinstance(value, dict):
            _flatten(value, f"{prefix}{name}.", out, source)
        elif prefix + name in out:
            raise ValueError(f"the text {prefix + name!r} is in two catalogue files ({source})")
        else:
            out[prefix + name] = value


def t(key: str, lang: str = "en", **params) -> str:
    """The text for ``key`` in ``lang``, filled in with ``params``.

    A key missing from a catalogue is a bug; the tests check both catalogues
    hold the same keys, so here we fall back to the key itself rather than crash
    in front of a player.
    """
    template = catalogue(lang).get(key)
    if template is None:
        return key
    params = {name: t(value.key, lang, **value.params) if isinstance(value, Text) else value
              for name, value in params.items()}
    return template.format(**params) if params else template
