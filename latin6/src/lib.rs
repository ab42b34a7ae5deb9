//! Lanqiao Cup "拉丁方块" as a library: the reader and the solve the binary runs ([`solve`]),
//! which the fuzz targets call in memory as well.

#![forbid(unsafe_code)]

use common::driver::Out;
use common::error::{Error, InputError, Position};
use common::layout::Layout;
use common::row_lex6::{RowLex6, DIGITS};
use common::scanner::{RowChar, Scanner};
use std::io::Write;

const SIZE: usize = 6;
const CELLS: usize = SIZE * SIZE;

/// Reads the groups and the givens from `scanner`, all of them before any solving, and prints
/// every solution to `out` in lexicographic order as it is found, or `无解`. Errs at malformed
/// input, having printed nothing (docs/problems.md).
pub fn solve<W: Write>(scanner: &mut Scanner, out: &mut Out<W>) -> Result<(), Error> {
    let mut row = Vec::with_capacity(SIZE + 1);
    let layout = read_groups(scanner, &mut row)?;
    let givens = read_givens(scanner, &mut row)?;
    scanner.expect_end("the givens")?;
    let mut printer = SolutionPrinter::new();
    let mut failed = None;
    let found = givens.map_or(0, |givens| {
        RowLex6::new(&layout).visit(&givens, |above, below| {
            let printed = printer.print(out, above, below);
            printed.map_err(|e| failed = Some(e)).is_ok()
        })
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    // Past the writer's buffer: the block would be copied into it first.
    out.flush()?;
    out.get_mut().write_all(&printer.block[..printer.filled])?;
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
/// number is kept in decimal and counted up in place, in a register: its bytes read from
/// memory just after one of them was written cost a stall each time. Each row is one of 720
/// lines made once; the first three rows of a block of solutions are laid out once, and
/// solutions fill a block that goes out whole, past the writer's buffer.
struct SolutionPrinter {
    number: Number,
    /// Each permutation's line, then room to copy 16 bytes at once; 1024 lines so that a
    /// permutation masked indexes them without a bounds check.
    lines: Box<[[u8; 16]; LINES]>,
    block: Vec<u8>,
    filled: usize,
}

/// A solution's number in decimal.
#[derive(Clone, Copy)]
struct Number {
    /// The digits and the newline, the first in the lowest byte.
    text: u128,
    len: usize,
    /// The last digit and what adds one to it.
    last_digit: u8,
    last_unit: u128,
}

impl Number {
    fn count_up(&mut self) {
        if self.last_digit < 9 {
            self.last_digit += 1;
            self.text += self.last_unit;
            return;
        }
        self.last_digit = 0;
        for i in (0..self.len - 1).rev() {
            let at = 8 * i;
            if (self.text >> at) as u8 == b'9' {
                self.text -= 9 << at;
            } else {
                self.text += 1 << at;
                return;
            }
        }
        self.text = self.text << 8 | u128::from(b'1');
        self.len += 1;
        self.last_unit <<= 8;
    }
}

/// Bytes a block holds before it goes out: with the room below, past the allocator's
/// threshold for fresh pages from the system, which come zeroed, so that the block is not
/// cleared first.
const BLOCK: usize = 1 << 17;
/// Bytes one solution may take in a block: its number (at most 14 digits and the newline,
/// copied as 16 bytes) and six lines of 12 bytes, the last copied as 16.
const SOLUTION: usize = 16 + 12 * SIZE + 4;
/// Solutions printed between two looks at whether the block is full.
const SOME: usize = 64;
/// Lines of the table, a power of two at least 720.
const LINES: usize = 1024;

impl SolutionPrinter {
    fn new() -> Self {
        // Made here, not at compile time: copies from a table the compiler reads would be
        // trimmed to the bytes that the next copy leaves, two moves each instead of one.
        let mut lines = Box::new([[0; 16]; LINES]);
        for (line, digits) in lines.iter_mut().zip(DIGITS.iter()) {
            *line = [b' '; 16];
            for (pair, &d) in line.chunks_exact_mut(2).zip(digits) {
                pair[0] = b'A' + d - 1;
            }
            line[2 * SIZE - 1] = b'\n';
        }
        SolutionPrinter {
            lines,
            number: Number {
                text: u128::from(b'0') | u128::from(b'\n') << 8,
                len: 2,
                last_digit: 0,
                last_unit: 1,
            },
            block: vec![0; BLOCK + SOME * SOLUTION],
            filled: 0,
        }
    }

    /// Prints the solutions of a block: the first three rows `above`, and the last three
    /// of each solution.
    fn print<W: Write>(
        &mut self,
        out: &mut Out<W>,
        above: &[u16; 3],
        below: &[[u16; 3]],
    ) -> std::io::Result<()> {
        let line = |p: u16| &self.lines[usize::from(p) & (LINES - 1)];
        // The three rows and 4 bytes of room for a 16-byte copy of the last, which the
        // fourth row covers.
        let mut rows = [0; 12 * 3 + 4];
        for (at, &p) in above.iter().enumerate() {
            rows[12 * at..12 * at + 16].copy_from_slice(line(p));
        }
        let mut number = self.number;
        let mut filled = self.filled;
        for some in below.chunks(SOME) {
            if filled >= BLOCK {
                out.write_all(&self.block[..filled])?;
                filled = 0;
            }
            for &[p, q, r] in some {
                number.count_up();
                let solution = &mut self.block[filled..][..SOLUTION];
                solution[..16].copy_from_slice(&number.text.to_le_bytes());
                let at = number.len & 15;
                solution[at..at + rows.len()].copy_from_slice(&rows);
                let at = at + 12 * 3;
                solution[at..at + 16].copy_from_slice(line(p));
                solution[at + 12..at + 28].copy_from_slice(line(q));
                solution[at + 24..at + 40].copy_from_slice(line(r));
                filled += at + 36;
            }
        }
        self.number = number;
        self.filled = filled;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::driver::solve_into;
    use std::io;
    use testkit::gen::Rng;

    /// `n` as a [`Number`] documents its fields: the text of `format!("{}\n", n)`, its last
    /// digit and what adds one to that digit.
    fn number(n: u64) -> Number {
        let text = format!("{}\n", n);
        let mut bytes = [0; 16];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Number {
            text: u128::from_le_bytes(bytes),
            len: text.len(),
            last_digit: (n % 10) as u8,
            last_unit: 1 << (8 * (text.len() - 2)),
        }
    }

    /// Checks that `got` holds `n` as [`number`] does.
    fn assert_holds(got: Number, n: u64) {
        let want = number(n);
        let text = |x: Number| x.text.to_le_bytes()[..x.len].to_vec();
        assert_eq!(text(got), text(want), "the text of {}", n);
        assert_eq!(got.last_digit, want.last_digit, "the last digit of {}", n);
        assert_eq!(got.last_unit, want.last_unit, "the last unit of {}", n);
    }

    /// Solution `n` as the statement prints it: the number, then each row's letters spaced.
    fn solution_text(n: u64, rows: &[u16]) -> String {
        let mut text = format!("{}\n", n);
        for &p in rows {
            let letters: Vec<String> = DIGITS[usize::from(p)]
                .iter()
                .map(|&d| char::from(b'A' + d - 1).to_string())
                .collect();
            text += &letters.join(" ");
            text.push('\n');
        }
        text
    }

    /// A random permutation's index.
    fn permutation(rng: &mut Rng) -> u16 {
        rng.below(DIGITS.len()) as u16
    }

    /// A writer that keeps each write apart.
    #[derive(Default)]
    struct Writes(Vec<Vec<u8>>);

    impl Write for Writes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.push(buf.to_vec());
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The printer's number starts at 0 and, counted up n times, holds n: its text and its
    /// last digit with what adds one to it.
    #[test]
    fn counting_up_from_the_start_holds_each_number() {
        let mut counted = SolutionPrinter::new().number;
        assert_holds(counted, 0);
        for n in 1..=3000 {
            counted.count_up();
            assert_holds(counted, n);
        }
    }

    /// Counting up carries across any digits of a number of up to 14 digits, the most the
    /// printer holds.
    #[test]
    fn counting_up_carries_up_to_14_digits() {
        let mut rng = Rng::new(1);
        let nines = (1..14).map(|digits| 10u64.pow(digits) - 1);
        let any = (0..1000).map(|_| rng.next_u64() % (10u64.pow(14) - 1));
        for n in nines.chain(any) {
            let mut counted = number(n);
            counted.count_up();
            assert_holds(counted, n + 1);
        }
    }

    /// Through the writer [`solve`] prints to, [`SolutionPrinter::print`] sends only whole
    /// blocks of solutions of at least [`BLOCK`] bytes, straight past the writer's buffer;
    /// with the rest written at the end as [`solve`] does, out come the solutions in order.
    #[test]
    fn the_printer_sends_whole_blocks_past_the_buffer() {
        let mut rng = Rng::new(2);
        let mut printer = SolutionPrinter::new();
        let mut writes = Writes::default();
        let mut expected = String::new();
        let mut ends = vec![0];
        let mut n = 0;
        solve_into(&mut Scanner::new(Vec::new()), &mut writes, |_, out| {
            while n < 20_000 {
                let above = [0; 3].map(|_| permutation(&mut rng));
                let below: Vec<[u16; 3]> = (0..rng.below(4 * SOME))
                    .map(|_| [0; 3].map(|_| permutation(&mut rng)))
                    .collect();
                printer.print(out, &above, &below)?;
                assert!(out.buffer().is_empty(), "a block went into the buffer");
                for rows in &below {
                    n += 1;
                    expected += &solution_text(
                        n,
                        &[above[0], above[1], above[2], rows[0], rows[1], rows[2]],
                    );
                    ends.push(expected.len());
                }
            }
            out.flush()?;
            out.get_mut().write_all(&printer.block[..printer.filled])?;
            Ok(())
        })
        .expect("writes to memory");
        let (_, blocks) = writes.0.split_last().expect("the final write");
        assert!(blocks.len() > 2, "{} blocks", blocks.len());
        let mut sent = 0;
        for block in blocks {
            assert!(block.len() >= BLOCK, "a block of {} bytes", block.len());
            sent += block.len();
            assert!(
                ends.binary_search(&sent).is_ok(),
                "a block ends within a solution"
            );
        }
        assert_eq!(writes.0.concat(), expected.as_bytes());
    }

    /// Solutions numbered with 14 digits, the most the printer holds, print as the statement
    /// says, and a solution with all that [`SolutionPrinter::print`] copies for it fits in
    /// [`SOLUTION`] bytes.
    #[test]
    fn solutions_of_14_digits_fit_in_their_room() {
        let mut rng = Rng::new(3);
        let last = 10u64.pow(14) - 1;
        let first = last - 2 * SOME as u64;
        let mut printer = SolutionPrinter::new();
        printer.number = number(first - 1);
        let mut out = Out::new(io::sink());
        let mut expected = String::new();
        let mut n = first;
        let mut print = |printer: &mut SolutionPrinter, count| {
            let above = [0; 3].map(|_| permutation(&mut rng));
            let below: Vec<[u16; 3]> = (0..count)
                .map(|_| [0; 3].map(|_| permutation(&mut rng)))
                .collect();
            printer
                .print(&mut out, &above, &below)
                .expect("the sink takes all");
            for rows in &below {
                expected += &solution_text(
                    n,
                    &[above[0], above[1], above[2], rows[0], rows[1], rows[2]],
                );
                n += 1;
            }
        };
        print(&mut printer, 1);
        // The block came zeroed; the copies that reach furthest end in spaces.
        let touched = printer
            .block
            .iter()
            .rposition(|&b| b != 0)
            .map_or(0, |at| at + 1);
        assert!(touched <= SOLUTION, "{} bytes touched", touched);
        print(&mut printer, last - first);
        assert_holds(printer.number, last);
        assert_eq!(&printer.block[..printer.filled], expected.as_bytes());
    }
}
