//! The bound of a [`Node`] and its dual steps: the houses' assignments brought up to date,
//! reduced-cost fixing, subgradient steps and averaging steps.

use super::*;

impl<'a, B: Bitset> Node<'a, B> {
    /// Brings the dirty houses' bounds up to date and returns the bound on the final score:
    /// the placed score plus the houses' total profit over `SCALE`. `None` when some house
    /// cannot take its missing digits at all.
    pub(super) fn bound(&mut self) -> Option<u32> {
        for house in Cells(self.state.dual.dirty) {
            if !self.update_house(house) {
                return None;
            }
        }
        let state = &mut *self.state;
        state.dual.dirty = 0;
        let total: i64 = state.dual.house_bound.iter().map(|&b| i64::from(b)).sum();
        let extra = total.div_euclid(i64::from(SCALE)).max(0) as u32;
        state.dual.bound = state.grid.score + extra;
        Some(state.dual.bound)
    }

    /// Brings the assignment of `house` up to date: each of its empty cells without a digit
    /// gets one by an augmenting path of the Hungarian method ([`Assignment::complete`],
    /// warm-started from the duals kept in the state), then the house's bound is the profit
    /// of its assignment. False if the missing digits cannot all be assigned within the
    /// candidates. O(k^2) per cell to assign, k the empty cells.
    fn update_house(&mut self, house: usize) -> bool {
        let t = self.tables;
        let (n, cells) = (t.size, t.cells);
        let state = &mut *self.state;
        let base = house / n * cells;
        let mut empty = [0usize; 16];
        let mut k = 0;
        for &cell in &t.house_cells[house * n..(house + 1) * n] {
            let cell = cell as usize;
            if state.is_unsolved(cell) {
                empty[k] = cell;
                k += 1;
            }
        }
        // The house's copies of its cells: the rows of its kind's tables.
        let mut problem = Assignment {
            profit: &state.dual.profit[base * n..(base + cells) * n],
            allowed: &state.grid.candidates,
            row_dual: &mut state.dual.cell_dual[base..base + cells],
            column_dual: &mut state.dual.digit_dual[house * n..(house + 1) * n],
            assigned: &mut state.dual.assigned[base..base + cells],
        };
        if !problem.complete(&empty[..k], t.all_digits & !state.grid.placed[house]) {
            return false;
        }
        state.dual.house_bound[house] = problem.profit_of(&empty[..k]);
        true
    }

    /// Reduced-cost fixing, the houses up to date: strikes every candidate whose loss (see
    /// [`Maximiser::losses`]) would leave no bound above `aim`, then propagates and updates
    /// the bound, until nothing more goes. Returns the bound, or `None` if the node is dead.
    /// O(cells * N) per round.
    pub(super) fn fix_reduced_costs(&mut self, aim: Option<u32>) -> Option<u32> {
        let t = self.tables;
        let (n, cells) = (t.size, t.cells);
        // The node is propagated: whatever a failed placement elsewhere left here is stale.
        self.singles.clear();
        loop {
            let bound = self.state.dual.bound;
            let aim = match aim {
                Some(b) if bound > b => b,
                _ => return Some(bound),
            };
            let slack = self.state.slack(aim);
            let mut struck = false;
            let state = &mut *self.state;
            for cell in Cells(state.grid.unsolved) {
                let houses = t.cell_houses[cell];
                let mut strike = 0u16;
                for d in digits(state.grid.candidates[cell]) {
                    if state.loss(n, cells, cell, houses, d) > slack {
                        strike |= 1 << d;
                    }
                }
                if strike == 0 {
                    continue;
                }
                if !state.strike(self.singles, cells, houses, cell, strike) {
                    return None;
                }
                struck = true;
            }
            if !struck {
                return Some(bound);
            }
            if !self.propagate() {
                return None;
            }
            self.bound()?;
        }
    }

    /// A subgradient step of `delta` profit units (houses up to date): wherever the copies
    /// of an empty cell (its row's, column's and region's) assign it different digits, each
    /// copy's digit moves `delta` of its profit to each copy that assigns another one; then
    /// [`State::reset_duals`]. O(cells * N).
    pub(super) fn subgradient_step(&mut self, delta: i32) {
        let t = self.tables;
        let (n, cells) = (t.size, t.cells);
        let state = &mut *self.state;
        for cell in Cells(state.grid.unsolved) {
            let a = state.copies(cells, cell);
            if a[0] == a[1] && a[1] == a[2] {
                continue;
            }
            for k in 0..3 {
                let d = a[k].trailing_zeros() as usize;
                for (j, &other) in a.iter().enumerate() {
                    if other != a[k] {
                        state.dual.profit[(k * cells + cell) * n + d] -= delta;
                        state.dual.profit[(j * cells + cell) * n + d] += delta;
                    }
                }
            }
            state.reset_duals(t, cell, a);
        }
    }

    /// A block coordinate descent step on the dual (houses up to date): for each empty cell
    /// and candidate, profit moves between the three copies so that their reduced costs
    /// become equal (their mean, rounded to integers that keep the sum). The duals stay
    /// feasible, each copy's dual rises to its new least reduced cost, so the bound cannot
    /// rise, and a copy whose digit no longer has that least cost loses it. Unlike a
    /// subgradient step it needs no step size, but it can stall short of the best bound,
    /// which the subgradient steps between these steps get past. O(cells * N).
    pub(super) fn average(&mut self) {
        let t = self.tables;
        let (n, cells) = (t.size, t.cells);
        let state = &mut *self.state;
        for cell in Cells(state.grid.unsolved) {
            let houses = t.cell_houses[cell];
            let mut lowest = [i32::MAX; 3];
            // The new reduced cost of each digit, the same in the three copies but for
            // the rounding, and one more in the copies `kind < extra`.
            let mut mean = [0i32; 16];
            let mut extra = [0usize; 16];
            for d in digits(state.grid.candidates[cell]) {
                let r = state.reduced(n, cells, cell, houses, d);
                let total = i64::from(r[0]) + i64::from(r[1]) + i64::from(r[2]);
                mean[d] = total.div_euclid(3) as i32;
                extra[d] = total.rem_euclid(3) as usize;
                for (kind, (&rk, low)) in r.iter().zip(lowest.iter_mut()).enumerate() {
                    let target = mean[d] + (kind < extra[d]) as i32;
                    state.dual.profit[(kind * cells + cell) * n + d] += rk - target;
                    *low = (*low).min(target);
                }
            }
            for (kind, &h) in houses.iter().enumerate() {
                let i = kind * cells + cell;
                state.dual.cell_dual[i] += lowest[kind];
                let a = state.dual.assigned[i];
                if a != 0 {
                    let d = a.trailing_zeros() as usize;
                    if mean[d] + (kind < extra[d]) as i32 != lowest[kind] {
                        state.dual.assigned[i] = 0;
                    }
                }
                state.dual.dirty |= 1 << h;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::rng::Rng;

    /// A subgradient step moves profit by its documented rule, computed directly: in each
    /// empty cell whose row, column and region assign it different digits, each copy's digit
    /// moves `delta` of its profit to each copy that assigns another one; nothing else moves.
    /// Random sparse 6x6 grids, at the root's first bound and after averaging steps, which
    /// leave cells where the row alone disagrees.
    #[test]
    fn a_subgradient_step_moves_profit_where_the_copies_disagree() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(10);
        let mut row_alone = 0;
        for round in 0..30 {
            let weights: Vec<u32> = (0..36).map(|_| 1 + rng.below(30) as u32).collect();
            let full = testkit::gen::random_solution(&mut rng, 6, layout.regions()).unwrap();
            let givens: Vec<u8> = full.iter().map(|&d| d * rng.percent(20) as u8).collect();
            let mut engine = Maximiser::<u64>::new(&layout, &weights);
            assert!(engine.start(&givens));
            let mut node = engine.node(0);
            assert!(node.bound().is_some());
            for _ in 0..round % 3 {
                node.average();
                assert!(node.bound().is_some());
            }
            let delta = 1 + rng.below(200) as i32;
            let state = &node.state;
            let mut wanted = state.dual.profit.clone();
            for cell in Cells(state.grid.unsolved) {
                let a = state.copies(36, cell);
                row_alone += (a[0] != a[1] && a[1] == a[2]) as usize;
                for k in 0..3 {
                    for j in (0..3).filter(|&j| a[j] != a[k]) {
                        let d = a[k].trailing_zeros() as usize;
                        wanted[(k * 36 + cell) * 6 + d] -= delta;
                        wanted[(j * 36 + cell) * 6 + d] += delta;
                    }
                }
            }
            node.subgradient_step(delta);
            assert_eq!(node.state.dual.profit, wanted, "{:?}", givens);
        }
        assert!(
            row_alone > 10,
            "{} cells where the row alone disagrees",
            row_alone
        );
    }

    /// A random sparse 6x6 maximiser, started, with random weights 1-30 and about 20% of a
    /// random full grid given, its root's bound brought up to date.
    fn sparse_root_6x6(rng: &mut Rng) -> (Maximiser<u64>, Vec<u8>) {
        let layout = Layout::boxes(2, 3);
        let weights: Vec<u32> = (0..36).map(|_| 1 + rng.below(30) as u32).collect();
        let full = testkit::gen::random_solution(rng, 6, layout.regions()).unwrap();
        let givens: Vec<u8> = full.iter().map(|&d| d * rng.percent(20) as u8).collect();
        let mut engine = Maximiser::<u64>::new(&layout, &weights);
        assert!(engine.start(&givens));
        assert!(engine.node(0).bound().is_some());
        (engine, givens)
    }

    /// Reduced-cost fixing strikes by its documented rule, computed directly with the
    /// state's own `loss` and `slack`: on random sparse 6x6 roots (some after averaging
    /// steps) with an aim a little below the bound, every candidate whose loss before the
    /// call exceeds the slack is gone after it, and when the node lives no candidate left
    /// has a loss above the slack of its new bound. Catches fixing that computes the losses
    /// but strikes nothing.
    #[test]
    fn reduced_cost_fixing_strikes_every_candidate_whose_loss_exceeds_the_slack() {
        let mut rng = Rng::new(21);
        let mut struck = 0;
        for round in 0..100 {
            let (mut engine, givens) = sparse_root_6x6(&mut rng);
            let mut node = engine.node(0);
            for _ in 0..round % 3 {
                node.average();
                assert!(node.bound().is_some());
            }
            let bound = node.state.dual.bound;
            let aim = bound.saturating_sub(1 + rng.below(12) as u32);
            if aim >= bound {
                continue;
            }
            let (t, before) = (node.tables, node.state.clone());
            let over = |state: &State<u64>, cell: usize| -> u16 {
                let slack = state.slack(aim);
                let houses = t.cell_houses[cell];
                digits(state.grid.candidates[cell])
                    .filter(|&d| state.loss(6, 36, cell, houses, d) > slack)
                    .fold(0, |set, d| set | 1 << d)
            };
            let wanted: Vec<u16> = (0..36)
                .map(|c| {
                    if before.is_unsolved(c) {
                        over(&before, c)
                    } else {
                        0
                    }
                })
                .collect();
            let result = node.fix_reduced_costs(Some(aim));
            let after = &*node.state;
            let new = match result {
                Some(new) => new,
                None => continue,
            };
            for (c, &w) in wanted.iter().enumerate() {
                let gone = before.grid.candidates[c] & !after.grid.candidates[c];
                assert_eq!(gone & w, w, "cell {} of {:?}", c, givens);
                struck += w.count_ones();
                if new > aim && after.is_unsolved(c) {
                    assert_eq!(over(after, c), 0, "cell {} of {:?}", c, givens);
                }
            }
        }
        assert!(struck > 100, "{} struck", struck);
    }

    /// An averaging step follows its documented rule, copy by copy: on random sparse 6x6
    /// roots (some after earlier steps), for each empty cell and candidate, with `r` its
    /// three reduced costs before the step and `total` their sum, copy `kind` is given
    /// `total.div_euclid(3)`, plus one if `kind < total.rem_euclid(3)`, and its dual rises
    /// to the least of those over the cell's candidates, so its reduced cost after the step
    /// is the difference. Checking each copy, not a sum, catches profit moved to the wrong
    /// copy. A copy keeps its assigned digit exactly when the digit's cost is that least.
    #[test]
    fn an_averaging_step_evens_out_each_copys_reduced_costs() {
        let mut rng = Rng::new(22);
        let (mut uneven, mut kept) = (0, [0; 2]);
        for round in 0..30 {
            let (mut engine, givens) = sparse_root_6x6(&mut rng);
            let mut node = engine.node(0);
            for k in 0..round % 4 {
                if k % 2 == 0 {
                    node.subgradient_step(1 + rng.below(200) as i32);
                } else {
                    node.average();
                }
                assert!(node.bound().is_some());
            }
            let (t, before) = (node.tables, node.state.clone());
            node.average();
            for cell in Cells(before.grid.unsolved) {
                let houses = t.cell_houses[cell];
                let mut target = [[0i32; 6]; 3];
                for d in digits(before.grid.candidates[cell]) {
                    let r = before.reduced(6, 36, cell, houses, d);
                    uneven += (r[0] != r[1] || r[1] != r[2]) as usize;
                    let total: i32 = r.iter().sum();
                    for (kind, row) in target.iter_mut().enumerate() {
                        row[d] = total.div_euclid(3) + (kind < total.rem_euclid(3) as usize) as i32;
                    }
                }
                for (kind, row) in target.iter().enumerate() {
                    let least = digits(before.grid.candidates[cell])
                        .map(|d| row[d])
                        .min()
                        .unwrap();
                    for d in digits(before.grid.candidates[cell]) {
                        let got = node.state.reduced(6, 36, cell, houses, d)[kind];
                        assert_eq!(
                            got,
                            row[d] - least,
                            "cell {} digit {} copy {} of {:?}",
                            cell,
                            d,
                            kind,
                            givens
                        );
                    }
                    // A copy keeps its digit only if the digit still has the least cost.
                    let (i, a) = (kind * 36 + cell, before.dual.assigned[kind * 36 + cell]);
                    if a != 0 {
                        let tight = row[a.trailing_zeros() as usize] == least;
                        assert_eq!(node.state.dual.assigned[i], if tight { a } else { 0 });
                        kept[tight as usize] += 1;
                    }
                }
            }
        }
        assert!(uneven > 100, "{} uneven candidates", uneven);
        assert!(kept.iter().all(|&k| k > 100), "lost and kept: {:?}", kept);
    }
}
