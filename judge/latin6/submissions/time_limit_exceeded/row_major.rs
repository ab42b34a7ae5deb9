//! TIME LIMIT EXCEEDED: right answers from the plain search of the statement's own era: fill
//! the cells in reading order, try A-F in order, check the row, column and group by scanning.
//! Exponential where the contradiction shows only in the last rows (groups that are almost
//! rows, with no solution).

#![forbid(unsafe_code)]

use std::io::{Read, Write};

struct Search {
    groups: Vec<u8>,
    grid: Vec<u8>,
    count: usize,
    out: Vec<u8>,
}

impl Search {
    fn allowed(&self, cell: usize, letter: u8) -> bool {
        (0..36).all(|other| {
            let peer = other / 6 == cell / 6
                || other % 6 == cell % 6
                || self.groups[other] == self.groups[cell];
            !peer || self.grid[other] != letter
        })
    }

    fn fill(&mut self, cell: usize) {
        if cell == 36 {
            self.count += 1;
            self.out.extend(format!("{}\n", self.count).bytes());
            for row in self.grid.chunks(6) {
                let letters: Vec<String> = row.iter().map(|&l| char::from(l).to_string()).collect();
                self.out.extend(letters.join(" ").bytes());
                self.out.push(b'\n');
            }
        } else if self.grid[cell] != 0 {
            self.fill(cell + 1);
        } else {
            for letter in b'A'..=b'F' {
                if self.allowed(cell, letter) {
                    self.grid[cell] = letter;
                    self.fill(cell + 1);
                    self.grid[cell] = 0;
                }
            }
        }
    }
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let groups: Vec<u8> = (0..6)
        .flat_map(|_| tokens.next().unwrap().bytes().map(|b| b - b'0'))
        .collect();
    let mut grid = vec![0; 36];
    let count: usize = tokens.next().unwrap().parse().unwrap();
    for _ in 0..count {
        let given = tokens.next().unwrap().as_bytes();
        grid[usize::from(given[0] - b'0') * 6 + usize::from(given[1] - b'0')] = given[2];
    }
    let mut search = Search {
        groups,
        grid,
        count: 0,
        out: Vec::new(),
    };
    search.fill(0);
    if search.count == 0 {
        search.out.extend("无解\n".bytes());
    }
    std::io::stdout().write_all(&search.out).unwrap();
}
