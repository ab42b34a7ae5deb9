//! The brute-force reference for all four problems: plain backtracking over the rules as the
//! statements give them.
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

/// The digits `cell` can still take, as bits `1..=size`: those no peer holds.
fn allowed(size: usize, peers: &[Vec<usize>], grid: &[u8], cell: usize) -> u32 {
    let taken = peers[cell]
        .iter()
        .fold(0u32, |taken, &p| taken | 1 << grid[p]);
    ((1 << (size + 1)) - 2) & !taken
}

/// The empty cell with the fewest digits left and those digits, or `None` if the grid is full.
fn most_constrained(size: usize, peers: &[Vec<usize>], grid: &[u8]) -> Option<(usize, u32)> {
    let mut best: Option<(usize, u32)> = None;
    for cell in 0..grid.len() {
        if grid[cell] == 0 {
            let digits = allowed(size, peers, grid, cell);
            if best.is_none_or(|(_, b)| digits.count_ones() < b.count_ones()) {
                best = Some((cell, digits));
            }
        }
    }
    best
}

/// Whether two givens clash: the same digit twice in a row, column or region.
fn givens_clash(peers: &[Vec<usize>], givens: &[u8]) -> bool {
    (0..givens.len())
        .any(|cell| givens[cell] != 0 && peers[cell].iter().any(|&p| givens[p] == givens[cell]))
}

/// Checks the shape of an instance and gives the peers of each cell.
fn instance(size: usize, regions: &[u8], givens: &[u8]) -> Vec<Vec<usize>> {
    assert_eq!(givens.len(), size * size, "one value per cell");
    assert!(
        givens.iter().all(|&d| usize::from(d) <= size),
        "digits are 1..=size"
    );
    peers(size, regions)
}

/// Calls `visit` on every completion of `grid` until it returns false or `steps` (one per
/// call) run out; returns false if it was stopped. Fills the empty cell with the fewest digits
/// left, trying its digits in the order `order` puts them in (given increasing).
fn search(
    size: usize,
    peers: &[Vec<usize>],
    grid: &mut [u8],
    steps: &mut usize,
    order: &mut dyn FnMut(&mut [u8]),
    visit: &mut dyn FnMut(&[u8]) -> bool,
) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    let Some((cell, digits)) = most_constrained(size, peers, grid) else {
        return visit(grid); // no empty cell left: a completion
    };
    let mut digits: Vec<u8> = (1..=size as u8).filter(|&d| digits >> d & 1 == 1).collect();
    order(&mut digits);
    for d in digits {
        grid[cell] = d;
        let go_on = search(size, peers, grid, steps, order, visit);
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
    order: &mut dyn FnMut(&mut [u8]),
    visit: &mut dyn FnMut(&[u8]) -> bool,
) {
    let peers = instance(size, regions, givens);
    if !givens_clash(&peers, givens) {
        search(size, &peers, &mut givens.to_vec(), steps, order, visit);
    }
}

/// Tries the digits of a cell in increasing order.
fn increasing(_: &mut [u8]) {}

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
    for_each_solution(
        size,
        regions,
        givens,
        &mut left,
        &mut increasing,
        &mut |_| {
            found += 1;
            found < limit
        },
    );
    left > 0
}

/// Up to `limit` completions of `givens`, in no particular order.
pub fn solutions_up_to(size: usize, regions: &[u8], givens: &[u8], limit: usize) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    if limit > 0 {
        let mut unlimited = usize::MAX;
        for_each_solution(
            size,
            regions,
            givens,
            &mut unlimited,
            &mut increasing,
            &mut |grid| {
                found.push(grid.to_vec());
                found.len() < limit
            },
        );
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

/// What a search for one completion found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum First {
    Solution(Vec<u8>),
    /// The search ran to its end: `givens` has no completion.
    NoSolution,
    /// The steps ran out first.
    OutOfSteps,
}

/// The first completion of `givens` that the search meets when it tries the digits of each
/// cell in the order `order` puts them in (a shuffle gives a random completion), within
/// `steps` steps.
pub fn first_solution(
    size: usize,
    regions: &[u8],
    givens: &[u8],
    steps: usize,
    order: &mut dyn FnMut(&mut [u8]),
) -> First {
    let mut found = None;
    let mut left = steps;
    for_each_solution(size, regions, givens, &mut left, order, &mut |grid| {
        found = Some(grid.to_vec());
        false
    });
    match found {
        Some(grid) => First::Solution(grid),
        None if left > 0 => First::NoSolution,
        None => First::OutOfSteps,
    }
}

/// The highest `sum weights[cell] * digit` over the completions of `givens` (`None` if there
/// is none), and whether that is sure: false if `steps` (one per search node) ran out first,
/// and the score is only the best found.
///
/// The search is the plain one above, with large digits first and one cut: a branch is left
/// when even an upper bound on what the empty cells can add (in each row, column and region
/// alone, the digits it lacks placed largest on its heaviest empty cell) cannot beat the best
/// score found.
pub fn best_score(
    size: usize,
    regions: &[u8],
    givens: &[u8],
    weights: &[u32],
    steps: usize,
) -> (Option<u32>, bool) {
    assert_eq!(weights.len(), size * size, "one weight per cell");
    let peers = instance(size, regions, givens);
    if givens_clash(&peers, givens) {
        return (None, true);
    }
    let mut best = None;
    let mut left = steps;
    let mut grid = givens.to_vec();
    let score = (0..grid.len())
        .map(|c| weights[c] * u32::from(grid[c]))
        .sum();
    let houses = Houses::new(size, regions);
    let sure = maximise(
        &houses, &peers, weights, &mut grid, score, &mut left, &mut best,
    );
    (best, sure)
}

/// The cells of each row, column and region of a grid: the houses the bound works on.
struct Houses {
    size: usize,
    members: Vec<Vec<usize>>,
}

impl Houses {
    fn new(size: usize, regions: &[u8]) -> Self {
        let mut members = vec![Vec::new(); 3 * size];
        for (cell, &region) in regions.iter().enumerate() {
            members[cell / size].push(cell);
            members[size + cell % size].push(cell);
            members[2 * size + usize::from(region)].push(cell);
        }
        Houses { size, members }
    }
}

/// [`best_score`]'s search from `grid` worth `score`; false if the steps ran out.
fn maximise(
    houses: &Houses,
    peers: &[Vec<usize>],
    weights: &[u32],
    grid: &mut [u8],
    score: u32,
    steps: &mut usize,
    best: &mut Option<u32>,
) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    if best.is_some_and(|b| score + score_bound(houses, weights, grid) <= b) {
        return true;
    }
    let Some((cell, digits)) = most_constrained(houses.size, peers, grid) else {
        *best = (*best).max(Some(score));
        return true;
    };
    for d in (1..=houses.size as u8)
        .rev()
        .filter(|&d| digits >> d & 1 == 1)
    {
        grid[cell] = d;
        let gain = weights[cell] * u32::from(d);
        let sure = maximise(houses, peers, weights, grid, score + gain, steps, best);
        grid[cell] = 0;
        if !sure {
            return false;
        }
    }
    true
}

/// An upper bound on what the empty cells of `grid` can add: in each row, the digits the row
/// lacks placed largest on the heaviest empty cell (the most any arrangement can give, by the
/// rearrangement inequality), the other rules ignored; the same by columns and by regions;
/// the least of the three sums.
fn score_bound(houses: &Houses, weights: &[u32], grid: &[u8]) -> u32 {
    let size = houses.size;
    let mut sums = [0u32; 3];
    for (kind, sum) in sums.iter_mut().enumerate() {
        for cells in &houses.members[kind * size..(kind + 1) * size] {
            let mut empty: Vec<u32> = cells
                .iter()
                .filter(|&&c| grid[c] == 0)
                .map(|&c| weights[c])
                .collect();
            empty.sort_unstable_by(|a, b| b.cmp(a));
            let missing = (1..=size as u8)
                .rev()
                .filter(|&d| cells.iter().all(|&c| grid[c] != d));
            *sum += empty
                .iter()
                .zip(missing)
                .map(|(w, d)| w * u32::from(d))
                .sum::<u32>();
        }
    }
    sums.into_iter().min().unwrap_or(0)
}

/// The highest target9 score over the completions of a standard 9x9 Sudoku (3x3 boxes), or
/// `None` if there is none; weights from [`crate::target9_weight`].
pub fn max_target9_score(givens: &[u8]) -> Option<u32> {
    let boxes: Vec<u8> = (0..81)
        .map(|cell| (cell / 27 * 3 + cell % 9 / 3) as u8)
        .collect();
    let weights = crate::target9_weights();
    best_score(9, &boxes, givens, &weights, usize::MAX).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid;

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

    #[test]
    fn best_score_is_the_best_over_all_completions() {
        // Weights that differ from cell to cell, so the cut has something to cut.
        let weights: Vec<u32> = (0..16).map(|c| 1 + (c * 7 % 5) as u32).collect();
        let score = |g: &[u8]| -> u32 { (0..16).map(|c| weights[c] * u32::from(g[c])).sum() };
        for board in [
            ["0000", "0000", "0000", "0000"],
            ["1000", "0000", "0030", "0000"],
            ["0243", "0312", "0421", "0134"],
            ["0104", "2300", "0000", "0000"],
            ["1100", "0000", "0000", "0000"],
        ] {
            let givens = grid(&board);
            let every = all_solutions(4, &boxes_of_four(), &givens);
            let best = every.iter().map(|g| score(g)).max();
            assert_eq!(
                best_score(4, &boxes_of_four(), &givens, &weights, usize::MAX),
                (best, true),
                "{:?}",
                board
            );
        }
        let (found, sure) = best_score(4, &boxes_of_four(), &[0; 16], &weights, 3);
        assert!(!sure);
        assert!(found.is_none());
    }

    #[test]
    fn first_solution_follows_the_order_and_reports_its_end() {
        let empty = [0u8; 16];
        let increasing = first_solution(4, &boxes_of_four(), &empty, usize::MAX, &mut |_| {});
        assert_eq!(
            increasing,
            First::Solution(all_solutions(4, &boxes_of_four(), &empty)[0].clone())
        );
        let decreasing = first_solution(4, &boxes_of_four(), &empty, usize::MAX, &mut |d| {
            d.reverse()
        });
        let last = all_solutions(4, &boxes_of_four(), &empty).pop().unwrap();
        assert_eq!(decreasing, First::Solution(last));
        let stuck = grid(&["0104", "2300", "0000", "0000"]);
        let none = first_solution(4, &boxes_of_four(), &stuck, usize::MAX, &mut |_| {});
        assert_eq!(none, First::NoSolution);
        let short = first_solution(4, &boxes_of_four(), &empty, 3, &mut |_| {});
        assert_eq!(short, First::OutOfSteps);
    }
}
