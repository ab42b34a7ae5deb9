//! Lanqiao Cup "拉丁方块": fill a 6x6 grid split into 6 groups with the letters A-F so that every
//! row, column and group holds each letter once; print every solution, or `无解`.
//!
//! The story: read the group rows and the given letters, visit every solution in
//! lexicographic order a whole row at a time, print each as it is found
//! ([`latin6::solve`]).

#![forbid(unsafe_code)]

use common::driver::{run, Program};

/// What `--help` says the program reads and prints.
const ABOUT: &str =
    "Reads the six groups of a 6x6 grid and its given letters (Lanqiao Cup, 拉丁方块)\n\
     and prints every solution in lexicographic order, or 无解.";

fn main() {
    run(
        Program {
            name: "latin6",
            version: env!("CARGO_PKG_VERSION"),
            about: ABOUT,
        },
        latin6::solve,
    )
}
