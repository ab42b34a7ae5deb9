//! The smoothed dual: a near-optimal dual of the linear relaxation, by log-sum-exp smoothing
//! at falling temperatures, from which the root's profits are rebuilt ([`Node::smooth`]).

use super::*;

/// Temperature stages of the smoothed dual ([`Node::smooth`]), and sweeps per stage.
const SMOOTH_STAGES: usize = 10;
const SMOOTH_SWEEPS: usize = 10;

impl<'a, B: Bitset> Node<'a, B> {
    /// Replaces the node's profits (houses up to date) by ones built from a
    /// near-optimal dual of the linear relaxation, when that dual promises a lower total, and
    /// returns the bound after reduced-cost fixing against `aim` (`None`: the node is dead).
    ///
    /// The relaxation's dual gives each empty cell a value `u`, and each house a value `y`
    /// per missing digit. In three stages:
    ///
    /// 1. Entropic smoothing approximates it: exact minimisation over one kind of constraint
    ///    at a time ([`Node::smooth_cells`], then [`Node::smooth_houses`]: each a log-sum-exp
    ///    at temperature `tau`), with `tau` halved stage by stage. Unlike the subgradient
    ///    steps it does not stall far from the optimum.
    /// 2. [`Node::hard_dual`] takes each cell's `u` as its hard maximum, which makes the dual
    ///    feasible, and values it; a dual that promises no lower total than the node's
    ///    changes nothing.
    /// 3. [`Node::split_profits`] splits every cell and digit's gain between the three copies
    ///    as its house's dual plus a third of `u` minus a third of the slack: each copy's
    ///    assignment is then worth at most its house's share of the dual, and the houses'
    ///    bounds together at most the dual's value. The bound the assignments compute from
    ///    these profits is exact whatever the rounding.
    ///
    /// O(SMOOTH_STAGES * SMOOTH_SWEEPS * cells * N).
    pub(super) fn smooth(&mut self, aim: Option<u32>) -> Option<u32> {
        let t = self.tables;
        let mut u = vec![0.0f64; t.cells];
        let mut y = vec![0.0f64; 3 * t.size * t.size];
        let top = t.weights.iter().copied().max().unwrap_or(0);
        let mut tau = f64::from(top.max(1)) / 4.0;
        for _ in 0..SMOOTH_STAGES {
            for _ in 0..SMOOTH_SWEEPS {
                self.smooth_cells(&y, tau, &mut u);
                self.smooth_houses(&u, tau, &mut y);
            }
            tau /= 2.0;
        }
        let scale = f64::from(SCALE);
        let promised = (f64::from(self.state.grid.score) + self.hard_dual(&y)) * scale;
        // Room for rounding (under a unit per cell and house) before it is worth taking.
        let margin = (t.cells + 3 * t.size) as f64;
        if promised.is_nan() || promised + margin >= self.state.total() as f64 {
            return self.fix_reduced_costs(aim);
        }
        self.split_profits(&y);
        self.bound()?;
        self.fix_reduced_costs(aim)
    }

    /// A sweep of the smoothed dual over the cells, the houses' duals `y` fixed: each empty
    /// cell's `u` becomes the log-sum-exp at `tau` of its candidates' gains less their
    /// houses' duals. O(cells * N).
    fn smooth_cells(&self, y: &[f64], tau: f64, u: &mut [f64]) {
        let t = self.tables;
        let state = &*self.state;
        for cell in Cells(state.grid.unsolved) {
            let houses = t.cell_houses[cell];
            let mut reduced = [0.0f64; 16];
            let mut count = 0;
            for d in digits(state.grid.candidates[cell]) {
                reduced[count] = t.gain(cell, d) - t.other_duals(y, houses, 3, d);
                count += 1;
            }
            u[cell] = log_sum_exp(&reduced[..count], tau);
        }
    }

    /// A sweep of the smoothed dual over the houses, in turn, the cells' duals `u` fixed:
    /// each house's dual `y` for a missing digit becomes the log-sum-exp at `tau` of the
    /// digit's gains in its places less their cells' duals and their other houses' duals.
    /// O(cells * N).
    fn smooth_houses(&self, u: &[f64], tau: f64, y: &mut [f64]) {
        let t = self.tables;
        let n = t.size;
        let state = &*self.state;
        for house in 0..3 * n {
            let kind = house / n;
            let members = &t.house_cells[house * n..(house + 1) * n];
            for d in digits(t.all_digits & !state.grid.placed[house]) {
                let mut reduced = [0.0f64; 16];
                let mut places = 0;
                for &cell in members {
                    let cell = cell as usize;
                    if state.is_unsolved(cell) && state.grid.candidates[cell] >> d & 1 != 0 {
                        let houses = t.cell_houses[cell];
                        reduced[places] =
                            t.gain(cell, d) - u[cell] - t.other_duals(y, houses, kind, d);
                        places += 1;
                    }
                }
                y[house * n + d] = log_sum_exp(&reduced[..places], tau);
            }
        }
    }

    /// The value of the dual whose houses' duals are `y` and each empty cell's dual its
    /// largest gain less its houses' duals (the least that makes the dual feasible), in
    /// points beyond the placed score. O(cells * N).
    fn hard_dual(&self, y: &[f64]) -> f64 {
        let t = self.tables;
        let n = t.size;
        let state = &*self.state;
        let mut value: f64 = 0.0;
        for house in 0..3 * n {
            for d in digits(t.all_digits & !state.grid.placed[house]) {
                value += y[house * n + d];
            }
        }
        for cell in Cells(state.grid.unsolved) {
            let houses = t.cell_houses[cell];
            let mut high = f64::NEG_INFINITY;
            for d in digits(state.grid.candidates[cell]) {
                high = high.max(t.gain(cell, d) - t.other_duals(y, houses, 3, d));
            }
            value += high;
        }
        value
    }

    /// Sets the profits from the houses' duals `y` (points) and clears the assignments and
    /// duals, every house dirty. The duals are made integers, so that the split is exact:
    /// each house's rounded down to profit units, then each cell's the least that keeps the
    /// dual feasible. O(cells * N).
    fn split_profits(&mut self, y: &[f64]) {
        let t = self.tables;
        let scale = f64::from(SCALE);
        let shares: Vec<i32> = y.iter().map(|&v| (v * scale).floor() as i32).collect();
        let state = &mut *self.state;
        for cell in Cells(state.grid.unsolved) {
            Self::split_cell(t, state, &shares, cell);
        }
        state.dual.assigned.iter_mut().for_each(|a| *a = 0);
        state.dual.cell_dual.iter_mut().for_each(|v| *v = 0);
        state.dual.digit_dual.iter_mut().for_each(|v| *v = 0);
        state.dual.dirty = (1u64 << (3 * t.size)) - 1;
    }

    /// [`Node::split_profits`] for one empty `cell`, the houses' duals being `shares`
    /// (profit units). O(N).
    fn split_cell(t: &Tables, state: &mut State<B>, shares: &[i32], cell: usize) {
        let (n, cells) = (t.size, t.cells);
        let houses = t.cell_houses[cell];
        let share = |k: usize, d: usize| shares[houses[k] as usize * n + d];
        let gain = |d: usize| SCALE * t.weights[cell] as i32 * (d as i32 + 1);
        let spare = |d: usize| gain(d) - share(0, d) - share(1, d) - share(2, d);
        let mut high = i32::MIN;
        for d in digits(state.grid.candidates[cell]) {
            high = high.max(spare(d));
        }
        for d in digits(state.grid.candidates[cell]) {
            // Each copy gets its house's share plus its third of the cell's dual, less its
            // third of the slack; the thirds' remainders go to the first copies.
            let slack = high - spare(d);
            for k in 0..3 {
                let third = |x: i32| x.div_euclid(3) + (k < x.rem_euclid(3) as usize) as i32;
                state.dual.profit[(k * cells + cell) * n + d] =
                    share(k, d) + third(high) - third(slack);
            }
        }
    }
}

/// `tau * ln(sum(exp(v / tau)))` over the `values` (minus infinity if there are none),
/// computed against the largest. O(values).
fn log_sum_exp(values: &[f64], tau: f64) -> f64 {
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = values.iter().map(|v| ((v - high) / tau).exp()).sum();
    high + tau * sum.ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::rng::Rng;

    /// The 9x9 weights that are `row_weights[r]` along each row `r`, and their maximum:
    /// every completion, and every fractional filling of the linear relaxation, scores 45
    /// points (1 + 2 + ... + 9) per unit of a row's weight, so the relaxation's optimum is
    /// the maximum.
    fn row_weights(row_weights: [u32; 9]) -> (Vec<u32>, u32) {
        let weights = (0..81).map(|cell| row_weights[cell / 9]).collect();
        (weights, 45 * row_weights.iter().sum::<u32>())
    }

    /// An engine started on the empty 9x9 grid with `weights` equal along each row, its
    /// root's profits split from the optimal dual of such weights: each row and digit `d`
    /// gets the digit's gain there, `weight * d`, and the columns, regions and cells nothing.
    fn optimal_dual_split(weights: &[u32]) -> Maximiser<u128> {
        let mut engine = Maximiser::<u128>::new(&Layout::boxes(3, 3), weights);
        assert!(engine.start(&[0; 81]));
        let mut y = vec![0.0; 3 * 9 * 9];
        for row in 0..9 {
            for d in 0..9 {
                y[row * 9 + d] = engine.tables.gain(row * 9, d);
            }
        }
        engine.node(0).split_profits(&y);
        engine
    }

    /// The optimal dual of such weights gives each row and digit `d` the digit's gain
    /// there, `weight * d`, and the columns, regions and cells nothing. Split into profits,
    /// it must bound at its value, the maximum: the houses' bounds together are at most the
    /// dual's value. Each cell's three profits for a digit add up to its gain.
    #[test]
    fn splitting_an_optimal_dual_bounds_at_its_value() {
        let (weights, maximum) = row_weights([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut engine = optimal_dual_split(&weights);
        let mut node = engine.node(0);
        assert_eq!(node.bound(), Some(maximum));
        let profit = &node.state.dual.profit;
        for cell in 0..81 {
            for d in 0..9 {
                let split: i32 = (0..3).map(|k| profit[(k * 81 + cell) * 9 + d]).sum();
                assert_eq!(split, SCALE * weights[cell] as i32 * (d as i32 + 1));
            }
        }
    }

    /// Row 0 weighs 2 or 4 (the top weight, from which the temperature starts), the others 1,
    /// and holds the digits 1 to 9 in order but for its first `open` cells, the rest of the
    /// grid empty. The start's even split counts those cells at
    /// their best digits in each column and region, a bound points above the maximum, more
    /// than the rounding's room (about a point); the smoothed dual promises the relaxation's
    /// optimum, and the profits rebuilt from it must bound at that.
    #[test]
    fn the_smoothed_dual_reaches_an_exact_relaxation() {
        for top in [2, 4] {
            let mut heavy = [1; 9];
            heavy[0] = top;
            let (weights, maximum) = row_weights(heavy);
            let row: Vec<u8> = (1..=9).collect();
            let mut engine = Maximiser::<u128>::new(&Layout::boxes(3, 3), &weights);
            for open in 4..9 {
                let mut grid = vec![0; 81];
                grid[open..9].copy_from_slice(&row[open..]);
                assert!(engine.start(&grid));
                let before = engine.node(0).bound().unwrap();
                assert!(before > maximum + 1, "{} {} open: {}", top, open, before);
                let smoothed = engine.node(0).smooth(None);
                assert_eq!(smoothed, Some(maximum), "{} {} open", top, open);
            }
        }
    }

    /// A sweep over the houses sets, house after house, each missing digit's dual to the
    /// log-sum-exp of the digit's gains in its places less their cells' duals and their other
    /// houses' duals as the sweep left them: against that rule, with the places found by the
    /// cells' houses, on a 9x9 grid with its first row partly given and random cell duals.
    #[test]
    fn a_house_sweep_takes_each_missing_digit_over_its_places() {
        let (weights, _) = row_weights([3, 1, 4, 1, 5, 9, 2, 6, 5]);
        let mut engine = Maximiser::<u128>::new(&Layout::boxes(3, 3), &weights);
        let mut grid = vec![0; 81];
        grid[4..9].copy_from_slice(&[5, 6, 7, 8, 9]);
        assert!(engine.start(&grid));
        let mut rng = Rng::new(23);
        let u: Vec<f64> = (0..81).map(|_| rng.below(4000) as f64 / 100.0).collect();
        let tau = 1.5;
        let mut y = vec![0.0; 3 * 81];
        engine.node(0).smooth_houses(&u, tau, &mut y);
        let (t, level) = (&engine.tables, &engine.levels[0]);
        let mut expected = vec![0.0; 3 * 81];
        for house in 0..27 {
            let kind = house / 9;
            for d in (0..9).filter(|d| level.grid.placed[house] >> d & 1 == 0) {
                let places = (0..81).filter(|&c| {
                    let open = level.is_unsolved(c) && level.grid.candidates[c] >> d & 1 != 0;
                    open && t.cell_houses[c][kind] as usize == house
                });
                let reduced: Vec<f64> = places
                    .map(|c| {
                        t.gain(c, d) - u[c] - t.other_duals(&expected, t.cell_houses[c], kind, d)
                    })
                    .collect();
                expected[house * 9 + d] = log_sum_exp(&reduced, tau);
            }
        }
        for (got, wanted) in y.iter().zip(&expected) {
            assert!((got - wanted).abs() < 1e-9, "{} {}", got, wanted);
        }
    }

    /// The dual's value is the houses' duals for their missing digits plus each empty cell's
    /// largest gain less its houses' duals: the optimal dual's is the maximum (its cells get
    /// nothing), and the zero dual's each cell's largest gain, its weight times 9.
    #[test]
    fn the_hard_dual_is_the_value_of_its_rule() {
        let (weights, maximum) = row_weights([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut engine = Maximiser::<u128>::new(&Layout::boxes(3, 3), &weights);
        assert!(engine.start(&[0; 81]));
        let mut y = vec![0.0; 3 * 9 * 9];
        let best_gains: u32 = weights.iter().map(|w| 9 * w).sum();
        assert_eq!(engine.node(0).hard_dual(&y), f64::from(best_gains));
        for row in 0..9 {
            for d in 0..9 {
                y[row * 9 + d] = engine.tables.gain(row * 9, d);
            }
        }
        assert_eq!(engine.node(0).hard_dual(&y), f64::from(maximum));
    }

    /// Profits already at the relaxation's optimum (the optimal dual's split) leave the
    /// smoothed dual nothing better to promise than their bound: smoothing keeps them.
    #[test]
    fn smoothing_keeps_profits_it_cannot_better() {
        let (weights, maximum) = row_weights([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut engine = optimal_dual_split(&weights);
        let mut node = engine.node(0);
        assert_eq!(node.bound(), Some(maximum));
        let profit = node.state.dual.profit.clone();
        assert_eq!(node.smooth(None), Some(maximum));
        assert_eq!(node.state.dual.profit, profit);
    }

    /// The smoothed profits are taken only when the smoothed dual promises more than the
    /// rounding's room, `cells + 3N` profit units (108 on 9x9), below the node's total. The
    /// optimal split with `excess` units of a cell's profit for a digit moved from its row's
    /// copy to its column's keeps the row's bound (an assignment can leave that cell and
    /// digit out) and raises the column's, all of whose other profits are 0, by `excess`.
    /// The smoothed dual promises the optimum to within a few units.
    #[test]
    fn smoothing_takes_a_dual_only_beyond_the_rounding_room() {
        let (weights, maximum) = row_weights([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let margin = 81 + 3 * 9;
        for (excess, taken) in [(0, false), (margin, false), (margin + 8, true), (300, true)] {
            let mut engine = optimal_dual_split(&weights);
            let mut node = engine.node(0);
            let (cell, digit) = (0, 4);
            node.state.dual.profit[cell * 9 + digit] -= excess;
            node.state.dual.profit[(81 + cell) * 9 + digit] += excess;
            node.bound();
            let total = i64::from(maximum) * i64::from(SCALE) + i64::from(excess);
            assert_eq!(node.state.total(), total);
            let profit = node.state.dual.profit.clone();
            let kept = maximum + excess as u32 / SCALE as u32;
            let bound = node.smooth(None).unwrap();
            assert_eq!(bound, if taken { maximum } else { kept }, "{} over", excess);
            let replaced = node.state.dual.profit != profit;
            assert_eq!(replaced, taken, "{} units over", excess);
        }
    }

    /// A cell's split against its documented rule, computed directly on random 6x6 and 9x9
    /// states (a random solution's digits given at 30%, propagated) with random shares of
    /// the houses' duals: for each empty cell and candidate, each copy gets its house's share
    /// plus its third of the cell's dual `high`, the largest spare (gain less the three
    /// shares) of its candidates, less its third of the slack, `high` less the digit's spare;
    /// a third of `x` is `floor(x / 3)`, plus one for the first `x mod 3` copies. The three
    /// profits sum to the gain. The count asserts that the two remainders often differ,
    /// where a remainder given to the wrong copies shows.
    #[test]
    fn each_copy_gets_its_share_and_its_thirds_the_remainders_the_first_copies() {
        let mut rng = Rng::new(12);
        let mut uneven = 0;
        for round in 0..100 {
            let layout = [Layout::boxes(2, 3), Layout::boxes(3, 3)][round % 2].clone();
            let (n, cells) = (layout.size(), layout.cells());
            let weights: Vec<u32> = (0..cells).map(|_| rng.below(10) as u32).collect();
            let full = testkit::gen::random_solution(&mut rng, n, layout.regions()).unwrap();
            let givens: Vec<u8> = full.iter().map(|&d| d * rng.percent(30) as u8).collect();
            let mut engine = Maximiser::<u128>::new(&layout, &weights);
            assert!(engine.start(&givens));
            let shares: Vec<i32> = (0..3 * n * n)
                .map(|_| rng.below(2000) as i32 - 500)
                .collect();
            let state = &mut engine.levels[0];
            let empty: Vec<usize> = (0..cells).filter(|&c| state.is_unsolved(c)).collect();
            for &cell in &empty {
                Node::<u128>::split_cell(&engine.tables, state, &shares, cell);
            }
            let thirds = |x: i32| {
                let mut third = [x.div_euclid(3); 3];
                for t in third.iter_mut().take(x.rem_euclid(3) as usize) {
                    *t += 1;
                }
                third
            };
            for &cell in &empty {
                let houses = layout.houses_of(cell);
                let gain = |d: usize| SCALE * weights[cell] as i32 * (d as i32 + 1);
                let spare =
                    |d: usize| gain(d) - houses.iter().map(|&h| shares[h * n + d]).sum::<i32>();
                let candidates: Vec<usize> = digits(state.grid.candidates[cell]).collect();
                let high = candidates.iter().map(|&d| spare(d)).max().unwrap();
                for &d in &candidates {
                    let slack = high - spare(d);
                    uneven += (high.rem_euclid(3) != slack.rem_euclid(3)) as usize;
                    let (of_high, of_slack) = (thirds(high), thirds(slack));
                    let wanted: Vec<i32> = (0..3)
                        .map(|k| shares[houses[k] * n + d] + of_high[k] - of_slack[k])
                        .collect();
                    let profits: Vec<i32> = (0..3)
                        .map(|k| state.dual.profit[(k * cells + cell) * n + d])
                        .collect();
                    assert_eq!(profits, wanted, "cell {} digit {}", cell, d + 1);
                    assert_eq!(profits.iter().sum::<i32>(), gain(d));
                }
            }
        }
        assert!(uneven > 1000, "{} splits with unequal remainders", uneven);
    }
}
