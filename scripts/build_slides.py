"""Execute notebooks and write them as reveal.js slide decks that work offline.

Usage: python scripts/build_slides.py [--out build/slides] [NOTEBOOK ...]   (default: notebooks/*.ipynb)

Each notebook is executed top to bottom (nbclient; any error in any cell stops the build with
a non-zero exit status) and written as ``OUT/NN_name.slides.html`` by nbconvert's
SlidesExporter. Slides follow each cell's ``metadata.slideshow.slide_type`` (set by
scripts/tag_slides.py): cells tagged ``check`` or ``solution`` are "skip" and do not appear.

Nothing is loaded from the network. The decks use local copies, made in OUT:

* ``OUT/reveal.js/``: reveal.js 3.9.2, from the ``rise`` package (5.7.1) on PyPI, which ships
  it under ``rise/static/reveal.js`` (MIT licence, copied with it);
* ``OUT/mathjax/``: MathJax 2.7.9 with its STIX-Web fonts, from ``jupyter-server-mathjax``
  (0.2.x) on PyPI (Apache 2.0 licence, copied with it).

Both are in the ``slides`` extra: ``pip install -e '.[slides]'`` (``make setup`` installs it).
require.js, jQuery, mermaid and the widget manager, which nbconvert's template would fetch
from a CDN, are left out: the decks do not need them. A widget has no kernel on a static
page, so its output is replaced by a note saying where to use it live (JupyterLab:
``make lab``, then right-click > "Render as slides", from jupyterlab-rise).

``OUT/index.html`` lists every deck in OUT.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import json
import re
import shutil
import sys
import time
from pathlib import Path

import nbformat
from jinja2 import DictLoader
from nbclient import NotebookClient
from nbconvert import SlidesExporter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from tag_slides import slide_type  # noqa: E402

WIDTH, HEIGHT = 1280, 720            # the slide size reveal.js scales to the window (a 16:9 projector)
MATHJAX_CONFIG = "TeX-AMS-MML_HTMLorMML-full,Safe"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_NOTE = ("<p class=\"live-widget-note\"><b>Interactive widget.</b> It needs a running kernel: open this "
               "notebook in JupyterLab (<code>make lab</code>), run it, and present it live with "
               "right-click &gt; <i>Render as slides</i>.</p>")

TEMPLATE = r"""
{%- extends 'index.html.j2' -%}

{%- block html_head_js -%}{%- endblock html_head_js -%}
{% block jupyter_widgets %}{% endblock jupyter_widgets %}

{%- block html_head_js_mathjax -%}
<script type="text/x-mathjax-config">
MathJax.Hub.Config({
    tex2jax: {inlineMath: [['$', '$'], ['\\(', '\\)']], displayMath: [['$$', '$$'], ['\\[', '\\]']],
              processEscapes: true, processEnvironments: true},
    "HTML-CSS": {availableFonts: [], imageFont: null, preferredFont: null, webFont: "STIX-Web",
                 linebreaks: {automatic: true}},
    displayAlign: "center", messageStyle: "none", showMathMenu: false
});
</script>
<script src="mathjax/MathJax.js?config=__MATHJAX_CONFIG__"></script>
<style type="text/css">
/* reveal.js 3 sizes itself to its parent: the template wraps it in <main>, so give that the window. */
html, body, main { width: 100%; height: 100%; margin: 0; padding: 0; overflow: hidden; }
.reveal { width: 100%; height: 100%; }
/* A slide taller than the screen scrolls instead of being cut off. */
.reveal .slides section:not(.stack) { height: 100%; overflow-y: auto; overflow-x: hidden; }
.reveal .slides section { text-align: left; }
.reveal .slides pre { white-space: pre-wrap; overflow-wrap: anywhere; }      /* long code lines wrap, not cut */
.reveal .slides h1, .reveal .slides h2, .reveal .slides h3, .reveal .slides h4 { text-transform: none; }
.reveal .slides section::-webkit-scrollbar { width: 10px; }
.reveal .slides section::-webkit-scrollbar-thumb { background: #b0b0b0; border-radius: 5px; }
.reveal .slides section .jp-Cell { padding: 2px 0; }
.reveal .progress { height: 6px; }
.live-widget-note { border-left: 6px solid #0072B2; padding: 0.4em 0.8em; background: #eef5fb; }
</style>
{%- endblock html_head_js_mathjax -%}

{% block footer_js %}
<script src="reveal.js/js/reveal.js"></script>
<script src="reveal.js/plugin/notes/notes.js"></script>
<script>
Reveal.initialize({
    controls: true, progress: true, history: true, center: false,
    transition: "none", slideNumber: "c/t",
    width: __WIDTH__, height: __HEIGHT__, margin: 0.03
});
// MathJax typesets hidden slides with zero sizes: typeset the slide again when it is shown.
Reveal.addEventListener('slidechanged', function (event) {
    if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(["Rerender", MathJax.Hub, event.currentSlide]); }
});
</script>
{% endblock footer_js %}
""".replace("__MATHJAX_CONFIG__", MATHJAX_CONFIG).replace("__WIDTH__", str(WIDTH)).replace("__HEIGHT__", str(HEIGHT))

# nbconvert's reveal template links reveal.js 4's dist/ layout; rise ships reveal.js 3.9's css/ layout.
LINKS = {'href="reveal.js/dist/reveal.css"': 'href="reveal.js/css/reveal.css"',
         'href="reveal.js/dist/theme/white.css"': 'href="reveal.js/css/theme/white.css"'}


def package_dir(name: str, pip_name: str) -> Path:
    """The folder of an installed package, found without importing it (rise imports pkg_resources)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"build_slides: the package {pip_name} is not installed; it ships the slides' "
                         f"local assets. Install it with: pip install -e '.[slides]' (make setup does)")
    return Path(next(iter(spec.submodule_search_locations)))


def copy_assets(out: Path) -> dict[str, str]:
    """Copy reveal.js and MathJax next to the decks; return {asset: version}."""
    reveal_src = package_dir("rise", "rise") / "static" / "reveal.js"
    mathjax_src = package_dir("jupyter_server_mathjax", "jupyter-server-mathjax") / "static"
    reveal, mathjax = out / "reveal.js", out / "mathjax"
    for target in (reveal, mathjax):
        if target.exists():
            shutil.rmtree(target)
    reveal.mkdir(parents=True)
    for part in ("LICENSE", "package.json", "css", "js", "lib/font", "plugin/notes"):
        src, dst = reveal_src / part, reveal / part
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.patched", "*.scss"))
        else:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    shutil.copytree(mathjax_src, mathjax)
    reveal_version = json.loads((reveal_src / "package.json").read_text())["version"]
    found = re.search(r'MathJax\.version="([0-9.]+)"', (mathjax_src / "MathJax.js").read_text(encoding="utf-8"))
    return {"reveal.js": reveal_version, "MathJax": found.group(1) if found else "?"}


FIGURE_CODE_LINES = 5   # a code cell this long that draws a figure shows only the figure on its slide


def prepare(nb) -> int:
    """Fill in missing slide types, drop widget state and replace widget views; return the cells filled in."""
    filled, previous = 0, None
    for cell in nb.cells:
        show = cell.metadata["slideshow"] = nbformat.from_dict(dict(cell.metadata.get("slideshow", {})))
        if show.get("slide_type") is None:
            show["slide_type"] = slide_type(cell, previous)
            filled += 1
        if show["slide_type"] != "skip":
            previous = cell
        outputs = cell.get("outputs", [])
        if any("image/png" in o.get("data", {}) for o in outputs) and cell.source.count("\n") >= FIGURE_CODE_LINES:
            # On a slide the figure is the point; its drawing code stays in the notebook.
            cell.metadata["transient"] = {"remove_source": True}
        for output in outputs:
            if WIDGET_VIEW in output.get("data", {}):
                output["data"] = {"text/html": WIDGET_NOTE, "text/plain": "(interactive widget)"}
    nb.metadata.pop("widgets", None)
    return filled


def exporter() -> SlidesExporter:
    exp = SlidesExporter(extra_loaders=[DictLoader({"puzzle_slides.html.j2": TEMPLATE})],
                         template_file="puzzle_slides.html.j2")
    exp.reveal_url_prefix = "reveal.js"
    exp.reveal_theme = "white"
    exp.reveal_transition = "none"
    return exp


def build(path: Path, out: Path, exp: SlidesExporter) -> tuple[Path, float, int]:
    """Execute one notebook and write its deck; return (deck, seconds, number of slides)."""
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    filled = prepare(nb)
    if filled:
        print(f"  {path.name}: {filled} cells had no slide type (run scripts/tag_slides.py); filled in for this build")
    body, _ = exp.from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
    for old, new in LINKS.items():
        if body.count(old) != 1:
            raise SystemExit(f"build_slides: nbconvert's reveal template changed: {old} found {body.count(old)} times")
        body = body.replace(old, new)
    # A link to another notebook opens that notebook's deck.
    body = re.sub(r'href="(\d\d_[\w-]+)\.ipynb(#[^"]*)?"', lambda m: f'href="{m[1]}.slides.html{m[2] or ""}"', body)
    remote = sorted(set(re.findall(r'(?:src|href)="((?:https?:)?//[^"]+)"', body)))
    if remote:
        raise SystemExit(f"build_slides: {path.name} would load from the network: {remote}")
    deck = out / f"{path.stem}.slides.html"
    deck.write_text(body, encoding="utf-8")
    slides = sum(1 for c in nb.cells if c.metadata["slideshow"]["slide_type"] in ("slide", "subslide")) or 1
    return deck, seconds, slides


def title_of(deck: Path) -> str:
    text = deck.read_text(encoding="utf-8")
    found = re.search(r"<h1[^>]*>(.*?)<", text, flags=re.S)
    return html.unescape(found.group(1)).strip() if found else deck.stem


def write_index(out: Path, versions: dict[str, str]) -> Path:
    decks = sorted(out.glob("*.slides.html"))
    rows = "\n".join(f'  <li><a href="{d.name}">{html.escape(title_of(d))}</a></li>' for d in decks)
    used = ", ".join(f"{k} {v}" for k, v in versions.items())
    page = f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sliding Puzzles, Explained: slides</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; max-width: 48em; margin: 2em auto; padding: 0 1em;
       line-height: 1.5; color: #222; }}
li {{ margin: 0.3em 0; font-size: 1.15em; }}
kbd {{ border: 1px solid #999; border-radius: 3px; padding: 0 0.3em; background: #f4f4f4; }}
</style></head>
<body>
<h1>Sliding Puzzles, Explained: slides</h1>
<p>One deck per notebook, executed when it was built. They work offline, from a folder or a web server.</p>
<ul>
{rows}
</ul>
<p>Keys: <kbd>&rarr;</kbd> / <kbd>Space</kbd> next, <kbd>&larr;</kbd> back, <kbd>&darr;</kbd> <kbd>&uarr;</kbd>
the slides below a section, <kbd>Esc</kbd> overview, <kbd>F</kbd> full screen, <kbd>S</kbd> speaker view.
A long slide scrolls with the mouse wheel. Checks and solutions are left out.</p>
<p>The widgets (the puzzle player, the BFS explorer) need a kernel: present them live from JupyterLab
(<code>make lab</code>, then right-click a notebook &gt; <i>Render as slides</i>).</p>
<p><small>Built with {html.escape(used)}, copied here from the Python packages
<code>rise</code> and <code>jupyter-server-mathjax</code>; their licences are in
<code>reveal.js/LICENSE</code> and <code>mathjax/LICENSE</code>.</small></p>
</body>
</html>
"""
    index = out / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "slides")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    if not paths:
        print("build_slides: no notebooks")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    versions = copy_assets(args.out)
    exp = exporter()
    total = 0.0
    for path in paths:
        deck, seconds, slides = build(path, args.out, exp)
        total += seconds
        print(f"{path.name:42s} {seconds:6.1f} s  {slides:3d} slides -> {deck}")
    index = write_index(args.out, versions)
    print(f"{'all ' + str(len(paths)) + ' notebooks':42s} {total:6.1f} s  -> {index}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
