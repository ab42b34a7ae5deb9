//! NOIP 2009 "靶形数独" (Luogu P1074) as a library, for the binary, the tools and the fuzz
//! targets alike: the target score's form over the 17 cells that decide it ([`score`]), the
//! search that maximises it ([`search`]), and the reader and solve the binary runs
//! ([`solve`]).

#![forbid(unsafe_code)]

pub mod score;
pub mod search;

use common::driver::Out;
use common::error::Error;
use common::scanner::Scanner;
use std::io::Write;

use crate::search::{best_score, maximiser};

const CELLS: usize = 81;

/// Reads the 81 digits of the grid from `scanner`, all of them before any solving, and prints
/// to `out` the highest target score over the grid's completions, or `-1`. Errs at malformed
/// input, having printed nothing (docs/problems.md).
pub fn solve<W: Write>(scanner: &mut Scanner, out: &mut Out<W>) -> Result<(), Error> {
    let mut givens = [0u8; CELLS];
    for g in givens.iter_mut() {
        *g = scanner.int("a digit", 0, 9)?.0 as u8;
    }
    scanner.expect_end("the grid")?;
    match best_score(&mut maximiser(), &givens) {
        Some(score) => writeln!(out, "{}", score)?,
        None => writeln!(out, "-1")?,
    }
    Ok(())
}
