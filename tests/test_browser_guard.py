"""Without Chromium, every browser test module skips (none errors) and the run says how to enable them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_without_chromium_every_browser_module_skips_with_the_command_that_enables_it(tmp_path):
    # PATH holds only the virtual environment's bin folder, so shutil.which("chromium") finds nothing
    env = dict(os.environ, PATH=str(Path(sys.executable).parent), HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "tests/browser"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    out = done.stdout + done.stderr
    modules = sorted(p.name for p in (ROOT / "tests" / "browser").glob("test_*.py"))
    assert done.returncode in (0, 5), out[-3000:]     # 5: every module skipped, so no test was collected
    summary = [line for line in out.splitlines() if re.search(r"\d+ skipped", line)][-1]    # "12 skipped in 1.1s"
    assert not re.search(r"\d+ (errors?|passed|failed)", summary), out[-3000:]
    assert len(modules) >= 6 and all(f"tests/browser/{m}:" in out for m in modules), out[-3000:]   # each skipped
    assert "skipped in tests/browser: no Chromium found; install Chromium to enable them: " \
           "sudo apt-get install -y chromium fonts-dejavu-core" in out, out[-2000:]
