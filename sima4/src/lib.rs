//! HDU 5547 "Sudoku" as a library: the reader and the solve the binary runs ([`solve`]),
//! which the fuzz targets call in memory as well.

#![forbid(unsafe_code)]

use common::backtrack::Backtracker;
use common::driver::{write_digit_rows, Out};
use common::error::{Error, InputError};
use common::layout::Layout;
use common::scanner::{RowChar, Scanner};
use std::io::Write;

const SIZE: usize = 4;
const CELLS: usize = SIZE * SIZE;

/// Reads T and the T boards from `scanner` and prints each board completed to `out` as it is
/// solved: `Case #k:`, then four rows. Errs at the first malformed board, a board without
/// exactly one completion included, every case before it printed (docs/problems.md).
pub fn solve<W: Write>(scanner: &mut Scanner, out: &mut Out<W>) -> Result<(), Error> {
    let (cases, _) = scanner.int("the number of cases", 0, i64::from(u32::MAX))?;
    let mut solver = Backtracker::<u64>::new(&Layout::boxes(2, 2));
    let mut row = Vec::with_capacity(SIZE + 1);
    let mut givens = [0u8; CELLS];
    let mut solution = [0u8; CELLS];
    for k in 1..=cases as usize {
        let at = read_board(scanner, &mut row, &mut givens).map_err(|e| e.in_case(k))?;
        let broken = match solver.count_up_to(&givens, 2, &mut solution) {
            0 => Some("the board has no completion"),
            1 => None,
            _ => Some("the board has more than one completion"),
        };
        if let Some(what) = broken {
            let message = format!("{}; the statement promises exactly one", what);
            return Err(InputError::new(at, message).in_case(k).into());
        }
        writeln!(out, "Case #{}:", k)?;
        write_digit_rows(out, &solution, SIZE)?;
    }
    scanner.expect_end("the last case")?;
    Ok(())
}

/// Reads the 4 rows of a board (blank lines before them are skipped); returns where it starts.
fn read_board(
    scanner: &mut Scanner,
    row: &mut Vec<RowChar>,
    givens: &mut [u8; CELLS],
) -> Result<common::error::Position, InputError> {
    let mut start = None;
    for r in 0..SIZE {
        let at = scanner.row("a board row", row)?;
        start = start.or(Some(at));
        if row.len() != SIZE {
            return Err(InputError::new(
                at,
                format!(
                    "expected a board row of 4 cells (1-4 or *), found {} cells",
                    row.len()
                ),
            ));
        }
        for (c, ch) in row.iter().enumerate() {
            givens[r * SIZE + c] = match ch.byte {
                b'1'..=b'4' => ch.byte - b'0',
                b'*' => 0,
                _ => {
                    return Err(InputError::new(
                        ch.at,
                        format!("expected 1-4 or *, found {}", scanner.char_text(*ch)),
                    ))
                }
            };
        }
    }
    Ok(start.expect("four rows read"))
}
