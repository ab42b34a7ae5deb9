//! What the four input validators share: the input as lines that must each end in `\n`, the
//! statements' integers, and the exit codes problemtools reads. `cargo xtask package` copies
//! this file beside each validator's `main.rs`, which declares it with `mod input_lines;`.

// Each validator uses what its format needs of this file.
#![allow(dead_code)]

use std::io::Read;
use std::process::exit;

/// The input split into lines that must each end in `\n`; counts lines from 1.
pub struct Lines<'a> {
    rest: &'a [u8],
    /// The number of the line [`Lines::next`] returned last (0 before the first).
    pub number: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `input`, none read yet.
    pub fn new(input: &'a [u8]) -> Self {
        Lines {
            rest: input,
            number: 0,
        }
    }

    /// The next line without its `\n`, or the rule it breaks (missing, or no final newline).
    pub fn next(&mut self, what: &str) -> Result<&'a [u8], String> {
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

    /// The first line, the number of cases T: 1 to `most`, without leading zeros.
    pub fn cases(&mut self, most: u32) -> Result<u32, String> {
        let first = self.next("the number of cases T")?;
        integer(first, most).filter(|&t| t >= 1).ok_or_else(|| {
            format!(
                "line 1: expected the number of cases T, 1-{} without leading zeros, found {:?}",
                most,
                String::from_utf8_lossy(first)
            )
        })
    }

    /// Success if nothing follows.
    pub fn end(&self) -> Result<(), String> {
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
pub fn integer(token: &[u8], max: u32) -> Option<u32> {
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

/// Validates standard input with `validate` and exits as problemtools asks: 42 when the input
/// is valid, else 43 after one line on standard error naming the broken rule (1 if standard
/// input cannot be read).
pub fn validate_stdin(validate: fn(&[u8]) -> Result<(), String>) -> ! {
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
