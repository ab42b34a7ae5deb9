//! WRONG ANSWER: prints the first solution its search meets and never looks for a second,
//! so it never prints `Multiple Solutions`: the mistake of solving instead of counting.

#![forbid(unsafe_code)]

use std::io::{Read, Write};

/// The search state: the digit of each cell (0 = empty) and, for each of the 27 units (nine
/// rows, nine columns, nine regions), the digits it holds as bits 1-9.
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

    /// Stops at the first completion: the empty cell with the fewest candidates first.
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
            if self.found >= 1 {
                break;
            }
            self.set(cell, digit);
            self.search();
            self.set(cell, 0);
        }
    }
}

/// The region of each cell: a flood fill through the sides without a wall (16 up, 32 right,
/// 64 down, 128 left), regions numbered from 0 in reading order of their first cell.
fn regions(values: &[u32]) -> Vec<usize> {
    let mut region = vec![usize::MAX; 81];
    let mut next = 0;
    for start in 0..81 {
        if region[start] != usize::MAX {
            continue;
        }
        region[start] = next;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (r, c, v) = (cell / 9, cell % 9, values[cell]);
            let sides = [
                (r > 0 && v & 16 == 0, cell.wrapping_sub(9)),
                (c < 8 && v & 32 == 0, cell + 1),
                (r < 8 && v & 64 == 0, cell + 9),
                (c > 0 && v & 128 == 0, cell.wrapping_sub(1)),
            ];
            for &(open, to) in sides.iter() {
                if open && region[to] == usize::MAX {
                    region[to] = next;
                    stack.push(to);
                }
            }
        }
        next += 1;
    }
    region
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
        let region = regions(&values);
        let units = (0..81)
            .map(|c| [c / 9, 9 + c % 9, 18 + region[c]])
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
            _ => {
                for row in solver.first.chunks(9) {
                    out.extend(row.iter().map(|&d| char::from(b'0' + d as u8)));
                    out.push('\n');
                }
            }
        }
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
