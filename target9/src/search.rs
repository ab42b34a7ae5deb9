//! The search the binary runs: [`common::weighted`]'s branch and bound over the score's form
//! ([`score::weights`]), told the 17 cells that decide it.

use common::layout::Layout;
use common::weighted::Maximiser;

use crate::score;

/// The branch and bound over [`score::weights`] on 9x9 boxes, branching on
/// [`score::DECIDING_CELLS`] first. O(1).
pub fn maximiser() -> Maximiser<u128> {
    let mut solver = Maximiser::new(&Layout::boxes(3, 3), &score::weights());
    solver.set_focus(&score::DECIDING_CELLS);
    solver
}

/// The highest target score over the completions of `givens` (81 digits, 0 for an empty
/// cell) by `solver`, one of [`maximiser`]'s, or `None` if there is no completion.
pub fn best_score(solver: &mut Maximiser<u128>, givens: &[u8]) -> Option<u32> {
    solver.maximise(givens).map(|best| score::BASE + best)
}
