//! What the fuzz targets share: the structured instance the engine targets read from the
//! fuzzer's bytes and turn into legal givens for a layout, and ([`reader`]) the in-memory run
//! of a binary's reader and the checks the reader targets make of it.

#![forbid(unsafe_code)]

pub mod reader;

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use testkit::gen;
use testkit::rng::Rng;

/// An instance as the fuzzer writes it: a seed (for the layout and a full grid), which cells
/// of that grid stay as givens, and digits written over some cells (which can leave no
/// completion, or clashing givens).
#[derive(Arbitrary, Debug)]
pub struct Instance {
    /// Seeds testkit's generator: the layout, where the target draws one, and the full grid.
    pub seed: u64,
    /// Bit `cell % 8` of byte `cell / 8` keeps the full grid's digit in `cell`; a missing
    /// byte keeps nothing.
    pub keep: Vec<u8>,
    /// `(cell, digit)` pairs written after, each taken modulo the grid's cells and `size + 1`
    /// (0 empties the cell).
    pub writes: Vec<(u8, u8)>,
}

impl Instance {
    /// The givens for a `size` x `size` grid of layout `regions`: the kept cells of a random
    /// full grid (none if testkit finds no full grid quickly), then the writes.
    pub fn givens(&self, rng: &mut Rng, size: usize, regions: &[u8]) -> Vec<u8> {
        let cells = size * size;
        let mut givens = vec![0; cells];
        if let Some(full) = gen::random_solution(rng, size, regions) {
            for (cell, (given, digit)) in givens.iter_mut().zip(full).enumerate() {
                if self
                    .keep
                    .get(cell / 8)
                    .is_some_and(|&b| b >> (cell % 8) & 1 == 1)
                {
                    *given = digit;
                }
            }
        }
        for &(cell, digit) in &self.writes {
            givens[usize::from(cell) % cells] = digit % (size as u8 + 1);
        }
        givens
    }
}
