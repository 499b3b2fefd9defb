#!/usr/bin/env bash
# `make test-oldest`: prove that the lowest versions pyproject.toml allows really work.
#
# 1. Makes a throwaway virtual environment, .venv-oldest/ (removed and made anew each run).
# 2. Installs the floor (the `>=` bound, pinned with `==`) of every direct dependency:
#    [project] dependencies plus the extras named in OLDEST_EXTRAS (default: test app slides site; the app
#    extra, Voila, and the slides extra, the decks' local reveal.js and MathJax, are only installed --
#    the tests that use them are not run here).
#    The test extra holds dask and distributed (as the cluster extra does), so their floors are tested too.
#    pip picks everything else (transitive dependencies) as usual: "lowest-direct".
#    The pins it used are left in .venv-oldest/oldest-requirements.txt, the result in freeze.txt.
# 3. Installs puzzlelib itself as an ordinary (non-editable) wheel built from a clean copy of
#    the work tree (git's tracked and untracked-but-not-ignored files, so no stale build/).
# 4. Runs the unit tests and the doctests of the *installed* package. `python -I` keeps the
#    current directory off sys.path and --import-mode=append keeps pytest from putting the
#    repository root in front of site-packages, so `import puzzlelib` cannot pick up the
#    source tree; the run fails if it did anyway.
# Run here too: every notebook, once (tests/test_notebooks_run.py, through scripts/executed.py).
# Not run here: tests/browser (Chromium + Playwright) and tests/test_launch.py (starts JupyterLab /
# Voila servers). Extra pytest arguments can be
# given as arguments to this script or as `make test-oldest ARGS=...`.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${OLDEST_VENV:-.venv-oldest}
# Not the homework extra: nbgrader 0.9.5, its floor, needs jupyterlab>=4.2 and notebook>=7.2, above the
# collection's own floors (4.0.2, 7.0); `make test` grades with the newest pip finds (0.9.6; 0.9.5 on Python 3.10).
EXTRAS=${OLDEST_EXTRAS:-test app slides site}
PY="$VENV/bin/python"
start=$(date +%s)
# pip, minus the warnings this machine's pip.conf gives for local index folders lacking a package.
pip() { "$PY" -m pip "$@" 2> >(grep -v "^WARNING: Location 'file:.*' is ignored: it is neither a file nor a directory\.$" >&2); }

"$PYTHON" -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10 or newer is needed, found " + sys.version'
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
pip install --quiet --upgrade pip
"$PY" -c 'import tomllib' 2>/dev/null || pip install --quiet tomli  # Python 3.10 reads TOML with tomli

# The floors, one pinned requirement a line; markers (e.g. "; python_version < '3.11'") are kept.
"$PY" - "$EXTRAS" > "$VENV/oldest-requirements.txt" <<'EOF'
import re
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
requirements = list(project["dependencies"])
for extra in sys.argv[1].replace(",", " ").split():
    requirements += project["optional-dependencies"][extra]
for requirement in requirements:
    spec, _, marker = requirement.partition(";")
    name, extras, bounds = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(\[[^\]]*\])?\s*(.*?)\s*", spec).groups()
    floors = re.findall(r">=\s*([^,\s]+)", bounds)
    if len(floors) != 1:
        sys.exit(f"test-oldest: {requirement!r} has no single '>=' lower bound to pin")
    print(f"{name}{extras or ''}=={floors[0]}" + (f"; {marker.strip()}" if marker.strip() else ""))
EOF
echo "test-oldest: installing the floors of pyproject.toml ([project] dependencies + extras: $EXTRAS):"
sed 's/^/    /' "$VENV/oldest-requirements.txt"
pip install --quiet -r "$VENV/oldest-requirements.txt"

# puzzlelib from a clean copy of the work tree, as a normal (non-editable) install.
SRC=$(mktemp -d)
trap 'rm -rf "$SRC"' EXIT
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard
else
    find . \( -name .git -o -name '.venv*' -o -name build -o -name __pycache__ -o -name '*.egg-info' \) -prune \
        -o -type f -print0
fi | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$SRC"
pip install --quiet --no-deps "$SRC"
pip check
pip freeze --all > "$VENV/freeze.txt"
installed=$(date +%s)
echo "test-oldest: environment ready in $((installed - start)) s (full list: $VENV/freeze.txt)"

PKG=$("$PY" -I -c 'import os, puzzlelib; print(os.path.dirname(puzzlelib.__file__))')
status=0
# The runner is a file, not stdin: multiprocessing's "spawn" children re-import the main module by path.
RUNNER="$SRC/run_oldest_tests.py"
cat > "$RUNNER" <<'EOF'
import sys

import pytest

if __name__ == "__main__":
    code = pytest.main(sys.argv[1:])
    where = getattr(sys.modules.get("puzzlelib"), "__file__", None) or "nowhere"
    if not where.startswith(sys.prefix):
        print(f"test-oldest: puzzlelib was imported from {where}, not from the oldest environment {sys.prefix}")
        sys.exit(code or 1)
    print(f"test-oldest: tested puzzlelib installed at {where}")
    sys.exit(code)
EOF
MPLBACKEND=Agg "$PY" -I "$RUNNER" -o "addopts=-p no:cacheprovider" --import-mode=append \
    --doctest-modules "$PKG" tests --ignore=tests/browser --ignore=tests/test_launch.py "$@" || status=$?
echo "test-oldest: install $((installed - start)) s, tests $(($(date +%s) - installed)) s, total $(($(date +%s) - start)) s"
exit "$status"
