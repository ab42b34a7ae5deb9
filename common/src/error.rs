//! The one error type of the binaries: where (case, line, column) and what.

use std::fmt;
use std::path::Path;

/// A place in the input, counted from 1. Columns count characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column on that line, from 1, in characters.
    pub column: usize,
}

/// Malformed input: where it is and what is wrong.
///
/// Displays as `case 2, line 14, column 7: expected a cell value 0-255 plus walls, found "abc"`;
/// the case is left out where the fault is not inside a case (the count T, say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The case it lies in (from 1), or `None` outside any case.
    pub case: Option<usize>,
    /// Where the offending token or character starts, or where the input ends early.
    pub at: Position,
    /// What is wrong, e.g. `expected a digit 0-9, found "12"`.
    pub message: String,
}

impl InputError {
    /// The error `message` at `at`, outside any case (see [`InputError::in_case`]).
    pub fn new(at: Position, message: impl Into<String>) -> Self {
        InputError {
            case: None,
            at,
            message: message.into(),
        }
    }

    /// The same error, said to be inside case `case` (from 1).
    pub fn in_case(mut self, case: usize) -> Self {
        self.case = Some(case);
        self
    }

    /// The error as told for input read from `file`, in the way of GNU tools:
    /// `FILE:14:7: case 2: expected ...`, or `FILE:1:1: ...` outside any case. O(length).
    pub fn in_file(&self, file: &Path) -> String {
        let case = self.case.map_or(String::new(), |k| format!("case {}: ", k));
        let at = self.at;
        let file = file.display();
        format!(
            "{}:{}:{}: {}{}",
            file, at.line, at.column, case, self.message
        )
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(case) = self.case {
            write!(f, "case {}, ", case)?;
        }
        write!(
            f,
            "line {}, column {}: {}",
            self.at.line, self.at.column, self.message
        )
    }
}

impl std::error::Error for InputError {}

/// Why a binary stopped early: bad input, or a failed read or write.
#[derive(Debug)]
pub enum Error {
    /// Malformed input: exit status 1.
    Input(InputError),
    /// A read or write failed: exit status 2 (0 for a reader that closed the pipe early).
    Io(std::io::Error),
}

impl From<InputError> for Error {
    fn from(e: InputError) -> Self {
        Error::Input(e)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(e) => e.fmt(f),
            Error::Io(e) => write!(f, "i/o error: {}", e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_case_line_column_and_what() {
        let at = Position {
            line: 14,
            column: 7,
        };
        let e = InputError::new(at, "expected a digit, found \"abc\"").in_case(2);
        assert_eq!(
            e.to_string(),
            "case 2, line 14, column 7: expected a digit, found \"abc\""
        );
        let e = InputError::new(Position { line: 1, column: 1 }, "bad count");
        assert_eq!(e.to_string(), "line 1, column 1: bad count");
    }

    #[test]
    fn in_a_file_says_file_line_column_then_case_and_what() {
        let at = Position { line: 3, column: 5 };
        let e = InputError::new(at, "expected a digit, found \"x\"");
        let file = Path::new("dir/in.txt");
        assert_eq!(
            e.in_file(file).to_string(),
            "dir/in.txt:3:5: expected a digit, found \"x\""
        );
        assert_eq!(
            e.in_case(4).in_file(file).to_string(),
            "dir/in.txt:3:5: case 4: expected a digit, found \"x\""
        );
    }
}
