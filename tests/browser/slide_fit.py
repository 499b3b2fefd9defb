"""Measure every slide and every fragment state of a reveal.js deck against the screen.

Used by tests/browser/test_slides_browser.py, and on its own while designing a deck:

    .venv/bin/python -m tests.browser.slide_fit build/slides/03_solvability.slides.html [--size 1024x768]

For each step (a slide, then each of its fragments shown one more at a time) it records:

* the box of the slide (``.reveal .slides``, as reveal.js scaled it to the window) and the union of
  the boxes of everything the step shows; a step overflows when that union reaches outside the
  slide's box or the window by more than a pixel;
* the smallest text on screen, in screen pixels: body text and code (``pre``/``code``) apart. A
  text's on-screen size is its computed font size times the slide's scale (the slide's on-screen
  width over its width in slide units);
* every figure (``img``): its on-screen size and, from the ``SlideText`` record the slide build
  writes into each PNG (the smallest drawn text, in points, and the dots per inch it was drawn at),
  the on-screen size of its smallest text.

Nothing here scrolls or hides anything: a slide is measured as the room sees it.
"""

from __future__ import annotations

import argparse
import functools
import base64
import struct
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

SIZES = ((1024, 768), (1280, 720))   # the projector screens a slide must fit
BODY_PX, CODE_PX = 18, 16            # the smallest text on screen: body text, and code or figure text
TIMEOUT = 60_000                      # ms
# True once MathJax has typeset and two frames are drawn; false if that takes over 20 s (page.evaluate
# has no time limit of its own, so a promise that never settled would hang the run).
# Two frames after MathJax's queue is empty. A call through MathJax.Hub.Queue costs about 0.2 s even when
# nothing waits in it, so the queue is only joined while it has work (pending or running).
SETTLED = """() => new Promise(done => {
    setTimeout(() => done(false), 20000);
    const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
    const queue = window.MathJax && MathJax.Hub && MathJax.Hub.queue;
    if (queue && (queue.pending || queue.running)) MathJax.Hub.Queue(frames); else frames(); })"""

# One step as the room sees it. `notes` are the speaker notes (not on screen) and are left out.
_MEASURE = r"""() => {
  const slides = document.querySelector('.reveal .slides');
  const box = slides.getBoundingClientRect();
  const scale = box.width / Reveal.getConfig().width;
  const section = Reveal.getCurrentSlide();
  const shown = el => { for (let e = el; e && e !== section.parentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false; }
    return true; };
  let top = Infinity, left = Infinity, bottom = -Infinity, right = -Infinity;
  // a box with no width or no height shows nothing (MathJax's struts are 0 px wide and 4em tall)
  const grow = r => { if (r.width === 0 || r.height === 0) return;
    top = Math.min(top, r.top); left = Math.min(left, r.left);
    bottom = Math.max(bottom, r.bottom); right = Math.max(right, r.right); };
  for (const el of section.querySelectorAll('*')) {
    if (el.closest('aside.notes') || !shown(el)) continue;
    // a formula counts by its own box: MathJax positions struts and clipped spans far outside it
    if (el.parentElement && el.parentElement.closest('.MathJax')) continue;
    grow(el.getBoundingClientRect());
  }
  let body = Infinity, code = Infinity, bodyText = '', codeText = '';
  const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement, text = n.textContent.trim();
    if (!text || !el || el.closest('aside.notes') || !shown(el)) continue;
    const math = el.closest('.MathJax, .MathJax_Display, .MathJax_Preview, script');
    if (math) continue;                       // maths is measured by its container below
    const px = parseFloat(getComputedStyle(el).fontSize) * scale;
    if (el.closest('pre, code, .highlight')) { if (px < code) { code = px; codeText = text.slice(0, 40); } }
    else if (px < body) { body = px; bodyText = text.slice(0, 40); }
  }
  for (const m of section.querySelectorAll('.MathJax, .MathJax_Display')) {
    if (!shown(m)) continue;
    const px = parseFloat(getComputedStyle(m).fontSize) * scale;
    if (px < body) { body = px; bodyText = m.textContent.trim().slice(0, 40); }
  }
  const figures = [...section.querySelectorAll('img')].filter(shown).map(img => {
    const r = img.getBoundingClientRect();
    return {src: img.getAttribute('src') || '', width: r.width, height: r.height, natural: img.naturalWidth,
            alt: img.getAttribute('alt') || ''};
  });
  const lead = [...section.querySelectorAll('h1, h2, h3, h4, p, li, pre')].find(e => !e.closest('aside.notes'));
  const first = (lead ? lead.innerText : section.innerText).trim().slice(0, 60);
  return {indices: Reveal.getIndices(), box: {top: box.top, left: box.left, bottom: box.bottom, right: box.right},
          content: {top, left, bottom, right}, window: {width: innerWidth, height: innerHeight},
          scale, body, bodyText, code, codeText, figures, first,
          notes: (section.querySelector('aside.notes') || {textContent: ''}).textContent.trim()};
}"""

# Every (h, v) of the deck with its number of fragments.
STEPS = r"""() => {
  const out = [];
  document.querySelectorAll('.reveal .slides > section').forEach((top, h) => {
    const stack = top.querySelectorAll(':scope > section');
    const list = stack.length ? [...stack] : [top];
    list.forEach((s, v) => out.push([h, v, s.querySelectorAll('.fragment').length]));
  });
  return out;
}"""


@functools.lru_cache(maxsize=512)
def png_text_record(src: str) -> dict[str, float] | None:
    """The ``SlideText`` record (smallest text in points, dots per inch) of a data-URL PNG, or None."""
    if not src.startswith("data:image/png;base64,"):
        return None
    data = base64.b64decode(src.split(",", 1)[1])
    pos = 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind in (b"tEXt", b"zTXt", b"iTXt"):
            key, _, value = chunk.partition(b"\0")
            if key == b"SlideText":
                if kind == b"zTXt":
                    value = zlib.decompress(value[1:])
                elif kind == b"iTXt":
                    value = value.split(b"\0", 3)[-1][1:] if value.count(b"\0") >= 3 else value
                fields = dict(part.split("=") for part in value.decode().split())
                return {k: float(v) for k, v in fields.items()}
        pos += 12 + length
    return None


@dataclass
class Step:
    deck: str
    h: int
    v: int
    fragment: int                        # -1: before any fragment is shown
    first: str                           # the slide's first words
    overflow: dict[str, float]           # side -> screen pixels past the slide's box (empty when it fits)
    body: float                          # smallest body text on screen, px (inf if none)
    body_text: str
    code: float
    code_text: str
    figure_text: float                   # smallest figure text on screen, px (inf if no figure)
    unreadable_figures: list[str] = field(default_factory=list)   # figures with no SlideText record
    notes: str = ""
    bottom_fraction: float = 0.0         # the content's lowest point, as a fraction of the slide's height

    @property
    def where(self) -> str:
        frag = "" if self.fragment < 0 else f", fragment {self.fragment + 1}"
        return f"{self.deck} slide {self.h + 1}.{self.v + 1}{frag} ({self.first!r})"


def _step(page, deck: str, h: int, v: int, f: int, m: dict | None = None) -> Step:
    m = page.evaluate(_MEASURE) if m is None else m
    box, content, win = m["box"], m["content"], m["window"]
    over = {}
    if content["bottom"] != float("-inf"):
        for side, past in (("bottom", content["bottom"] - min(box["bottom"], win["height"])),
                           ("right", content["right"] - min(box["right"], win["width"])),
                           ("top", max(box["top"], 0) - content["top"]),
                           ("left", max(box["left"], 0) - content["left"])):
            if past > 1:
                over[side] = round(past, 1)
    figure_text, unreadable = float("inf"), []
    for fig in m["figures"]:
        record = png_text_record(fig["src"])
        if record is None or not fig["natural"]:
            unreadable.append(f"{fig['alt'][:40]!r} {fig['width']:.0f}x{fig['height']:.0f}")
            continue
        px = record["pt"] * record["dpi"] / 72 * fig["width"] / fig["natural"]
        figure_text = min(figure_text, px)
    height = box["bottom"] - box["top"]
    frac = (content["bottom"] - box["top"]) / height if content["bottom"] != float("-inf") else 0.0
    return Step(deck, h, v, f, m["first"], over, m["body"], m["bodyText"], m["code"], m["codeText"],
                figure_text, unreadable, m["notes"], frac)


def open_deck(page, deck: Path) -> None:
    """Open a deck from disk with every non-local request aborted; wait for reveal.js and MathJax."""
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(("file:", "data:", "about:", "blob:"))
               else r.abort())
    page.goto(deck.resolve().as_uri(), timeout=TIMEOUT)
    page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=TIMEOUT)
    page.wait_for_function("""() => !window.MathJax || (MathJax.Hub && MathJax.Hub.queue
        && MathJax.Hub.queue.pending === 0 && !MathJax.Hub.queue.running)""", timeout=TIMEOUT)


def measure(page, deck: Path, shots: Path | None = None) -> list[Step]:
    """Step through every slide and fragment of ``deck`` (already open in ``page``); one Step each.

    With ``shots``, also save a screenshot of each slide there (its last fragment state).
    """
    steps = []
    for h, v, fragments in page.evaluate(STEPS):
        for f in range(-1, fragments):
            page.evaluate("([h, v, f]) => Reveal.slide(h, v, f)", [h, v, f])
            assert page.evaluate(SETTLED), f"{deck.name} slide {h + 1}.{v + 1}: MathJax or drawing never settled"
            steps.append(_step(page, deck.name.split(".")[0], h, v, f))
        if shots is not None:
            size = page.viewport_size
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{deck.name.split('.')[0]}_{size['width']}x{size['height']}"
                                             f"_{h + 1:02d}_{v + 1}.png"))
    return steps


FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


ALL_SLIDES = """on => {
    // For axe-core, every slide at once: reveal.js shows one slide and keeps the others in the page, hidden
    // or transparent at the same place, where axe could neither see them nor tell a text's background. Here
    // every slide (and every fragment) is laid out one below the other, visible, without reveal.js's
    // transforms, and the speaker notes stay hidden, as on screen. reveal.js's background layer goes too:
    // it is plain (checked here: the classes of any layer that is not are returned, and nothing changes),
    // so the colour behind each text is the page's, as on screen. The colours and fonts are the slides'
    // own: only position and visibility change, which is all a contrast or a name depends on.
    const id = 'axe-all-slides';
    const plain = ['rgba(0, 0, 0, 0)', getComputedStyle(document.body).backgroundColor];
    const odd = [...document.querySelectorAll('.reveal .backgrounds *')].filter(e => {
        const c = getComputedStyle(e);
        return !plain.includes(c.backgroundColor) || c.backgroundImage !== 'none'; }).map(e => e.className);
    if (odd.length || !on) { document.getElementById(id)?.remove(); return {odd, slides: 0}; }
    const style = document.createElement('style');
    style.id = id;
    style.textContent = `
      .reveal .backgrounds, .reveal .controls, .reveal .progress, .reveal .slide-number { display: none !important; }
      html, body, .reveal, .reveal .slides, .reveal .slides section { position: static !important;
        transform: none !important; display: block !important; opacity: 1 !important; visibility: visible !important;
        height: auto !important; overflow: visible !important; top: auto !important; left: auto !important; }
      .reveal .slides section aside.notes { display: none !important; }
      .reveal .slides .fragment { opacity: 1 !important; visibility: visible !important; }`;
    document.head.appendChild(style);
    // reveal.js marks the slides not shown as hidden from assistive technology; here they are all shown
    for (const s of document.querySelectorAll('.reveal .slides section')) {
        s.removeAttribute('hidden'); s.removeAttribute('aria-hidden'); }
    const leaves = [...document.querySelectorAll('.reveal .slides section')].filter(s => !s.querySelector('section'));
    return {odd, slides: leaves.length};
}"""


def axe_on_all_slides(page) -> tuple[list[dict], int]:
    """axe-core's WCAG A/AA violations on every slide of the open deck at once, and how many slides it saw.

    The deck is laid out for the check (:data:`ALL_SLIDES`): every slide and fragment visible, one below the
    other, so that axe judges each text's contrast against the colour really behind it. One run a deck
    instead of one a slide (0.3 s each): the same rules on the same elements. Leaves the page laid out so;
    open the deck again to present it.
    """
    from .conftest import axe_violations

    laid = page.evaluate(ALL_SLIDES, True)
    assert not laid["odd"], f"a slide background that is not plain, so hiding it would change the contrast: {laid['odd']}"
    return axe_violations(page, ".reveal .slides"), laid["slides"]


def measure_sizes(page, deck: Path, sizes) -> dict:
    """Like :func:`measure`, at each of ``sizes`` ((width, height) pairs): ``{size: [Step, ...]}``.

    Each step is shown once and measured at every size in turn (the page is resized, reveal.js lays the
    slide out again, two frames are drawn): a slide change makes MathJax render the slide again, which
    costs about 0.2 s, so this takes half the time of one pass per size.
    """
    found = {size: [] for size in sizes}
    first = tuple(sizes[0])
    page.set_viewport_size({"width": first[0], "height": first[1]})
    for h, v, fragments in page.evaluate(STEPS):
        for f in range(-1, fragments):
            page.evaluate("([h, v, f]) => Reveal.slide(h, v, f)", [h, v, f])
            assert page.evaluate(SETTLED), f"{deck.name} slide {h + 1}.{v + 1}: MathJax or drawing never settled"
            for i, (w, ht) in enumerate(sizes):
                if i:
                    page.set_viewport_size({"width": w, "height": ht})
                    page.evaluate(FRAMES)
                found[(w, ht)].append(_step(page, deck.name.split(".")[0], h, v, f))
            if len(sizes) > 1:
                page.set_viewport_size({"width": first[0], "height": first[1]})
                page.evaluate(FRAMES)
    return found


def problems(steps: list[Step]) -> list[str]:
    """What a lecturer would see wrong: overflow, small text, figures whose text can't be read."""
    out = []
    for s in steps:
        if s.overflow:
            out.append(f"{s.where}: overflows the slide by {s.overflow} px")
        if s.body < BODY_PX - 0.05:
            out.append(f"{s.where}: body text {s.body:.1f} px on screen ({s.body_text!r}), under {BODY_PX} px")
        if s.code < CODE_PX - 0.05:
            out.append(f"{s.where}: code {s.code:.1f} px on screen ({s.code_text!r}), under {CODE_PX} px")
        if s.figure_text < CODE_PX - 0.05:
            out.append(f"{s.where}: figure text {s.figure_text:.1f} px on screen, under {CODE_PX} px")
        for fig in s.unreadable_figures:
            out.append(f"{s.where}: a figure with no SlideText record, its text sizes can't be read: {fig}")
    return out


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from .conftest import CHROMIUM

    parser = argparse.ArgumentParser(description="Measure reveal.js decks against the screen.")
    parser.add_argument("decks", nargs="+", type=Path)
    parser.add_argument("--size", action="append", help="WxH, default both 1024x768 and 1280x720")
    parser.add_argument("--all", action="store_true", help="print every step, not only the problems")
    parser.add_argument("--shots", type=Path, help="save a screenshot of every slide in this folder")
    args = parser.parse_args(argv)
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.size] if args.size else SIZES
    bad = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox",
                                    "--disable-gpu", "--disable-background-networking"])
        for w, h in sizes:
            for deck in args.decks:
                page = browser.new_page(viewport={"width": w, "height": h})
                open_deck(page, deck)
                steps = measure(page, deck, args.shots)
                page.close()
                found = problems(steps)
                bad += len(found)
                slides = len({(s.h, s.v) for s in steps})
                tallest = max(s.bottom_fraction for s in steps)
                print(f"{w}x{h} {deck.name}: {slides} slides, {len(steps)} steps, "
                      f"{len({(s.h, s.v) for s in steps if s.overflow})} overflow, tallest {tallest:.2f} of the "
                      f"slide, smallest body {min(s.body for s in steps):.1f} px, code "
                      f"{min(s.code for s in steps):.1f} px, figure text {min(s.figure_text for s in steps):.1f} px")
                for line in (f"  {s.where}: bottom {s.bottom_fraction:.2f}, over {s.overflow}" for s in steps) \
                        if args.all else ():
                    print(line)
                for line in found:
                    print("  " + line)
        browser.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
