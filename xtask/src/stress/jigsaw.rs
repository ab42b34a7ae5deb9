//! jigsaw instances for `cargo xtask stress`.

use testkit::gen::{self, LayoutKind, Rng};
use testkit::reference;
use testkit::Problem;

use testkit::expected;

use super::givens::{drop_given, given_count};
use super::{Case, REFERENCE_STEPS};

#[derive(Clone)]
pub(super) struct Jigsaw {
    regions: Vec<u8>,
    givens: Vec<u8>,
    blank_line: bool,
    /// The seed of [`gen::jigsaw_case_loose`]'s walls, or `None` for walls on both sides.
    loose_walls: Option<u64>,
}

impl Jigsaw {
    /// A grid on a layout of the kinds that make the bench's heavy tails: half the 3x3 boxes
    /// after 60-300 swaps of cells between neighbouring regions, half a Hamiltonian path cut
    /// every 9 cells. A layout with a full grid gets 22-40 of its digits; one where the quick
    /// search finds none (mostly a layout that has none) gets 12-30 givens that do not clash,
    /// mostly without a completion. The empty grids of the bench are out of the reference's
    /// reach; these givens keep it to some milliseconds.
    fn on_tail_layout(rng: &mut Rng) -> Self {
        let regions = match rng.percent(50) {
            true => LayoutKind::Swapped,
            false => LayoutKind::Path,
        }
        .draw(rng, 9);
        let givens = match gen::random_solution(rng, 9, &regions) {
            Some(solution) => {
                let count = rng.between(22, 40);
                gen::some_givens(rng, &solution, count)
            }
            None => {
                let count = rng.between(12, 30);
                gen::random_givens(rng, 9, &regions, count)
            }
        };
        Jigsaw {
            regions,
            givens,
            blank_line: rng.percent(50),
            loose_walls: rng.percent(30).then(|| rng.next_u64()),
        }
    }
}

impl Case for Jigsaw {
    const BATCH: usize = 200;
    const PROBLEM: Problem = Problem::Jigsaw;

    /// 15% on the layouts of the bench's heavy tails ([`Jigsaw::on_tail_layout`]). The rest on
    /// a layout with a full grid (a fifth of them 3x3 boxes): 35% unique (minimal on the
    /// boxes), 20% any number of completions from 0-30 givens of the grid, 35% unique givens
    /// plus a wrong digit, 10% 20-40 givens of the grid with one changed. Instances the
    /// reference cannot settle in [`REFERENCE_STEPS`] are drawn again.
    fn attempt(rng: &mut Rng) -> Self {
        if rng.percent(15) {
            return Jigsaw::on_tail_layout(rng);
        }
        let (regions, solution) = gen::layout_with_solution(rng, 9, |rng| match rng.percent(20) {
            true => LayoutKind::Boxes,
            false => LayoutKind::Grown,
        });
        let givens = match rng.below(100) {
            0..=34 => {
                // Minimal givens on irregular layouts go down to 14-18, where the plain
                // reference takes seconds per check: only the boxes get them.
                let minimal = regions == gen::boxes(9);
                let start = rng.between(20, 32);
                gen::unique_givens(rng, 9, &regions, &solution, start, minimal)
            }
            35..=54 => {
                let count = rng.between(0, 30);
                gen::some_givens(rng, &solution, count)
            }
            55..=89 => {
                let start = rng.between(20, 32);
                let mut givens = gen::unique_givens(rng, 9, &regions, &solution, start, false);
                gen::wrong_digit(rng, 9, &solution, &mut givens);
                givens
            }
            _ => {
                let count = rng.between(20, 40);
                let mut givens = gen::some_givens(rng, &solution, count);
                let cell = (0..81).filter(|&c| givens[c] != 0).nth(rng.below(count));
                if let Some(cell) = cell {
                    givens[cell] = givens[cell] % 9 + 1;
                }
                givens
            }
        };
        Jigsaw {
            regions,
            givens,
            blank_line: rng.percent(50),
            loose_walls: rng.percent(30).then(|| rng.next_u64()),
        }
    }

    fn text(&self) -> String {
        let grid = match self.loose_walls {
            Some(seed) => gen::jigsaw_case_loose(&mut Rng::new(seed), &self.regions, &self.givens),
            None => gen::jigsaw_case(&self.regions, &self.givens),
        };
        if self.blank_line {
            format!("\n{}", grid)
        } else {
            grid
        }
    }

    fn expected(&self) -> Option<String> {
        Some(expected::jigsaw_by_reference(&self.regions, &self.givens))
    }

    fn givens(&self) -> usize {
        given_count(&self.givens)
    }

    fn without_given(&self, index: usize) -> Self {
        Jigsaw {
            givens: drop_given(&self.givens, index),
            ..self.clone()
        }
    }

    fn affordable(&self) -> bool {
        reference::settles_within(9, &self.regions, &self.givens, 2, REFERENCE_STEPS)
    }

    fn plainer(&self) -> Vec<Self> {
        let mut plainer = Vec::new();
        if self.loose_walls.is_some() {
            plainer.push(Jigsaw {
                loose_walls: None,
                ..self.clone()
            });
        }
        if self.blank_line {
            plainer.push(Jigsaw {
                blank_line: false,
                ..self.clone()
            });
        }
        plainer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tail_layout_cases_are_irregular_with_givens() {
        let mut rng = Rng::new(7);
        let boxes = gen::boxes(9);
        for _ in 0..5 {
            let case = Jigsaw::on_tail_layout(&mut rng);
            assert_ne!(case.regions, boxes);
            assert!(case.givens() >= 12);
        }
    }
}
