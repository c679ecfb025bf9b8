#!/usr/bin/env bash
# Installs everything the tests need into .venv and runs every test.
# Used verbatim by the README and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's chromium; never let a test tool download a browser.
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
.venv/bin/python -m ruff check .
.venv/bin/python -m pytest "$@"
