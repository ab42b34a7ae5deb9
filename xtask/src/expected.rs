//! What the binaries must print, by the brute-force reference of `testkit::reference`: the
//! answer to one case, without jigsaw's and sima4's `Case` line. Shared by `stress` and
//! `hunt`.

use testkit::gen;
use testkit::reference;

/// The rows of a full grid, one line each: digits together, or letters A-F with spaces.
pub fn rows(size: usize, grid: &[u8], letters: bool) -> String {
    grid.chunks(size)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&d| match letters {
                    true => char::from(b'A' + d - 1).to_string(),
                    false => d.to_string(),
                })
                .collect();
            cells.join(if letters { " " } else { "" }) + "\n"
        })
        .collect()
}

/// A jigsaw case's answer. As slow as the reference's search for two completions.
pub fn jigsaw(regions: &[u8], givens: &[u8]) -> String {
    match reference::count_solutions(9, regions, givens, 2) {
        (0, _) => "No solution\n".to_string(),
        (1, Some(grid)) => rows(9, &grid, false),
        _ => "Multiple Solutions\n".to_string(),
    }
}

/// A sima4 board completed; `None` when it has no completion or several (the binary
/// refuses it).
pub fn sima4(givens: &[u8]) -> Option<String> {
    match reference::count_solutions(4, &gen::boxes(4), givens, 2) {
        (1, Some(grid)) => Some(rows(4, &grid, false)),
        _ => None,
    }
}

/// Every latin6 solution, numbered, or `无解`. As slow as listing them all.
pub fn latin6(groups: &[u8], givens: &[u8]) -> String {
    let solutions = reference::all_solutions(6, groups, givens);
    if solutions.is_empty() {
        return "无解\n".to_string();
    }
    solutions
        .iter()
        .enumerate()
        .map(|(i, grid)| format!("{}\n{}", i + 1, rows(6, grid, true)))
        .collect()
}

/// A target9 score line, for `Some(score)` or `None` (no completion).
pub fn target9(best: Option<u32>) -> String {
    match best {
        Some(score) => format!("{}\n", score),
        None => "-1\n".to_string(),
    }
}
