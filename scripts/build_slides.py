"""Execute notebooks and write them as reveal.js slide decks that work offline.

Usage: python scripts/build_slides.py [--out build/slides] [NOTEBOOK ...]
(default: every notebook of notebooks/ that is a deck: not the appendix, whose metadata says
``"slides": {"deck": false}``)

Each notebook is executed top to bottom once, through scripts/executed.py, which keeps the
executed copy in build/executed/ for the site and the tests too (nbclient; any error in any cell
stops the build with a non-zero exit status), and written as ``OUT/NN_name.slides.html`` by nbconvert's
SlidesExporter. Slides follow each cell's ``metadata.slideshow.slide_type`` (set by
scripts/tag_slides.py from a few tags per notebook; docs/slides.md tells how): checks and
solutions do not appear, explanations are speaker notes (``S`` opens the speaker view).

Every slide is designed to fit a 1000 x 700 slide, drawn at about one screen pixel per slide
pixel at 1024 x 768 and 1280 x 720. A figure shows without its drawing code, drawn at
``SLIDE_DPI`` with its smallest text recorded in the PNG (scripts/figure_probe.py), so that
tests/browser/slide_fit.py can measure its text on screen.

Nothing is loaded from the network. The decks use local copies, made in OUT:

* ``OUT/reveal.js/``: reveal.js 3.9.2, from the ``rise`` package (5.7.1) on PyPI, which ships
  it under ``rise/static/reveal.js`` (MIT licence, copied with it);
* ``OUT/mathjax/``: MathJax 2.7.9 with its STIX-Web fonts, from ``jupyter-server-mathjax``
  (0.2.x) on PyPI (Apache 2.0 licence, copied with it).

Both are in the ``slides`` extra: ``pip install -e '.[slides]'`` (``make setup`` installs it).
require.js, jQuery, mermaid and the widget manager, which nbconvert's template would fetch
from a CDN, are left out: the decks do not need them. A widget has no kernel on a static
page, so its output is replaced by a note saying where to use it live (JupyterLab:
``make lab``, then the slideshow button of jupyterlab-rise).

``OUT/index.html`` lists every deck in OUT.
"""

from __future__ import annotations

import argparse
import base64
import html
import importlib.util
import json
import re
import shutil
import struct
import sys
import time
from pathlib import Path

import nbformat
from jinja2 import DictLoader
from nbconvert import SlidesExporter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import executed  # noqa: E402
from build_html import PROGRESS_MODELS, WIDGET_STATE, WIDGET_VIEW, descendants  # noqa: E402
from lessons import lessons  # noqa: E402
from tag_slides import is_deck, slide_type  # noqa: E402

# The slide size reveal.js scales to the window. 1000 x 700 with a 2% margin is drawn at about one
# screen pixel per slide pixel on both projector screens we design for, 1024 x 768 and 1280 x 720,
# so a size in the CSS below is (within 1%) its size on screen there.
WIDTH, HEIGHT, MARGIN = 1000, 700, 0.02
BODY_PX, CODE_PX = 22, 17            # body text and code on a slide; the floor on screen is 18 and 16
SLIDE_DPI = executed.SLIDE_DPI      # figures drawn at 108 px per inch: 11 pt text is 16.5 px on screen
MATHJAX_CONFIG = "TeX-AMS-MML_HTMLorMML-full,Safe"
WIDGET_NOTE = ("<p class=\"live-widget-note\"><b>Interactive widget.</b> It needs a running kernel: open this "
               "notebook in JupyterLab (<code>make lab</code>), run it, and present it live with "
               "the slideshow button of the notebook's toolbar (<i>View &gt; Render as Reveal Slideshow</i>).</p>")

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
                 linebreaks: {automatic: true},
                 // MathJax's stand-in font MathJax_Blank is meant to fail to load: its src url('about:blank')
                 // does, but logs a CORS error in a deck opened from a file; local() fails without a word.
                 styles: {"@font-face": {src: "local('MathJax_Blank')"}}},
    displayAlign: "center", messageStyle: "none", showMathMenu: false
});
</script>
<script src="mathjax/MathJax.js?config=__MATHJAX_CONFIG__"></script>
<style type="text/css">
/* reveal.js 3 sizes itself to its parent: the template wraps it in <main>, so give that the window. */
html, body, main { width: 100%; height: 100%; margin: 0; padding: 0; }
.reveal { width: 100%; height: 100%; font-size: __BODY__px;
          --jp-content-font-size0: __BODY__px; --jp-content-font-size1: __BODY__px; --jp-ui-font-size1: __BODY__px;
          --jp-content-line-height: 1.35; --jp-code-font-size: __CODE__px; --jp-code-line-height: 1.3; }
/* A slide is designed to fit (tests/browser/test_slides_browser.py measures every one): no scroll bar. */
.reveal .slides section { text-align: left; }
.reveal .slides .jp-RenderedHTMLCommon { font-size: __BODY__px; line-height: 1.35; padding-right: 0; }
.reveal .slides .jp-RenderedHTMLCommon p, .reveal .slides .jp-RenderedHTMLCommon li { margin: 0 0 0.45em 0; }
.reveal .slides pre, .reveal .slides code, .reveal .slides .highlight pre {
    font-size: __CODE__px; line-height: 1.3; white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere; }
/* a long line wraps between words (a word longer than the line breaks anywhere): wrapped, not cut */
.reveal .slides pre { width: auto; margin: 0; box-shadow: none; box-sizing: border-box; }
.reveal .slides h1, .reveal .slides h2, .reveal .slides h3, .reveal .slides h4 {
    text-transform: none; margin: 0 0 0.35em 0; line-height: 1.15; }
.reveal .slides h1 { font-size: 38px; }
.reveal .slides h2 { font-size: 34px; }
.reveal .slides h3, .reveal .slides h4 { font-size: 30px; }
.reveal .slides .anchor-link { display: none; }           /* the pilcrow after a heading is for the site */
.reveal .slides .jp-InputPrompt, .reveal .slides .jp-OutputPrompt { display: none; }   /* In [3]: is noise */
.reveal .slides section .jp-Cell { padding: 2px 0; }
.reveal .slides .jp-RenderedImage img { max-width: none; margin: 0; border: 0; box-shadow: none; }
/* A fragment appears at once: no fade for the room to wait for, and a measurement sees its final state. */
.reveal .slides section .fragment { transition: none; }
.reveal .progress { height: 6px; }
.reveal .slide-number { background-color: #333333; color: #FFFFFF; font-size: 14px; }   /* 12.6:1; the default grey is 2.8:1 */
/* JupyterLab's code colours that fall short of 4.5:1 on a code cell's grey (#f5f5f5), each darkened just
   enough (comments were 4.17:1, operators 4.4:1, numbers 4.26:1); the others already pass. */
.reveal { --jp-mirror-editor-atom-color: #6565bf; --jp-mirror-editor-bracket-color: #6f6f56;
          --jp-mirror-editor-comment-color: #3c7878; --jp-mirror-editor-error-color: #e00000;
          --jp-mirror-editor-hr-color: #6f6f6f; --jp-mirror-editor-meta-color: #a420f7;
          --jp-mirror-editor-number-color: #008100; --jp-mirror-editor-operator-color: #a420f7;
          --jp-mirror-editor-quote-color: #008000; }
/* a link in a sentence is underlined, not told apart by its colour alone (WCAG 1.4.1) */
.reveal .slides section a { text-decoration: underline; }
.live-widget-note { border-left: 6px solid #0072B2; padding: 0.4em 0.8em; background: #eef5fb; }
</style>
{%- endblock html_head_js_mathjax -%}

{#- A figure's alt text (puzzlelib.draw.describe) is in its PNG's metadata: put it on the <img>. -#}
{% block data_png scoped %}
{%- set alt = output | get_metadata('alt', 'image/png') -%}
{%- if alt -%}{{ super() | replace('<img ', '<img alt="' ~ (alt | escape_html) ~ '" ', 1) }}
{%- else -%}{{ super() }}{%- endif -%}
{% endblock data_png %}

{% block footer_js %}
<script src="reveal.js/js/reveal.js"></script>
<script src="reveal.js/plugin/notes/notes.js"></script>
<script>
Reveal.initialize({
    controls: true, progress: true, history: true, center: false,
    transition: "none", slideNumber: "c/t",
    width: __WIDTH__, height: __HEIGHT__, margin: __MARGIN__
});
// S opens the speaker view (the notes, this slide and the next). The reveal.js that rise ships binds it
// to T only, because S saves a notebook in Jupyter; a static deck has nothing to save.
Reveal.addKeyBinding({keyCode: 83, key: 'S', description: 'Speaker view: notes, this slide and the next'},
                     function () { RevealNotes.open(); });
// MathJax typesets hidden slides with zero sizes: typeset the slide again when it is shown.
Reveal.addEventListener('slidechanged', function (event) {
    if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(["Rerender", MathJax.Hub, event.currentSlide]); }
});
</script>
{% endblock footer_js %}
"""
for _key, _value in {"__MATHJAX_CONFIG__": MATHJAX_CONFIG, "__WIDTH__": WIDTH, "__HEIGHT__": HEIGHT,
                     "__MARGIN__": MARGIN, "__BODY__": BODY_PX, "__CODE__": CODE_PX}.items():
    TEMPLATE = TEMPLATE.replace(_key, str(_value))

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
    for part in ("LICENSE", "package.json", "css", "js", "lib/font", "plugin/notes", "plugin/markdown/marked.js"):
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


def png_width(data: str) -> int:
    """The width in pixels of a base64 PNG (from its IHDR chunk)."""
    head = base64.b64decode(data[:64])
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">I", head[16:20])[0]


def size_figures(cell) -> None:
    """Draw a cell's figures at ``metadata.slides.figure_scale`` (0 < scale <= 1) of their size, if set.

    A figure too big for its slide gets its own size there; the notebook and the site keep the
    full size. The browser test still measures the figure's text on screen, so a scale that makes
    the text too small to read fails there.
    """
    scale = cell.metadata.get("slides", {}).get("figure_scale")
    if scale is None:
        return
    if not isinstance(scale, (int, float)) or not 0 < scale <= 1:
        raise SystemExit(f"build_slides: slides.figure_scale must be a number in (0, 1], found {scale!r}")
    for output in cell.get("outputs", []):
        data = output.get("data", {}).get("image/png")
        if data:
            meta = output.setdefault("metadata", {}).setdefault("image/png", {})
            meta["width"] = round(png_width(data) * scale)


def progress_bar(output, state: dict) -> bool:
    """Is ``output`` the view of a progress bar (tqdm's, for a cell tagged ``long``)? Nothing to show on a slide."""
    view = output.get("data", {}).get(WIDGET_VIEW)
    return bool(view) and any(model.get("model_name") in PROGRESS_MODELS
                              for model in descendants(state, view.get("model_id")))


def prepare(nb) -> int:
    """Fill in missing slide types, drop widget state, drop progress bars and replace the other widget views
    with a note; return the cells filled in."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    filled, previous = 0, None
    for cell in nb.cells:
        show = cell.metadata["slideshow"] = nbformat.from_dict(dict(cell.metadata.get("slideshow", {})))
        if show.get("slide_type") is None:
            show["slide_type"] = slide_type(cell, previous)
            filled += 1
        if show["slide_type"] != "skip":
            previous = cell
        if cell.get("outputs"):
            cell.outputs = [o for o in cell.outputs if not progress_bar(o, state)]
        outputs = cell.get("outputs", [])
        if any("image/png" in o.get("data", {}) for o in outputs):
            # On a slide the figure is the point; its drawing code stays in the notebook and on the site.
            cell.metadata["transient"] = {"remove_source": True}
            size_figures(cell)
        elif "hide-input" in cell.metadata.get("tags", []) and outputs:
            # folded evidence (scripts/tag_slides.py, evidence()): its table without its code
            cell.metadata["transient"] = {"remove_source": True}
        for output in outputs:
            if output.get("metadata", {}).get("image/png", {}).get("alt"):
                output["data"].pop("text/html", None)    # the PNG itself, with its alt, as every figure is shown
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
    """Write the deck of one executed notebook; return (deck, seconds, number of slides).

    The executed copy comes from scripts/executed.py (run now, or found in build/executed/): its
    figure probe drew every figure at SLIDE_DPI and recorded its smallest text in the PNG, so the
    browser test can read the figure's text size on screen.
    """
    start = time.perf_counter()
    nb = executed.executed(path, timeout=900)
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
<p>Keys: <kbd>Space</kbd> next slide, every one in order (<kbd>Shift</kbd>+<kbd>Space</kbd> back);
<kbd>&darr;</kbd> <kbd>&uarr;</kbd> the slides stacked below a section; <kbd>&rarr;</kbd> <kbd>&larr;</kbd> jump to the
next or previous section, past the slides below the current one; <kbd>Esc</kbd> overview, <kbd>F</kbd> full
screen, <kbd>S</kbd> speaker view.
Every slide fits the screen; the explanations are in the speaker notes (<kbd>S</kbd> opens them beside
the current and the next slide). Checks and solutions are left out. The appendix (09, every claim checked)
is reference, not a lecture: read it on the site (<code>make html</code>) or in JupyterLab.</p>
<p>The widgets (the puzzle player, the BFS explorer) need a kernel: present them live from JupyterLab
(<code>make lab</code>, open the notebook, then the slideshow button of its toolbar, or
<i>View &gt; Render as Reveal Slideshow</i>, <kbd>Alt</kbd>+<kbd>R</kbd>).</p>
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
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: the lessons, notebooks/NN_*.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "slides")
    args = parser.parse_args(argv)
    paths = args.notebooks or [p for p in lessons() if is_deck(p)]
    if not paths:
        print("build_slides: no notebooks")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for path in lessons():
        stale = args.out / f"{path.stem}.slides.html"
        if not is_deck(path) and stale.exists():      # left by an older build: it is no deck now
            stale.unlink()
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
