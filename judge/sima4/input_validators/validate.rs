//! Input validator for HDU 5547 "Sudoku", strict to the statement's format.
//!
//! Accepted: a line with T (1-100), then T boards, each "an empty line followed by 4 lines" of
//! exactly four characters from `1`-`4` and `*`, every line ending in `\n`, nothing after the
//! last board. Each board has exactly one completion (every row, column and 2x2 block holds
//! 1-4), as the statement promises; givens that clash leave none and are refused.
//!
//! Reads standard input; exits 42 when the input is valid, else 43 after one line on standard
//! error naming the broken rule. Std only, one file, as problemtools compiles it.

use std::io::Read;
use std::process::exit;

/// The input split into lines that must each end in `\n`; counts lines from 1.
struct Lines<'a> {
    rest: &'a [u8],
    number: usize,
}

impl<'a> Lines<'a> {
    /// The next line without its `\n`, or the rule it breaks (missing, or no final newline).
    fn next(&mut self, what: &str) -> Result<&'a [u8], String> {
        self.number += 1;
        if self.rest.is_empty() {
            return Err(format!(
                "line {}: input ends where {} was expected",
                self.number, what
            ));
        }
        match self.rest.iter().position(|&b| b == b'\n') {
            Some(end) => {
                let line = &self.rest[..end];
                self.rest = &self.rest[end + 1..];
                Ok(line)
            }
            None => Err(format!(
                "line {}: the last line must end with a newline",
                self.number
            )),
        }
    }

    /// Success if nothing follows.
    fn end(&self) -> Result<(), String> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "line {}: text after the end of the input",
                self.number + 1
            ))
        }
    }
}

/// A decimal integer without sign or leading zeros, at most `max`.
fn integer(token: &[u8], max: u32) -> Option<u32> {
    let digits = token.iter().all(u8::is_ascii_digit);
    if token.is_empty() || token.len() > 4 || !digits || (token[0] == b'0' && token.len() > 1) {
        return None;
    }
    let value = token.iter().fold(0, |v, &d| v * 10 + u32::from(d - b'0'));
    if value <= max {
        Some(value)
    } else {
        None
    }
}

/// The number of completions of `board` (0 = empty), counted up to 2. At most 4^16 steps in
/// theory; a 4x4 board settles in a few hundred.
fn completions(board: &mut [u8; 16], limit: usize) -> usize {
    let cell = match board.iter().position(|&d| d == 0) {
        Some(cell) => cell,
        None => return 1,
    };
    let (r, c) = (cell / 4, cell % 4);
    let mut found = 0;
    for digit in 1..=4 {
        let clash = (0..4).any(|i| {
            let block = (r / 2 * 2 + i / 2) * 4 + c / 2 * 2 + i % 2;
            board[r * 4 + i] == digit || board[i * 4 + c] == digit || board[block] == digit
        });
        if !clash {
            board[cell] = digit;
            found += completions(board, limit - found);
            board[cell] = 0;
            if found >= limit {
                break;
            }
        }
    }
    found
}

/// True if no two givens in a row, column or block are equal.
fn givens_agree(board: &[u8; 16]) -> bool {
    (0..16).all(|a| {
        (a + 1..16).all(|b| {
            let same_unit =
                a / 4 == b / 4 || a % 4 == b % 4 || (a / 8 == b / 8 && a % 4 / 2 == b % 4 / 2);
            board[a] == 0 || board[a] != board[b] || !same_unit
        })
    })
}

fn validate(input: &[u8]) -> Result<(), String> {
    let mut lines = Lines {
        rest: input,
        number: 0,
    };
    let first = lines.next("the number of cases T")?;
    let cases = integer(first, 100).filter(|&t| t >= 1).ok_or_else(|| {
        format!(
            "line 1: expected the number of cases T, 1-100 without leading zeros, found {:?}",
            String::from_utf8_lossy(first)
        )
    })?;
    for case in 1..=cases {
        if !lines.next("the empty line before a board")?.is_empty() {
            return Err(format!(
                "case {}: line {}: each board starts with an empty line",
                case, lines.number
            ));
        }
        let mut board = [0; 16];
        for row in 0..4 {
            let line = lines.next("a board row")?;
            let cells_ok = line
                .iter()
                .all(|&b| b == b'*' || (b'1'..=b'4').contains(&b));
            if line.len() != 4 || !cells_ok {
                return Err(format!(
                    "case {}: line {}: a board row must be exactly four characters 1-4 or *, found {:?}",
                    case,
                    lines.number,
                    String::from_utf8_lossy(line)
                ));
            }
            for (column, &b) in line.iter().enumerate() {
                board[row * 4 + column] = if b == b'*' { 0 } else { b - b'0' };
            }
        }
        let count = if givens_agree(&board) {
            completions(&mut board, 2)
        } else {
            0
        };
        if count != 1 {
            let how = if count == 0 { "none" } else { "more than one" };
            return Err(format!(
                "case {}: the board must have exactly one completion; it has {}",
                case, how
            ));
        }
    }
    lines.end()
}

fn main() {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("cannot read the input: {}", e);
        exit(1);
    }
    match validate(&input) {
        Ok(()) => exit(42),
        Err(rule) => {
            eprintln!("{}", rule);
            exit(43);
        }
    }
}
