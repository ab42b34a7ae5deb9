//! WRONG ANSWER: prints only the first solution its search meets, numbered 1, as if the
//! problem asked for one solution; the statement asks for all of them ("如果多解，要求找到所有
//! 解"). Right only where the solution is unique or there is none.

#![forbid(unsafe_code)]

use std::io::{Read, Write};

/// The search state: the letter of each cell (0 = empty, else 1-6 for A-F) and, for each of
/// the 18 units (six rows, six columns, six groups), the letters it holds as bits 1-6.
struct Search {
    units: Vec<[usize; 3]>,
    used: [u32; 18],
    grid: [u32; 36],
    count: usize,
    out: String,
}

impl Search {
    fn free(&self, cell: usize) -> u32 {
        let [a, b, c] = self.units[cell];
        !(self.used[a] | self.used[b] | self.used[c]) & 0b111_1110
    }

    /// Writes `letter` into the empty `cell`, or (`letter` = 0) empties it.
    fn set(&mut self, cell: usize, letter: u32) {
        let bit = 1 << (self.grid[cell] | letter);
        for &u in self.units[cell].iter() {
            self.used[u] ^= bit;
        }
        self.grid[cell] = letter;
    }

    /// The first completion, the empty cell with the fewest candidates first.
    fn search(&mut self) {
        let mut best: Option<(usize, u32)> = None;
        for cell in (0..36).filter(|&c| self.grid[c] == 0) {
            let free = self.free(cell);
            if best.map_or(true, |(_, f)| free.count_ones() < f.count_ones()) {
                best = Some((cell, free));
            }
        }
        match best {
            Some((cell, free)) => {
                for letter in (1..=6).filter(|l| free & 1 << l != 0) {
                    if self.count == 1 {
                        return;
                    }
                    self.set(cell, letter);
                    self.search();
                    self.set(cell, 0);
                }
            }
            None => {
                self.count += 1;
                self.out.push_str(&format!("{}\n", self.count));
                for row in self.grid.chunks(6) {
                    for &letter in row.iter() {
                        if self.out.ends_with(|c: char| c.is_ascii_uppercase()) {
                            self.out.push(' ');
                        }
                        self.out.push(char::from(b'@' + letter as u8));
                    }
                    self.out.push('\n');
                }
            }
        }
    }
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let groups: Vec<usize> = (0..6)
        .flat_map(|_| {
            tokens
                .next()
                .unwrap()
                .bytes()
                .map(|b| usize::from(b - b'0'))
        })
        .collect();
    let units = (0..36)
        .map(|c| [c / 6, 6 + c % 6, 12 + groups[c]])
        .collect();
    let mut search = Search {
        units,
        used: [0; 18],
        grid: [0; 36],
        count: 0,
        out: String::new(),
    };
    let mut clash = false;
    let givens: usize = tokens.next().unwrap().parse().unwrap();
    for _ in 0..givens {
        let given = tokens.next().unwrap().as_bytes();
        let cell = usize::from(given[0] - b'0') * 6 + usize::from(given[1] - b'0');
        let letter = u32::from(given[2] - b'A' + 1);
        clash |= search.free(cell) & 1 << letter == 0;
        search.set(cell, letter);
    }
    if !clash {
        search.search();
    }
    if search.count == 0 {
        search.out.push_str("无解\n");
    }
    std::io::stdout().write_all(search.out.as_bytes()).unwrap();
}
