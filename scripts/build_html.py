"""`make html`: execute every notebook (timed) and build an offline HTML site with Sphinx + myst-nb.

Usage: python scripts/build_html.py NOTEBOOK_DIR OUTPUT_DIR      (make html: notebooks build/html)

1. Each notebook is executed once, with nbclient in NOTEBOOK_DIR, through scripts/executed.py: the
   slides and the tests read the same executed copy from build/executed/ (it is run again only when
   the notebook or puzzlelib changed). Any error in any cell stops the build with a non-zero exit
   status. The time of each is printed, and the total.
2. The executed copy is prepared for the site, without touching the notebooks themselves:
   cells tagged `check` (assert-only cells backing the prose) get `hide-input`, so they are folded
   away but did run; markdown cells tagged `solution` are folded into <details> unless they already
   are; the views of live widgets (PuzzleWidget, BFSExplorer) become a static picture with the note
   that the live player needs a running kernel (`make app`), and no widget state is kept.
3. The copies go to OUTPUT_DIR's sibling `html-src/` with site/index.md, and Sphinx builds the site
   from there with site/conf.py (see it for the choice of tools), failing on any warning, such as a
   link to a page that does not exist.
"""

from __future__ import annotations

import html
import re
import shutil
import sys
import time
from pathlib import Path

import nbformat
from nbclient.exceptions import CellExecutionError

sys.path.insert(0, str(Path(__file__).resolve().parent))
import executed  # noqa: E402
from lessons import lessons  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
LIVE_NOTE = "the live player needs a running kernel: run make app"
PROGRESS_MODELS = ("FloatProgressModel", "IntProgressModel")
"""The widget models of a progress bar (tqdm's, for instance)."""


def fold_solution(source: str) -> str:
    """A solution cell as a closed <details> block (left alone if the author already wrote one)."""
    if "<details" in source:
        return source
    return f"<details class=\"solution\"><summary>Solution</summary>\n\n{source.strip()}\n\n</details>"


def descendants(state: dict, model_id: str) -> list[dict]:
    """The widget ``model_id`` and every widget inside it (children, depth first), as saved widget state."""
    found, seen = [], set()

    def walk(mid: str) -> None:
        if mid in seen or mid not in state:
            return
        seen.add(mid)
        found.append(state[mid])
        for value in state[mid].get("state", {}).values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                    walk(item[len("IPY_MODEL_"):])

    walk(model_id)
    return found


def static_widget(data: dict, state: dict) -> str:
    """HTML that stands for a widget view in the static site.

    The puzzle player becomes docs/player.png, a widget with images (the BFS explorer) its first
    images, each with the note that the live widget needs a running kernel. A progress bar (tqdm)
    becomes an HTML <progress> at its final value, with its texts.
    """
    name = data.get("text/plain", "widget").split("(", 1)[0].strip() or "widget"
    models = descendants(state, data[WIDGET_VIEW]["model_id"])
    bars = [m["state"] for m in models if m.get("model_name") in PROGRESS_MODELS]
    if bars and name != "PuzzleWidget":
        texts = [m["state"].get("value", "") for m in models if m.get("model_name") == "HTMLModel"]
        bar = bars[0]
        return (f'<div class="widget-progress">{texts[0] if texts else ""} '
                f'<progress value="{bar.get("value", 0)}" max="{bar.get("max", 100)}"></progress> '
                f'{" ".join(texts[1:])}</div>')
    if name == "PuzzleWidget":
        img = ('<img src="_static/player.png" alt="The puzzle player: a 2 x 3 board after a swap, the panel '
               'saying unsolvable, and the state graph with the ring in the other component">')
        what = "A picture of the puzzle player (a 2 x 3 board just after a swap)"
    else:
        images = [buf["data"] for m in models if m.get("model_name") == "ImageModel"
                  and m["state"].get("format", "png") == "png"
                  for buf in m.get("buffers", []) if buf.get("path") == ["value"]]
        img = "".join(f'<img src="data:image/png;base64,{b64}" alt="{html.escape(name)} as first drawn">'
                      for b64 in images)
        # a picture drawn as an HTML <img> (with its alt text) by the widget itself, such as the explorer's chart
        img += "".join(re.findall(r"<img\b[^>]*>", "".join(m["state"].get("value", "") for m in models
                                                              if m.get("model_name") == "HTMLModel")))
        what = f"The {html.escape(name)} as it was first drawn" if img else f"A {html.escape(name)} goes here"
    return (f'<figure class="widget-static">{img}<figcaption>{what}; it does not respond here, because '
            f'{LIVE_NOTE} (or <code>make lab</code>).</figcaption></figure>')


def prepare(nb: nbformat.NotebookNode) -> int:
    """Tags and static widget pictures for the site (in place). Returns the number of widgets replaced."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    replaced = 0
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code" and "check" in tags and "hide-input" not in tags:
            cell.metadata["tags"] = [*tags, "hide-input"]
        if cell.cell_type == "markdown" and "solution" in tags:
            cell.source = fold_solution(cell.source)
        for i, out in enumerate(cell.get("outputs", [])):
            data = out.get("data", {})
            if WIDGET_VIEW in data:
                cell.outputs[i] = nbformat.v4.new_output(
                    "display_data", data={"text/html": static_widget(data, state)})
                replaced += 1
    nb.metadata.pop("widgets", None)
    return replaced


def bring_linked_files(nb: nbformat.NotebookNode, src_dir: Path, site_src: Path) -> None:
    """Links from markdown to repository files outside the notebooks (``../puzzlelib/x.py``) point to a
    copy under ``repo/`` in the site's source, which Sphinx then serves as a download (a file, not a page)."""
    def relink(match: re.Match) -> str:
        target = (src_dir / match.group(2)).resolve()
        if not target.is_file() or ROOT not in target.parents:
            return match.group(0)
        copy = site_src / "repo" / target.relative_to(ROOT)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(target, copy)
        return f"{match.group(1)}repo/{target.relative_to(ROOT).as_posix()})"

    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = re.sub(r"(\]\()(\.\./[^)\s#]+)\)", relink, cell.source)


def clear(out_dir: Path) -> None:
    """Remove an earlier site, refusing anything that looks like a source folder."""
    if not out_dir.exists():
        return
    if out_dir.resolve() in (ROOT, *ROOT.parents) or any(out_dir.rglob("*.ipynb")) and not (out_dir / ".buildinfo").exists():
        sys.exit(f"build_html: refusing to empty {out_dir}: it does not look like a built site")
    shutil.rmtree(out_dir)


def copy_pages(site_src: Path) -> None:
    """Put the site's own pages beside the notebooks: the index (the learning path), the lecturer's guide and
    the homework page (grading with nbgrader)."""
    shutil.copy(SITE / "index.md", site_src / "index.md")
    shutil.copy(ROOT / "docs" / "homework.md", site_src / "homework.md")
    guide = (ROOT / "docs" / "lecturers_guide.md").read_text(encoding="utf-8")
    # In the repository the guide links to ../notebooks/NN.ipynb; in the site the notebooks sit beside it.
    (site_src / "lecturers_guide.md").write_text(guide.replace("](../notebooks/", "]("), encoding="utf-8")


def main(src: str, out: str) -> int:
    src_dir, out_dir = Path(src), Path(out)
    notebooks = lessons(src_dir)
    if not notebooks:
        print(f"no notebooks in {src_dir}")
        return 1
    site_src = out_dir.parent / (out_dir.name + "-src")
    shutil.rmtree(site_src, ignore_errors=True)
    site_src.mkdir(parents=True)
    copy_pages(site_src)

    total = 0.0
    for path in notebooks:
        start = time.perf_counter()
        try:
            nb, hit = executed.load(path, timeout=600)
        except CellExecutionError as error:
            print(f"{path.name}: a cell failed, so the site is not built\n{error}", file=sys.stderr)
            return 1
        seconds = time.perf_counter() - start
        total += seconds
        widgets = prepare(nb)
        bring_linked_files(nb, src_dir, site_src)
        nbformat.write(nb, site_src / path.name)
        note = f"  ({widgets} widget view{'s' * (widgets != 1)} made static)" if widgets else ""
        note += f"  (executed copy from {executed.CACHE.relative_to(ROOT)}/)" if hit else ""
        print(f"{path.name:40s} {seconds:6.1f} s{note}", flush=True)
    print(f"{'all ' + str(len(notebooks)) + ' notebooks':40s} {total:6.1f} s", flush=True)

    from sphinx.cmd.build import build_main

    clear(out_dir)
    start = time.perf_counter()
    code = build_main(["-b", "html", "-c", str(SITE), "-E", "-W", "--keep-going", "-q",
                       str(site_src), str(out_dir)])
    print(f"{'Sphinx (furo, myst-nb)':40s} {time.perf_counter() - start:6.1f} s  -> {out_dir / 'index.html'}")
    return code


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:3]))
