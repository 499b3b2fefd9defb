"""The site of `make html` in a real browser, with the network cut off.

The site is built once for this module with scripts/build_html.py (the notebooks are executed, as by
`make html`) into build/html/, unless a build there is newer than every notebook and every file it is
made from and this is not CI (CI=true always builds). It is served by a local http.server thread.
Every request that is not to that server (or a data: / file: URL) is aborted and recorded, and the
tests fail if there was any. Screenshots at 1280 x 720 go to build/screenshots/index.png and
page.png.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
from urllib.parse import urldefrag

import pytest

from .conftest import CHROMIUM, ENABLE, ROOT, SCREENSHOTS, axe_report, axe_violations, lessons, poor_alt

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")
pytest.importorskip("sphinx", reason="site tests skipped: sphinx is not installed (make setup installs it)")

SITE = ROOT / "build" / "html"
SOURCES = [*lessons(ROOT / "notebooks"), *(ROOT / "site").rglob("*"), ROOT / "scripts" / "build_html.py",
           ROOT / "docs" / "player.png"]
MATH_PAGE = "03_solvability.html"
LIVE_NOTE = "the live player needs a running kernel: run make app"
TIMEOUT = 60_000  # ms
NARROW_AXE = ("index.html", "06_play.html")   # checked by axe-core at 1024 x 768 too


def fresh() -> bool:
    stamp = SITE / ".buildinfo"
    if os.environ.get("CI") or not stamp.exists():
        return False
    return stamp.stat().st_mtime > max(p.stat().st_mtime for p in SOURCES if p.is_file())


@pytest.fixture(scope="module")
def site():
    if not fresh():
        done = subprocess.run([sys.executable, "scripts/build_html.py", "notebooks", str(SITE)], cwd=ROOT,
                              capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, f"make html failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return SITE


class Handler(http.server.SimpleHTTPRequestHandler):
    failures: list[str] = []

    def log_message(self, *args) -> None:  # quiet
        pass

    def send_error(self, code, message=None, explain=None):
        if self.path != "/favicon.ico":  # the browser asks for it by itself; no page links to it
            Handler.failures.append(f"{code} {self.path}")
        super().send_error(code, message, explain)


@pytest.fixture(scope="module")
def server(site):
    Handler.failures = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def offline(browser, server):
    """A browser context at 1280 x 720 where only the local server answers; `.outside` lists the rest."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    outside: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith((server + "/", "file:", "data:")):
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    context.route("**/*", route)
    context.outside = outside
    yield context
    context.close()


def wait_for_page(page) -> None:
    """Wait for every image and, where the page has maths, for MathJax to finish typesetting."""
    page.wait_for_function("() => [...document.images].every(i => i.complete)", timeout=TIMEOUT)
    if page.locator(".math.notranslate").count():
        page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue && "
                               "MathJax.Hub.queue.pending === 0 && !MathJax.Hub.queue.running && "
                               "document.querySelectorAll('.MathJax, .MathJax_Display').length > 0",
                               timeout=TIMEOUT)


@pytest.fixture(scope="module")
def crawl(offline, server):
    """Visit every page reachable from the index; return what was found on each."""
    page = offline.new_page()
    todo, seen, found = [server + "/index.html"], set(), {}
    while todo:
        url = todo.pop(0)
        if url in seen:
            continue
        seen.add(url)
        response = page.goto(url, timeout=TIMEOUT)
        status = response.status if response else None
        if status != 200 or not url.endswith(".html"):
            found[url] = {"status": status}
            continue
        wait_for_page(page)
        info = page.evaluate("""() => ({
            links: [...document.querySelectorAll('a[href]')].map(a => a.href),
            ids: [...document.querySelectorAll('[id]')].map(e => e.id),
            images: [...document.images].map(i => ({src: i.src.slice(0, 80), w: i.naturalWidth,
                                                     alt: i.getAttribute('alt')})),
            maths: document.querySelectorAll('.math.notranslate').length,
            untypeset: [...document.querySelectorAll('.math.notranslate')]
                .filter(m => !m.querySelector('.MathJax, .MathJax_Display')).map(m => m.textContent.slice(0, 60)),
            errors: document.querySelectorAll('.MathJax_Error, .merror').length,
            unspoken: [...document.querySelectorAll('.MathJax')]
                .filter(m => !m.querySelector('.MJX_Assistive_MathML math')).length,
            text: document.body.innerText,
            prev: !!document.querySelector('a.prev-page'), next: !!document.querySelector('a.next-page'),
        })""")
        info["status"] = status
        # axe-core, WCAG 2.0/2.1 A and AA, at the projector's 1280 x 720 (this context) on every page; at
        # 1024 x 768, where furo folds its side bars into drawers, on one page of each template (the index
        # and a lesson: the folded bars are the same markup on every page, and a lesson's own content is
        # the same at either width)
        info["axe"] = {"1280x720": axe_violations(page)}
        if url.rsplit("/", 1)[1] in NARROW_AXE:
            page.set_viewport_size({"width": 1024, "height": 768})
            info["axe"]["1024x768"] = axe_violations(page)
            page.set_viewport_size({"width": 1280, "height": 720})
        found[url] = info
        for link in info["links"]:
            target, _ = urldefrag(link)
            if target.startswith(server + "/") and target not in seen:
                todo.append(target)
    page.close()
    return found


def test_every_internal_link_resolves(crawl, server, offline):
    pages = {url: info for url, info in crawl.items() if url.endswith(".html")}
    names = {url.rsplit("/", 1)[1] for url in pages}
    for n in range(10):
        assert any(name.startswith(f"{n:02d}_") for name in names), f"no page for notebook {n:02d} in {names}"
    broken = [f"{url}: {info['status']}" for url, info in crawl.items() if info["status"] != 200]
    assert not broken, f"broken internal links: {broken}"
    ipynb = [f"{page} -> {link}" for page, info in pages.items() for link in info["links"]
             if link.startswith(server) and urldefrag(link)[0].endswith(".ipynb")]
    assert not ipynb, f"links to .ipynb files, not to pages: {ipynb}"
    anchors = [f"{page} -> {link}" for page, info in pages.items() for link in info["links"]
               if link.startswith(server) and "#" in link and urldefrag(link)[1]
               and urldefrag(link)[1] not in crawl.get(urldefrag(link)[0], {}).get("ids", [])]
    assert not anchors, f"links to anchors that do not exist: {anchors}"
    assert not Handler.failures, f"the server answered with errors: {Handler.failures}"
    assert not offline.outside, f"requests that would have left the machine: {offline.outside}"


def test_every_page_has_previous_or_next_and_every_image_loads(crawl):
    for url, info in crawl.items():
        if not url.endswith(".html"):
            continue
        name = url.rsplit("/", 1)[1]
        if re.match(r"\d\d_", name):
            n = int(name[:2])
            assert info["prev"], f"{name} has no link to the previous page"
            assert info["next"] or n == 9, f"{name} has no link to the next page"
        elif name == "index.html":
            assert info["next"], "the index has no link to the first notebook"
        broken = [img["src"] for img in info["images"] if img["w"] == 0]
        assert not broken, f"{name}: images that did not load: {broken}"
        if name.startswith(("00_", "03_", "04_", "05_")):          # lessons with several figures each
            figures = [img for img in info["images"] if "_images/" in img["src"] or img["src"].startswith("data:")]
            assert len(figures) >= 3, f"{name} shows {len(figures)} figures: were they drawn when it ran?"


def test_every_image_says_what_it_shows(crawl):
    """An alt text a reader would write: not empty, not a file name, not "figure" (WCAG 1.1.1)."""
    poor = [f"{url.rsplit('/', 1)[1]}: {why}" for url, info in crawl.items() if url.endswith(".html")
            for img in info["images"] if (why := poor_alt(img["alt"]))]
    assert not poor, f"{len(poor)} images without a real alt text:\n" + "\n".join(poor[:20])


def test_axe_finds_no_wcag_violation_on_any_page(crawl):
    """axe-core with the WCAG 2.0/2.1 A and AA rules on every page of the site at 1280 x 720, and on a page
    of each template at 1024 x 768 too (furo's folded side bars). No rule is skipped: every page is ours
    (furo's and Sphinx's markup included)."""
    pages = [url for url in crawl if url.endswith(".html")]
    assert len(pages) >= 12, f"only {len(pages)} pages were checked"
    narrow = sorted(url.rsplit("/", 1)[1] for url in pages if "1024x768" in crawl[url]["axe"])
    assert narrow == sorted(NARROW_AXE), f"checked at 1024 x 768: {narrow}"
    report = [axe_report(found, f"{url.rsplit('/', 1)[1]} at {size}: ")
              for url in pages for size, found in crawl[url]["axe"].items() if found]
    assert not report, "axe-core found WCAG violations:\n" + "\n".join(report)


def test_maths_is_typeset_everywhere(crawl):
    with_maths = [url for url, info in crawl.items() if info.get("maths")]
    assert any(url.endswith(MATH_PAGE) for url in with_maths), f"no maths found on {MATH_PAGE}"
    for url in with_maths:
        info = crawl[url]
        assert not info["untypeset"], f"{url}: maths not typeset: {info['untypeset'][:5]}"
        assert not info["errors"] and "Math Processing Error" not in info["text"], f"{url}: MathJax errors"
        assert not info["unspoken"], f"{url}: {info['unspoken']} formulas without MathML for screen readers"
        raw = re.findall(r"\$[^$\n]{1,80}\$|\\\(|\\\[", info["text"])
        assert not raw, f"{url}: raw TeX left in the visible text: {raw[:5]}"


def test_widgets_become_a_picture_with_the_note(offline, server):
    page = offline.new_page()
    page.goto(f"{server}/06_play.html", timeout=TIMEOUT)
    wait_for_page(page)
    figures = page.locator("figure.widget-static")
    assert figures.count() >= 2
    for i in range(figures.count()):
        figure = figures.nth(i)
        assert LIVE_NOTE in figure.inner_text()
        assert figure.evaluate("f => [...f.querySelectorAll('img')].every(i => i.naturalWidth > 0) "
                               "&& f.querySelectorAll('img').length > 0")
    assert page.locator("script[type='application/vnd.jupyter.widget-view+json']").count() == 0
    page.close()


def test_check_and_solution_cells_are_folded(offline, server):
    page = offline.new_page()
    page.goto(f"{server}/09_claims_checked.html", timeout=TIMEOUT)
    hidden = page.locator("details.hide.above-input")
    assert hidden.count() > 0, "no folded check cells on the claims page"
    assert not page.evaluate("() => [...document.querySelectorAll('details')].some(d => d.open)")
    code = hidden.first.locator("pre")
    assert not code.is_visible(), "a check cell's code is shown open"
    page.goto(f"{server}/02_breadth_first_search.html", timeout=TIMEOUT)
    solutions = page.locator("details:has(summary:text-is('Solution'))")
    assert solutions.count() > 0, "no folded solutions on page 02"
    assert not page.evaluate("() => [...document.querySelectorAll('details')].some(d => d.open)")
    page.close()


def test_screenshots(offline, server):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = offline.new_page()
    page.goto(f"{server}/index.html", timeout=TIMEOUT)
    wait_for_page(page)
    page.screenshot(path=str(SCREENSHOTS / "index.png"))
    page.goto(f"{server}/{MATH_PAGE}", timeout=TIMEOUT)
    wait_for_page(page)
    page.evaluate("[...document.querySelectorAll('.math.notranslate')].find(m => m.offsetParent)"
                  ".scrollIntoView({block: 'center', behavior: 'instant'})")
    page.screenshot(path=str(SCREENSHOTS / "page.png"))
    page.goto(f"{server}/06_play.html", timeout=TIMEOUT)
    wait_for_page(page)
    page.locator("figure.widget-static").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "page-player.png"))
    assert (SCREENSHOTS / "index.png").stat().st_size > 10_000
    page.close()
    assert not offline.outside, f"requests that would have left the machine: {offline.outside}"


LESSONS = [f"{p.stem}.html" for p in lessons(ROOT / "notebooks", "0[0-8]_*.ipynb")]


def test_code_in_sight_is_at_most_a_fifth_of_each_lesson_page(offline, server, capsys):
    """At 1024 x 768, the code a reader sees (inputs not folded) is at most 20% of the page's height.

    A folded input sits in a closed ``<details>``: Chromium still gives it a box, so it is left out
    by that, not by its size.
    """
    page = offline.new_page()
    page.set_viewport_size({"width": 1024, "height": 768})
    shares = {}
    for name in LESSONS:
        page.goto(f"{server}/{name}", timeout=TIMEOUT)
        wait_for_page(page)
        code, total = page.evaluate("""() => {
            const article = document.querySelector('article') || document.body;
            const code = [...article.querySelectorAll('.cell_input')]
                .filter(e => e.offsetParent !== null && !e.closest('details:not([open])'))
                .reduce((sum, e) => sum + e.getBoundingClientRect().height, 0);
            return [code, article.getBoundingClientRect().height]; }""")
        shares[name] = code / total
    page.close()
    with capsys.disabled():
        print("\ncode input share of each lesson page at 1024 x 768: "
              + ", ".join(f"{n[:2]} {s:.0%}" for n, s in shares.items()))
    assert all(0 < s <= 0.20 for s in shares.values()), shares
