"""`make html` without a browser: the site's configuration, its index, the preparation of the notebooks,
and a real Sphinx build (with site/conf.py and site/index.md) of small stand-in notebooks, a few seconds.

The browser test (tests/browser/test_site_browser.py) builds the real site and clicks through it.
"""

from __future__ import annotations

import sys
import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
SITE = ROOT / "site"
NOTEBOOKS = lessons(ROOT / "notebooks")
LIVE_NOTE = "the live player needs a running kernel: run make app"


def load_build_html():
    spec = importlib.util.spec_from_file_location("build_html", ROOT / "scripts" / "build_html.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_index_lists_every_notebook_in_order_with_the_readme_wording():
    index = (SITE / "index.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[[^\]]+\]\((\d\d_\w+)\.ipynb\) \| (.+?) \|$", index, flags=re.M)
    assert [name for name, _ in rows] == [p.stem for p in NOTEBOOKS]
    readme = dict(re.findall(r"^\| `(\d\d_\w+)` \| (.+?) \|$", (ROOT / "README.md").read_text(encoding="utf-8"),
                             flags=re.M))
    for name, teaches in rows:
        assert readme.get(name) == teaches, f"{name}: the index says {teaches!r}, the README {readme.get(name)!r}"
    toctree = re.search(r"```\{toctree\}(.*?)```", index, flags=re.S).group(1)
    assert re.findall(r"^(\d\d_\w+)$", toctree, flags=re.M) == [p.stem for p in NOTEBOOKS]


def test_config_serves_mathjax_and_everything_else_locally():
    conf = (SITE / "conf.py").read_text(encoding="utf-8")
    assert not re.search(r"https?://|cdn|unpkg|jsdelivr", conf.split('"""', 2)[2]), "a URL in site/conf.py"
    namespace = {"__file__": str(SITE / "conf.py")}
    exec(compile(conf, str(SITE / "conf.py"), "exec"), namespace)  # noqa: S102 (our own config)
    path = namespace["mathjax_path"].split("?")[0]
    assert not re.match(r"\w+:", path) and path.startswith("mathjax/")
    assert (namespace["MATHJAX"] / path.removeprefix("mathjax/")).is_file(), "MathJax.js is not in the wheel"
    assert (namespace["MATHJAX"] / "LICENSE").is_file()
    assert namespace["nb_ipywidgets_js"] == {} and namespace["nb_execution_mode"] == "off"
    assert {"dollarmath", "amsmath"} <= set(namespace["myst_enable_extensions"])


def test_prepare_folds_checks_and_solutions_and_makes_widgets_static():
    build_html = load_build_html()
    nb = nbformat.v4.new_notebook()
    check = nbformat.v4.new_code_cell("assert 1 + 1 == 2", metadata={"tags": ["check"]})
    solution = nbformat.v4.new_markdown_cell("**Four.** Because $2 + 2 = 4$.", metadata={"tags": ["solution"]})
    written = nbformat.v4.new_markdown_cell("<details><summary>Solution</summary>\n\nSix.\n</details>",
                                            metadata={"tags": ["solution"]})
    player = nbformat.v4.new_code_cell("player", outputs=[nbformat.v4.new_output("execute_result", data={
        "text/plain": "PuzzleWidget(children=(...))", build_html.WIDGET_VIEW: {"model_id": "p"}})])
    bar = nbformat.v4.new_code_cell("run()", outputs=[nbformat.v4.new_output("display_data", data={
        "text/plain": "HBox(children=(...))", build_html.WIDGET_VIEW: {"model_id": "h"}})])
    nb.cells = [check, solution, written, player, bar]
    state = {
        "p": {"model_name": "VBoxModel", "state": {"children": []}},
        "h": {"model_name": "HBoxModel", "state": {"children": ["IPY_MODEL_t", "IPY_MODEL_f", "IPY_MODEL_s"]}},
        "t": {"model_name": "HTMLModel", "state": {"value": "building: 100%"}},
        "f": {"model_name": "FloatProgressModel", "state": {"value": 7.0, "max": 7.0}},
        "s": {"model_name": "HTMLModel", "state": {"value": "7/7 [00:01]"}},
    }
    nb.metadata["widgets"] = {build_html.WIDGET_STATE: {"state": state}}
    assert build_html.prepare(nb) == 2
    assert nb.cells[0].metadata.tags == ["check", "hide-input"]
    assert nb.cells[1].source.startswith("<details") and "$2 + 2 = 4$" in nb.cells[1].source
    assert nb.cells[1].source.rstrip().endswith("</details>")
    assert nb.cells[2].source.count("<details") == 1
    html = nb.cells[3].outputs[0].data["text/html"]
    assert "_static/player.png" in html and LIVE_NOTE in html and build_html.WIDGET_VIEW not in nb.cells[3].outputs[0].data
    progress = nb.cells[4].outputs[0].data["text/html"]
    assert '<progress value="7.0" max="7.0">' in progress and "building: 100%" in progress and "7/7" in progress
    assert "widgets" not in nb.metadata


@pytest.fixture(scope="module")
def small_site(tmp_path_factory):
    """site/index.md and site/conf.py built by Sphinx over ten small executed stand-in notebooks."""
    pytest.importorskip("sphinx", reason="sphinx is not installed (make setup installs the site extra)")
    from sphinx.cmd.build import build_main

    build_html = load_build_html()
    src, out = tmp_path_factory.mktemp("src"), tmp_path_factory.mktemp("site") / "html"
    build_html.copy_pages(src)                  # the index and the lecturer's guide, as make html does
    names = [p.stem for p in NOTEBOOKS]
    for i, name in enumerate(names):
        nb = nbformat.v4.new_notebook(metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}})
        following = names[(i + 1) % len(names)]
        nb.cells = [
            nbformat.v4.new_markdown_cell(f"# {name}\n\nInline $a^{i} + b$ and display\n\n$$\\sum_k k = {i}$$\n\n"
                                          f"[Next: {following}]({following}.ipynb)"),
            nbformat.v4.new_code_cell("assert True", metadata={"tags": ["check"]}),
            nbformat.v4.new_markdown_cell("**Two.**", metadata={"tags": ["solution"]}),
            nbformat.v4.new_code_cell("1 + 1", execution_count=1, outputs=[
                nbformat.v4.new_output("execute_result", data={"text/plain": "2"}, execution_count=1)]),
        ]
        build_html.prepare(nb)
        nbformat.write(nb, src / f"{name}.ipynb")
    code = build_main(["-b", "html", "-c", str(SITE), "-E", "-W", "-q", str(src), str(out)])
    assert code == 0, "Sphinx failed (warnings count as errors)"
    return out


def test_small_site_is_offline_with_prev_next_and_html_links(small_site):
    pages = sorted(small_site.glob("*.html"))
    assert {p.stem for p in pages} >= {"index", *(p.stem for p in NOTEBOOKS)}
    for page in pages:
        text = page.read_text(encoding="utf-8")
        remote = re.findall(r"<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=\"((?:https?:)?//[^\"]+)\"", text)
        assert not remote, f"{page.name} loads {remote}"
        assert ".ipynb" not in " ".join(re.findall(r'href="([^"]+)"', text)), f"{page.name} links to an .ipynb"
        if page.stem in {p.stem for p in NOTEBOOKS}:
            n = int(page.stem[:2])
            assert 'class="prev-page"' in text, f"{page.name} has no previous link"
            assert 'class="next-page"' in text or n == len(NOTEBOOKS) - 1, f"{page.name} has no next link"
            following = NOTEBOOKS[(n + 1) % len(NOTEBOOKS)].stem
            assert f'href="{following}.html"' in text
            assert 'class="math notranslate nohighlight"' in text and "$" not in re.sub(r"<[^>]+>", "", text)
            assert re.search(r'<details class="[^"]*\bhide above-input">', text), "check cells are not folded"
            assert '<details class="solution">' in text and "<details open" not in text
    index = (small_site / "index.html").read_text(encoding="utf-8")
    assert 'class="next-page"' in index
    first = (small_site / f"{NOTEBOOKS[0].stem}.html").read_text(encoding="utf-8")
    assert 'src="_static/mathjax/MathJax.js?config=' in first  # Sphinx loads MathJax only where there is maths
    assert (small_site / "_static" / "mathjax" / "MathJax.js").is_file()
    assert (small_site / "_static" / "player.png").is_file()


def test_make_setup_installs_the_site_extra():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    site = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["site"]
    names = {re.match(r"[\w.-]+", r).group(0).lower() for r in site}
    assert {"sphinx", "myst-nb", "furo", "jupyter-server-mathjax"} <= names
    install = re.search(r"pip install [-\w ]*-e '\.\[([\w,]+)\]'", (ROOT / "Makefile").read_text()).group(1)
    assert "site" in install.split(",")
