//! The Sudoku-to-CNF encoding that finishes a count the search gave up on
//! ([`Search::count_by_sat`]): one variable per cell and digit, the clauses of the rules (the
//! implied houses among them), of the givens and of the order of the fresh digits, the numbering
//! each attempt gives the variables, and the counting of models by blocking each found.

use super::Search;
use crate::bitset::{Bitset, Cells};
use crate::sat::Sat;

impl<B: Bitset> Search<B> {
    /// [`Search::count_from`] from the root by the SAT solver: one variable per cell and
    /// digit, the clauses of the rules (each cell holds one digit, each house each digit
    /// once, the houses the law of leftovers implies too) and of the givens, and each
    /// solution found is excluded by a clause before the next solve. The `k` fresh digits
    /// (see `count_from`) appear in the first row in ascending order, the clauses also say:
    /// of the `k!` renamings of the fresh digits in a solution, all of them solutions, just
    /// one is, so each counts `k!` times. Stops once the count reaches `limit`, which it may
    /// pass. Exponential in the worst case.
    ///
    /// A solver's luck in the order it meets the formula in decides between hundreds of
    /// conflicts and tens of thousands, and a hunt for slow inputs finds the unlucky orders:
    /// so an attempt that passes its budget of conflicts starts over with the variables
    /// numbered anew and twice the budget ([`Search::sat_attempt`]). Settled by the first
    /// lucky order, at most about twice the conflicts of the last attempt. What an attempt
    /// learnt is not lost: the next one is given its facts and its learnt clauses of low glue
    /// ([`lessons_of`]), unless it found a model, as those may rest on the model's blocking
    /// clause; the lessons of the last attempt without a model are given instead.
    pub(super) fn count_by_sat(
        &mut self,
        givens: &[u8],
        limit: usize,
        solution: &mut [u8],
        fresh: u32,
    ) -> usize {
        let (mut conflicts, mut propagations) = (0, 0);
        let mut attempt = 0;
        let mut lessons = Vec::new();
        let count = loop {
            let spare = self.sat_cap.saturating_sub(conflicts);
            let budget = SAT_BUDGET.saturating_mul(1 << attempt.min(40)).min(spare);
            let numbering = Numbering::new(self.tables.size, self.tables.cells, attempt);
            let (count, sat) = self.sat_attempt(
                givens,
                limit,
                solution,
                fresh,
                (numbering, &lessons),
                budget,
            );
            conflicts += sat.conflicts();
            propagations += sat.propagations();
            if sat.conflicts() <= budget || budget == spare {
                break count;
            }
            // A model found was blocked by a clause that what was learnt after may rest on.
            if count == 0 {
                lessons = lessons_of(&sat, numbering);
            }
            attempt += 1;
        };
        self.sat_conflicts = conflicts;
        self.sat_propagations = propagations;
        count
    }

    /// An attempt of [`Search::count_by_sat`] numbered by `numbering` and given `lessons`
    /// (over the rules' variables, as [`lessons_of`] gives them), stopped past `budget`
    /// conflicts: the count and the solver. Exponential in the worst case.
    fn sat_attempt(
        &self,
        givens: &[u8],
        limit: usize,
        solution: &mut [u8],
        fresh: u32,
        (numbering, lessons): (Numbering, &[Vec<u32>]),
        budget: u64,
    ) -> (usize, Sat) {
        let mut sat = Sat::new(numbering.vars);
        sat.cap_conflicts(budget);
        self.add_rule_groups(&mut sat, numbering);
        add_givens(&mut sat, numbering, givens);
        let fresh_digits = add_fresh_order(&mut sat, numbering, fresh);
        for lesson in lessons {
            let clause: Vec<u32> = lesson.iter().map(|&l| numbering.renumber(l)).collect();
            sat.add(&clause);
        }
        let weight: usize = (2..=fresh_digits).product();
        let count = count_models(&mut sat, numbering, limit, weight, solution);
        (count, sat)
    }

    /// The rules: exactly one of each group, the digits of a cell, the places of a digit in a
    /// house (the implied houses of `Tables::add_implied_houses` too). Clauses quadratic in the group size.
    fn add_rule_groups(&self, sat: &mut Sat, numbering: Numbering) {
        let t = &self.tables;
        let n = t.size;
        let lit = |cell: usize, d: usize| numbering.lit(cell, d);
        let mut groups: Vec<Vec<u32>> = (0..t.cells)
            .map(|cell| (0..n).map(|d| lit(cell, d)).collect())
            .collect();
        for h in Cells(t.all_houses) {
            let house = t.houses[h];
            for d in 0..n {
                groups.push(Cells(house).map(|cell| lit(cell, d)).collect());
            }
        }
        for group in &groups {
            sat.add(group);
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[..i] {
                    sat.add(&[a + 1, b + 1]);
                }
            }
        }
    }
}

/// The conflicts of [`Search::count_by_sat`]'s first attempt, doubled at each next one: a few
/// times what most grids it gets need.
const SAT_BUDGET: u64 = 1000;

/// The learnt clauses of an attempt of [`Search::count_by_sat`] that the next one is given, by
/// their glue: those that tie few decisions together. Most of the next attempt's conflicts go
/// unmet that way, and on jigsaw's hunted grids, the more so the more there are, while the
/// clauses of higher glue weigh propagation down for little.
const LESSON_GLUE: u32 = 6;

/// The numbering of one SAT attempt: variable `cell * N + d` of the rules is numbered
/// `(cell * N + d) * (2 * attempt * N + 1) + attempt` modulo `N^3`, one to one since the
/// factor is prime to `N`, so each attempt meets the clauses in another order.
#[derive(Clone, Copy)]
struct Numbering {
    size: usize,
    vars: usize,
    attempt: usize,
}

impl Numbering {
    /// The numbering of attempt `attempt` on `cells` cells of `size` digits. `O(1)`.
    fn new(size: usize, cells: usize, attempt: usize) -> Self {
        Numbering {
            size,
            vars: cells * size,
            attempt,
        }
    }

    /// The variable of digit `d` (from 0) in `cell`. `O(1)`.
    fn var(self, cell: usize, d: usize) -> usize {
        ((cell * self.size + d) * (2 * self.attempt * self.size + 1) + self.attempt) % self.vars
    }

    /// Per variable: the variable `cell * N + d` of the rules it numbers. `O(N^3)`.
    fn rule_vars(self) -> Vec<u32> {
        let mut rule = vec![0; self.vars];
        for u in 0..self.vars {
            rule[self.var(u / self.size, u % self.size)] = u as u32;
        }
        rule
    }

    /// The literal that numbers literal `lit` of the rules' variables (`cell * N + d`). `O(1)`.
    fn renumber(self, lit: u32) -> u32 {
        let u = (lit >> 1) as usize;
        self.lit(u / self.size, u % self.size) | (lit & 1)
    }

    /// The positive literal of digit `d` (from 0) in `cell`; plus one is its negation. `O(1)`.
    fn lit(self, cell: usize, d: usize) -> u32 {
        2 * self.var(cell, d) as u32
    }
}

/// The givens, one unit clause each. `O(cells)`.
fn add_givens(sat: &mut Sat, numbering: Numbering, givens: &[u8]) {
    for (cell, &g) in givens.iter().enumerate() {
        if g != 0 {
            sat.add(&[numbering.lit(cell, g as usize - 1)]);
        }
    }
}

/// Of two fresh digits next in order, the larger is not left of the smaller: the number of
/// fresh digits, whose orders each count once. `O(fresh * N^2)` clauses.
fn add_fresh_order(sat: &mut Sat, numbering: Numbering, fresh: u32) -> usize {
    let n = numbering.size;
    let lit = |cell: usize, d: usize| numbering.lit(cell, d);
    let digits: Vec<usize> = (0..n).filter(|&d| fresh >> d & 1 != 0).collect();
    for pair in digits.windows(2) {
        for right in 0..n {
            for left in 0..right {
                sat.add(&[lit(right, pair[0]) + 1, lit(left, pair[1]) + 1]);
            }
        }
    }
    digits.len()
}

/// What the solver of an attempt numbered by `numbering` has learnt ([`Sat::lessons`] of glue
/// at most [`LESSON_GLUE`]), its literals over the rules' variables (`cell * N + d`).
/// `O(vars + their literals)`.
fn lessons_of(sat: &Sat, numbering: Numbering) -> Vec<Vec<u32>> {
    let rule = numbering.rule_vars();
    let lessons = sat.lessons(LESSON_GLUE);
    lessons
        .map(|c| {
            c.iter()
                .map(|&l| (2 * rule[(l >> 1) as usize]) | (l & 1))
                .collect()
        })
        .collect()
}

/// Counts the models of `sat` up to `limit`, each `weight` times, blocking each found; the
/// first is written to `solution`. Exponential in the worst case.
fn count_models(
    sat: &mut Sat,
    numbering: Numbering,
    limit: usize,
    weight: usize,
    solution: &mut [u8],
) -> usize {
    let n = numbering.size;
    let mut count = 0;
    while count < limit && sat.solve() {
        let model: Vec<usize> = (0..numbering.vars)
            .filter(|&u| sat.value(numbering.var(u / n, u % n)))
            .collect();
        if count == 0 {
            for &u in &model {
                solution[u / n] = (u % n) as u8 + 1;
            }
        }
        count = count.saturating_add(weight);
        sat.add(
            &model
                .iter()
                .map(|&u| numbering.lit(u / n, u % n) + 1)
                .collect::<Vec<_>>(),
        );
    }
    count
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
        let (mut seen, mut taught) = ([[0; 3]; 2], 0);
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
            let sat_count = solver
                .search
                .count_by_sat(&givens, limit, &mut by_sat, fresh)
                .min(limit);
            assert_eq!(count, sat_count, "{:?}", givens);
            // Every numbering of the variables counts the same, and so does one given the
            // lessons of an attempt that was stopped early without a model.
            let numbering = |attempt| Numbering::new(layout.size(), cells, attempt);
            let (mut renumbered, mut scratch) = (vec![0; cells], vec![0; cells]);
            let (early, stopped) = solver.search.sat_attempt(
                &givens,
                limit,
                &mut scratch,
                fresh,
                (numbering(0), &[]),
                3,
            );
            let lessons = if early == 0 {
                lessons_of(&stopped, numbering(0))
            } else {
                Vec::new()
            };
            taught += usize::from(lessons.iter().any(|c| c.len() > 1));
            let (again, _) = solver.search.sat_attempt(
                &givens,
                limit,
                &mut renumbered,
                fresh,
                (numbering(round % 7), &lessons),
                u64::MAX,
            );
            assert_eq!(
                count,
                again.min(limit),
                "{:?} attempt {}",
                givens,
                round % 7
            );
            assert!(count == 0 || is_solution(&layout, &givens, &renumbered));
            if count == 1 && limit > 1 {
                assert_eq!(grid, by_sat);
            }
            assert!(count == 0 || is_solution(&layout, &givens, &by_sat));
            seen[(fresh.count_ones() > 1) as usize][count.min(2)] += 1;
        }
        assert!(seen.iter().flatten().all(|&k| k > 0), "{:?}", seen);
        assert!(taught > 20, "{}", taught);
    }

    #[test]
    fn the_implied_houses_refute_in_few_conflicts() {
        // Boxes, but (2, 0) and (3, 0) trade regions: rows 0-2 hold two whole regions, and
        // the implied house of their other cells holds (2, 0) beside the rest of its box's
        // old cells. From the rules alone clause learning takes hundreds of conflicts.
        let mut regions = Layout::boxes(3, 3).regions().to_vec();
        regions.swap(2 * 9, 3 * 9);
        let layout = Layout::new(9, regions).unwrap();
        let mut search: Search<u128> = Search::new(&layout);
        assert!(search.start(&[0; 81]));
        assert_eq!(
            search.count_by_sat(&[0; 81], 2, &mut [0; 81], (1 << 9) - 1),
            0
        );
        assert!(search.sat_conflicts < 30, "{}", search.sat_conflicts);
        let mut solver = Backtracker::<u128>::new(&layout);
        assert_eq!(solver.count_up_to(&[0; 81], 2, &mut [0; 81]), 0);
    }
}
