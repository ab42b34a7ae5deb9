//! Brute-force references: plain backtracking over the rules as the statements give them.
//!
//! Written to be obviously right, not fast, and sharing no code with `common`, so that a fault
//! in the engine cannot hide in both. A grid is `size * size` cells read row by row, each 0
//! (empty) or a digit `1..=size`; `regions` gives each cell its region (group) `0..size`.
//! The rule: no digit twice in a row, a column or a region. Time grows with the number of
//! completions and the dead ends on the way: keep instances to a few thousand completions.

/// For each cell, the other cells that must hold a different digit: those of its row, its
/// column and its region.
fn peers(size: usize, regions: &[u8]) -> Vec<Vec<usize>> {
    assert_eq!(regions.len(), size * size, "one region per cell");
    let same_row = |a: usize, b: usize| a / size == b / size;
    let same_column = |a: usize, b: usize| a % size == b % size;
    let same_region = |a: usize, b: usize| regions[a] == regions[b];
    (0..size * size)
        .map(|a| {
            (0..size * size)
                .filter(|&b| b != a && (same_row(a, b) || same_column(a, b) || same_region(a, b)))
                .collect()
        })
        .collect()
}

/// Calls `visit` on every completion of `grid` (in no particular order) until it returns
/// false or `steps` (one per call) run out; returns false if it was stopped. Fills the empty
/// cell with the fewest digits left.
fn search(
    size: usize,
    peers: &[Vec<usize>],
    grid: &mut [u8],
    steps: &mut usize,
    visit: &mut dyn FnMut(&[u8]) -> bool,
) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    // The digits a cell can still take, as bits 1..=size: those no peer holds.
    let allowed = |grid: &[u8], cell: usize| -> u32 {
        let taken = peers[cell]
            .iter()
            .fold(0u32, |taken, &p| taken | 1 << grid[p]);
        ((1 << (size + 1)) - 2) & !taken
    };
    let mut best: Option<(usize, u32)> = None;
    for cell in 0..grid.len() {
        if grid[cell] == 0 {
            let digits = allowed(grid, cell);
            if best.is_none_or(|(_, b)| digits.count_ones() < b.count_ones()) {
                best = Some((cell, digits));
            }
        }
    }
    let Some((cell, digits)) = best else {
        return visit(grid); // no empty cell left: a completion
    };
    for d in (1..=size as u8).filter(|&d| digits >> d & 1 == 1) {
        grid[cell] = d;
        let go_on = search(size, peers, grid, steps, visit);
        grid[cell] = 0;
        if !go_on {
            return false;
        }
    }
    true
}

/// Calls `visit` on every completion of `givens` until it returns false or `steps` run out.
fn for_each_solution(
    size: usize,
    regions: &[u8],
    givens: &[u8],
    steps: &mut usize,
    visit: &mut dyn FnMut(&[u8]) -> bool,
) {
    assert_eq!(givens.len(), size * size, "one value per cell");
    assert!(
        givens.iter().all(|&d| usize::from(d) <= size),
        "digits are 1..=size"
    );
    let peers = peers(size, regions);
    let givens_clash = (0..givens.len())
        .any(|cell| givens[cell] != 0 && peers[cell].iter().any(|&p| givens[p] == givens[cell]));
    if !givens_clash {
        search(size, &peers, &mut givens.to_vec(), steps, visit);
    }
}

/// Whether the search for up to `limit` completions of `givens` ends within `steps` steps.
/// The plain search can take minutes on a sparse grid of an awkward layout; generators use
/// this to keep to instances that the reference answers quickly.
pub fn settles_within(
    size: usize,
    regions: &[u8],
    givens: &[u8],
    limit: usize,
    steps: usize,
) -> bool {
    let mut found = 0;
    let mut left = steps;
    for_each_solution(size, regions, givens, &mut left, &mut |_| {
        found += 1;
        found < limit
    });
    left > 0
}

/// Up to `limit` completions of `givens`, in no particular order.
pub fn solutions_up_to(size: usize, regions: &[u8], givens: &[u8], limit: usize) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    if limit > 0 {
        let mut unlimited = usize::MAX;
        for_each_solution(size, regions, givens, &mut unlimited, &mut |grid| {
            found.push(grid.to_vec());
            found.len() < limit
        });
    }
    found
}

/// The number of completions of `givens`, counted up to `limit`, and one of them if any.
pub fn count_solutions(
    size: usize,
    regions: &[u8],
    givens: &[u8],
    limit: usize,
) -> (usize, Option<Vec<u8>>) {
    let found = solutions_up_to(size, regions, givens, limit);
    (found.len(), found.into_iter().next())
}

/// Every completion of `givens`, in lexicographic order of the grid read row by row.
pub fn all_solutions(size: usize, regions: &[u8], givens: &[u8]) -> Vec<Vec<u8>> {
    let mut found = solutions_up_to(size, regions, givens, usize::MAX);
    found.sort();
    found
}

/// The highest target9 score over the completions of a standard 9x9 Sudoku (3x3 boxes), or
/// `None` if there is none. The cell at (r, c) weighs `6 + min(r, c, 8 - r, 8 - c)`.
pub fn max_target9_score(givens: &[u8]) -> Option<u32> {
    let boxes: Vec<u8> = (0..81)
        .map(|cell| (cell / 27 * 3 + cell % 9 / 3) as u8)
        .collect();
    let weight = |cell: usize| {
        let (r, c) = (cell / 9, cell % 9);
        6 + [r, c, 8 - r, 8 - c].into_iter().min().unwrap_or(0) as u32
    };
    let mut best = None;
    let mut unlimited = usize::MAX;
    for_each_solution(9, &boxes, givens, &mut unlimited, &mut |grid| {
        let score: u32 = (0..81)
            .map(|cell| weight(cell) * u32::from(grid[cell]))
            .sum();
        best = best.max(Some(score));
        true
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Vec<u8> {
        rows.iter()
            .flat_map(|row| row.bytes().map(|b| b - b'0'))
            .collect()
    }

    fn rows_of_four() -> Vec<u8> {
        (0..16).map(|cell| (cell / 4) as u8).collect()
    }

    fn boxes_of_four() -> Vec<u8> {
        (0..16)
            .map(|cell| (cell / 8 * 2 + cell % 4 / 2) as u8)
            .collect()
    }

    #[test]
    fn the_empty_4x4_sudoku_has_288_completions() {
        assert_eq!(count_solutions(4, &boxes_of_four(), &[0; 16], 1000).0, 288);
        // With rows as regions only the Latin square rule is left: 576 4x4 Latin squares.
        assert_eq!(count_solutions(4, &rows_of_four(), &[0; 16], 1000).0, 576);
    }

    #[test]
    fn a_unique_board_is_solved_and_clashes_have_no_solution() {
        let board = grid(&["0243", "0312", "0421", "0134"]);
        let solved = grid(&["1243", "4312", "3421", "2134"]);
        assert_eq!(
            count_solutions(4, &boxes_of_four(), &board, 2),
            (1, Some(solved))
        );
        let clash = grid(&["1100", "0000", "0000", "0000"]);
        assert_eq!(count_solutions(4, &boxes_of_four(), &clash, 2), (0, None));
        // No clash among the givens, yet no completion: cell (0,0) can hold nothing, 4 being in its row.
        let stuck = grid(&["0104", "2300", "0000", "0000"]);
        assert_eq!(count_solutions(4, &boxes_of_four(), &stuck, 2).0, 0);
    }

    #[test]
    fn all_solutions_are_sorted_and_distinct() {
        let board = grid(&["1000", "0000", "0000", "0000"]);
        let all = all_solutions(4, &boxes_of_four(), &board);
        assert_eq!(all.len(), 288 / 4);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert!(all.iter().all(|g| g[0] == 1));
    }

    #[test]
    fn target9_scores_the_full_grid_and_the_sample() {
        let sample = grid(&[
            "700900001",
            "100005900",
            "000200080",
            "005020003",
            "000000648",
            "413000000",
            "007002090",
            "201060804",
            "080504012",
        ]);
        assert_eq!(max_target9_score(&sample), Some(2829));
        let mut clash = sample.clone();
        clash[1] = 7;
        assert_eq!(max_target9_score(&clash), None);
    }
}
