//! The Sudoku-to-CNF encoding that finishes a count the search and the templates gave up on
//! ([`Search::count_by_sat`]): one variable per cell and digit, the clauses of the rules (the
//! implied houses among them), of the givens and of the order of the fresh digits, and the
//! counting of models by blocking each found, which can stop and go on.

use super::Search;
use crate::bitset::{Bitset, Cells};
use crate::sat::Sat;

/// A count by the SAT solver that can stop at a cap on its conflicts and go on later from
/// where it stopped, its learnt clauses and the models it blocked kept.
pub(super) struct SatCount {
    sat: Sat,
    /// How many solutions each model stands for: the renamings of the fresh digits.
    weight: usize,
    /// The solutions of the models found so far.
    count: usize,
}

impl<B: Bitset> Search<B> {
    /// The count of `givens` by the SAT solver, set up: one variable per cell and digit, the
    /// clauses of the rules (each cell holds one digit, each house each digit once, the
    /// houses the law of leftovers implies too) and of the givens. The `k` fresh digits (see
    /// `count_from`) appear in the first row in ascending order, the clauses also say: of the
    /// `k!` renamings of the fresh digits in a solution, all of them solutions, just one is,
    /// so each counts `k!` times. O(N^4) clauses.
    ///
    /// The grids that come this far are those whose solutions are rare among many
    /// interchangeable digits, which the solver's decisions and learnt clauses reach in a few
    /// conflicts, and those without a solution that the templates do not refute at once.
    pub(super) fn sat_count(&self, givens: &[u8], fresh: u32) -> SatCount {
        let size = self.tables.size;
        let mut sat = Sat::new(self.tables.cells * size);
        self.add_rules(&mut sat);
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 {
                sat.add(&[lit(size, cell, g as usize - 1)]);
            }
        }
        let fresh_digits = add_fresh_order(&mut sat, size, fresh);
        SatCount {
            sat,
            weight: (2..=fresh_digits).product(),
            count: 0,
        }
    }

    /// [`Search::count_from`] from the root by `sat`, going on from where it last stopped:
    /// each solution found is excluded by a clause before the next solve, and the first is
    /// written to `solution`. Stops once the count reaches `limit`, which it may pass; `None`
    /// once the solver has met `most` conflicts since it was set up without settling the
    /// count. Past the cap the hunt sets, the count means nothing. Exponential in the worst
    /// case.
    pub(super) fn count_by_sat(
        &mut self,
        sat: &mut SatCount,
        limit: usize,
        solution: &mut [u8],
        most: u64,
    ) -> Option<usize> {
        let size = self.tables.size;
        let s = &mut sat.sat;
        s.cap_conflicts(most.min(self.sat_cap));
        while sat.count < limit && s.solve() {
            let model: Vec<usize> = (0..solution.len() * size).filter(|&u| s.value(u)).collect();
            if sat.count == 0 {
                for &u in &model {
                    solution[u / size] = (u % size) as u8 + 1;
                }
            }
            sat.count = sat.count.saturating_add(sat.weight);
            let block: Vec<u32> = model.iter().map(|&u| 2 * u as u32 + 1).collect();
            s.add(&block);
        }
        self.sat_conflicts = s.conflicts();
        self.sat_propagations = s.propagations();
        Some(sat.count).filter(|_| s.conflicts() <= most)
    }

    /// The rules: each cell holds one digit, each house (the implied houses of
    /// `Tables::add_implied_houses` too) each digit, and two peers not the same digit, each
    /// pair once however many houses they share. O(N^4) clauses.
    fn add_rules(&self, sat: &mut Sat) {
        let t = &self.tables;
        let n = t.size;
        for cell in 0..t.cells {
            let digits: Vec<u32> = (0..n).map(|d| lit(n, cell, d)).collect();
            sat.add(&digits);
            for (i, &a) in digits.iter().enumerate() {
                for &b in &digits[..i] {
                    sat.add(&[a + 1, b + 1]);
                }
                for peer in Cells(t.peers[cell]).take_while(|&peer| peer < cell) {
                    sat.add(&[a + 1, lit(n, peer, i) + 1]);
                }
            }
        }
        for h in Cells(t.all_houses) {
            for d in 0..n {
                sat.add(
                    &Cells(t.houses[h])
                        .map(|cell| lit(n, cell, d))
                        .collect::<Vec<_>>(),
                );
            }
        }
    }
}

/// The positive literal of digit `d` (from 0) in `cell` of a grid of `size` digits; plus one
/// is its negation. `O(1)`.
fn lit(size: usize, cell: usize, d: usize) -> u32 {
    2 * (cell * size + d) as u32
}

/// Of two fresh digits next in order, the larger is not left of the smaller: the number of
/// fresh digits, whose orders each count once. `O(fresh * N^2)` clauses.
fn add_fresh_order(sat: &mut Sat, size: usize, fresh: u32) -> usize {
    let digits: Vec<usize> = (0..size).filter(|&d| fresh >> d & 1 != 0).collect();
    for pair in digits.windows(2) {
        for right in 0..size {
            for left in 0..right {
                sat.add(&[lit(size, right, pair[0]) + 1, lit(size, left, pair[1]) + 1]);
            }
        }
    }
    digits.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::tests::{is_solution, sparse_instance};
    use crate::backtrack::Backtracker;
    use crate::layout::Layout;
    use testkit::rng::Rng;

    #[test]
    fn the_sat_solver_counts_as_the_search() {
        // No solution, one, and more, with and without two fresh digits, against the search
        // up to random limits; a unique solution is the search's.
        let mut rng = Rng::new(3);
        let mut seen = [[0; 3]; 2];
        for round in 0..400 {
            let (h, w) = [(2, 2), (2, 3), (1, 4)][round % 3];
            let (layout, givens) = sparse_instance(&mut rng, h, w, 16);
            let mut solver = Backtracker::<u64>::new(&layout);
            let cells = layout.cells();
            let (mut grid, mut by_sat) = (vec![0; cells], vec![0; cells]);
            let limit = rng.between(1, 50);
            let count = solver.count_up_to(&givens, limit, &mut grid);
            let used = givens.iter().fold(0u32, |u, &g| u | 1 << g >> 1);
            let fresh = ((1 << layout.size()) - 1) & !used;
            let search = &mut solver.search;
            let mut sat = search.sat_count(&givens, fresh);
            let sat_count = search
                .count_by_sat(&mut sat, limit, &mut by_sat, u64::MAX)
                .map(|count| count.min(limit));
            assert_eq!(Some(count), sat_count, "{:?}", givens);
            if count == 1 && limit > 1 {
                assert_eq!(grid, by_sat);
            }
            assert!(count == 0 || is_solution(&layout, &givens, &by_sat));
            seen[(fresh.count_ones() > 1) as usize][count.min(2)] += 1;
        }
        assert!(seen.iter().flatten().all(|&k| k > 0), "{:?}", seen);
    }

    #[test]
    fn the_implied_houses_refute_in_few_conflicts() {
        // Boxes, but (2, 0) and (3, 0) trade regions: rows 0-2 hold two whole regions, and
        // the implied house of their other cells holds (2, 0) beside the rest of its box's
        // old cells. From the rules alone clause learning takes over a hundred conflicts.
        let mut regions = Layout::boxes(3, 3).regions().to_vec();
        regions.swap(2 * 9, 3 * 9);
        let layout = Layout::new(9, regions).unwrap();
        let mut search: Search<u128> = Search::new(&layout);
        assert!(search.start(&[0; 81]));
        let mut sat = search.sat_count(&[0; 81], (1 << 9) - 1);
        assert_eq!(
            search.count_by_sat(&mut sat, 2, &mut [0; 81], u64::MAX),
            Some(0)
        );
        assert!(search.sat_conflicts < 60, "{}", search.sat_conflicts);
        let mut solver = Backtracker::<u128>::new(&layout);
        assert_eq!(solver.count_up_to(&[0; 81], 2, &mut [0; 81]), 0);
    }

    #[test]
    fn the_sat_count_stops_at_its_limit_and_goes_on() {
        // Without fresh digits each model is one solution, so a count stops on the model that
        // reaches its limit, at the limit exactly (a limit of 0 solves nothing and leaves the
        // solution unwritten); the next count goes on past the models blocked, and the last
        // finds them all, as many as the search counts.
        let layout = Layout::boxes(2, 2);
        let mut solver = Backtracker::<u64>::new(&layout);
        let all = solver.count_up_to(&[0; 16], usize::MAX, &mut [0; 16]);
        assert!(all > 8, "{}", all);
        let search = &mut solver.search;
        let mut sat = search.sat_count(&[0; 16], 0);
        let mut grid = [0; 16];
        assert_eq!(
            search.count_by_sat(&mut sat, 0, &mut grid, u64::MAX),
            Some(0)
        );
        assert_eq!(grid, [0; 16]);
        for limit in [1, 2, 7, all - 1] {
            assert_eq!(
                search.count_by_sat(&mut sat, limit, &mut grid, u64::MAX),
                Some(limit)
            );
            assert!(is_solution(&layout, &[0; 16], &grid));
        }
        assert_eq!(
            search.count_by_sat(&mut sat, usize::MAX, &mut grid, u64::MAX),
            Some(all)
        );
    }
}
