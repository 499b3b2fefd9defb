"""Execute every notebook in a folder and write it as HTML, timing each one.

Usage: python scripts/build_html.py NOTEBOOK_DIR OUTPUT_DIR

Any error in any cell stops the build with a non-zero exit status.
"""

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter


def main(src: str, out: str) -> int:
    src_dir, out_dir = Path(src), Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    notebooks = sorted(src_dir.glob("*.ipynb"))
    if not notebooks:
        print(f"no notebooks in {src_dir}")
        return 1
    total = 0.0
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(src_dir)}}).execute()
        seconds = time.perf_counter() - start
        total += seconds
        body, _ = HTMLExporter().from_notebook_node(nb)
        target = out_dir / (path.stem + ".html")
        target.write_text(body, encoding="utf-8")
        print(f"{path.name:40s} {seconds:6.1f} s  -> {target}")
    print(f"{'all ' + str(len(notebooks)) + ' notebooks':40s} {total:6.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
