//! Input validator for the Lanqiao Cup problem "拉丁方块", strict to the statement's format.
//!
//! Accepted: six lines of six group digits 0-5 written together (`000011`), each group holding
//! six cells (a group need not be connected); a line with n, 0 <= n < 36, without leading
//! zeros; n lines of a row digit 0-5, a column digit 0-5 and a letter A-F written together
//! (`02C`), no cell given twice; every line ending in `\n`, nothing after the last given.
//! Givens that clash are allowed: the answer is `无解`.
//!
//! Reads standard input; exits 42 when the input is valid, else 43 after one line on standard
//! error naming the broken rule. Std only; `input_lines.rs`, which
//! the package copies beside this file, holds the reader all four validators share.

#![forbid(unsafe_code)]

mod input_lines;

use input_lines::{integer, Lines};

fn validate(input: &[u8]) -> Result<(), String> {
    let mut lines = Lines::new(input);
    let mut sizes = [0usize; 6];
    for _ in 0..6 {
        let line = lines.next("a row of six group digits")?;
        if line.len() != 6 || !line.iter().all(|b| (b'0'..=b'5').contains(b)) {
            return Err(format!(
                "line {}: a group row must be exactly six digits 0-5, found {:?}",
                lines.number,
                String::from_utf8_lossy(line)
            ));
        }
        for &b in line.iter() {
            let group = usize::from(b - b'0');
            sizes[group] += 1;
        }
    }
    if let Some(group) = (0..6).find(|&g| sizes[g] != 6) {
        return Err(format!(
            "every group must have six cells: group {} has {}",
            group, sizes[group]
        ));
    }
    let line = lines.next("the number of givens n")?;
    let count = integer(line, 35).ok_or_else(|| {
        format!(
            "line {}: expected the number of givens n, 0-35 (n < 36) without leading zeros, found {:?}",
            lines.number,
            String::from_utf8_lossy(line)
        )
    })?;
    let mut given = [false; 36];
    for _ in 0..count {
        let line = lines.next("a given")?;
        let ok = line.len() == 3
            && (b'0'..=b'5').contains(&line[0])
            && (b'0'..=b'5').contains(&line[1])
            && (b'A'..=b'F').contains(&line[2]);
        if !ok {
            return Err(format!(
                "line {}: a given must be a row digit 0-5, a column digit 0-5 and a letter A-F written together, found {:?}",
                lines.number,
                String::from_utf8_lossy(line)
            ));
        }
        let cell = usize::from(line[0] - b'0') * 6 + usize::from(line[1] - b'0');
        if given[cell] {
            return Err(format!(
                "line {}: each cell may be given once: row {}, column {} is given again",
                lines.number,
                char::from(line[0]),
                char::from(line[1])
            ));
        }
        given[cell] = true;
    }
    lines.end()
}

fn main() {
    input_lines::validate_stdin(validate)
}
