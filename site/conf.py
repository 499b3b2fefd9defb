"""Sphinx configuration for `make html`: the notebooks as a static site in build/html/ that works offline.

Tool: Sphinx + myst-nb + the furo theme. Chosen because they are well kept and light to install (pure
Python wheels from PyPI), myst-nb reads .ipynb files natively (dollar/amsmath maths, the tags hide-input
and remove-input, links between notebooks resolved to .html pages), and furo gives the sidebar and the
previous / next links on every page without any JavaScript or fonts from the network. Jupyter Book 2 is
a Node application, and nbconvert alone has no index, sidebar or prev/next.

scripts/build_html.py executes the notebooks first (nbclient, timed per notebook, failing on any cell
error), maps the tag `check` to `hide-input`, folds `solution` cells into <details>, and replaces the
live widgets' views with static pictures; it then runs Sphinx on the executed copies in build/html-src/
with this folder as the configuration directory. So myst-nb does not execute anything again here.

No request leaves the machine: MathJax 2.7 is copied from the jupyter-server-mathjax wheel (PyPI) into
_static/mathjax/, furo bundles its CSS and JS, and no widget manager is loaded (nb_ipywidgets_js = {}).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import jupyter_server_mathjax

ROOT = Path(__file__).resolve().parents[1]
MATHJAX = Path(jupyter_server_mathjax.__file__).parent / "static"

project = "Sliding Puzzles, Explained"
author = "Sliding Puzzles, Explained"
copyright = "the authors of Sliding Puzzles, Explained"  # noqa: A001 (Sphinx's name)
html_title = project

extensions = ["myst_nb"]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "repo"]  # repo/: linked source files, downloads
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}

# The notebooks arrive executed (build_html.py did it, timed); never run them again or contact a cache.
nb_execution_mode = "off"
nb_merge_streams = True
nb_ipywidgets_js = {}  # no widget manager from a CDN; build_html.py puts static pictures in their place
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3
myst_update_mathjax = False  # keep MathJax 2 configured by mathjax2_config below alone
suppress_warnings = ["myst.header"]  # a heading level skipped in a notebook is style, not a broken page

html_theme = "furo"
html_static_path = ["static", str(ROOT / "docs" / "player.png")]
html_css_files = ["site.css"]
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
html_theme_options = {"navigation_with_keys": True}

# MathJax 2.7 from the jupyter-server-mathjax wheel, served from _static/mathjax/ (relative paths are
# taken relative to _static by Sphinx). STIX-Web is the one web font that wheel ships.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
mathjax2_config = {
    "tex2jax": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"]],
                "processEscapes": True, "processClass": "math|output_area", "ignoreClass": "document"},
    "HTML-CSS": {"availableFonts": [], "webFont": "STIX-Web", "imageFont": None, "preferredFont": None},
    "showMathMenu": False,
    "menuSettings": {"zoom": "None"},
}


def copy_mathjax(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        shutil.copytree(MATHJAX, Path(app.outdir) / "_static" / "mathjax", dirs_exist_ok=True)


def setup(app):
    app.connect("build-finished", copy_mathjax)
