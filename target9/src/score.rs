//! An upper bound on the target score from the shape of the NOIP weights, which the
//! branch and bound of [`common::weighted`] checks beside its own.
//!
//! A cell weighs 6 plus the number of centred squares (7x7, 5x5, 3x3 and the centre cell
//! alone) that hold it, so a completion scores `6 * 405 + T7 + T5 + T3 + centre`, where `Tk`
//! is the sum of the digits inside the centred k x k square. Every row, column and box sums
//! to 45: rows 1-7 less their cells in columns 0 and 8 give `T7 = 315 - (90 - corners)`,
//! rows 2-6 less their cells in columns 0, 1, 7, 8 give `T5 = 225 - (180 - K)`, and `T3` is
//! the centre box. So every completion scores
//!
//! ```text
//! 2745 + centre + corners + K
//! ```
//!
//! with `corners` the four corner cells and `K` the sixteen cells in rows 0, 1, 7, 8 and
//! columns 0, 1, 7, 8: 17 cells decide the score. Those sixteen form a 4x4 mini-grid whose
//! rows lie in grid rows, whose columns lie in grid columns and whose 2x2 quadrants lie in
//! the four corner boxes, its corners counting twice.
//!
//! The bound is the centre's best candidate plus the best filling of the mini-grid within
//! the candidates under a relaxation, split two ways, and the lower of the two: into its two
//! bands of two mini rows, and into its two stacks of two mini columns. Each band keeps its
//! rows and its two quadrants free of repeats, and one rule more of the grid: a digit in both
//! mini rows of a band (grid rows 0 and 1, say) fills the band's two corner boxes there, so
//! the band's middle box holds it in the third row (row 2), whose three cells take three such
//! digits at most, fewer when other digits are known there. A band is solved exactly by a
//! search over its eight cells, larger digits first, cut by the sum of the rest's best
//! candidates. On grids with few givens this bound is within a few points of the answer
//! where the Lagrangian one can stall well above it, and branching on these 17 cells first
//! tightens it quickly.

/// The side of the grid.
const SIZE: usize = 9;
/// The grid lines (rows and columns alike) that the mini-grid takes.
const LINES: [usize; 4] = [0, 1, 7, 8];
/// The centre cell.
const CENTRE: usize = 40;
/// What every completion scores beyond the 17 cells: `6 * 405 + 225 + 45 + 45`.
const BASE: u32 = 2745;

/// The cells the score depends on: the mini-grid row by row, then the centre.
pub const FOCUS: [usize; 17] = [
    0, 1, 7, 8, 9, 10, 16, 17, 63, 64, 70, 71, 72, 73, 79, 80, 40,
];

/// The largest digit of a candidate set (bit `d - 1` for digit `d`), 0 if it is empty.
fn top(candidates: u16) -> u32 {
    16 - candidates.leading_zeros()
}

/// An upper bound on the score of every completion within `candidates` (one set per cell,
/// bit `d - 1` for digit `d`; a cell with one candidate holds it). Constraint:
/// `candidates.len() == 81`, a 9x9 grid with 3x3 boxes and the NOIP weights. Four searches
/// over 8 cells each: at most 9^8 steps, in practice a few dozen.
pub fn bound(candidates: &[u16]) -> u32 {
    let mut mini = u32::MAX;
    for transpose in [false, true] {
        let at = |row: usize, column: usize| {
            if transpose {
                column * SIZE + row
            } else {
                row * SIZE + column
            }
        };
        let mut total = 0;
        for band in 0..2 {
            let mut cells = [(0, 0); 8];
            for (k, cell) in cells.iter_mut().enumerate() {
                let (row, column) = (LINES[band * 2 + k / 4], LINES[k % 4]);
                // The grid's corners count twice.
                let weight = 1 + u32::from(row % 8 == 0 && column % 8 == 0);
                *cell = (candidates[at(row, column)], weight);
            }
            let third = 2 + 4 * band;
            let known = (3..6)
                .map(|column| candidates[at(third, column)])
                .filter(|c| c.count_ones() == 1)
                .fold(0, |known, c| known | c);
            total += band_max(&cells, known);
        }
        mini = mini.min(total);
    }
    BASE + top(candidates[CENTRE]) + mini
}

/// The best `sum(weight * digit)` of one band: `cells[..4]` its first mini row and
/// `cells[4..]` its second, as (candidates, weight), the first two of each row in one
/// quadrant; no repeat in a row or a quadrant, and at most three digits in both rows or in
/// `known` (the digits known in the middle box's third row of the band). 0 if no filling
/// exists (then neither does a completion).
fn band_max(cells: &[(u16, u32); 8], known: u16) -> u32 {
    let mut rest = [0; 9];
    for k in (0..8).rev() {
        rest[k] = row_max(&cells[k..k / 4 * 4 + 4]) + if k < 4 { rest[4] } else { 0 };
    }
    let mut best = 0;
    fill(cells, &rest, 0, [0; 2], [0; 2], known, 0, &mut best);
    best
}

/// An upper bound on the best `sum(weight * digit)` of some cells of one row (weights 1 and
/// 2): the largest digits of their candidates together, one each, the heavy cells taking the
/// largest.
fn row_max(cells: &[(u16, u32)]) -> u32 {
    let mut left = cells.iter().fold(0, |all, cell| all | cell.0);
    let mut heavy = cells.iter().filter(|cell| cell.1 == 2).count();
    let mut sum = 0;
    for _ in cells {
        let digit = top(left);
        sum += if heavy > 0 { 2 * digit } else { digit };
        heavy = heavy.saturating_sub(1);
        left &= !(1 << digit >> 1);
    }
    sum
}

/// Fills `cells[k..]` on top of the digits in `rows` and `quadrants` worth `sum`, raising
/// `best` to the best total found ([`band_max`]).
#[allow(clippy::too_many_arguments)]
fn fill(
    cells: &[(u16, u32); 8],
    rest: &[u32; 9],
    k: usize,
    rows: [u16; 2],
    quadrants: [u16; 2],
    known: u16,
    sum: u32,
    best: &mut u32,
) {
    if k == 8 {
        *best = sum.max(*best);
        return;
    }
    if sum + rest[k] <= *best {
        return;
    }
    let (row, quadrant) = (k / 4, k % 4 / 2);
    let (candidates, weight) = cells[k];
    let mut left = candidates & !rows[row] & !quadrants[quadrant];
    while left != 0 {
        let bit = 1 << (15 - left.leading_zeros());
        left &= !bit;
        let mut next = rows;
        next[row] |= bit;
        if ((next[0] & next[1]) | known).count_ones() > 3 {
            continue;
        }
        let mut taken = quadrants;
        taken[quadrant] |= bit;
        fill(
            cells,
            rest,
            k + 1,
            next,
            taken,
            known,
            sum + weight * top(bit),
            best,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::backtrack::Backtracker;
    use common::layout::Layout;
    use common::weighted::Maximiser;

    /// SplitMix64, for seeded test instances.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    fn weight(cell: usize) -> u32 {
        let (r, c) = (cell / SIZE, cell % SIZE);
        6 + r.min(c).min(SIZE - 1 - r).min(SIZE - 1 - c) as u32
    }

    fn score(grid: &[u8]) -> u32 {
        (0..81)
            .map(|cell| weight(cell) * u32::from(grid[cell]))
            .sum()
    }

    fn peers(a: usize, b: usize) -> bool {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
    }

    /// Up to `count` random givens that do not clash (some may leave no completion).
    fn random_givens(rng: &mut Rng, count: usize) -> Vec<u8> {
        let mut givens = vec![0u8; 81];
        for _ in 0..count {
            let (cell, digit) = (rng.below(81), rng.below(9) as u8 + 1);
            if (0..81).all(|other| !(peers(cell, other) && givens[other] == digit)) {
                givens[cell] = digit;
            }
        }
        givens
    }

    /// A random completion: a few random givens, completed.
    fn random_completion(rng: &mut Rng, backtracker: &mut Backtracker<u128>) -> Vec<u8> {
        loop {
            let givens = random_givens(rng, 12);
            let mut grid = vec![0u8; 81];
            if backtracker.count_up_to(&givens, 1, &mut grid) > 0 {
                return grid;
            }
        }
    }

    /// Each cell's candidates: its given, or the digits no peer's given holds.
    fn candidates(givens: &[u8]) -> Vec<u16> {
        (0..81)
            .map(|cell| {
                if givens[cell] != 0 {
                    return 1 << (givens[cell] - 1);
                }
                (0..81)
                    .filter(|&p| peers(cell, p) && givens[p] != 0)
                    .fold(0x1ff, |set, p| set & !(1 << (givens[p] - 1)))
            })
            .collect()
    }

    #[test]
    fn a_completion_scores_as_its_17_cells_say() {
        let mut rng = Rng(1);
        let mut backtracker = Backtracker::<u128>::new(&Layout::boxes(3, 3));
        for _ in 0..200 {
            let grid = random_completion(&mut rng, &mut backtracker);
            let at = |cell: usize| u32::from(grid[cell]);
            let corners = at(0) + at(8) + at(72) + at(80);
            let mini: u32 = FOCUS[..16].iter().map(|&cell| at(cell)).sum();
            assert_eq!(score(&grid), BASE + at(CENTRE) + corners + mini);
            // A full grid leaves the bound nothing to relax.
            assert_eq!(bound(&candidates(&grid)), score(&grid));
        }
    }

    #[test]
    fn the_bound_is_never_below_a_completion() {
        let mut rng = Rng(2);
        let layout = Layout::boxes(3, 3);
        let mut backtracker = Backtracker::<u128>::new(&layout);
        for _ in 0..40 {
            let full = random_completion(&mut rng, &mut backtracker);
            let keep = 30 + rng.below(20);
            let mut givens = vec![0u8; 81];
            for _ in 0..keep {
                let cell = rng.below(81);
                givens[cell] = full[cell];
            }
            let limit = bound(&candidates(&givens));
            let mut visited = 0;
            backtracker.visit_lex(&givens, |grid| {
                assert!(score(grid) <= limit, "{:?}", givens);
                visited += 1;
                visited < 2000
            });
            assert!(visited > 0);
        }
    }

    #[test]
    fn the_focused_search_agrees_with_the_plain_one() {
        let mut rng = Rng(3);
        let layout = Layout::boxes(3, 3);
        let weights: Vec<u32> = (0..81).map(weight).collect();
        let mut plain = Maximiser::<u128>::new(&layout, &weights);
        let mut focused = Maximiser::<u128>::new(&layout, &weights);
        focused.set_focus(&FOCUS, bound);
        for round in 0..24 {
            let givens = random_givens(&mut rng, [2, 8, 26, 34][round % 4]);
            let best = focused.maximise(&givens);
            assert_eq!(best, plain.maximise(&givens), "{:?}", givens);
            if let Some(best) = best {
                assert_eq!(score(focused.best_grid()), best);
            }
        }
    }
}
