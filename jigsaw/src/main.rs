//! HDU 4069 "Squiggly Sudoku": a 9x9 Sudoku whose regions are drawn by walls. For each case,
//! print its only solution, `No solution` or `Multiple Solutions`.
//!
//! The story: read T; for each case read 81 cells (digit + wall bits), turn the walls into
//! regions, count solutions up to two with the bitset backtracker, print
//! ([`jigsaw::solve`]).

#![forbid(unsafe_code)]

use common::driver::{run, Program};

/// What `--help` says the program reads and prints.
const ABOUT: &str =
    "Reads T jigsaw Sudoku grids (HDU 4069: 81 cell values each, a digit plus wall bits)\n\
     and prints, for each case, its only solution, \"No solution\" or \"Multiple Solutions\".";

fn main() {
    run(
        Program {
            name: "jigsaw",
            version: env!("CARGO_PKG_VERSION"),
            about: ABOUT,
        },
        jigsaw::solve,
    )
}
