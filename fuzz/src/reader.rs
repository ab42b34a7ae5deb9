//! What the reader targets share: a binary's `solve` run in memory the way the binary runs it
//! (`common::driver::solve_into`, then `exit_status`), and the checks every reader must pass on
//! any bytes.
//!
//! Standard output is a [`Pipe`] whose reader closes it after [`PIPE`] bytes, as `| head -c`
//! would: what a binary prints is bounded, so latin6's millions of solutions cost one block of
//! them, and the closed pipe's path (status 0) is fuzzed too.

use common::driver::{exit_status, solve_into, Out};
use common::error::Error;
use common::scanner::Scanner;
use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

/// The bytes the reader of standard output takes before it closes the pipe.
pub const PIPE: usize = 1 << 16;

/// Standard output in memory, read by a reader that takes [`PIPE`] bytes and then closes the
/// pipe: every write after that fails with `BrokenPipe`, as a write to a closed pipe does.
/// What was taken is kept where the caller can read it after the writer is gone.
pub struct Pipe {
    taken: Rc<RefCell<Vec<u8>>>,
}

impl Write for Pipe {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut taken = self.taken.borrow_mut();
        let room = PIPE - taken.len();
        if room == 0 && !bytes.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the reader closed the pipe",
            ));
        }
        let n = bytes.len().min(room);
        taken.extend_from_slice(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A binary's `solve`, printing through the driver's buffer into a [`Pipe`].
pub type Solve = fn(&mut Scanner, &mut Out<Pipe>) -> Result<(), Error>;

/// How a binary's input splits into cases, for the check that a fault leaves the cases before
/// it printed exactly as a run of those cases alone prints them.
#[derive(Clone, Copy, Debug)]
pub enum Cases {
    /// One case, read whole before anything is printed (latin6, target9): on a fault nothing
    /// was printed.
    One,
    /// A count T, then T cases of `per_case` whitespace-separated tokens each (jigsaw: 81
    /// cell values); each answer starts with a line that starts with `header`.
    Tokens {
        /// The tokens of one case.
        per_case: usize,
        /// How each answer's first line starts.
        header: &'static str,
    },
    /// A count T, then T cases of `per_case` lines each (sima4: 4 board rows), a line being
    /// the rest of the line after the count or a line that is not blank; each answer starts
    /// with a line that starts with `header`.
    Lines {
        /// The lines of one case.
        per_case: usize,
        /// How each answer's first line starts.
        header: &'static str,
    },
}

/// How [`cut_tokens`] and [`cut_lines`] are called: the input, the tokens or lines of a case,
/// the cases to keep.
type Cut = fn(&[u8], usize, usize) -> Vec<u8>;

/// A binary as its reader target sees it.
#[derive(Clone, Copy)]
pub struct Reader {
    /// The program's name, which starts its line on standard error.
    pub name: &'static str,
    /// Its `solve`, the very function its `main` hands to `common::driver::run`.
    pub solve: Solve,
    /// How its input splits into cases.
    pub cases: Cases,
}

/// What one run left.
#[derive(Debug)]
pub struct Run {
    /// What the pipe's reader took of standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: Vec<u8>,
    /// The exit status the binary would end with.
    pub status: i32,
    /// Whether the pipe was closed before the binary was done (status 0 then).
    pub closed: bool,
    /// On malformed input, the case the fault lies in (`None` outside any case).
    pub fault: Option<Option<usize>>,
}

impl Reader {
    /// Runs the reader on `input` as its binary runs on standard input: `solve_into` over a
    /// fresh [`Pipe`], then `exit_status`. O(the work of the solve).
    pub fn run(&self, input: &[u8]) -> Run {
        let taken = Rc::new(RefCell::new(Vec::new()));
        let pipe = Pipe {
            taken: Rc::clone(&taken),
        };
        let result = solve_into(&mut Scanner::new(input.to_vec()), pipe, self.solve);
        let closed = matches!(&result, Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe);
        let fault = match &result {
            Err(Error::Input(e)) => Some(e.case),
            _ => None,
        };
        let mut stderr = Vec::new();
        let status = exit_status(self.name, None, result, &mut stderr);
        let stdout = taken.take();
        Run {
            stdout,
            stderr,
            status,
            closed,
            fault,
        }
    }

    /// Runs the reader on `input` and checks what every binary promises on any bytes, with a
    /// panic (which libFuzzer reports) at the first broken promise:
    ///
    /// - no panic in the binary's code;
    /// - status 0 or 1: 2 is an i/o error, and in memory there is none to meet (the closed
    ///   pipe is status 0);
    /// - status 0 with nothing on standard error, status 1 with one line `name: ...`;
    /// - on status 0 with the pipe open, output of whole lines: for one case, an answer; for
    ///   counted cases, one answer for each of the T cases;
    /// - on status 1, the prefix property: the output is exactly that of a run over the input
    ///   cut before the faulty case ([`Cases`]); for one case, nothing.
    ///
    /// A faulty counted input is run twice, the second time over its complete cases only.
    pub fn check(&self, input: &[u8]) {
        let run = self.run(input);
        let shown = || String::from_utf8_lossy(input).into_owned();
        let stderr = String::from_utf8_lossy(&run.stderr);
        match run.status {
            0 => assert!(stderr.is_empty(), "status 0 and stderr {:?}", stderr),
            1 => {
                let prefix = format!("{}: ", self.name);
                let lines = stderr.matches('\n').count();
                assert!(
                    stderr.starts_with(&prefix) && stderr.ends_with('\n') && lines == 1,
                    "status 1 and stderr {:?}",
                    stderr
                );
            }
            other => panic!("status {} on {:?}; stderr {:?}", other, shown(), stderr),
        }
        if run.status == 0 && !run.closed {
            let whole_lines = run.stdout.is_empty() || run.stdout.ends_with(b"\n");
            assert!(whole_lines, "output of {:?} ends in mid-line", shown());
        }
        let (header, per_case, cut): (_, _, Cut) = match self.cases {
            Cases::One => {
                if run.status == 0 && !run.closed {
                    assert!(!run.stdout.is_empty(), "nothing printed for {:?}", shown());
                }
                if run.status == 1 {
                    assert!(
                        run.stdout.is_empty(),
                        "{:?} printed {:?} before its fault: {}",
                        shown(),
                        String::from_utf8_lossy(&run.stdout),
                        stderr
                    );
                }
                return;
            }
            Cases::Tokens { per_case, header } => (header, per_case, cut_tokens),
            Cases::Lines { per_case, header } => (header, per_case, cut_lines),
        };
        let answers = count_lines_starting(&run.stdout, header);
        let count = Scanner::new(input.to_vec())
            .int("the number of cases", 0, i64::from(u32::MAX))
            .ok()
            .map(|(t, _)| t as usize);
        if run.status == 0 && !run.closed {
            assert_eq!(Some(answers), count, "answers to {:?}", shown());
        }
        if run.status != 1 {
            return;
        }
        // The cases before the fault: k - 1 for a fault in case k; outside any case, none if
        // the count itself is at fault, else all T, the fault lying after the last case.
        let complete = match run.fault.expect("status 1 is malformed input") {
            Some(k) => {
                assert!(k >= 1, "case {} in {}", k, stderr);
                k - 1
            }
            None => count.unwrap_or(0),
        };
        assert_eq!(
            answers,
            complete,
            "answers printed before the fault ({}) on {:?}",
            stderr.trim_end(),
            shown()
        );
        let before = cut(input, per_case, complete);
        let alone = self.run(&before);
        assert!(
            alone.status == 0 && !alone.closed && alone.stdout == run.stdout,
            "{:?} printed {:?} before its fault ({}), but its first {} cases alone, {:?}, \
             print {:?} with status {} ({})",
            shown(),
            String::from_utf8_lossy(&run.stdout),
            stderr.trim_end(),
            complete,
            String::from_utf8_lossy(&before),
            String::from_utf8_lossy(&alone.stdout),
            alone.status,
            String::from_utf8_lossy(&alone.stderr).trim_end()
        );
    }
}

/// Whitespace as the binaries read it: space, tab, CR, LF, vertical tab, form feed.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// The lines of `output` that start with `header`.
fn count_lines_starting(output: &[u8], header: &str) -> usize {
    output
        .split(|&b| b == b'\n')
        .filter(|line| line.starts_with(header.as_bytes()))
        .count()
}

/// The end of the first token of `input`, the count T, or 0 if there is none.
fn count_end(input: &[u8]) -> usize {
    let start = input.iter().position(|&b| !is_space(b));
    start.map_or(0, |s| {
        s + input[s..]
            .iter()
            .position(|&b| is_space(b))
            .unwrap_or(input.len() - s)
    })
}

/// The input of the first `cases` cases of `input` alone, each of `per_case` tokens: the count
/// `cases`, then `input` as written from after its count up to the token after those cases
/// (or its end). Panics if `input` holds fewer tokens.
pub fn cut_tokens(input: &[u8], per_case: usize, cases: usize) -> Vec<u8> {
    let after_count = count_end(input);
    let mut tokens = 0;
    let mut end = input.len();
    let mut in_token = false;
    for (i, &b) in input.iter().enumerate().skip(after_count) {
        if !is_space(b) && !in_token {
            if tokens == per_case * cases {
                end = i;
                break;
            }
            tokens += 1;
        }
        in_token = !is_space(b);
    }
    assert!(
        tokens == per_case * cases,
        "{} cases of {} tokens asked of an input that holds {} tokens after its count",
        cases,
        per_case,
        tokens
    );
    let mut cut = cases.to_string().into_bytes();
    cut.extend_from_slice(&input[after_count..end]);
    cut
}

/// The input of the first `cases` cases of `input` alone, each of `per_case` lines: the count
/// `cases`, then `input` as written from after its count to the end of the last line of those
/// cases. A line starts at the first byte that is not whitespace and runs to the next line
/// feed. Panics if `input` holds fewer lines.
pub fn cut_lines(input: &[u8], per_case: usize, cases: usize) -> Vec<u8> {
    let after_count = count_end(input);
    let mut at = after_count;
    for line in 0..per_case * cases {
        while at < input.len() && is_space(input[at]) {
            at += 1;
        }
        assert!(
            at < input.len(),
            "{} cases of {} lines asked of an input that holds {} lines after its count",
            cases,
            per_case,
            line
        );
        at += input[at..]
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(input.len() - at);
    }
    let mut cut = cases.to_string().into_bytes();
    cut.extend_from_slice(&input[after_count..at]);
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutting_by_tokens_keeps_the_cases_as_written() {
        let input = b" 3\n1 2\t3\n\n4 5 6 x";
        assert_eq!(cut_tokens(input, 3, 0), b"0\n");
        assert_eq!(cut_tokens(input, 3, 1), b"1\n1 2\t3\n\n");
        assert_eq!(cut_tokens(input, 3, 2), b"2\n1 2\t3\n\n4 5 6 ");
        assert_eq!(cut_tokens(b"+01", 3, 0), b"0");
    }

    #[test]
    fn cutting_by_lines_keeps_the_rows_as_written() {
        let input = b"2 ab\n\n c d\r\n\x0bef\ngh";
        assert_eq!(cut_lines(input, 2, 0), b"0");
        assert_eq!(cut_lines(input, 2, 1), b"1 ab\n\n c d\r");
        assert_eq!(cut_lines(input, 2, 2), b"2 ab\n\n c d\r\n\x0bef\ngh");
    }

    #[test]
    #[should_panic(expected = "holds 1 lines")]
    fn cutting_more_lines_than_there_are_panics() {
        cut_lines(b"1\nab\n", 2, 1);
    }

    /// What a reader of [`digits`] gets wrong.
    #[derive(Clone, Copy, PartialEq)]
    enum Flaw {
        None,
        /// Prints a case's header before reading it, so a fault in case k leaves it printed.
        HeaderFirst,
        /// Prints T in every answer, so an answer depends on more than its case.
        ShowsCount,
    }

    /// A reader of T one-digit cases, each answered `Case k:` and its digit, with `flaw`.
    fn digits(scanner: &mut Scanner, out: &mut Out<Pipe>, flaw: Flaw) -> Result<(), Error> {
        let (cases, _) = scanner.int("the number of cases", 0, i64::from(u32::MAX))?;
        for k in 1..=cases as usize {
            if flaw == Flaw::HeaderFirst {
                writeln!(out, "Case {}:", k)?;
            }
            let (digit, _) = scanner.int("a digit", 0, 9).map_err(|e| e.in_case(k))?;
            if flaw != Flaw::HeaderFirst {
                writeln!(out, "Case {}:", k)?;
            }
            match flaw {
                Flaw::ShowsCount => writeln!(out, "{} of {}", digit, cases)?,
                _ => writeln!(out, "{}", digit)?,
            }
        }
        scanner.expect_end("the last case")?;
        Ok(())
    }

    fn reader(solve: Solve) -> Reader {
        Reader {
            name: "digits",
            solve,
            cases: Cases::Tokens {
                per_case: 1,
                header: "Case ",
            },
        }
    }

    #[test]
    fn a_reader_that_prints_the_cases_before_its_fault_passes() {
        let good = reader(|scanner, out| digits(scanner, out, Flaw::None));
        for input in ["2 1 2", "2 1 x", "2 1", "x", "1 1 x", "0", ""] {
            good.check(input.as_bytes());
        }
        let run = good.run(b"3 4 x");
        assert_eq!((run.status, run.fault), (1, Some(Some(2))));
        assert_eq!(run.stdout, b"Case 1:\n4\n");
        assert_eq!(
            String::from_utf8_lossy(&run.stderr),
            "digits: case 2, line 1, column 5: expected a digit 0-9, found \"x\"\n"
        );
    }

    #[test]
    #[should_panic(expected = "answers printed before the fault")]
    fn a_reader_that_prints_part_of_the_faulty_case_is_caught() {
        reader(|scanner, out| digits(scanner, out, Flaw::HeaderFirst)).check(b"2 1 x");
    }

    #[test]
    #[should_panic(expected = "but its first 1 cases alone")]
    fn a_reader_whose_answers_depend_on_later_input_is_caught() {
        let flawed = reader(|scanner, out| digits(scanner, out, Flaw::ShowsCount));
        flawed.check(b"1 7");
        flawed.check(b"2 7 x");
    }

    #[test]
    #[should_panic(expected = "printed \"x\\n\" before its fault")]
    fn a_single_case_that_prints_before_its_fault_is_caught() {
        let one = Reader {
            name: "one",
            solve: |scanner, out| {
                out.write_all(b"x\n")?;
                scanner.int("a digit", 0, 9)?;
                Ok(())
            },
            cases: Cases::One,
        };
        one.check(b"7");
        one.check(b"y");
    }

    #[test]
    fn the_pipe_takes_its_bytes_then_is_closed() {
        let taken = Rc::new(RefCell::new(Vec::new()));
        let mut pipe = Pipe {
            taken: Rc::clone(&taken),
        };
        let block = vec![7; PIPE - 1];
        pipe.write_all(&block).unwrap();
        assert_eq!(pipe.write(b"ab").unwrap(), 1);
        let e = pipe.write(b"c").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(taken.borrow().len(), PIPE);
    }
}
