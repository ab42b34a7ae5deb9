//! Output validator for the Lanqiao Cup problem "拉丁方块": every solution, in any order.
//!
//! Run as `check input judge_answer feedback_dir < team_output` (the Kattis interface).
//! The statement says "各个解间的顺序不重要" (the order of the solutions does not matter), so
//! the team's output is accepted when it lists k solutions numbered 1..k in any order, each a
//! valid grid (every row, column and group holds A-F once) keeping the givens, none twice, k
//! being the number of solutions in the judge's answer; when the answer is `无解` the output
//! must be `无解`. The format is otherwise exact: each solution is its number (no leading
//! zeros) then six lines of six letters separated by single spaces, every line ends in `\n`,
//! and nothing follows the last solution. Messages count rows and columns from 1.
//!
//! Exits 42 (accepted) or 43 (wrong answer, the reason in `feedback_dir/judgemessage.txt`);
//! 1 on a judge error (missing arguments, unreadable or malformed input or answer file).
//! Time and memory O(size of the team output). Std only, one file, as problemtools compiles
//! it.

#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::path::Path;
use std::process::exit;

/// The word the statement prints when there is no solution.
const NO_SOLUTION: &str = "无解";

/// The problem: the group of each cell and the given letter of each cell (0 = none, else
/// b'A'..=b'F').
struct Puzzle {
    groups: [u8; 36],
    givens: [u8; 36],
}

/// Reads the (validated) input: six group rows, n, n givens, separated by whitespace.
fn read_puzzle(text: &str) -> Option<Puzzle> {
    let mut tokens = text.split_ascii_whitespace();
    let mut puzzle = Puzzle {
        groups: [0; 36],
        givens: [0; 36],
    };
    for row in 0..6 {
        let line = tokens.next()?.as_bytes();
        if line.len() != 6 || !line.iter().all(|b| (b'0'..=b'5').contains(b)) {
            return None;
        }
        for (column, &b) in line.iter().enumerate() {
            puzzle.groups[row * 6 + column] = b - b'0';
        }
    }
    let count: usize = tokens.next()?.parse().ok()?;
    for _ in 0..count {
        let given = tokens.next()?.as_bytes();
        let ok = given.len() == 3
            && (b'0'..=b'5').contains(&given[0])
            && (b'0'..=b'5').contains(&given[1])
            && (b'A'..=b'F').contains(&given[2]);
        if !ok {
            return None;
        }
        puzzle.givens[usize::from(given[0] - b'0') * 6 + usize::from(given[1] - b'0')] = given[2];
    }
    Some(puzzle)
}

/// The number of solutions in the judge's answer: 0 for `无解`, else its lines / 7.
fn solutions_in_answer(text: &str) -> Option<usize> {
    if text.trim() == NO_SOLUTION {
        return Some(0);
    }
    let lines = text.lines().count();
    if lines > 0 && lines % 7 == 0 {
        Some(lines / 7)
    } else {
        None
    }
}

/// One row of a solution: six letters A-F separated by single spaces.
fn read_row(line: &[u8]) -> Option<[u8; 6]> {
    if line.len() != 11 || (1..11).step_by(2).any(|i| line[i] != b' ') {
        return None;
    }
    let mut row = [0; 6];
    for (column, letter) in row.iter_mut().enumerate() {
        *letter = line[column * 2];
        if !(b'A'..=b'F').contains(letter) {
            return None;
        }
    }
    Some(row)
}

/// Why `grid` is not a solution of `puzzle`, or `None` if it is one.
fn fault(puzzle: &Puzzle, grid: &[u8; 36]) -> Option<String> {
    if let Some(cell) = (0..36).find(|&c| puzzle.givens[c] != 0 && grid[c] != puzzle.givens[c]) {
        return Some(format!(
            "row {}, column {} is given {} but holds {}",
            cell / 6 + 1,
            cell % 6 + 1,
            char::from(puzzle.givens[cell]),
            char::from(grid[cell])
        ));
    }
    for a in 0..36 {
        for b in a + 1..36 {
            let unit = if a / 6 == b / 6 {
                "row"
            } else if a % 6 == b % 6 {
                "column"
            } else if puzzle.groups[a] == puzzle.groups[b] {
                "group"
            } else {
                continue;
            };
            if grid[a] == grid[b] {
                return Some(format!(
                    "{} appears twice in a {}: at row {}, column {} and row {}, column {}",
                    char::from(grid[a]),
                    unit,
                    a / 6 + 1,
                    a % 6 + 1,
                    b / 6 + 1,
                    b % 6 + 1
                ));
            }
        }
    }
    None
}

/// Accepts `output` or says why not.
fn judge(puzzle: &Puzzle, expected: usize, output: &[u8]) -> Result<(), String> {
    if expected == 0 {
        let wanted = format!("{}\n", NO_SOLUTION);
        return if output == wanted.as_bytes() {
            Ok(())
        } else {
            Err(format!(
                "there is no solution: the output must be the line {}",
                NO_SOLUTION
            ))
        };
    }
    if output.is_empty() {
        return Err(format!("empty output; there are {} solutions", expected));
    }
    if output.last() != Some(&b'\n') {
        return Err("the last line must end with a newline".to_string());
    }
    let mut lines = output[..output.len() - 1].split(|&b| b == b'\n');
    let mut seen: HashMap<[u8; 36], usize> = HashMap::new();
    let mut number = 0;
    loop {
        number += 1;
        let line = match lines.next() {
            Some(line) => line,
            None if number > expected => return Ok(()),
            None => return Err(format!("only {} of the {} solutions", number - 1, expected)),
        };
        if number > expected {
            return Err(format!(
                "text after the last of the {} solutions: {:?}",
                expected,
                String::from_utf8_lossy(line)
            ));
        }
        if line == NO_SOLUTION.as_bytes() {
            return Err(format!(
                "printed {} but there are {} solutions",
                NO_SOLUTION, expected
            ));
        }
        if line != number.to_string().as_bytes() {
            return Err(format!(
                "solution {}: expected its number {}, found {:?}",
                number,
                number,
                String::from_utf8_lossy(line)
            ));
        }
        let mut grid = [0; 36];
        for row in 0..6 {
            let line = lines.next().unwrap_or_default();
            let letters = read_row(line).ok_or_else(|| {
                format!(
                    "solution {}, row {}: expected six letters A-F separated by single spaces, found {:?}",
                    number,
                    row + 1,
                    String::from_utf8_lossy(line)
                )
            })?;
            grid[row * 6..row * 6 + 6].copy_from_slice(&letters);
        }
        if let Some(why) = fault(puzzle, &grid) {
            return Err(format!("solution {} is not a solution: {}", number, why));
        }
        if let Some(first) = seen.insert(grid, number) {
            return Err(format!("solution {} repeats solution {}", number, first));
        }
    }
}

/// Reads a file named on the command line, or ends the run as a judge error.
fn read(path: &str, what: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("cannot read the {} {}: {}", what, path, e);
        exit(1);
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: check input judge_answer feedback_dir < team_output");
        exit(1);
    }
    let input = String::from_utf8_lossy(&read(&args[1], "input")).into_owned();
    let answer = String::from_utf8_lossy(&read(&args[2], "judge answer")).into_owned();
    let puzzle = read_puzzle(&input).unwrap_or_else(|| {
        eprintln!("the input {} is not a latin6 input", args[1]);
        exit(1);
    });
    let expected = solutions_in_answer(&answer).unwrap_or_else(|| {
        eprintln!("the judge answer {} is not a latin6 answer", args[2]);
        exit(1);
    });
    let mut output = Vec::new();
    if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin(), &mut output) {
        eprintln!("cannot read the team output: {}", e);
        exit(1);
    }
    match judge(&puzzle, expected, &output) {
        Ok(()) => exit(42),
        Err(why) => {
            let message = Path::new(&args[3]).join("judgemessage.txt");
            if let Err(e) = std::fs::write(&message, format!("{}\n", why)) {
                eprintln!("cannot write {}: {}", message.display(), e);
                exit(1);
            }
            exit(43);
        }
    }
}
