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

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::gen::Rng;

    /// A case before anything is read into it, as [`solve`] makes it.
    fn blank() -> Case {
        Case {
            givens: [0; CELLS],
            walls: [0; CELLS],
            at: [Position::default(); CELLS],
        }
    }

    /// 81 random cell values with the digit part 0-9 and any walls.
    fn valid_values(rng: &mut Rng) -> Vec<u8> {
        (0..CELLS)
            .map(|_| (16 * rng.below(16) + rng.below(10)) as u8)
            .collect()
    }

    /// `values` written plainly, then a token that follows the case: each value in one to
    /// three digits (leading zeros at random), after up to three whitespace characters of the
    /// kinds the scanner skips (at least one between two values).
    fn plainly(rng: &mut Rng, values: &[u8]) -> Vec<u8> {
        let mut text = Vec::new();
        for (i, value) in values.iter().map(u8::to_string).enumerate() {
            for _ in 0..rng.between(usize::from(i > 0), 3) {
                text.push(b" \t\r\n\x0b\x0c"[rng.below(6)]);
            }
            text.resize(text.len() + rng.below(4 - value.len()), b'0');
            text.extend_from_slice(value.as_bytes());
        }
        text.extend_from_slice(b"\n7\n");
        text
    }

    /// On plainly written valid cases the fast read succeeds, fills `givens` and `walls` as
    /// [`read_case`] does, leaves `at` alone and stops where [`read_case`] stops.
    #[test]
    fn the_fast_read_reads_plain_cases_as_read_case_does() {
        let mut rng = Rng::new(1);
        for _ in 0..300 {
            let values = valid_values(&mut rng);
            let text = plainly(&mut rng, &values);
            let (mut fast, mut slow) = (Scanner::new(text.clone()), Scanner::new(text));
            let (mut by_fast, mut by_slow) = (blank(), blank());
            assert!(read_case_fast(&mut fast, &mut by_fast));
            read_case(&mut slow, &mut by_slow).expect("a valid case");
            assert_eq!(by_fast.givens, by_slow.givens);
            assert_eq!(by_fast.walls, by_slow.walls);
            assert_eq!(by_fast.at, blank().at);
            assert_eq!(fast.position(), slow.position());
        }
    }

    /// A value whose digit part is 10-15, anywhere in a plainly written case, makes the fast
    /// read return false, as [`read_case`] refuses it.
    #[test]
    fn the_fast_read_refuses_a_digit_part_past_9() {
        let mut rng = Rng::new(2);
        for _ in 0..300 {
            let mut values = valid_values(&mut rng);
            values[rng.below(CELLS)] = (16 * rng.below(16) + rng.between(10, 15)) as u8;
            let text = plainly(&mut rng, &values);
            assert!(!read_case_fast(
                &mut Scanner::new(text.clone()),
                &mut blank()
            ));
            assert!(read_case(&mut Scanner::new(text), &mut blank()).is_err());
        }
    }
}
