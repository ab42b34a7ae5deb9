//! The driver every binary runs in: read the input named on the command line (standard input
//! by default, or for `-`), solve into one buffered writer, flush, and turn the outcome into an
//! exit status.
//!
//! | outcome | stdout | stderr | status |
//! |---|---|---|---|
//! | success | every case | nothing | 0 |
//! | `-h` or `--help` | the usage text | nothing | 0 |
//! | `-V` or `--version` | the name and version | nothing | 0 |
//! | malformed input | every complete case before the fault | one line: where and what | 1 |
//! | stdout closed early (`... \| head`) | what the reader took | nothing | 0 |
//! | any other read or write error | what was written | one line | 2 |
//! | a usage error (unknown option, two files) | nothing | one line | 2 |

use crate::error::Error;
use crate::scanner::Scanner;
use std::ffi::OsString;
use std::io::{self, BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};

/// The writer every binary prints through: buffered, flushed once at the end. It wraps standard
/// output when a binary runs ([`run`]), and any other writer `W` given to [`solve_into`].
pub type Out<W = Stdout> = BufWriter<W>;

/// What a binary says about itself.
#[derive(Clone, Copy, Debug)]
pub struct Program {
    /// Its name, which starts every line it writes on stderr.
    pub name: &'static str,
    /// Its version, `env!("CARGO_PKG_VERSION")` (which the bundler writes out).
    pub version: &'static str,
    /// What it reads and prints, for `--help`.
    pub about: &'static str,
}

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print the usage text.
    Help,
    /// Print the name and the version.
    Version,
    /// Solve the input in this file, or on standard input when `None` (as judges run it).
    Solve(Option<PathBuf>),
}

/// Reads the arguments after the program's name: at most one input, a file or `-` for
/// standard input (also when there is none); `-h`/`--help`; `-V`/`--version`; and `--`,
/// after which every argument is an input, even one that starts with `-` (`-- -` is still
/// standard input). The first of help and version wins. Errs with the message of a usage
/// error: an unknown option or a second input. O(number of arguments).
pub fn parse_args<I>(args: I) -> Result<Command, String>
where
    I: IntoIterator<Item = OsString>,
{
    let mut input = None;
    let mut options_ended = false;
    for arg in args {
        let text = arg.to_string_lossy().into_owned();
        if !options_ended && text.len() > 1 && text.starts_with('-') {
            match text.as_str() {
                "-h" | "--help" => return Ok(Command::Help),
                "-V" | "--version" => return Ok(Command::Version),
                "--" => options_ended = true,
                _ => return Err(format!("unknown option {:?} (try --help)", text)),
            }
            continue;
        }
        if input.is_some() {
            return Err(format!(
                "expected at most one input, found a second one, {:?} (try --help)",
                text
            ));
        }
        input = Some(Some(PathBuf::from(arg)).filter(|_| text != "-"));
    }
    Ok(Command::Solve(input.unwrap_or(None)))
}

/// The text `--help` prints.
pub fn usage(program: &Program) -> String {
    format!(
        "usage: {name} [FILE]\n       \
         {name} -h | --help\n       \
         {name} -V | --version\n\n\
         {about}\n\n\
         Options:\n  \
         -h, --help     print this text\n  \
         -V, --version  print the name and the version\n  \
         --             end the options: what follows is FILE, even if it starts with -\n\n\
         The input comes from FILE, or from standard input without one or when FILE is -.\n\
         Malformed input in FILE is reported as \"{name}: FILE:LINE:COLUMN: what is wrong\".\n\
         Exit status: 0 done, 1 malformed input (one line on stderr says where),\n\
         2 an i/o error or a usage error.\n\
         The input and output, byte for byte: docs/problems.md in the repository.\n",
        name = program.name,
        about = program.about
    )
}

/// Follows the command line (see [`parse_args`]): prints the usage text or the version, or
/// reads all of the input, calls `solve`, flushes, prints any error as `program: message` on
/// stderr and exits with the status of the table above. Never returns.
pub fn run<F>(program: Program, solve: F) -> !
where
    F: FnOnce(&mut Scanner, &mut Out) -> Result<(), Error>,
{
    let (file, result) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Help) => (None, print(&usage(&program), io::stdout())),
        Ok(Command::Version) => (
            None,
            print(
                &format!("{} {}\n", program.name, program.version),
                io::stdout(),
            ),
        ),
        Ok(Command::Solve(file)) => {
            let result = solve_input(file.as_deref(), solve);
            (file, result)
        }
        Err(message) => {
            let _ = writeln!(io::stderr(), "{}: {}", program.name, message);
            std::process::exit(2)
        }
    };
    let status = exit_status(program.name, file.as_deref(), result, &mut io::stderr());
    std::process::exit(status)
}

/// Writes `text` to `out` (standard output when a binary runs), with its error, if any.
fn print(text: &str, mut out: impl Write) -> Result<(), Error> {
    out.write_all(text.as_bytes()).map_err(Error::Io)
}

/// Reads `file` (standard input when `None`), solves it into stdout and flushes.
fn solve_input<F>(file: Option<&Path>, solve: F) -> Result<(), Error>
where
    F: FnOnce(&mut Scanner, &mut Out) -> Result<(), Error>,
{
    let mut scanner = match file {
        Some(path) => Scanner::from_file(path)?,
        None => Scanner::from_stdin()?,
    };
    solve_into(&mut scanner, io::stdout(), solve)
}

/// Solves the input of `scanner` into `sink` through one [`Out`] buffer of 64 KiB, flushes it
/// and returns the first error: what [`run`] does with standard output, and what a test or a
/// fuzz target does in memory (a `Vec<u8>`), the status then from [`exit_status`].
pub fn solve_into<W, F>(scanner: &mut Scanner, sink: W, solve: F) -> Result<(), Error>
where
    W: Write,
    F: FnOnce(&mut Scanner, &mut Out<W>) -> Result<(), Error>,
{
    let mut out = BufWriter::with_capacity(1 << 16, sink);
    let result = solve(scanner, &mut out);
    let flushed = out.flush().map_err(Error::Io);
    result.and(flushed)
}

/// The status for `result`, after saying on `stderr` what went wrong: `program: message`,
/// where malformed input read from `file` is told as `program: FILE:LINE:COLUMN: ...` (see
/// [`InputError::in_file`](crate::error::InputError::in_file)).
pub fn exit_status(
    program: &str,
    file: Option<&Path>,
    result: Result<(), Error>,
    stderr: &mut dyn Write,
) -> i32 {
    let status = match &result {
        Ok(()) => return 0,
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return 0,
        Err(Error::Input(_)) => 1,
        Err(Error::Io(_)) => 2,
    };
    let _ = match (result, file) {
        (Err(Error::Input(e)), Some(file)) => writeln!(stderr, "{}: {}", program, e.in_file(file)),
        (Err(e), _) => writeln!(stderr, "{}: {}", program, e),
        (Ok(()), _) => Ok(()),
    };
    status
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
        assert_eq!(args(&["-V"]), Ok(Command::Version));
        assert_eq!(args(&["--version", "--help"]), Ok(Command::Version));
        assert_eq!(
            args(&["--frobnicate", "--help"]),
            Err("unknown option \"--frobnicate\" (try --help)".to_string())
        );
        let second = "expected at most one input, found a second one, \"b\" (try --help)";
        assert_eq!(args(&["a", "b"]), Err(second.to_string()));
        assert_eq!(args(&["-", "b"]), Err(second.to_string()));
    }

    #[test]
    fn a_dash_is_standard_input_and_a_double_dash_ends_the_options() {
        assert_eq!(args(&["-"]), Ok(Command::Solve(None)));
        assert_eq!(args(&["--", "-"]), Ok(Command::Solve(None)));
        let dashed = |name: &str| Ok(Command::Solve(Some(PathBuf::from(name))));
        assert_eq!(args(&["--", "-file"]), dashed("-file"));
        assert_eq!(args(&["--", "--help"]), dashed("--help"));
        assert_eq!(args(&["--", "--"]), dashed("--"));
        assert_eq!(args(&["in", "--"]), dashed("in"));
        assert!(args(&["-file"]).is_err());
        assert!(args(&["--", "a", "b"]).is_err());
    }

    const PROGRAM: Program = Program {
        name: "prog",
        version: "1.2.3",
        about: "Reads this, prints that.",
    };

    #[test]
    fn usage_names_the_program_its_options_and_the_contract() {
        let text = usage(&PROGRAM);
        assert!(text.starts_with("usage: prog [FILE]\n"));
        assert!(text.contains("\n\nReads this, prints that.\n\n"));
        for option in ["-h, --help", "-V, --version", "  --  "] {
            assert!(text.contains(option), "{} in\n{}", option, text);
        }
        assert!(text.contains("prog: FILE:LINE:COLUMN: "));
        assert!(text.contains("docs/problems.md"));
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn solve_input_reads_the_file_and_returns_what_solve_returns() {
        let name = format!("common-driver-solve-input-{}.txt", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, "7 x").unwrap();
        let mut first = 0;
        let result = solve_input(Some(&path), |scanner, _| {
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
        let missing = solve_input(Some(&path), |_, _| Ok(())).unwrap_err();
        let said = format!("i/o error: cannot read {}: ", path.display());
        assert!(missing.to_string().starts_with(&said), "{}", missing);
    }

    /// A reader that has closed the pipe: every write fails.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn solve_into_flushes_what_solve_wrote_and_returns_the_first_error() {
        let mut sink = Vec::new();
        let mut scanner = Scanner::new(b"3 x".to_vec());
        let result = solve_into(&mut scanner, &mut sink, |scanner, out| {
            let (count, _) = scanner.int("a count", 0, 9)?;
            writeln!(out, "{}", count)?;
            scanner.int("a digit", 0, 9)?;
            Ok(())
        });
        assert_eq!(sink, b"3\n");
        assert_eq!(
            result.unwrap_err().to_string(),
            "line 1, column 3: expected a digit 0-9, found \"x\""
        );
        // What stays in the buffer fails only at the flush, whose error is returned.
        let result = solve_into(&mut Scanner::new(Vec::new()), Closed, |_, out| {
            out.write_all(b"lost")?;
            Ok(())
        });
        match result {
            Err(Error::Io(e)) => assert_eq!(e.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("expected the flush's error, got {:?}", other),
        }
    }

    /// `--help` and `--version` print every byte of their text, and a failed write is the
    /// error [`exit_status`] turns into a status (0 for a closed pipe, 2 otherwise).
    #[test]
    fn print_writes_the_text_or_returns_the_write_error() {
        let text = usage(&Program {
            name: "t",
            version: "1.0",
            about: "about",
        });
        let mut sink = Vec::new();
        assert!(print(&text, &mut sink).is_ok());
        assert_eq!(sink, text.as_bytes());
        match print(&text, Closed) {
            Err(Error::Io(e)) => assert_eq!(e.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("expected the write's error, got {:?}", other),
        }
    }

    #[test]
    fn statuses_and_messages() {
        let mut said = Vec::new();
        assert_eq!(exit_status("t", None, Ok(()), &mut said), 0);
        let pipe = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        assert_eq!(exit_status("t", None, Err(Error::Io(pipe)), &mut said), 0);
        assert!(said.is_empty());
        let full = io::Error::new(io::ErrorKind::Other, "disk full");
        let file = Some(Path::new("in.txt"));
        assert_eq!(exit_status("t", file, Err(Error::Io(full)), &mut said), 2);
        assert_eq!(String::from_utf8_lossy(&said), "t: i/o error: disk full\n");
        let bad = || InputError::new(Position { line: 1, column: 2 }, "bad").in_case(3);
        said.clear();
        assert_eq!(
            exit_status("t", None, Err(Error::Input(bad())), &mut said),
            1
        );
        let piped = "t: case 3, line 1, column 2: bad\n";
        assert_eq!(String::from_utf8_lossy(&said), piped);
        said.clear();
        assert_eq!(
            exit_status("t", file, Err(Error::Input(bad())), &mut said),
            1
        );
        assert_eq!(
            String::from_utf8_lossy(&said),
            "t: in.txt:1:2: case 3: bad\n"
        );
    }
}
