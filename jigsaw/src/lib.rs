//! HDU 4069 "Squiggly Sudoku" as a library: the reader and the solve the binary runs
//! ([`solve`]), which the fuzz targets call in memory as well.

#![forbid(unsafe_code)]

use common::backtrack::Backtracker;
use common::driver::{write_digit_rows, Out};
use common::error::{Error, InputError, Position};
use common::layout::Layout;
use common::regions::regions_from_walls;
use common::scanner::Scanner;
use std::io::Write;

const SIZE: usize = 9;
const CELLS: usize = SIZE * SIZE;

/// One case as read: each cell's digit (0 = empty), wall bits and place in the input.
struct Case {
    givens: [u8; CELLS],
    walls: [u8; CELLS],
    at: [Position; CELLS],
}

/// Reads T and the T cases from `scanner` and prints each case's answer to `out` as it is
/// solved: `Case k:`, then the only solution, `No solution` or `Multiple Solutions`. Errs at
/// the first malformed case, every case before it printed (docs/problems.md).
pub fn solve<W: Write>(scanner: &mut Scanner, out: &mut Out<W>) -> Result<(), Error> {
    let (cases, _) = scanner.int("the number of cases", 0, i64::from(u32::MAX))?;
    let mut case = Case {
        givens: [0; CELLS],
        walls: [0; CELLS],
        at: [Position::default(); CELLS],
    };
    // Consecutive cases often share their walls: find the regions and re-target the solver
    // only when the walls change, in place, reusing its tables.
    let mut walls: Option<[u8; CELLS]> = None;
    let mut regions = [0u8; CELLS];
    let mut layout = Layout::boxes(3, 3);
    let mut backtracker = Backtracker::<u128>::new(&layout);
    let mut solution = [0u8; CELLS];
    for k in 1..=cases as usize {
        let start = scanner.mark();
        if !read_case_fast(scanner, &mut case) {
            scanner.rewind(start);
            read_case(scanner, &mut case).map_err(|e| e.in_case(k))?;
        }
        if walls != Some(case.walls) {
            if let Err(e) = regions_from_walls(SIZE, &case.walls, &mut regions) {
                // The fast read keeps no positions: read the case again for them.
                scanner.rewind(start);
                read_case(scanner, &mut case).map_err(|e| e.in_case(k))?;
                let message = format!(
                    "the walls enclose a region of {} cells starting at row {}, column {}; every region needs 9",
                    e.cells,
                    e.first_cell / SIZE + 1,
                    e.first_cell % SIZE + 1
                );
                return Err(InputError::new(case.at[e.first_cell], message)
                    .in_case(k)
                    .into());
            }
            layout.set_regions(&regions).expect("regions of nine cells");
            backtracker.set_layout(&layout);
            walls = Some(case.walls);
        }
        let count = backtracker.count_up_to(&case.givens, 2, &mut solution);
        writeln!(out, "Case {}:", k)?;
        match count {
            0 => out.write_all(b"No solution\n")?,
            1 => write_digit_rows(out, &solution, SIZE)?,
            _ => out.write_all(b"Multiple Solutions\n")?,
        }
    }
    scanner.expect_end("the last case")?;
    Ok(())
}

/// [`read_case`] for the common case of plainly written, valid values, without positions
/// (`case.at` is left as it was). False, the scanner anywhere in the case, at anything else.
fn read_case_fast(scanner: &mut Scanner, case: &mut Case) -> bool {
    let mut values = [0u8; CELLS];
    if !scanner.small_uints(&mut values) {
        return false;
    }
    for ((&value, given), walls) in values.iter().zip(&mut case.givens).zip(&mut case.walls) {
        *given = value & 15;
        *walls = value >> 4;
    }
    case.givens.iter().all(|&d| d <= 9)
}

/// Reads 81 cell values: `digit + 16 (wall above) + 32 (right) + 64 (below) + 128 (left)`.
fn read_case(scanner: &mut Scanner, case: &mut Case) -> Result<(), InputError> {
    for cell in 0..CELLS {
        let (value, at) = scanner.int("a cell value", 0, 255)?;
        let digit = (value & 15) as u8;
        if digit > 9 {
            return Err(InputError::new(
                at,
                format!(
                    "cell value {} has digit part {}; the digit (value & 15) must be 0-9",
                    value, digit
                ),
            ));
        }
        case.givens[cell] = digit;
        case.walls[cell] = (value >> 4) as u8;
        case.at[cell] = at;
    }
    Ok(())
}
