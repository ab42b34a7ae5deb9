//! latin6 instances for `cargo xtask stress`.

use testkit::gen::{self, LayoutKind, Rng};
use testkit::reference;
use testkit::Problem;

use testkit::expected;

use super::{Case, REFERENCE_STEPS};

/// The most solutions a latin6 instance may have (the reference lists them all).
const LATIN6_SOLUTIONS: usize = 2000;

#[derive(Clone)]
pub(super) struct Latin6 {
    groups: Vec<u8>,
    /// `(row, column, letter 1..=6)` in the input's order; repeats agree.
    givens: Vec<(usize, usize, u8)>,
    spaced: bool,
}

impl Latin6 {
    /// The givens as a grid.
    fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0; 36];
        for &(r, c, d) in &self.givens {
            grid[r * 6 + c] = d;
        }
        grid
    }
}

/// Whether the reference lists the solutions of `grid` quickly and there are at most
/// [`LATIN6_SOLUTIONS`].
fn latin6_fits(groups: &[u8], grid: &[u8]) -> bool {
    reference::settles_within(6, groups, grid, usize::MAX, REFERENCE_STEPS)
        && reference::count_solutions(6, groups, grid, LATIN6_SOLUTIONS + 1).0 <= LATIN6_SOLUTIONS
}

impl Latin6 {
    /// A grouping of the bench's heavy tails: rows, with one column's cells swapped between two
    /// rows (never solvable), and 4-16 givens that do not clash, in row order. The bench gives
    /// none; the givens keep the reference to some milliseconds.
    fn rows_swapped(rng: &mut Rng) -> Self {
        let column = rng.below(6);
        let a = rng.below(6);
        let b = (a + rng.between(1, 5)) % 6;
        let groups = gen::rows_swapped(column, a.min(b), a.max(b));
        let count = rng.between(4, 16);
        let grid = gen::random_givens(rng, 6, &groups, count);
        Latin6 {
            givens: (0..36)
                .filter(|&c| grid[c] != 0)
                .map(|c| (c / 6, c % 6, grid[c]))
                .collect(),
            groups,
            spaced: rng.percent(30),
        }
    }
}

impl Case for Latin6 {
    const BATCH: usize = 1;
    const PROBLEM: Problem = Problem::Latin6;

    /// 10% [`Latin6::rows_swapped`]. Otherwise groups: 45% connected, 35% scattered, 20% 2x3
    /// boxes. Givens: 4-20 from a full grid,
    /// more until at most 2,000 solutions are left; then 15% a wrong letter in an empty cell,
    /// 5% a letter copied into a peer; 10% repeat a given; half listed in random order.
    fn attempt(rng: &mut Rng) -> Self {
        if rng.percent(10) {
            return Latin6::rows_swapped(rng);
        }
        let (groups, solution) = gen::layout_with_solution(rng, 6, |rng| match rng.below(100) {
            0..=44 => LayoutKind::Grown,
            45..=79 => LayoutKind::Scattered,
            _ => LayoutKind::Boxes,
        });
        let mut cells: Vec<usize> = (0..36).collect();
        rng.shuffle(&mut cells);
        let mut count = rng.between(4, 20);
        let mut grid = vec![0; 36];
        loop {
            for &cell in &cells[..count] {
                grid[cell] = solution[cell];
            }
            if latin6_fits(&groups, &grid) {
                break;
            }
            count += 1;
        }
        // At most 35 givens: the statement promises n < 36.
        match rng.below(100) {
            _ if count >= 35 => {}
            0..=14 => gen::wrong_digit(rng, 6, &solution, &mut grid),
            15..=19 => {
                let from = cells[0];
                let to =
                    (0..36).find(|&c| grid[c] == 0 && (c / 6 == from / 6 || c % 6 == from % 6));
                if let Some(to) = to {
                    grid[to] = grid[from];
                }
            }
            _ => {}
        }
        let mut givens: Vec<(usize, usize, u8)> = (0..36)
            .filter(|&c| grid[c] != 0)
            .map(|c| (c / 6, c % 6, grid[c]))
            .collect();
        if rng.percent(10) && givens.len() < 35 {
            givens.push(givens[rng.below(givens.len())]);
        }
        if rng.percent(50) {
            rng.shuffle(&mut givens);
        }
        Latin6 {
            groups,
            givens,
            spaced: rng.percent(30),
        }
    }

    fn text(&self) -> String {
        gen::latin6_input_list(&self.groups, &self.givens, self.spaced)
    }

    fn expected(&self) -> Option<String> {
        Some(expected::latin6_by_reference(&self.groups, &self.grid()))
    }

    fn givens(&self) -> usize {
        self.givens.len()
    }

    fn without_given(&self, index: usize) -> Self {
        let mut fewer = self.clone();
        fewer.givens.remove(index);
        fewer
    }

    fn affordable(&self) -> bool {
        latin6_fits(&self.groups, &self.grid())
    }

    fn plainer(&self) -> Vec<Self> {
        let mut plainer = Vec::new();
        if self.spaced {
            plainer.push(Latin6 {
                spaced: false,
                ..self.clone()
            });
        }
        let mut sorted = self.givens.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted != self.givens {
            plainer.push(Latin6 {
                givens: sorted,
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
    fn latin6_expected_lists_numbered_solutions_or_none() {
        let groups = gen::boxes(6);
        let solution = gen::random_solution(&mut Rng::new(4), 6, &groups).unwrap();
        let givens: Vec<(usize, usize, u8)> =
            (0..34).map(|c| (c / 6, c % 6, solution[c])).collect();
        let case = Latin6 {
            groups,
            givens,
            spaced: false,
        };
        let expected = case.expected().unwrap();
        assert!(expected.starts_with("1\n"));
        assert_eq!(expected.lines().count(), 7);
        let mut clash = case.clone();
        clash.givens[0] = (0, 0, solution[1]); // the letter of cell (0, 1) in the same row
        assert_eq!(clash.expected().unwrap(), "无解\n");
    }

    #[test]
    fn row_swap_groupings_have_no_solution() {
        let mut rng = Rng::new(6);
        for _ in 0..5 {
            let case = loop {
                let case = Latin6::rows_swapped(&mut rng);
                if case.affordable() {
                    break case;
                }
            };
            let rows: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
            let moved = (0..36).filter(|&c| case.groups[c] != rows[c]).count();
            assert_eq!(moved, 2);
            assert!(!case.givens.is_empty());
            assert_eq!(case.expected().unwrap(), "无解\n");
        }
    }
}
