#!/usr/bin/env python3
"""An independent check of target9's answers: each grid's highest score as a 0-1 linear program
solved exactly by HiGHS (through SciPy), sharing nothing with the project's engines.

    pip install scipy
    python3 tools/target9_milp.py [--binary target/release/target9] GRID...

Each GRID is a target9 input (81 digits, 0 for empty). For each one it prints the optimum the
MILP proves (or -1 when the grid has no completion) and, with --binary, what the binary prints
and whether the two agree; the exit status is 1 if any grid disagrees (and also, as
argparse and sys.exit make it, on a usage error or a grid that is not 81 digits). Not run by CI (SciPy is
not a project dependency); the answers of the 20 official tests, the 21 sparse grids of
`cargo xtask bench` and the empty grid were checked with it.
"""

import argparse
import subprocess
import sys
import time

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp


def weight(r, c):
    return 6 + min(r, c, 8 - r, 8 - c)


def variable(r, c, d):
    """x[r, c, d] = 1 when cell (r, c) holds digit d + 1."""
    return (r * 9 + c) * 9 + d


def best_score(givens):
    """The highest sum of weight * digit over the completions of givens, or -1 if none."""
    gain = np.array(
        [weight(r, c) * (d + 1) for r in range(9) for c in range(9) for d in range(9)],
        dtype=float,
    )
    groups = [[variable(r, c, d) for d in range(9)] for r in range(9) for c in range(9)]
    for d in range(9):
        groups += [[variable(r, c, d) for c in range(9)] for r in range(9)]
        groups += [[variable(r, c, d) for r in range(9)] for c in range(9)]
        groups += [
            [variable(3 * (b // 3) + i // 3, 3 * (b % 3) + i % 3, d) for i in range(9)]
            for b in range(9)
        ]
    exactly_one = np.zeros((len(groups), 729))
    for i, group in enumerate(groups):
        exactly_one[i, group] = 1
    low = np.zeros(729)
    for cell, digit in enumerate(givens):
        if digit:
            low[cell * 9 + digit - 1] = 1
    result = milp(
        -gain,
        constraints=LinearConstraint(exactly_one, 1, 1),
        integrality=np.ones(729),
        bounds=Bounds(low, np.ones(729)),
        options={"mip_rel_gap": 0},
    )
    if result.status == 2:
        return -1
    if result.status != 0:
        raise RuntimeError(result.message)
    return round(-result.fun)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="a target9 binary to compare with")
    parser.add_argument("grids", nargs="+")
    args = parser.parse_args()
    disagree = 0
    for path in args.grids:
        with open(path) as f:
            text = f.read()
        givens = [int(t) for t in text.split()]
        if len(givens) != 81 or not all(0 <= g <= 9 for g in givens):
            sys.exit(f"{path}: not 81 digits")
        start = time.time()
        score = best_score(givens)
        line = f"{path}: {score} ({time.time() - start:.1f} s)"
        if args.binary:
            ours = subprocess.run(
                [args.binary], input=text, capture_output=True, text=True, check=True
            ).stdout.strip()
            same = ours == str(score)
            disagree += not same
            line += f", binary {ours}: {'same' if same else 'DIFFERENT'}"
        print(line, flush=True)
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
