#!/usr/bin/env python3
"""An independent check of jigsaw's answers: each case's rules as a plain CNF, solved by a SAT
solver of python-sat (MiniSat 2.2, Glucose 4.1 or CaDiCaL 1.5.3), sharing nothing with the
project's engines.

    pip install python-sat
    python3 tools/jigsaw_sat.py [--solver cadical153] [--binary target/release/jigsaw] FILE...

Each FILE is a jigsaw input (T, then T grids of 81 cell values). The formula has one variable
per cell and digit: each cell holds a digit and at most one, each row, column and region each
digit once, the givens. A first solve finds a solution or proves there is none; a second, with
that solution excluded, tells one solution from several. For each case it prints the answer
and the solver's work: its conflicts, decisions, propagations, and the CPU time of its solve
calls (not of building the formula). With --binary it also runs the binary on the file and
says whether the two outputs agree byte for byte; the exit status is 1 if any file disagrees.
Not run by CI (python-sat is not a project dependency); the answers of
`tests/fixtures/jigsaw/hunted/` were proved with it.
"""

import argparse
import subprocess
import sys
import time
from collections import deque

from pysat.solvers import Solver

SIZE = 9
# The wall bits of a cell value (value >> 4): above, right, below, left, each with the step to
# the neighbour it separates and the bit that neighbour would use for the same wall.
WALLS = ((1, -1, 0, 4), (2, 0, 1, 8), (4, 1, 0, 1), (8, 0, -1, 2))


def regions_of(walls):
    """Each cell's region, numbered in the order a row-by-row scan first meets them: the
    cells reachable without crossing a wall that either of two neighbours declares."""
    region = [-1] * (SIZE * SIZE)
    count = 0
    for start in range(SIZE * SIZE):
        if region[start] >= 0:
            continue
        region[start] = count
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            r, c = divmod(cell, SIZE)
            for bit, dr, dc, opposite in WALLS:
                nr, nc = r + dr, c + dc
                if not (0 <= nr < SIZE and 0 <= nc < SIZE):
                    continue
                other = nr * SIZE + nc
                if walls[cell] & bit or walls[other] & opposite or region[other] >= 0:
                    continue
                region[other] = count
                queue.append(other)
        count += 1
    return region


def var(cell, digit):
    """The variable of `digit` (0-8) in `cell`, from 1 as DIMACS numbers them."""
    return cell * SIZE + digit + 1


def clauses(values):
    """The rules and the givens of one grid of cell values."""
    region = regions_of([v >> 4 for v in values])
    houses = [[r * SIZE + i for i in range(SIZE)] for r in range(SIZE)]
    houses += [[i * SIZE + c for i in range(SIZE)] for c in range(SIZE)]
    houses += [[c for c in range(SIZE * SIZE) if region[c] == g] for g in set(region)]
    out = []
    for cell in range(SIZE * SIZE):
        out.append([var(cell, d) for d in range(SIZE)])
        for a in range(SIZE):
            out += [[-var(cell, a), -var(cell, b)] for b in range(a + 1, SIZE)]
    for house in houses:
        for d in range(SIZE):
            out.append([var(cell, d) for cell in house])
            for i, a in enumerate(house):
                out += [[-var(a, d), -var(b, d)] for b in house[i + 1 :]]
    for cell, v in enumerate(values):
        if v & 15:
            out.append([var(cell, (v & 15) - 1)])
    return out


def solve(values, name):
    """The case's answer as the binary prints it, and the solver's statistics."""
    with Solver(name=name, bootstrap_with=clauses(values)) as solver:
        start = time.process_time()
        answer = "No solution"
        if solver.solve():
            model = set(l for l in solver.get_model() if l > 0)
            grid = [next(d + 1 for d in range(SIZE) if var(c, d) in model) for c in range(81)]
            solver.add_clause([-var(c, grid[c] - 1) for c in range(SIZE * SIZE)])
            if solver.solve():
                answer = "Multiple Solutions"
            else:
                rows = [grid[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]
                answer = "\n".join("".join(map(str, row)) for row in rows)
        seconds = time.process_time() - start
        return answer, solver.accum_stats(), seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solver", default="cadical153", help="a python-sat solver name")
    parser.add_argument("--binary", help="a jigsaw binary to compare with")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    disagree = False
    for path in args.files:
        with open(path) as f:
            tokens = [int(t) for t in f.read().split()]
        cases = []
        for k in range(tokens[0]):
            values = tokens[1 + 81 * k : 1 + 81 * (k + 1)]
            answer, stats, seconds = solve(values, args.solver)
            cases.append("Case %d:\n%s\n" % (k + 1, answer))
            print(
                "%s case %d: %s; %s: %d conflicts, %d decisions, %d propagations, %.1f ms"
                % (
                    path,
                    k + 1,
                    answer.split("\n")[0] if "\n" not in answer else "one solution",
                    args.solver,
                    stats["conflicts"],
                    stats["decisions"],
                    stats["propagations"],
                    seconds * 1000,
                )
            )
        if args.binary:
            with open(path) as f:
                ours = subprocess.run([args.binary], stdin=f, capture_output=True, text=True)
            agrees = ours.stdout == "".join(cases)
            disagree |= not agrees
            print("%s: %s" % (path, "agrees" if agrees else "DISAGREES with " + args.binary))
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
