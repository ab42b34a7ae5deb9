//! NOIP 2009 "靶形数独" (Luogu P1074): the highest weighted score over all completions of a
//! 9x9 Sudoku, or -1. The cell at (r, c) weighs `6 + min(r, c, 8 - r, 8 - c)`.
//!
//! The story: read 81 digits, maximise the score's form over the 17 cells that decide it
//! ([`target9::score`]) with [`common::weighted`]'s branch and bound (a Lagrangian bound over
//! per-house assignments), told those cells ([`target9::search`]), print the target score
//! ([`target9::solve`]).

#![forbid(unsafe_code)]

use common::driver::{run, Program};

/// What `--help` says the program reads and prints.
const ABOUT: &str =
    "Reads a 9x9 Sudoku of digits 0-9, 0 for an empty cell (NOIP 2009, Luogu P1074),\n\
     and prints the highest target score over its completions, or -1.";

fn main() {
    run(
        Program {
            name: "target9",
            version: env!("CARGO_PKG_VERSION"),
            about: ABOUT,
        },
        target9::solve,
    )
}
