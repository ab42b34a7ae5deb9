//! The cells that decide the target score, from the shape of the NOIP weights.
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
//! columns 0, 1, 7, 8: 17 cells decide the score, and the search branches on them first
//! ([`common::weighted::Maximiser::set_focus`]). Every other cell only has to fit.
//!
//! The search maximises that form ([`weights`], then adds [`BASE`]), not the NOIP weights.
//! Both give each completion the same score less a constant, and the bound's best dual is
//! the same for both, but the search reaches it by different steps: from profits on the 17
//! cells alone, the search settles most grids, the empty one above all, in fewer steps.

/// The sixteen cells in rows and columns 0, 1, 7, 8, row by row, then the centre.
pub const DECIDING_CELLS: [usize; 17] = [
    0, 1, 7, 8, 9, 10, 16, 17, 63, 64, 70, 71, 72, 73, 79, 80, 40,
];

/// What every completion scores beyond its 17 deciding cells.
pub const BASE: u32 = 2745;

/// The weights of the score less [`BASE`], cells row by row: 2 on the corners, 1 on the other
/// deciding cells, 0 elsewhere. O(1).
pub fn weights() -> Vec<u32> {
    let mut weights = vec![0; 81];
    for &cell in DECIDING_CELLS.iter().chain(&[0, 8, 72, 80]) {
        weights[cell] += 1;
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{best_score, maximiser};
    use common::layout::Layout;
    use common::weighted::Maximiser;
    use testkit::gen::{self, Rng};
    use testkit::target9_weights;

    fn score(grid: &[u8]) -> u32 {
        let weights = target9_weights();
        (0..81)
            .map(|cell| weights[cell] * u32::from(grid[cell]))
            .sum()
    }

    #[test]
    fn a_completion_scores_as_its_17_cells_say() {
        let mut rng = Rng::new(1);
        for _ in 0..200 {
            let grid = gen::random_solution(&mut rng, 9, &gen::boxes(9)).expect("a completion");
            let at = |cell: usize| u32::from(grid[cell]);
            let corners = at(0) + at(8) + at(72) + at(80);
            let deciding: u32 = DECIDING_CELLS.iter().map(|&cell| at(cell)).sum();
            assert_eq!(score(&grid), BASE + corners + deciding);
            let reduced: u32 = weights()
                .iter()
                .zip(&grid)
                .map(|(&w, &d)| w * u32::from(d))
                .sum();
            assert_eq!(score(&grid), BASE + reduced);
        }
    }

    /// target9's search (the 17-cell weights, those cells first) against the plain search
    /// over the NOIP weights.
    #[test]
    fn the_17_cell_search_agrees_with_the_plain_one() {
        let mut rng = Rng::new(3);
        let layout = Layout::boxes(3, 3);
        let mut plain = Maximiser::<u128>::new(&layout, &target9_weights());
        let mut focused = maximiser();
        for round in 0..24 {
            let count = [2, 8, 26, 34][round % 4];
            let givens = gen::random_givens(&mut rng, 9, &gen::boxes(9), count);
            let best = best_score(&mut focused, &givens);
            assert_eq!(best, plain.maximise(&givens), "{:?}", givens);
            if let Some(best) = best {
                assert_eq!(score(focused.best_grid()), best);
            }
        }
    }
}
