#!/usr/bin/env python3
"""The mutants of a list that no earlier run tested, and what became of the others: runs made
at different commits (shards of lists that shifted between them) are not one partition of
today's list.

    cargo mutants --list --json -p common > list.json
    python3 tools/mutants_not_run.py [--missed] list.json HEAD RUN_DIR@COMMIT... > not_run.txt

list.json is the list at the commit given second. Each RUN_DIR is a cargo-mutants --output
folder (its mutants.out/outcomes.json holds each mutant it tested and how that ended) and
COMMIT the commit it ran at. A listed mutant counts as tested when a run tested a mutant of
the same file, function, kind, replacement and columns whose line read the same at the run's
commit, so that a line moved by edits elsewhere still matches and a changed line does not.
Prints a pattern for each untested mutant, its name escaped and anchored, one a line (with
--missed, the names of those missed as run instead), and on stderr how the listed mutants
ended. A run over the untested takes one `-F` a pattern:

    args=(); while read -r p; do args+=(-F "$p"); done < not_run.txt
    cargo mutants -p common ... "${args[@]}"

Standard library only; needs git and the repository's history.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--missed", action="store_true", help="print the missed instead")
    parser.add_argument("list", help="cargo mutants --list --json output")
    parser.add_argument("commit", help="the commit the list was made at")
    parser.add_argument("runs", nargs="+", help="RUN_DIR@COMMIT of each earlier run")
    args = parser.parse_args()
    lines = {}

    def key(commit, mutant):
        path, span = mutant["file"], mutant["span"]
        if (commit, path) not in lines:
            show = ["git", "show", f"{commit}:{path}"]
            lines[commit, path] = subprocess.run(
                show, capture_output=True, text=True, check=True
            ).stdout.splitlines()
        function = mutant["function"]
        return (
            path,
            function and function["function_name"],
            mutant["genre"],
            mutant["replacement"],
            span["start"]["column"],
            span["end"]["column"],
            span["end"]["line"] - span["start"]["line"],
            lines[commit, path][span["start"]["line"] - 1].strip(),
        )

    tested = defaultdict(list)
    for run in args.runs:
        folder, commit = run.rsplit("@", 1)
        with open(os.path.join(folder, "mutants.out", "outcomes.json")) as f:
            for outcome in json.load(f)["outcomes"]:
                if isinstance(outcome["scenario"], dict):
                    mutant = outcome["scenario"]["Mutant"]
                    tested[key(commit, mutant)].append(outcome["summary"])
    with open(args.list) as f:
        listed = json.load(f)
    ended = Counter()
    for mutant in listed:
        outcomes = tested[key(args.commit, mutant)]
        outcome = outcomes.pop(0) if outcomes else "NotRun"
        ended[outcome] += 1
        if outcome == ("MissedMutant" if args.missed else "NotRun"):
            print(mutant["name"] if args.missed else "^" + re.escape(mutant["name"]) + "$")
    counts = ", ".join(f"{n} {outcome}" for outcome, n in ended.most_common())
    print(f"{len(listed)} listed: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
