//! Input validator for HDU 5547 "Sudoku", strict to the statement's format.
//!
//! Accepted: a line with T (1-100), then T boards, each "an empty line followed by 4 lines" of
//! exactly four characters from `1`-`4` and `*`, every line ending in `\n`, nothing after the
//! last board. Each board has exactly one completion (every row, column and 2x2 block holds
//! 1-4), as the statement promises; givens that clash leave none and are refused.
//!
//! Reads standard input; exits 42 when the input is valid, else 43 after one line on standard
//! error naming the broken rule. Std only; `input_lines.rs`, which
//! the package copies beside this file, holds the reader all four validators share.

#![forbid(unsafe_code)]

mod input_lines;

use input_lines::Lines;

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
    let mut lines = Lines::new(input);
    let cases = lines.cases(100)?;
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
    input_lines::validate_stdin(validate)
}
