//! The classic 9x9 puzzle sets kept one puzzle a line, as tdoku's files are: 81 characters a
//! puzzle, a digit `1..=9` for a given and any other character (`.`, `0`) for an empty cell.
//! Blank lines and lines starting with `#` (after leading blanks) are skipped as comments.
//! One reader, so that the engine bench and `cargo xtask bench` read a file the same way.

use std::fs;
use std::path::Path;

/// The first `limit` puzzles of `text` as grids of 81 cells, each 0 (empty) or a digit
/// `1..=9`. Lines after the `limit`-th puzzle are not read.
///
/// Errors: a puzzle line not 81 characters long, with its line number (counting from 1).
/// Time and memory linear in the text read.
pub fn parse(text: &str, limit: usize) -> Result<Vec<Vec<u8>>, String> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .take(limit)
        .map(|(number, line)| {
            let grid: Vec<u8> = line
                .bytes()
                .map(|b| match b {
                    b'1'..=b'9' => b - b'0',
                    _ => 0,
                })
                .collect();
            if grid.len() == 81 {
                Ok(grid)
            } else {
                Err(format!(
                    "line {}: {} characters, not 81",
                    number,
                    grid.len()
                ))
            }
        })
        .collect()
}

/// [`parse`] of the file at `path`; an error names the file.
pub fn read(path: &Path, limit: usize) -> Result<Vec<Vec<u8>>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {}", path.display(), e))?;
    parse(&text, limit).map_err(|message| format!("{}: {}", path.display(), message))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: &str =
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    const SECOND: &str =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

    fn cells(line: &str) -> Vec<u8> {
        line.bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    #[test]
    fn reads_givens_and_empty_cells() {
        let grids = parse(FIRST, usize::MAX).unwrap();
        assert_eq!(grids, vec![cells(FIRST)]);
        assert_eq!(grids[0][17], 1);
        assert_eq!(grids[0].iter().filter(|&&d| d != 0).count(), 17);
        let zeros = FIRST.replace('.', "0");
        assert_eq!(parse(&zeros, 1).unwrap(), grids);
    }

    #[test]
    fn skips_comments_and_blank_lines() {
        let text = format!(
            "# tdoku puzzles\n\n  {}  \n   # indented comment\n{}\n\n",
            FIRST, SECOND
        );
        assert_eq!(
            parse(&text, usize::MAX).unwrap(),
            vec![cells(FIRST), cells(SECOND)]
        );
    }

    #[test]
    fn stops_at_the_limit_before_a_bad_line() {
        let text = format!("{}\n{}\nnot a puzzle\n", FIRST, SECOND);
        assert_eq!(parse(&text, 2).unwrap().len(), 2);
        assert_eq!(parse(&text, 1).unwrap(), vec![cells(FIRST)]);
        assert_eq!(
            parse(&text, 3).unwrap_err(),
            "line 3: 12 characters, not 81"
        );
    }

    #[test]
    fn a_short_line_is_an_error_with_its_number() {
        let text = format!("# comment\n{}\n{}\n", FIRST, &SECOND[..80]);
        assert_eq!(
            parse(&text, usize::MAX).unwrap_err(),
            "line 3: 80 characters, not 81"
        );
    }

    #[test]
    fn read_names_the_file_in_errors() {
        let missing = Path::new("no/such/puzzles.txt");
        let error = read(missing, 1).unwrap_err();
        assert!(error.starts_with("no/such/puzzles.txt: "), "{}", error);
    }
}
