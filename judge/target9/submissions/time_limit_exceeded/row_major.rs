//! TIME LIMIT EXCEEDED: right answers from a plain search over every completion, filling
//! the cells in reading order, with no choice of the most constrained cell and no bound on
//! the score. The official data's sparse grids take it far beyond the limit.

#![forbid(unsafe_code)]

use std::io::Read;

/// The search state: the digit of each cell (0 = empty) and, for each of the 27 units (nine
/// rows, nine columns, nine boxes), the digits it holds as bits 1-9.
struct Search {
    used: [u32; 27],
    grid: [u32; 81],
    best: Option<u32>,
}

fn units(cell: usize) -> [usize; 3] {
    [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3]
}

fn weight(cell: usize) -> u32 {
    let (r, c) = (cell / 9, cell % 9);
    6 + r.min(c).min(8 - r).min(8 - c) as u32
}

impl Search {
    fn free(&self, cell: usize) -> u32 {
        let [a, b, c] = units(cell);
        !(self.used[a] | self.used[b] | self.used[c]) & 0b11_1111_1110
    }

    /// Writes `digit` into the empty `cell`, or (`digit` = 0) empties it.
    fn set(&mut self, cell: usize, digit: u32) {
        let bit = 1 << (self.grid[cell] | digit);
        for &u in units(cell).iter() {
            self.used[u] ^= bit;
        }
        self.grid[cell] = digit;
    }

    /// Every completion, keeping the highest score: the first empty cell in reading order,
    /// its digits tried 1 to 9.
    fn search(&mut self) {
        let cell = match self.grid.iter().position(|&d| d == 0) {
            Some(cell) => cell,
            None => {
                let score = (0..81).map(|c| weight(c) * self.grid[c]).sum::<u32>();
                self.best = self.best.max(Some(score));
                return;
            }
        };
        for digit in 1..=9 {
            if self.free(cell) & 1 << digit != 0 {
                self.set(cell, digit);
                self.search();
                self.set(cell, 0);
            }
        }
    }
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let digits: Vec<u32> = text
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut search = Search {
        used: [0; 27],
        grid: [0; 81],
        best: None,
    };
    let mut clash = false;
    for (cell, &digit) in digits.iter().enumerate().filter(|&(_, &d)| d != 0) {
        clash |= search.free(cell) & 1 << digit == 0;
        search.set(cell, digit);
    }
    if !clash {
        search.search();
    }
    match search.best {
        Some(score) => println!("{}", score),
        None => println!("-1"),
    }
}
