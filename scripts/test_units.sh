#!/usr/bin/env bash
# `make test-units PYTHON=python3.13`: the quick unit tests and doctests on another Python than `make test`'s.
#
# CI (.ci/run) runs `make test` on the machine's python3, then this on a second Python, so a test that
# holds on one Python (one patch version, even) only can't land. Here:
#
# 1. A virtual environment of its own, .venv-units-<version>/ (kept between runs, rebuilt when
#    pyproject.toml changes), with puzzlelib and its test extra, the newest versions pip finds for that
#    Python (make test-oldest covers the lowest).
# 2. Every test in tests/ and every doctest in puzzlelib/, except the ones that execute notebooks, start
#    servers or browsers, or build the homework: those are `make test`'s (UNIT_IGNORE below).
#
# Extra pytest arguments: as arguments to this script, or `make test-units ARGS=...`.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
"$PYTHON" -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10 or newer is needed, found " + sys.version'
VERSION=$("$PYTHON" -c 'import platform; print(platform.python_version())')
VENV=${UNITS_VENV:-.venv-units-$VERSION}
PY="$VENV/bin/python"
STAMP="$VENV/.installed"
start=$(date +%s)

if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$PY" -m pip install --quiet --upgrade pip
    PYTHONWARNINGS=ignore::UserWarning "$PY" -m pip install --quiet -e '.[test]'
    touch "$STAMP"
fi
echo "test-units: Python $VERSION ($("$PY" -c 'import sys; print(sys.executable)')), set up in $(($(date +%s) - start)) s"

# Not unit tests: they execute notebooks, start Jupyter servers or Chromium, or build and grade the homework.
UNIT_IGNORE=(
    tests/browser
    tests/test_notebooks_run.py tests/test_lessons.py tests/test_executed.py
    tests/test_launch.py tests/test_student.py tests/test_site.py tests/test_scratch_notebooks.py
    tests/test_homework.py tests/test_homework_quiet.py
)
args=()
for path in "${UNIT_IGNORE[@]}"; do args+=(--ignore="$path"); done
status=0
"$PY" -m pytest -q -n auto --dist loadfile "${args[@]}" "$@" || status=$?
echo "test-units: Python $VERSION, $(($(date +%s) - start)) s in all"
exit "$status"
