//! WRONG ANSWER: the highest score over every completion, starting from a best score of 0
//! and printing it as is, so a grid without a completion prints `0` where the answer is
//! `-1`.

#![forbid(unsafe_code)]

use std::io::Read;

/// The search state: the digit of each cell (0 = empty) and, for each of the 27 units (nine
/// rows, nine columns, nine boxes), the digits it holds as bits 1-9.
struct Search {
    used: [u32; 27],
    grid: [u32; 81],
    best: u32,
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

    /// Every completion, keeping the highest score: the empty cell with the fewest
    /// candidates first.
    fn search(&mut self) {
        let mut pick: Option<(usize, u32)> = None;
        for cell in (0..81).filter(|&c| self.grid[c] == 0) {
            let free = self.free(cell);
            if pick.map_or(true, |(_, f)| free.count_ones() < f.count_ones()) {
                pick = Some((cell, free));
            }
        }
        let (cell, free) = match pick {
            Some(pick) => pick,
            None => {
                let score = (0..81).map(|c| weight(c) * self.grid[c]).sum::<u32>();
                self.best = self.best.max(score);
                return;
            }
        };
        for digit in (1..=9).filter(|d| free & 1 << d != 0) {
            self.set(cell, digit);
            self.search();
            self.set(cell, 0);
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
        best: 0,
    };
    let mut clash = false;
    for (cell, &digit) in digits.iter().enumerate().filter(|&(_, &d)| d != 0) {
        clash |= search.free(cell) & 1 << digit == 0;
        search.set(cell, digit);
    }
    if !clash {
        search.search();
    }
    println!("{}", search.best);
}
