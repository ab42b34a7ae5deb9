//! A tolerant input scanner: the whole input read once, whitespace-separated tokens and
//! line-bound grid rows, each with the line and column where it starts.
//!
//! Whitespace is any of space, tab, CR, LF, vertical tab and form feed, so CRLF line ends, blank
//! lines and a missing final newline all read the same. Reading is O(input size) in all.

use crate::error::{InputError, Position};

/// The input and a cursor over it.
///
/// # Constraints
///
/// - the whole input fits in memory: [`Scanner::from_stdin`] and [`Scanner::from_file`] read
///   all of it first
///
/// # Complexity
///
/// Each method is O(the bytes it reads or skips); reading all of the input is O(its size).
///
/// # Example
///
/// ```
/// use common::scanner::Scanner;
///
/// let mut scanner = Scanner::new(b"2\r\n 0 +7\n 12".to_vec());
/// let (cases, _) = scanner.int("the number of cases", 0, 9).unwrap();
/// assert_eq!(cases, 2);
/// assert_eq!(scanner.int("a digit", 0, 9).unwrap().0, 0);
/// assert_eq!(scanner.int("a digit", 0, 9).unwrap().0, 7);
/// let error = scanner.int("a digit", 0, 9).unwrap_err();
/// assert_eq!(error.to_string(), "line 3, column 2: expected a digit 0-9, found \"12\"");
/// assert!(scanner.at_end());
/// ```
pub struct Scanner {
    bytes: Vec<u8>,
    pos: usize,
    at: Position,
}

/// A place of the cursor, to come back to with [`Scanner::rewind`].
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    pos: usize,
    at: Position,
}

/// A whitespace-separated token and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// Its bytes, not empty and without whitespace.
    pub text: &'a [u8],
    /// Where its first character is.
    pub at: Position,
}

/// One character of a grid row and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowChar {
    /// The character's first byte (the whole character, for ASCII).
    pub byte: u8,
    /// Where it is.
    pub at: Position,
    /// Where it starts in the input, in bytes.
    pub offset: usize,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// How a token or a character is quoted in messages: as text, at most 24 characters.
pub fn quoted(text: &[u8]) -> String {
    let s = String::from_utf8_lossy(text);
    let mut out: String = s.chars().take(24).collect();
    if s.chars().count() > 24 {
        out.push_str("...");
    }
    format!("{:?}", out)
}

impl Scanner {
    /// A scanner over `bytes`, at line 1, column 1.
    pub fn new(bytes: Vec<u8>) -> Self {
        Scanner {
            bytes,
            pos: 0,
            at: Position { line: 1, column: 1 },
        }
    }

    /// Reads all of standard input.
    pub fn from_stdin() -> std::io::Result<Self> {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::io::stdin().lock().read_to_end(&mut bytes)?;
        Ok(Scanner::new(bytes))
    }

    /// Reads all of the file at `path`; an error names the file.
    pub fn from_file(path: &std::path::Path) -> std::io::Result<Self> {
        match std::fs::read(path) {
            Ok(bytes) => Ok(Scanner::new(bytes)),
            Err(e) => Err(std::io::Error::new(
                e.kind(),
                format!("cannot read {}: {}", path.display(), e),
            )),
        }
    }

    /// Where the cursor stands.
    pub fn position(&self) -> Position {
        self.at
    }

    /// Where the cursor stands, to come back to.
    pub fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            at: self.at,
        }
    }

    /// Puts the cursor back where it stood at `mark`, to read the same input again.
    pub fn rewind(&mut self, mark: Mark) {
        self.pos = mark.pos;
        self.at = mark.at;
    }

    fn bump(&mut self) {
        let b = self.bytes[self.pos];
        self.pos += 1;
        if b == b'\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else if b & 0xc0 != 0x80 {
            self.at.column += 1;
        }
    }

    fn skip_whitespace(&mut self) {
        while self.pos < self.bytes.len() && is_space(self.bytes[self.pos]) {
            self.bump();
        }
    }

    /// Skips spaces and tabs, stopping at a line end.
    fn skip_blanks_in_line(&mut self) {
        while self.pos < self.bytes.len() && matches!(self.bytes[self.pos], b' ' | b'\t' | b'\r') {
            self.bump();
        }
    }

    /// True when nothing but whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.bytes.len()
    }

    /// The next whitespace-separated token, or `None` at the end of the input.
    pub fn token(&mut self) -> Option<Token<'_>> {
        self.skip_whitespace();
        if self.pos == self.bytes.len() {
            return None;
        }
        let start = self.pos;
        let at = self.at;
        let mut end = start;
        while end < self.bytes.len() && !is_space(self.bytes[end]) {
            end += 1;
        }
        // A token holds no line break: only the column moves, by its characters.
        let text = &self.bytes[start..end];
        self.at.column += text.iter().filter(|&&b| b & 0xc0 != 0x80).count();
        self.pos = end;
        Some(Token { text, at })
    }

    /// The error for input that ends where `what` was expected.
    pub fn ends_early(&mut self, what: &str) -> InputError {
        self.skip_whitespace();
        InputError::new(self.at, format!("input ends where {} was expected", what))
    }

    /// The next token as an integer in `min..=max`.
    ///
    /// `what` names the value in messages: `expected the number of cases 0-1000000, found "x"`.
    pub fn int(&mut self, what: &str, min: i64, max: i64) -> Result<(i64, Position), InputError> {
        let token = match self.token() {
            Some(t) => t,
            None => return Err(self.ends_early(what)),
        };
        let value = parse_int(token.text);
        match value {
            Some(v) if v >= min && v <= max => Ok((v, token.at)),
            _ => Err(InputError::new(
                token.at,
                format!(
                    "expected {} {}-{}, found {}",
                    what,
                    min,
                    max,
                    quoted(token.text)
                ),
            )),
        }
    }

    /// Reads `values.len()` whitespace-separated integers 0-255 written plainly: one to three
    /// ASCII digits, no sign. Much faster than [`Scanner::int`] per value: no position is kept
    /// per token, only the line and where it starts.
    ///
    /// Returns false, the cursor where it stood, at anything else (a sign, a fourth digit, a
    /// value past 255, another character, the end of the input): the caller then reads the
    /// values again with [`Scanner::int`], which says what is wrong. O(bytes read).
    pub fn small_uints(&mut self, values: &mut [u8]) -> bool {
        let bytes = &self.bytes[..];
        let mut pos = self.pos;
        let mut line = self.at.line;
        // Only ASCII is read here, so the column at `pos` is `pos - line_start + 1`; a column
        // counts characters, never more than the bytes before it on its line.
        let mut line_start = pos + 1 - self.at.column;
        for value in values.iter_mut() {
            let mut b = match bytes.get(pos) {
                Some(&b) => b,
                None => return false,
            };
            while is_space(b) {
                if b == b'\n' {
                    line += 1;
                    line_start = pos + 1;
                }
                pos += 1;
                b = match bytes.get(pos) {
                    Some(&b) => b,
                    None => return false,
                };
            }
            let mut v = u32::from(b.wrapping_sub(b'0'));
            if v > 9 {
                return false;
            }
            // Up to two more digits, then whitespace or the end of the input.
            let mut digits = 1;
            loop {
                pos += 1;
                let next = bytes.get(pos).map_or(b' ', |&b| b);
                let digit = u32::from(next.wrapping_sub(b'0'));
                if digit > 9 {
                    if !is_space(next) {
                        return false;
                    }
                    break;
                }
                if digits == 3 {
                    return false;
                }
                v = v * 10 + digit;
                digits += 1;
            }
            if v > 255 {
                return false;
            }
            *value = v as u8;
        }
        self.pos = pos;
        self.at = Position {
            line,
            column: pos - line_start + 1,
        };
        true
    }

    /// Checks that nothing but whitespace is left; `after` says what came last, e.g.
    /// `"the last case"`.
    pub fn expect_end(&mut self, after: &str) -> Result<(), InputError> {
        match self.token() {
            None => Ok(()),
            Some(t) => Err(InputError::new(
                t.at,
                format!(
                    "expected the end of the input after {}, found {}",
                    after,
                    quoted(t.text)
                ),
            )),
        }
    }

    /// The next grid row: the characters of the next line that is not blank, spaces and tabs
    /// left out, into `row` (cleared first). Returns where the line starts.
    ///
    /// A row is one line; a caller that wants `n` characters checks `row.len()` and reports a
    /// short or long line itself. The cursor ends after the line.
    ///
    /// Two leniencies, both deliberate and neither able to change an answer: the row starts
    /// after the previous token, even on that token's line (`1 1234` gives the row `1234`
    /// after the count 1); and only spaces, tabs and CRs are left out, so a vertical tab or a
    /// form feed inside a row is a character, which callers refuse like any stray one.
    pub fn row(&mut self, what: &str, row: &mut Vec<RowChar>) -> Result<Position, InputError> {
        row.clear();
        self.skip_whitespace();
        if self.pos == self.bytes.len() {
            return Err(self.ends_early(what));
        }
        let start = self.at;
        loop {
            self.skip_blanks_in_line();
            if self.pos == self.bytes.len() || self.bytes[self.pos] == b'\n' {
                break;
            }
            // A character may take several bytes: keep its first byte, which is enough to say
            // it is not one of the ASCII characters a grid is drawn with.
            row.push(RowChar {
                byte: self.bytes[self.pos],
                at: self.at,
                offset: self.pos,
            });
            self.bump();
            while self.pos < self.bytes.len() && self.bytes[self.pos] & 0xc0 == 0x80 {
                self.bump();
            }
        }
        Ok(start)
    }

    /// The character `c` as quoted text, for messages.
    pub fn char_text(&self, c: RowChar) -> String {
        let mut end = c.offset + 1;
        while end < self.bytes.len() && self.bytes[end] & 0xc0 == 0x80 {
            end += 1;
        }
        quoted(&self.bytes[c.offset..end])
    }
}

/// Parses an optionally signed decimal integer; `None` if it is not one or overflows i64.
pub fn parse_int(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text.first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(s: &str) -> Scanner {
        Scanner::new(s.as_bytes().to_vec())
    }

    #[test]
    fn tokens_carry_line_and_column() {
        let mut sc = scan("3\r\n\n  12\t-4\n7");
        let t = sc.token().unwrap();
        assert_eq!((t.text, t.at), (&b"3"[..], Position { line: 1, column: 1 }));
        let t = sc.token().unwrap();
        assert_eq!(
            (t.text, t.at),
            (&b"12"[..], Position { line: 3, column: 3 })
        );
        let t = sc.token().unwrap();
        assert_eq!(
            (t.text, t.at),
            (&b"-4"[..], Position { line: 3, column: 6 })
        );
        let t = sc.token().unwrap();
        assert_eq!((t.text, t.at), (&b"7"[..], Position { line: 4, column: 1 }));
        assert!(sc.token().is_none());
        assert!(sc.at_end());
        assert!(sc.expect_end("the grid").is_ok());
        let e = scan(" 1\n x").expect_end("the grid").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 2: expected the end of the input after the grid, found \"1\""
        );
    }

    #[test]
    fn int_checks_range_and_says_what_it_found() {
        let mut sc = scan(" 5 abc 300 99999999999999999999999");
        assert_eq!(sc.int("a count", 0, 9).unwrap().0, 5);
        let e = sc.int("a count", 0, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 4: expected a count 0-9, found \"abc\""
        );
        let e = sc.int("a count", 0, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 8: expected a count 0-9, found \"300\""
        );
        assert!(sc.int("a count", 0, 9).is_err());
        let e = sc.int("a count", 0, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 35: input ends where a count was expected"
        );
    }

    #[test]
    fn small_uints_read_as_int_does_or_leave_the_cursor() {
        let text = "7\n  12 255\t0\r\n\n9 1";
        let mut fast = scan(text);
        let mut slow = scan(text);
        let mut values = [0u8; 5];
        assert!(fast.small_uints(&mut values));
        assert_eq!(values, [7, 12, 255, 0, 9]);
        for &v in values.iter() {
            assert_eq!(slow.int("v", 0, 255).unwrap().0, i64::from(v));
        }
        assert_eq!(fast.position(), slow.position());
        assert_eq!(fast.position(), Position { line: 4, column: 2 });
        let mut one = [0u8; 1];
        assert!(fast.small_uints(&mut one) && one == [1]);
        assert!(!fast.small_uints(&mut one));
        let mut after_e = scan("é 3");
        after_e.token();
        assert!(after_e.small_uints(&mut one) && one == [3]);
        assert_eq!(after_e.position(), Position { line: 1, column: 4 });
        for bad in ["1 +2", "1 256", "1 0012", "1 2x", "1 2é", "1 -0", "1"] {
            let mut sc = scan(bad);
            let mut two = [0u8; 2];
            assert!(!sc.small_uints(&mut two), "{}", bad);
            assert_eq!(sc.position(), Position { line: 1, column: 1 }, "{}", bad);
            assert_eq!(sc.int("v", 0, 255).unwrap().0, 1, "{}", bad);
        }
    }

    #[test]
    fn small_uints_take_a_nine_in_any_place() {
        let mut sc = scan("19 99 199 9");
        let mut values = [0u8; 4];
        assert!(sc.small_uints(&mut values));
        assert_eq!(values, [19, 99, 199, 9]);
    }

    #[test]
    fn at_end_only_when_nothing_but_whitespace_is_left() {
        let mut sc = scan(" \r\n\t1 \n");
        assert!(!sc.at_end());
        assert_eq!(sc.token().unwrap().at, Position { line: 2, column: 2 });
        assert!(sc.at_end());
    }

    #[test]
    fn quoted_cuts_after_24_characters() {
        let letters = b"abcdefghijklmnopqrstuvwxyz";
        assert_eq!(quoted(b""), "\"\"");
        assert_eq!(quoted(&letters[..24]), "\"abcdefghijklmnopqrstuvwx\"");
        assert_eq!(quoted(&letters[..25]), "\"abcdefghijklmnopqrstuvwx...\"");
        let accents = "é".repeat(24);
        assert_eq!(quoted(accents.as_bytes()), format!("\"{}\"", accents));
    }

    #[test]
    fn a_rewound_scanner_reads_the_same_tokens_again() {
        let mut sc = scan("1\n 2 3");
        sc.token();
        let mark = sc.mark();
        let first = sc.token().unwrap().at;
        sc.token();
        sc.rewind(mark);
        assert_eq!(sc.token().unwrap().at, first);
        assert_eq!(sc.token().unwrap().text, b"3");
    }

    #[test]
    fn rows_are_lines_without_blanks() {
        let mut sc = scan("2\n\n 0 2 C\r\n*41*\nxy");
        assert_eq!(sc.int("n", 0, 9).unwrap().0, 2);
        let mut row = Vec::new();
        let at = sc.row("a given", &mut row).unwrap();
        assert_eq!(at, Position { line: 3, column: 2 });
        assert_eq!(row.iter().map(|c| c.byte).collect::<Vec<_>>(), b"02C");
        assert_eq!(row[2].at, Position { line: 3, column: 6 });
        sc.row("a row", &mut row).unwrap();
        assert_eq!(row.iter().map(|c| c.byte).collect::<Vec<_>>(), b"*41*");
        sc.row("a row", &mut row).unwrap();
        assert_eq!(row.len(), 2);
        assert!(sc.row("a row", &mut row).is_err());
    }

    #[test]
    fn multibyte_characters_count_as_one_column() {
        let mut sc = scan("é1\n");
        let mut row = Vec::new();
        sc.row("a row", &mut row).unwrap();
        assert_eq!(row.len(), 2);
        assert_eq!(row[1].at, Position { line: 1, column: 2 });
        assert_eq!(sc.char_text(row[0]), "\"é\"");
        let mut last = scan("aé");
        last.row("a row", &mut row).unwrap();
        assert_eq!(last.char_text(row[0]), "\"a\"");
        assert_eq!(last.char_text(row[1]), "\"é\"");
    }

    #[test]
    fn parse_int_rejects_overflow_and_junk() {
        assert_eq!(parse_int(b"-12"), Some(-12));
        assert_eq!(parse_int(b"+7"), Some(7));
        assert_eq!(parse_int(b"-"), None);
        assert_eq!(parse_int(b"1x"), None);
        assert_eq!(parse_int(b"9223372036854775808"), None);
    }
}
