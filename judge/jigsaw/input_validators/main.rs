//! Input validator for HDU 4069 "Squiggly Sudoku", strict to the statement's format.
//!
//! Accepted: a line with T (1-2500), then T cases separated by one empty line, each nine lines
//! of nine integers separated by single spaces, every line ending in `\n`, nothing after the
//! last case. An integer is 0-255 without leading zeros; its low four bits are the digit 0-9,
//! the rest wall bits (16 up, 32 right, 64 down, 128 left). Every border wall is present, both
//! cells beside an inner wall declare it, and the walls are exactly the borders between nine
//! connected regions of nine cells ("I promise there must be nine connecting-sub-grids, and
//! each contains nine grids"). Givens that clash are allowed: the answer is `No solution`.
//!
//! Reads standard input; exits 42 when the input is valid, else 43 after one line on standard
//! error naming the broken rule. Std only; `input_lines.rs`, which
//! the package copies beside this file, holds the reader all four validators share.

#![forbid(unsafe_code)]

mod input_lines;

use input_lines::{integer, Lines};

const UP: u32 = 16;
const RIGHT: u32 = 32;
const DOWN: u32 = 64;
const LEFT: u32 = 128;

/// Reads one case's 81 values (lines checked for format and value range).
fn read_grid(lines: &mut Lines) -> Result<[u32; 81], String> {
    let mut grid = [0; 81];
    for row in 0..9 {
        let line = lines.next("a row of nine cell values")?;
        let here = lines.number;
        let tokens: Vec<&[u8]> = line.split(|&b| b == b' ').collect();
        if tokens.len() != 9 || tokens.iter().any(|t| t.is_empty()) {
            return Err(format!(
                "line {}: a row must be nine integers separated by single spaces",
                here
            ));
        }
        for (column, token) in tokens.iter().enumerate() {
            let value = integer(token, 255).ok_or_else(|| {
                format!(
                    "line {}: expected a cell value 0-255 without leading zeros, found {:?}",
                    here,
                    String::from_utf8_lossy(token)
                )
            })?;
            if value & 15 > 9 {
                return Err(format!(
                    "line {}: cell value {} has digit part {}; it must be 0-9",
                    here,
                    value,
                    value & 15
                ));
            }
            grid[row * 9 + column] = value;
        }
    }
    Ok(grid)
}

/// Checks the walls of one grid: border, both sides, nine connected regions of nine cells and
/// no wall inside a region. Cells are named from 1 in the messages.
fn check_walls(grid: &[u32; 81]) -> Result<(), String> {
    let at = |cell: usize| format!("row {}, column {}", cell / 9 + 1, cell % 9 + 1);
    for (cell, &value) in grid.iter().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        let border = [
            (r == 0, UP, "above"),
            (c == 8, RIGHT, "right of"),
            (r == 8, DOWN, "below"),
            (c == 0, LEFT, "left of"),
        ];
        for &(on_border, bit, side) in border.iter() {
            if on_border && value & bit == 0 {
                return Err(format!(
                    "every border wall must be present: no wall {} the cell at {}",
                    side,
                    at(cell)
                ));
            }
        }
        if c < 8 && (value & RIGHT != 0) != (grid[cell + 1] & LEFT != 0) {
            return Err(format!(
                "each inner wall must be declared by both its cells: the cells at {} and {} disagree",
                at(cell),
                at(cell + 1)
            ));
        }
        if r < 8 && (value & DOWN != 0) != (grid[cell + 9] & UP != 0) {
            return Err(format!(
                "each inner wall must be declared by both its cells: the cells at {} and {} disagree",
                at(cell),
                at(cell + 9)
            ));
        }
    }
    let region = regions(grid);
    let mut sizes = [0; 81];
    for &r in region.iter() {
        sizes[r] += 1;
    }
    if let Some(cell) = (0..81).find(|&cell| sizes[region[cell]] != 9) {
        return Err(format!(
            "the walls must make nine regions of nine cells: the region at {} has {} cells",
            at(cell),
            sizes[region[cell]]
        ));
    }
    for cell in 0..81 {
        let right = cell % 9 < 8 && grid[cell] & RIGHT != 0 && region[cell] == region[cell + 1];
        let down = cell / 9 < 8 && grid[cell] & DOWN != 0 && region[cell] == region[cell + 9];
        if right || down {
            return Err(format!(
                "walls may only separate regions: a wall at {} lies inside its region",
                at(cell)
            ));
        }
    }
    Ok(())
}

/// The region of every cell: its first cell in reading order, found by a flood fill through
/// sides without a wall. O(81).
fn regions(grid: &[u32; 81]) -> [usize; 81] {
    let mut region = [usize::MAX; 81];
    for start in 0..81 {
        if region[start] != usize::MAX {
            continue;
        }
        region[start] = start;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / 9, cell % 9);
            let steps = [
                (r > 0, UP, 9usize.wrapping_neg()),
                (c < 8, RIGHT, 1),
                (r < 8, DOWN, 9),
                (c > 0, LEFT, 1usize.wrapping_neg()),
            ];
            for &(inside, bit, step) in steps.iter() {
                let next = cell.wrapping_add(step);
                if inside && grid[cell] & bit == 0 && region[next] == usize::MAX {
                    region[next] = start;
                    stack.push(next);
                }
            }
        }
    }
    region
}

fn validate(input: &[u8]) -> Result<(), String> {
    let mut lines = Lines::new(input);
    let cases = lines.cases(2500)?;
    for case in 1..=cases {
        if case > 1 && !lines.next("the empty line between cases")?.is_empty() {
            return Err(format!(
                "line {}: cases must be separated by one empty line",
                lines.number
            ));
        }
        let grid = read_grid(&mut lines).map_err(|e| format!("case {}: {}", case, e))?;
        check_walls(&grid).map_err(|e| format!("case {}: {}", case, e))?;
    }
    lines.end()
}

fn main() {
    input_lines::validate_stdin(validate)
}
