//! target9 instances for `cargo xtask stress`.

use testkit::gen::{self, Rng};
use testkit::reference;
use testkit::Problem;

use super::givens::{drop_given, given_count};
use testkit::expected;

use super::Case;

/// instance (a fraction of a second).
const TARGET9_STEPS: usize = 100_000;

#[derive(Clone)]
pub(super) struct Target9 {
    givens: Vec<u8>,
}

impl Case for Target9 {
    const BATCH: usize = 1;
    const PROBLEM: Problem = Problem::Target9;

    /// 24-45 givens of a full grid, more until the reference scores every completion within
    /// [`TARGET9_STEPS`]; then 10% a digit copied into a peer (a clash), 10% a wrong digit in
    /// an empty cell.
    fn attempt(rng: &mut Rng) -> Self {
        let regions = gen::boxes(9);
        let solution = loop {
            if let Some(solution) = gen::random_solution(rng, 9, &regions) {
                break solution;
            }
        };
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut count = rng.between(24, 45);
        let mut case = Target9 {
            givens: vec![0; 81],
        };
        loop {
            for &cell in &cells[..count] {
                case.givens[cell] = solution[cell];
            }
            if case.affordable() {
                break;
            }
            count += 1;
        }
        match rng.below(100) {
            0..=9 => {
                let from = cells[0];
                let to = (0..81)
                    .find(|&c| case.givens[c] == 0 && (c / 9 == from / 9 || c % 9 == from % 9));
                if let Some(to) = to {
                    case.givens[to] = case.givens[from];
                }
            }
            10..=19 => gen::wrong_digit(rng, 9, &solution, &mut case.givens),
            _ => {}
        }
        case
    }

    fn text(&self) -> String {
        gen::target9_input(&self.givens)
    }

    fn expected(&self) -> Option<String> {
        Some(expected::target9(reference::max_target9_score(
            &self.givens,
        )))
    }

    fn givens(&self) -> usize {
        given_count(&self.givens)
    }

    fn without_given(&self, index: usize) -> Self {
        Target9 {
            givens: drop_given(&self.givens, index),
        }
    }

    fn affordable(&self) -> bool {
        reference::settles_within(9, &gen::boxes(9), &self.givens, usize::MAX, TARGET9_STEPS)
    }
}
