//! Running a binary: read the input named on the command line (standard input by default),
//! solve into one buffered writer, flush, and turn the outcome into an exit status.
//!
//! | outcome | stdout | stderr | status |
//! |---|---|---|---|
//! | success | every case | nothing | 0 |
//! | `-h` or `--help` | the usage text | nothing | 0 |
//! | malformed input | every complete case before the fault | one line: where and what | 1 |
//! | stdout closed early (`... \| head`) | what the reader took | nothing | 0 |
//! | any other read or write error | what was written | one line | 2 |
//! | a usage error (unknown option, two files) | nothing | one line | 2 |

use crate::error::Error;
use crate::scanner::Scanner;
use std::ffi::OsString;
use std::io::{self, BufWriter, Stdout, Write};
use std::path::PathBuf;

/// The writer every binary prints through: buffered, flushed once at the end.
pub type Out = BufWriter<Stdout>;

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print the usage text.
    Help,
    /// Solve the input in this file, or on standard input when `None` (as judges run it).
    Solve(Option<PathBuf>),
}

/// Reads the arguments after the program's name: none, one file, or `-h`/`--help`. Errs with
/// the message of a usage error: an unknown option or a second file.
pub fn parse_args<I>(args: I) -> Result<Command, String>
where
    I: IntoIterator<Item = OsString>,
{
    let mut file = None;
    for arg in args {
        let text = arg.to_string_lossy().into_owned();
        if text == "-h" || text == "--help" {
            return Ok(Command::Help);
        }
        if text.starts_with('-') {
            return Err(format!("unknown option {:?} (try --help)", text));
        }
        if file.is_some() {
            return Err(format!(
                "expected at most one input file, found a second one, {:?} (try --help)",
                text
            ));
        }
        file = Some(PathBuf::from(arg));
    }
    Ok(Command::Solve(file))
}

/// The text `--help` prints: `about` says what the program reads and prints.
pub fn usage(program: &str, about: &str) -> String {
    format!(
        "usage: {} [FILE]\n\n{}\n\n\
         The input comes from FILE, or from standard input without one.\n\
         Exit status: 0 done, 1 malformed input (one line on stderr says where),\n\
         2 an i/o error or a usage error.\n\
         The input and output, byte for byte: docs/problems.md in the repository.\n",
        program, about
    )
}

/// Follows the command line (see [`parse_args`]): prints the usage text, or reads all of the
/// input, calls `solve`, flushes, prints any error as `program: message` on stderr and exits
/// with the status of the table above. Never returns.
pub fn run<F>(program: &str, about: &str, solve: F) -> !
where
    F: FnOnce(&mut Scanner, &mut Out) -> Result<(), Error>,
{
    let result = match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Help) => io::stdout()
            .write_all(usage(program, about).as_bytes())
            .map_err(Error::Io),
        Ok(Command::Solve(file)) => solve_input(file, solve),
        Err(message) => {
            let _ = writeln!(io::stderr(), "{}: {}", program, message);
            std::process::exit(2)
        }
    };
    let status = exit_status(program, result, &mut io::stderr());
    std::process::exit(status)
}

/// Reads `file` (standard input when `None`), solves it into stdout and flushes.
fn solve_input<F>(file: Option<PathBuf>, solve: F) -> Result<(), Error>
where
    F: FnOnce(&mut Scanner, &mut Out) -> Result<(), Error>,
{
    let mut scanner = match file {
        Some(path) => Scanner::from_file(&path)?,
        None => Scanner::from_stdin()?,
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    let result = solve(&mut scanner, &mut out);
    let flushed = out.flush().map_err(Error::Io);
    result.and(flushed)
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

    fn args(list: &[&str]) -> Result<Command, String> {
        parse_args(list.iter().map(OsString::from))
    }

    #[test]
    fn command_lines() {
        assert_eq!(args(&[]), Ok(Command::Solve(None)));
        let file = Some(PathBuf::from("in.txt"));
        assert_eq!(args(&["in.txt"]), Ok(Command::Solve(file)));
        assert_eq!(args(&["-h"]), Ok(Command::Help));
        assert_eq!(args(&["in.txt", "--help"]), Ok(Command::Help));
        assert_eq!(
            args(&["--frobnicate", "--help"]),
            Err("unknown option \"--frobnicate\" (try --help)".to_string())
        );
        assert_eq!(
            args(&["a", "b"]),
            Err(
                "expected at most one input file, found a second one, \"b\" (try --help)"
                    .to_string()
            )
        );
        assert!(args(&["-"]).is_err());
    }

    #[test]
    fn usage_names_the_program_and_the_contract() {
        let text = usage("prog", "Reads this, prints that.");
        assert!(text.starts_with("usage: prog [FILE]\n\nReads this, prints that.\n"));
        assert!(text.contains("docs/problems.md"));
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn solve_input_reads_the_file_and_returns_what_solve_returns() {
        let name = format!("common-output-solve-input-{}.txt", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, "7 x").unwrap();
        let mut first = 0;
        let result = solve_input(Some(path.clone()), |scanner, _| {
            first = scanner.int("a number", 0, 9)?.0;
            scanner.int("a digit", 0, 9)?;
            Ok(())
        });
        std::fs::remove_file(&path).unwrap();
        assert_eq!(first, 7);
        assert_eq!(
            result.unwrap_err().to_string(),
            "line 1, column 3: expected a digit 0-9, found \"x\""
        );
        let missing = solve_input(Some(path.clone()), |_, _| Ok(())).unwrap_err();
        let said = format!("i/o error: cannot read {}: ", path.display());
        assert!(missing.to_string().starts_with(&said), "{}", missing);
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
