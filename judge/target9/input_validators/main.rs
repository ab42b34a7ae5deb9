//! Input validator for NOIP 2009 "靶形数独" (Luogu P1074), strict to the statement's format.
//!
//! Accepted: nine lines of nine digits 0-9 (0 = empty) separated by single spaces ("每两个数字
//! 之间用一个空格隔开"), every line ending in `\n`, nothing after the ninth line, and at least
//! 24 givens, the bound the statement sets for all of its data. Givens that clash are allowed:
//! the answer is `-1`.
//!
//! Reads standard input; exits 42 when the input is valid, else 43 after one line on standard
//! error naming the broken rule. Std only; `input_lines.rs`, which
//! the package copies beside this file, holds the reader all four validators share.

#![forbid(unsafe_code)]

mod input_lines;

use input_lines::Lines;

/// The statement's lower bound on the number of givens.
const MIN_GIVENS: usize = 24;

fn validate(input: &[u8]) -> Result<(), String> {
    let mut lines = Lines::new(input);
    let mut givens = 0;
    for _ in 0..9 {
        let line = lines.next("a row of nine digits")?;
        let spaced = line.len() == 17 && line.iter().skip(1).step_by(2).all(|&b| b == b' ');
        let digits = line.iter().step_by(2).all(u8::is_ascii_digit);
        if !spaced || !digits {
            return Err(format!(
                "line {}: a row must be nine digits 0-9 separated by single spaces, found {:?}",
                lines.number,
                String::from_utf8_lossy(line)
            ));
        }
        givens += line.iter().step_by(2).filter(|&&b| b != b'0').count();
    }
    lines.end()?;
    if givens < MIN_GIVENS {
        return Err(format!(
            "the grid must have at least {} givens; it has {}",
            MIN_GIVENS, givens
        ));
    }
    Ok(())
}

fn main() {
    input_lines::validate_stdin(validate)
}
