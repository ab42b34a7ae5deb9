//! WRONG ANSWER: ignores the walls and solves each grid as a classic Sudoku with 3x3 boxes,
//! reading "nine connecting sub-grids" as the usual boxes. Right only where the regions
//! happen to be the boxes, or where the givens decide the same answer for both.

#![forbid(unsafe_code)]

use std::io::{Read, Write};

/// The search state: the digit of each cell (0 = empty) and, for each of the 27 units (nine
/// rows, nine columns, nine 3x3 boxes), the digits it holds as bits 1-9.
struct Solver {
    units: Vec<[usize; 3]>,
    used: [u32; 27],
    grid: [u32; 81],
    found: usize,
    first: [u32; 81],
}

impl Solver {
    fn free(&self, cell: usize) -> u32 {
        let [a, b, c] = self.units[cell];
        !(self.used[a] | self.used[b] | self.used[c]) & 0b11_1111_1110
    }

    /// Writes `digit` into the empty `cell`, or (`digit` = 0) empties it.
    fn set(&mut self, cell: usize, digit: u32) {
        let bit = 1 << (self.grid[cell] | digit);
        for &u in self.units[cell].iter() {
            self.used[u] ^= bit;
        }
        self.grid[cell] = digit;
    }

    /// Counts completions up to 2, keeping the first: the empty cell with the fewest
    /// candidates first.
    fn search(&mut self) {
        let mut best: Option<(usize, u32)> = None;
        for cell in (0..81).filter(|&c| self.grid[c] == 0) {
            let free = self.free(cell);
            if best.map_or(true, |(_, f)| free.count_ones() < f.count_ones()) {
                best = Some((cell, free));
            }
        }
        let (cell, free) = match best {
            Some(best) => best,
            None => {
                if self.found == 0 {
                    self.first = self.grid;
                }
                self.found += 1;
                return;
            }
        };
        for digit in (1..=9).filter(|d| free & 1 << d != 0) {
            if self.found >= 2 {
                break;
            }
            self.set(cell, digit);
            self.search();
            self.set(cell, 0);
        }
    }
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().unwrap());
    let cases = numbers.next().unwrap();
    let mut out = String::new();
    for case in 1..=cases {
        let values: Vec<u32> = (0..81).map(|_| numbers.next().unwrap()).collect();
        let units = (0..81)
            .map(|c| [c / 9, 9 + c % 9, 18 + c / 27 * 3 + c % 9 / 3])
            .collect();
        let mut solver = Solver {
            units,
            used: [0; 27],
            grid: [0; 81],
            found: 0,
            first: [0; 81],
        };
        let mut clash = false;
        for (cell, value) in values.iter().enumerate() {
            let digit = value & 15;
            if digit != 0 {
                clash |= solver.free(cell) & 1 << digit == 0;
                solver.set(cell, digit);
            }
        }
        if !clash {
            solver.search();
        }
        out.push_str(&format!("Case {}:\n", case));
        match solver.found {
            0 => out.push_str("No solution\n"),
            1 => {
                for row in solver.first.chunks(9) {
                    out.extend(row.iter().map(|&d| char::from(b'0' + d as u8)));
                    out.push('\n');
                }
            }
            _ => out.push_str("Multiple Solutions\n"),
        }
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
