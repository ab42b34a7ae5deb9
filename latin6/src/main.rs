//! Lanqiao Cup "拉丁方块": fill a 6x6 grid split into 6 groups with the letters A-F so that every
//! row, column and group holds each letter once; print every solution, or `无解`.
//!
//! The story: read the group rows and the given letters, visit every solution in
//! lexicographic order with the bitset backtracker, print each as it is found.

use common::backtrack::Backtracker;
use common::error::{Error, InputError, Position};
use common::layout::Layout;
use common::output::{run, Out};
use common::scanner::{RowChar, Scanner};
use std::io::Write;

const SIZE: usize = 6;
const CELLS: usize = SIZE * SIZE;

fn main() {
    run(
        "latin6",
        "Reads the six groups of a 6x6 grid and its given letters (Lanqiao Cup, 拉丁方块)\n\
         and prints every solution in lexicographic order, or 无解.",
        solve,
    )
}

fn solve(scanner: &mut Scanner, out: &mut Out) -> Result<(), Error> {
    let mut row = Vec::with_capacity(SIZE + 1);
    let layout = read_groups(scanner, &mut row)?;
    let givens = read_givens(scanner, &mut row)?;
    scanner.expect_end("the givens")?;
    let mut printer = SolutionPrinter::new();
    let mut failed = None;
    let found = match givens {
        Some(givens) => Backtracker::<u64>::new(&layout).visit_lex(&givens, |grid| {
            match printer.print(out, grid) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        }),
        None => 0,
    };
    if let Some(e) = failed {
        return Err(e.into());
    }
    if found == 0 {
        out.write_all("无解\n".as_bytes())?;
    }
    Ok(())
}

/// Reads 6 lines of 6 group digits 0-5; every group must have 6 cells.
fn read_groups(scanner: &mut Scanner, row: &mut Vec<RowChar>) -> Result<Layout, InputError> {
    let mut groups = vec![0u8; CELLS];
    let mut at = [Position::default(); CELLS];
    for r in 0..SIZE {
        let line = scanner.row("a row of group digits", row)?;
        if row.len() != SIZE {
            return Err(InputError::new(
                line,
                format!(
                    "expected a row of 6 group digits 0-5, found {} characters",
                    row.len()
                ),
            ));
        }
        for (c, ch) in row.iter().enumerate() {
            groups[r * SIZE + c] = digit(scanner, *ch, "a group digit")?;
            at[r * SIZE + c] = ch.at;
        }
    }
    Layout::new(SIZE, groups).map_err(|e| {
        let where_ = e.first_cell.map_or(at[0], |cell| at[cell]);
        InputError::new(
            where_,
            format!(
                "group {} has {} cells; every group needs 6",
                e.region, e.cells
            ),
        )
    })
}

/// Reads n and n givens such as `02C`; `None` when two givens put different letters in one
/// cell (then there is no solution).
fn read_givens(
    scanner: &mut Scanner,
    row: &mut Vec<RowChar>,
) -> Result<Option<[u8; CELLS]>, InputError> {
    let (n, _) = scanner.int("the number of given letters", 0, 1_000_000)?;
    let mut givens = [0u8; CELLS];
    let mut consistent = true;
    for _ in 0..n {
        let line = scanner.row("a given (row, column, letter)", row)?;
        if row.len() != 3 {
            return Err(InputError::new(
                line,
                format!(
                    "expected a given of a row 0-5, a column 0-5 and a letter A-F, found {} characters",
                    row.len()
                ),
            ));
        }
        let r = digit(scanner, row[0], "a row digit")? as usize;
        let c = digit(scanner, row[1], "a column digit")? as usize;
        let letter = match row[2].byte {
            b'A'..=b'F' => row[2].byte - b'A' + 1,
            _ => {
                return Err(InputError::new(
                    row[2].at,
                    format!("expected a letter A-F, found {}", scanner.char_text(row[2])),
                ))
            }
        };
        let cell = &mut givens[r * SIZE + c];
        if *cell != 0 && *cell != letter {
            consistent = false;
        }
        *cell = letter;
    }
    Ok(if consistent { Some(givens) } else { None })
}

/// A digit 0-5 from one character.
fn digit(scanner: &Scanner, ch: RowChar, what: &str) -> Result<u8, InputError> {
    match ch.byte {
        b'0'..=b'5' => Ok(ch.byte - b'0'),
        _ => Err(InputError::new(
            ch.at,
            format!("expected {} 0-5, found {}", what, scanner.char_text(ch)),
        )),
    }
}

/// Writes solutions as the statement does: the number, then 6 rows of spaced letters. The
/// number is kept in decimal and counted up in place, and each grid fills a fixed template.
struct SolutionPrinter {
    number: Vec<u8>,
    rows: [u8; CELLS * 2],
}

impl SolutionPrinter {
    fn new() -> Self {
        let mut rows = [b' '; CELLS * 2];
        for r in 0..SIZE {
            rows[r * 2 * SIZE + 2 * SIZE - 1] = b'\n';
        }
        SolutionPrinter {
            number: b"0\n".to_vec(),
            rows,
        }
    }

    fn count_up(&mut self) {
        let digits = self.number.len() - 1;
        for i in (0..digits).rev() {
            if self.number[i] == b'9' {
                self.number[i] = b'0';
            } else {
                self.number[i] += 1;
                return;
            }
        }
        self.number.insert(0, b'1');
    }

    fn print(&mut self, out: &mut Out, grid: &[u8]) -> std::io::Result<()> {
        self.count_up();
        for (pair, &d) in self.rows.chunks_exact_mut(2).zip(grid) {
            pair[0] = b'A' + d - 1;
        }
        out.write_all(&self.number)?;
        out.write_all(&self.rows)
    }
}
