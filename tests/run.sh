#!/usr/bin/env bash
# Installs everything the tests need into .venv and runs every test.
# Used verbatim by the README and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's chromium (never a browser a test tool downloads); the emoji
# font makes screenshots show what a tablet shows.
if ! command -v chromium >/dev/null 2>&1 || [ ! -d /usr/share/fonts/truetype/noto ]; then
    sudo=""
    [ "$(id -u)" = "0" ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
.venv/bin/python -m ruff check .
# Both cores: a test module stays on one worker (its served app and file of saved games are the module's).
.venv/bin/python -m pytest -n 2 --dist loadfile "$@"
