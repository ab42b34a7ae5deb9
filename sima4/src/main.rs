//! HDU 5547 "Sudoku" (Yi Sima; UVa 12988): complete 4x4 Sudoku boards with 2x2 blocks.
//!
//! The story: read T; for each case read 4 rows of `1`-`4` and `*`, check the promise of
//! exactly one completion with the bitset backtracker, print it ([`sima4::solve`]).

#![forbid(unsafe_code)]

use common::driver::{run, Program};

/// What `--help` says the program reads and prints.
const ABOUT: &str = "Reads T 4x4 Sudoku boards (HDU 5547: four rows of 1-4 and *)\n\
     and prints each board completed.";

fn main() {
    run(
        Program {
            name: "sima4",
            version: env!("CARGO_PKG_VERSION"),
            about: ABOUT,
        },
        sima4::solve,
    )
}
