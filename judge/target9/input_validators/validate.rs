//! Input validator for NOIP 2009 "靶形数独" (Luogu P1074), strict to the statement's format.
//!
//! Accepted: nine lines of nine digits 0-9 (0 = empty) separated by single spaces ("每两个数字
//! 之间用一个空格隔开"), every line ending in `\n`, nothing after the ninth line, and at least
//! 24 givens, the bound the statement sets for all of its data. Givens that clash are allowed:
//! the answer is `-1`.
//!
//! Reads standard input; exits 42 when the input is valid, else 43 after one line on standard
//! error naming the broken rule. Std only, one file, as problemtools compiles it.

use std::io::Read;
use std::process::exit;

/// The statement's lower bound on the number of givens.
const MIN_GIVENS: usize = 24;

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

fn validate(input: &[u8]) -> Result<(), String> {
    let mut lines = Lines {
        rest: input,
        number: 0,
    };
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
