"""A longer fuzz run than ``make test`` makes: every public callable, many more hostile calls.

tests/test_fuzz_inputs.py draws 60 argument lists for each public function and class, which keeps
``make test`` under a minute. This script draws the same kinds of value (it imports that module's
strategies, so there is one copy of them) many more times, adds the million-cell boards the test leaves
out for time, and reports instead of stopping at the first problem:

    python benchmarks/fuzz_long.py                   # 400 argument lists per callable, about 5 minutes
    python benchmarks/fuzz_long.py --examples 2000   # longer
    python benchmarks/fuzz_long.py --seed 7          # other examples (the default run draws the same ones each time)
    python benchmarks/fuzz_long.py --only puzzlelib.core.bfs.min_moves

It prints the number of calls, the kinds of hostile value, and every call that raised something other
than ValueError or TypeError, or ran past the time limit (each once per callable and exception type).
Each call runs under the same time limit (SIGALRM) as the test, in a scratch folder and cache, with
an address-space limit a few GiB above what the process uses. The exit status is 1 if anything escaped.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import matplotlib  # noqa: E402

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import test_fuzz_inputs as fuzz  # noqa: E402  (the test's strategies and pools: one copy)
from puzzlelib import Board  # noqa: E402
from puzzlelib.core.errors import short_repr  # noqa: E402
from timing import TookTooLong, time_limit  # noqa: E402

MILLION_CELLS = [fuzz._huge(Board.goal(1000, 1000)), fuzz._huge(Board.goal(300, 300))]
"""The boards the test leaves out for time: a million cells, and 90,000."""


def run(examples: int, only: list[str] | None, chosen_seed: int | None = None) -> tuple[int, dict, int]:
    values = st.one_of(fuzz.awkward, fuzz._one_of(MILLION_CELLS))
    calls, escaped = 0, {}
    names = sorted(n for n in fuzz.CALLABLES if not only or n in only)
    unknown = sorted(set(only or ()) - set(names))
    if unknown:
        print(f"not public callables of puzzlelib (left out): {', '.join(unknown)}")
    for i, name in enumerate(names, 1):
        fn = fuzz.CALLABLES[name]
        t0 = time.perf_counter()

        @settings(max_examples=examples, deadline=None, derandomize=chosen_seed is None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(args=st.lists(values, max_size=3))
        def one(args):
            nonlocal calls
            calls += 1
            try:
                with time_limit(fuzz.SECONDS_PER_CALL, name), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    fn(*args)
            except (ValueError, TypeError):
                pass
            except TookTooLong:
                escaped.setdefault((name, "too slow"), tuple(short_repr(a, 57) for a in args))
            except BaseException as err:  # noqa: BLE001  (what the run is looking for)
                if isinstance(err, KeyboardInterrupt):
                    raise
                escaped.setdefault((name, type(err).__name__), tuple(short_repr(a, 57) for a in args))
            finally:
                plt.close("all")

        (one if chosen_seed is None else seed(chosen_seed)(one))()
        print(f"[{i:3}/{len(names)}] {name}: {time.perf_counter() - t0:5.1f} s", flush=True)
    return calls, escaped, len(names)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=400, help="argument lists per callable (default 400)")
    parser.add_argument("--seed", type=int, help="draw other examples, from this seed (default: the same ones each run)")
    parser.add_argument("--only", nargs="*", help="qualified names of the callables to fuzz (default: all)")
    args = parser.parse_args(argv)
    fuzz.cap_address_space()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        os.environ["PUZZLELIB_CACHE"] = str(Path(scratch) / "cache")
        calls, escaped, fuzzed = run(args.examples, args.only, args.seed)
    kinds = len(fuzz.HOSTILE_KINDS) + 1                       # + the million-cell boards
    print(f"\n{calls:,} calls over {fuzzed} public callables, {kinds} kinds of hostile "
          f"value, in {time.perf_counter() - t0:.0f} s")
    if not escaped:
        print("nothing escaped: every call returned or raised ValueError/TypeError within the time limit")
        return 0
    print(f"{len(escaped)} problems:")
    for (name, kind), example in sorted(escaped.items()):
        print(f"  {name}: {kind}, e.g. {name.rsplit('.', 1)[-1]}{example}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
