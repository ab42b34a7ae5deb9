//! Running a binary: read standard input, solve into one buffered writer, flush, and turn the
//! outcome into an exit status.
//!
//! | outcome | stdout | stderr | status |
//! |---|---|---|---|
//! | success | every case | nothing | 0 |
//! | malformed input | every complete case before the fault | one line: where and what | 1 |
//! | stdout closed early (`... \| head`) | what the reader took | nothing | 0 |
//! | any other read or write error | what was written | one line | 2 |

use crate::error::Error;
use crate::scanner::Scanner;
use std::io::{self, BufWriter, Stdout, Write};

/// The writer every binary prints through: buffered, flushed once at the end.
pub type Out = BufWriter<Stdout>;

/// Reads all of standard input, calls `solve`, flushes, prints any error as
/// `program: message` on stderr and exits with the status of the table above. Never returns.
pub fn run<F>(program: &str, solve: F) -> !
where
    F: FnOnce(&mut Scanner, &mut Out) -> Result<(), Error>,
{
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    let result = match Scanner::from_stdin() {
        Ok(mut scanner) => solve(&mut scanner, &mut out),
        Err(e) => Err(Error::Io(e)),
    };
    let flushed = out.flush().map_err(Error::Io);
    let status = exit_status(program, result.and(flushed), &mut io::stderr());
    std::process::exit(status)
}

/// The status for `result`, after saying on `stderr` what went wrong.
pub fn exit_status(program: &str, result: Result<(), Error>, stderr: &mut dyn Write) -> i32 {
    match result {
        Ok(()) => 0,
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            let _ = writeln!(stderr, "{}: {}", program, e);
            match e {
                Error::Input(_) => 1,
                Error::Io(_) => 2,
            }
        }
    }
}

/// Writes `grid` (digits 0-9, row by row) as lines of `size` digits. Constraint:
/// `size <= 16`. O(grid.len()), no allocation.
pub fn write_digit_rows(out: &mut impl Write, grid: &[u8], size: usize) -> io::Result<()> {
    let mut line = [b'\n'; 17];
    for row in grid.chunks(size) {
        for (l, d) in line.iter_mut().zip(row) {
            *l = b'0' + d;
        }
        line[row.len()] = b'\n';
        out.write_all(&line[..=row.len()])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{InputError, Position};

    #[test]
    fn digit_rows() {
        let mut out = Vec::new();
        write_digit_rows(&mut out, &[1, 2, 3, 4, 0, 9], 3).unwrap();
        assert_eq!(out, b"123\n409\n");
    }

    #[test]
    fn statuses_and_messages() {
        let mut said = Vec::new();
        assert_eq!(exit_status("t", Ok(()), &mut said), 0);
        let pipe = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        assert_eq!(exit_status("t", Err(Error::Io(pipe)), &mut said), 0);
        assert!(said.is_empty());
        let full = io::Error::new(io::ErrorKind::Other, "disk full");
        assert_eq!(exit_status("t", Err(Error::Io(full)), &mut said), 2);
        assert_eq!(String::from_utf8_lossy(&said), "t: i/o error: disk full\n");
        said.clear();
        let bad = InputError::new(Position { line: 1, column: 1 }, "bad");
        assert_eq!(exit_status("t", Err(Error::Input(bad)), &mut said), 1);
        assert_eq!(String::from_utf8_lossy(&said), "t: line 1, column 1: bad\n");
    }
}
