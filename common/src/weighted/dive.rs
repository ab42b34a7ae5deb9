//! One search from the root as a [`Run`] asks it: depth-first branch and bound over the nodes
//! of the levels, the branching cell and the order of its digits, dual steps at each node, and
//! the tails whose scoring cells are all solved, which only have to fit.

use super::*;

impl<B: Bitset> Maximiser<B> {
    /// The node of level `depth`. O(1).
    #[inline]
    pub(super) fn node(&mut self, depth: usize) -> Node<'_, B> {
        Node {
            tables: &self.tables,
            state: &mut self.levels[depth],
            singles: &mut self.singles,
        }
    }

    /// The node of level `depth + 1`, made a copy of level `depth`, nothing waiting to be
    /// placed. O(N^3) with the profits, O(N^2) without ([`State::copy_from`]).
    #[inline]
    fn child(&mut self, depth: usize) -> Node<'_, B> {
        if self.levels.len() == depth + 1 {
            let child = self.levels[depth].clone();
            self.levels.push(child);
        } else {
            let (upper, lower) = self.levels.split_at_mut(depth + 1);
            lower[0].copy_from(&upper[depth]);
        }
        self.singles.clear();
        self.node(depth + 1)
    }

    /// Sets up level 0 from `givens` and propagates. False on a contradiction.
    pub(super) fn start(&mut self, givens: &[u8]) -> bool {
        self.new_profits(0);
        self.node(0).start(givens)
    }

    /// Gives level `depth` a new profit id, before its profits change. O(1).
    pub(super) fn new_profits(&mut self, depth: usize) {
        self.profit_ids += 1;
        self.levels[depth].dual.profit_id = self.profit_ids;
    }

    /// Up to `steps` dual steps at level `depth`, while its bound still beats the aim:
    /// even steps average each cell's reduced costs over its copies ([`Node::average`]),
    /// odd steps are subgradient steps ([`Node::subgradient_step`]), which move profit
    /// between the copies of each cell whose row, column and region assign it different
    /// digits: `lambda * (bound - aim) * SCALE / (2 * pairs)` profit units, at least 1 and
    /// at most `4 * SCALE`, `pairs` the pairs of copies that disagree; `lambda` is 2 until a
    /// subgradient step leaves the bound no lower than the lowest before it, 1 from then on.
    /// Returns the bound, or `None` if the node is infeasible. When all copies agree, the
    /// assignments are a completion scoring the bound, and it is recorded. O(steps) bound
    /// updates.
    pub(super) fn take_dual_steps(&mut self, depth: usize, steps: usize) -> Option<u32> {
        let mut bound = self.node(depth).bound()?;
        let mut lambda = 2;
        let mut lowest = bound;
        for step in 0..steps {
            let aim = match self.aim {
                Some(b) if bound > b => b,
                _ => return Some(bound),
            };
            let pairs = self.levels[depth].disagreements(self.tables.cells);
            if pairs == 0 {
                self.take_completion(depth, bound);
                return Some(bound);
            }
            self.new_profits(depth);
            let mut node = self.node(depth);
            if step % 2 == 0 {
                node.average();
                bound = node.bound()?;
                lowest = lowest.min(bound);
                continue;
            }
            let gap = i64::from(bound - aim) * i64::from(SCALE);
            let delta = (gap * lambda / (2 * pairs))
                .max(1)
                .min(i64::from(SCALE) * 4) as i32;
            node.subgradient_step(delta);
            bound = node.bound()?;
            if bound < lowest {
                lowest = bound;
            } else if lambda > 1 {
                lambda -= 1;
            }
        }
        Some(bound)
    }

    /// Takes the completion that level `depth` holds, scoring `score`, as the best: its
    /// placed digits, and in each empty cell the digit its row assigns (when every copy
    /// assigns the same one). Records the progress. O(cells).
    fn take_completion(&mut self, depth: usize, score: u32) {
        self.best = Some(score);
        self.aim = Some(score);
        let level = &self.levels[depth];
        for (cell, g) in self.best_grid.iter_mut().enumerate() {
            let c = if level.is_unsolved(cell) {
                level.dual.assigned[cell]
            } else {
                level.grid.candidates[cell]
            };
            *g = c.trailing_zeros() as u8 + 1;
        }
        self.note_progress(None);
    }

    /// The branching cell at level `depth`, whose houses are up to date, in `order`: blind,
    /// see [`State::fewest_candidates`]; in the focus order, a focus cell first
    /// ([`Maximiser::set_focus`]) unless a cell has one candidate; then fewest candidates
    /// (three or more count alike), then the largest second-least loss (see
    /// [`Maximiser::losses`]: the cell whose digits but the best lower the bound most), then
    /// heaviest. `None` when every cell is solved. O(cells * N).
    fn select(&self, depth: usize, order: Order) -> Option<usize> {
        let level = &self.levels[depth];
        let focused = match order {
            Order::Blind(shuffle) => return level.fewest_candidates(shuffle),
            Order::Plain => false,
            Order::Focus => true,
        };
        let mut best = None;
        let mut best_key = (u32::MAX, i64::MIN, 0u32);
        for cell in Cells(level.grid.unsolved) {
            let count = level.grid.candidates[cell].count_ones();
            let houses = self.tables.cell_houses[cell];
            let mut least = [i64::MAX; 2];
            for d in digits(level.grid.candidates[cell]) {
                let loss = level.loss(self.tables.size, self.tables.cells, cell, houses, d);
                if loss < least[0] {
                    least = [loss, least[0]];
                } else if loss < least[1] {
                    least[1] = loss;
                }
            }
            let mut len = count.min(3);
            if len > 1 && focused && self.focus.get(cell) == Some(&false) {
                len += 3;
            }
            let weight = self.tables.weights[cell];
            let (l, second, heavy) = best_key;
            if len < l
                || (len == l && (least[1] > second || (least[1] == second && weight > heavy)))
            {
                best_key = (len, least[1], weight);
                best = Some(cell);
            }
        }
        best
    }

    /// Searches below level `depth`, which is propagated and has its bound up to date, as
    /// `run` says. True when the search must stop: its budget is spent or, if it stops at a
    /// better completion, it found one.
    pub(super) fn search(&mut self, depth: usize, run: &Run) -> bool {
        self.nodes += 1;
        if self.spent() > run.budget {
            return true;
        }
        if self.levels[depth]
            .grid
            .unsolved
            .and(self.scoring)
            .is_empty()
        {
            return self.fit_tail(depth, run);
        }
        let cell = match self.select(depth, run.order) {
            Some(cell) => cell,
            // Every cell solved: a tail like the one above, with nothing left to fit.
            None => return self.fit_tail(depth, run),
        };
        let mut loss = [0; 16];
        let mut order = [0; 16];
        let count = self.losses(depth, cell, run.order, &mut loss, &mut order);
        for &d in &order[..count] {
            if self
                .aim
                .map_or(false, |b| loss[d] > self.levels[depth].slack(b))
            {
                continue;
            }
            if self.descend(depth, cell, 1 << d, run.steps) && self.search(depth + 1, run) {
                return true;
            }
        }
        false
    }

    /// Searches below level `depth`, whose cells of positive weight are all solved, as `run`
    /// says ([`Maximiser::search`]). Every completion below scores the level's score, so
    /// the bound and the dual steps have nothing left to decide but whether one exists, and
    /// a search that only fits digits ([`Maximiser::fit`]) settles that at a fraction of a
    /// bounded node's cost. The givens and the scoring cells' digits decide it (whatever
    /// else was struck on the way, reduced-cost fixing included, no completion scoring above
    /// the aim has), so a tail without a completion is remembered for the rest of the
    /// search: later dives, at lower ceilings too, meet the same ones. At a ceiling, a tail
    /// that scores above it has no completion, which the root has proved, and is not fitted.
    /// A tail once begun is decided, and its nodes then count toward the budget
    /// ([`Maximiser::spent`]).
    fn fit_tail(&mut self, depth: usize, run: &Run) -> bool {
        let level = &self.levels[depth];
        let score = level.grid.score;
        if self.aim.map_or(false, |b| score <= b) || score > self.ceiling {
            return false;
        }
        let key: Vec<u8> = Cells(self.scoring)
            .map(|cell| level.grid.candidates[cell].trailing_zeros() as u8)
            .collect();
        if self.dead_tails.contains(&key) {
            return false;
        }
        match self.fit(depth) {
            Some(leaf) => {
                self.take_completion(leaf, score);
                run.stop_at_better
            }
            None => {
                self.dead_tails.insert(key);
                self.spent() > run.budget
            }
        }
    }

    /// Depth-first search below level `depth` (propagated) for any completion, placing and
    /// propagating only: the cell with the fewest candidates first ([`State::most_constrained`]),
    /// its digits in increasing order. Returns the level holding the completion, or `None`
    /// if there is none. Exponential in the worst case.
    fn fit(&mut self, depth: usize) -> Option<usize> {
        let cell = match self.levels[depth].most_constrained(&self.tables) {
            Some(cell) => cell,
            None => return Some(depth),
        };
        for d in digits(self.levels[depth].grid.candidates[cell]) {
            self.fitted += 1;
            let mut node = self.child(depth);
            if node.place(cell, 1 << d) && node.propagate() {
                if let Some(leaf) = self.fit(depth + 1) {
                    return Some(leaf);
                }
            }
        }
        None
    }

    /// For each candidate `d` (0-based) of `cell` at level `depth`, whose houses are up to
    /// date, `loss[d]`: the sum of its reduced costs in the cell's three copies, by which
    /// placing it lowers the total at least. `order[..count]` gets the candidates, least
    /// loss first (ties: larger digit first), or in a blind `by` order, that of the keys
    /// `mix(d ^ shuffle)`; returns `count`. O(N^2) at most.
    fn losses(
        &self,
        depth: usize,
        cell: usize,
        by: Order,
        loss: &mut [i64; 16],
        order: &mut [usize; 16],
    ) -> usize {
        let level = &self.levels[depth];
        let houses = self.tables.cell_houses[cell];
        let mut count = 0;
        let mut options = level.grid.candidates[cell];
        let mut key = [0; 16];
        while options != 0 {
            let d = 15 - options.leading_zeros() as usize;
            options &= !(1 << d);
            loss[d] = level.loss(self.tables.size, self.tables.cells, cell, houses, d);
            key[d] = match by {
                Order::Blind(shuffle) => i64::from(mix(d as u32 ^ shuffle)),
                Order::Plain | Order::Focus => loss[d],
            };
            let mut j = count;
            while j > 0 && key[order[j - 1]] > key[d] {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = d;
            count += 1;
        }
        count
    }

    /// Copies level `depth` into `depth + 1`, places `bit` in `cell` there, propagates,
    /// takes `steps` dual steps and fixing, and says whether the child can still beat the
    /// aim.
    #[inline]
    fn descend(&mut self, depth: usize, cell: usize, bit: u16, steps: usize) -> bool {
        let mut node = self.child(depth);
        if !(node.place(cell, bit) && node.propagate()) {
            return false;
        }
        if self.take_dual_steps(depth + 1, steps).is_none() {
            return false;
        }
        let aim = self.aim;
        match (self.node(depth + 1).fix_reduced_costs(aim), aim) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(b), Some(aim)) => b > aim,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use itertools::Itertools;
    use std::cmp::Reverse;
    use testkit::rng::Rng;

    /// The branching cell of the scored orders against its documented rule, computed
    /// directly on random states: in the focus order, a cell with one candidate, else a
    /// focus cell, first; then the fewest candidates (three or more alike), the largest
    /// second-least loss (none for one candidate: the largest), the heaviest, the first
    /// cell. The losses are random, with ties; the plain order and a maximiser without focus
    /// cells ignore the focus.
    #[test]
    fn the_scored_orders_branch_by_their_documented_rule() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(8);
        for round in 0..300 {
            let weights: Vec<u32> = (0..81).map(|_| rng.below(4) as u32).collect();
            let mut engine = Maximiser::<u128>::new(&layout, &weights);
            let focus: Vec<usize> = (0..81).filter(|_| rng.percent(30)).collect();
            if round % 4 != 0 {
                engine.set_focus(&focus);
            }
            let unsolved: Vec<usize> = (0..81).filter(|_| rng.percent(40)).collect();
            let level = &mut engine.levels[0];
            level.grid.unsolved = unsolved
                .iter()
                .fold(u128::EMPTY, |set, &c| set.or(u128::cell(c)));
            // Rarely one candidate, which would decide the cell.
            for c in 0..81 {
                let bits = if rng.percent(3) { 1 } else { rng.between(2, 5) };
                level.grid.candidates[c] = (0..bits).fold(0, |s, _| s | 1 << rng.below(9));
            }
            let dual = &mut level.dual;
            for p in dual.profit.iter_mut().chain(&mut dual.cell_dual) {
                *p = -(rng.below(6) as i32);
            }
            for v in dual.digit_dual.iter_mut() {
                *v = -(rng.below(6) as i32);
            }
            let level = &engine.levels[0];
            let t = &engine.tables;
            let key = |focused: bool, c: usize| {
                let count = level.grid.candidates[c].count_ones();
                let mut losses: Vec<i64> = digits(level.grid.candidates[c])
                    .map(|d| level.loss(9, 81, c, t.cell_houses[c], d))
                    .collect();
                losses.sort_unstable();
                let second = losses.get(1).copied().unwrap_or(i64::MAX);
                let late = focused && count > 1 && round % 4 != 0 && !focus.contains(&c);
                (late, count.min(3), Reverse(second), Reverse(weights[c]))
            };
            for (order, focused) in [(Order::Plain, false), (Order::Focus, true)] {
                let wanted = unsolved.iter().copied().min_by_key(|&c| key(focused, c));
                assert_eq!(engine.select(0, order), wanted, "{:?}", unsolved);
            }
        }
    }

    /// Each search call counts one node, and a search stops once its nodes pass the budget:
    /// on random 6x6 grids searched from scratch (no steps, nothing to beat, no stop at a
    /// completion), the whole tree counts its nodes, the root among them, and a budget below
    /// that stops the search after exactly one node more than the budget.
    #[test]
    fn a_search_counts_its_nodes_and_stops_past_its_budget() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(9);
        let mut stopped = 0;
        for _ in 0..10 {
            let weights: Vec<u32> = (0..36).map(|_| 1 + rng.below(30) as u32).collect();
            let full = testkit::gen::random_solution(&mut rng, 6, layout.regions()).unwrap();
            let givens: Vec<u8> = full.iter().map(|&d| d * rng.percent(25) as u8).collect();
            let mut engine = Maximiser::<u64>::new(&layout, &weights);
            let mut search = |budget: u64| {
                engine.best = None;
                engine.aim = None;
                engine.nodes = 0;
                assert!(engine.start(&givens) && engine.node(0).bound().is_some());
                let stop = engine.search(
                    0,
                    &Run {
                        budget,
                        steps: 0,
                        stop_at_better: false,
                        order: Order::Plain,
                    },
                );
                (!stop, engine.nodes)
            };
            let (whole, total) = search(u64::MAX);
            assert!(whole && total >= 1, "{} nodes", total);
            for budget in 0..total.min(40) {
                assert_eq!(search(budget), (false, budget + 1), "{:?}", givens);
                stopped += 1;
            }
        }
        assert!(stopped > 100, "the trees were too small: {}", stopped);
    }

    /// A maximiser for `layout` with random weights 1-30, started from a random full grid
    /// kept at `percent` of its cells, the full grid's score to beat.
    fn started(rng: &mut Rng, layout: &Layout, percent: usize) -> Maximiser<u64> {
        let cells = layout.cells();
        let weights: Vec<u32> = (0..cells).map(|_| 1 + rng.below(30) as u32).collect();
        let full = testkit::gen::random_solution(rng, layout.size(), layout.regions()).unwrap();
        let givens: Vec<u8> = full
            .iter()
            .map(|&d| d * rng.percent(percent) as u8)
            .collect();
        let mut engine = Maximiser::<u64>::new(layout, &weights);
        assert!(engine.start(&givens));
        let score = (0..cells).map(|c| weights[c] * u32::from(full[c])).sum();
        engine.best = Some(score);
        engine.aim = Some(score);
        engine
    }

    /// A search finds a completion that beats its aim by a single point: on random 6x6
    /// grids, the aim one below the maximum that testkit's reference finds among every
    /// completion of the root's solved cells, the search (with and without dual steps) ends
    /// with that maximum and a grid scoring it. On the way a digit's loss may equal the slack
    /// exactly (at a node whose copies all assign that completion, both are 0): only a loss
    /// above the slack rules out beating the aim, so such a digit must still be tried.
    #[test]
    fn a_search_finds_a_completion_one_point_above_its_aim() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(18);
        for _ in 0..30 {
            let engine = started(&mut rng, &layout, 35);
            let level = &engine.levels[0];
            let solved: Vec<u8> = (0..36)
                .map(|c| {
                    if level.is_unsolved(c) {
                        0
                    } else {
                        level.grid.candidates[c].trailing_zeros() as u8 + 1
                    }
                })
                .collect();
            let weights = engine.tables.weights.clone();
            let score = |grid: &[u8]| -> u32 {
                grid.iter()
                    .zip(&weights)
                    .map(|(&d, &w)| u32::from(d) * w)
                    .sum()
            };
            let completions =
                testkit::reference::solutions_up_to(6, layout.regions(), &solved, usize::MAX);
            let most = completions.iter().map(|g| score(g)).max().unwrap();
            for steps in [0, 2] {
                let mut engine = engine.clone();
                engine.best = None;
                engine.aim = Some(most - 1);
                assert!(engine.node(0).bound().is_some());
                let run = Run {
                    budget: u64::MAX,
                    steps,
                    stop_at_better: false,
                    order: Order::Plain,
                };
                assert!(!engine.search(0, &run));
                assert_eq!(engine.best, Some(most), "{:?}, {} steps", solved, steps);
                assert_eq!(score(&engine.best_grid), most);
            }
        }
    }

    /// Dual steps go on only while the bound beats the aim: at a node whose bound only
    /// equals it, none is taken, whatever the steps allowed: no new profits, no completion
    /// taken. On random sparse 6x6 grids, the aim set to the root's bound.
    #[test]
    fn no_dual_step_is_taken_once_the_bound_only_equals_the_aim() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(21);
        for _ in 0..20 {
            let mut engine = started(&mut rng, &layout, 20);
            let bound = engine.node(0).bound().unwrap();
            engine.aim = Some(bound);
            engine.best = None;
            let ids = engine.profit_ids;
            assert_eq!(engine.take_dual_steps(0, 10), Some(bound));
            assert_eq!((engine.profit_ids, engine.best), (ids, None));
        }
    }

    /// The even dual steps are averaging steps: on random sparse 6x6 grids, wherever the
    /// steps go on past step `k` (the bound above the aim, the copies not all agreeing), `k`
    /// even, `k + 1` steps leave the profits and the bound that `k` steps and then one
    /// averaging step leave.
    #[test]
    fn the_even_dual_steps_average() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(14);
        let mut checked = [0; 8];
        for _ in 0..20 {
            let engine = started(&mut rng, &layout, 20);
            for k in (0..8).step_by(2) {
                let mut wanted = engine.clone();
                let bound = wanted.take_dual_steps(0, k).unwrap();
                let level = &wanted.levels[0];
                if wanted.aim >= Some(bound) || level.disagreements(36) == 0 {
                    break;
                }
                let mut node = wanted.node(0);
                node.average();
                let bound = node.bound();
                let mut got = engine.clone();
                assert_eq!(got.take_dual_steps(0, k + 1), bound, "step {}", k);
                assert_eq!(got.levels[0].dual.profit, wanted.levels[0].dual.profit);
                checked[k] += 1;
            }
        }
        assert!(checked[6] > 5, "steps checked: {:?}", checked);
    }

    /// The odd dual steps are subgradient steps of the documented length: on random sparse
    /// 6x6 grids, wherever the steps go on past step `k` (the bound above the aim, the copies
    /// not all agreeing), `k` odd, `k + 1` steps leave the profits and the bound that `k`
    /// steps and then one subgradient step leave, of `lambda * (bound - aim) * SCALE / (2 *
    /// pairs)` profit units within 1 and `4 * SCALE`, from the bound and pairs after `k`
    /// steps; `lambda` is 2 while every earlier subgradient step lowered the bound below
    /// those before it, else 1. Each grid is tried with a random completion's score as the
    /// aim, far below the bound, and with aims 20 to 100 points below the root's bound,
    /// where some subgradient steps lower the bound, so that `lambda` stays 2 for the next,
    /// and some leave it where it was, so that `lambda` falls to 1 on a tie.
    #[test]
    fn the_odd_dual_steps_take_the_documented_length() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(15);
        let mut checked = [0; 2];
        let (mut past_the_first, mut ties) = (0, 0);
        for round in 0..100 {
            let started = started(&mut rng, &layout, [0, 10, 20, 35][round % 4]);
            let root = started.clone().take_dual_steps(0, 0).unwrap();
            let aims = [
                started.aim.unwrap(),
                root - 20,
                root - 40,
                root - 60,
                root - 100,
            ];
            for aim in aims {
                let mut engine = started.clone();
                engine.aim = Some(aim);
                let mut bounds = vec![root];
                let mut lambda = 2;
                for k in 0..12 {
                    let mut wanted = engine.clone();
                    let bound = wanted.take_dual_steps(0, k).unwrap();
                    let pairs = wanted.levels[0].disagreements(36);
                    if bound <= aim || pairs == 0 {
                        break;
                    }
                    let mut node = wanted.node(0);
                    if k % 2 == 0 {
                        node.average();
                    } else {
                        let gap = i64::from(bound - aim) * i64::from(SCALE);
                        let delta = (lambda * gap / (2 * pairs)).clamp(1, 4 * i64::from(SCALE));
                        node.subgradient_step(delta as i32);
                    }
                    let after = node.bound();
                    let mut got = engine.clone();
                    assert_eq!(got.take_dual_steps(0, k + 1), after, "step {}", k);
                    assert_eq!(got.levels[0].dual.profit, wanted.levels[0].dual.profit);
                    let after = after.unwrap();
                    if k % 2 == 1 {
                        checked[lambda as usize - 1] += 1;
                        past_the_first += (lambda == 2 && k > 1) as usize;
                        let lowest = bounds.iter().copied().min().unwrap();
                        ties += (lambda == 2 && after == lowest) as usize;
                        if after >= lowest {
                            lambda = 1;
                        }
                    }
                    bounds.push(after);
                }
            }
        }
        assert!(
            checked[0] > 5 && checked[1] > 5 && past_the_first > 2 && ties > 2,
            "steps checked: {:?} by lambda, {} with 2 past the first, {} ties at 2",
            checked,
            past_the_first,
            ties
        );
    }

    /// A cell's losses and the order of its digits against their documented rule, on random
    /// states: `loss[d]` is the level's loss of candidate `d`; the scored orders take the
    /// candidates least loss first (ties: larger digit first), a blind order by `mix(d ^
    /// shuffle)`, least first. The losses are random, with ties.
    #[test]
    fn the_losses_order_the_digits_by_their_documented_rule() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(16);
        for _ in 0..200 {
            let mut engine = Maximiser::<u128>::new(&layout, &[1; 81]);
            let cell = rng.below(81);
            let level = &mut engine.levels[0];
            level.grid.candidates[cell] =
                (0..rng.between(1, 10)).fold(0, |s, _| s | 1 << rng.below(9));
            let dual = &mut level.dual;
            for p in dual.profit.iter_mut().chain(&mut dual.cell_dual) {
                *p = -(rng.below(4) as i32);
            }
            for v in dual.digit_dual.iter_mut() {
                *v = -(rng.below(4) as i32);
            }
            let level = &engine.levels[0];
            let houses = engine.tables.cell_houses[cell];
            let loss_of = |d: usize| level.loss(9, 81, cell, houses, d);
            let candidates: Vec<usize> = digits(level.grid.candidates[cell]).collect();
            let shuffle = 1 + rng.below(1 << 20) as u32;
            for by in [Order::Plain, Order::Focus, Order::Blind(shuffle)] {
                let mut wanted = candidates.clone();
                match by {
                    Order::Blind(s) => wanted.sort_by_key(|&d| mix(d as u32 ^ s)),
                    _ => wanted.sort_by_key(|&d| (loss_of(d), Reverse(d))),
                }
                let (mut loss, mut order) = ([0; 16], [0; 16]);
                let count = engine.losses(0, cell, by, &mut loss, &mut order);
                assert_eq!(
                    order[..count],
                    wanted[..],
                    "cell {}, shuffle {}",
                    cell,
                    shuffle
                );
                for &d in &candidates {
                    assert_eq!(loss[d], loss_of(d), "digit {}", d);
                }
            }
        }
    }
    /// A tail's fit decides it, and its work then counts toward the budget: on a 4x4 grid
    /// without weights (every grid a tail), with nothing to beat and bounded nodes already
    /// spent, `fit_tail` returns `stop_at_better` from the empty grid, which has a
    /// completion; from one whose house has two candidates left in its four cells, which
    /// has none, it returns whether the work spent, the fit's included, passes the budget,
    /// for budgets around that work.
    #[test]
    fn a_dead_tail_stops_the_search_once_the_work_passes_the_budget() {
        let layout = Layout::boxes(2, 2);
        for nodes in 1..4 {
            for stop_at_better in [false, true] {
                let run = |budget| Run {
                    budget,
                    steps: 0,
                    stop_at_better,
                    order: Order::Plain,
                };
                let mut engine = Maximiser::<u64>::new(&layout, &[0; 16]);
                assert!(engine.start(&[0; 16]));
                engine.nodes = nodes;
                let mut whole = engine.clone();
                assert_eq!(whole.fit_tail(0, &run(0)), stop_at_better);
                assert!(whole.best.is_some());
                for house in 0..12 {
                    for pair in (0..4).combinations(2) {
                        let mut dead = engine.clone();
                        for &c in &dead.tables.house_cells[house * 4..(house + 1) * 4] {
                            dead.levels[0].grid.candidates[c as usize] =
                                1 << pair[0] | 1 << pair[1];
                        }
                        let mut probe = dead.clone();
                        assert!(!probe.fit_tail(0, &run(u64::MAX)));
                        assert!(probe.best.is_none(), "house {}, {:?}", house, pair);
                        let spent = probe.spent();
                        for budget in [0, spent - 1, spent, spent + 1] {
                            let stop = dead.clone().fit_tail(0, &run(budget));
                            assert_eq!(stop, spent > budget, "house {}, budget {}", house, budget);
                        }
                    }
                }
            }
        }
    }

    /// A tail is fitted only when its score is above the aim and at most the ceiling: on a
    /// 4x4 grid whose one weighing cell is given a 3 (every grid a tail scoring 3), with
    /// aims and ceilings around 3, `fit_tail` fits a digit and takes the completion exactly
    /// then, and otherwise returns false without fitting or remembering the tail.
    #[test]
    fn a_tail_is_fitted_only_above_the_aim_and_up_to_the_ceiling() {
        let layout = Layout::boxes(2, 2);
        let mut weights = [0; 16];
        weights[5] = 1;
        let mut givens = [0; 16];
        givens[5] = 3;
        let run = Run {
            budget: u64::MAX,
            steps: 0,
            stop_at_better: true,
            order: Order::Plain,
        };
        for aim in [None, Some(2), Some(3)] {
            for ceiling in [2, 3, u32::MAX] {
                let mut engine = Maximiser::<u64>::new(&layout, &weights);
                assert!(engine.start(&givens));
                engine.aim = aim;
                engine.ceiling = ceiling;
                let fitted = aim < Some(3) && ceiling >= 3;
                assert_eq!(engine.fit_tail(0, &run), fitted, "{:?} {}", aim, ceiling);
                assert_eq!(engine.fitted > 0, fitted, "{:?} {}", aim, ceiling);
                assert_eq!(engine.best, if fitted { Some(3) } else { None });
                assert!(engine.dead_tails.is_empty());
            }
        }
    }

    /// A child whose bound after its steps and fixing only equals the aim cannot beat it (a
    /// completion must score above the aim), so `descend` drops it: on random 6x6 grids,
    /// for each candidate of an unsolved cell, with 0 and 2 steps, and aims at and just below
    /// the child's bound with no aim, `descend` says whether the bound that placing,
    /// propagating, the steps and fixing at that aim leave (the same calls on a copy) is
    /// above the aim (raised if the steps record a completion); such bounds equal to their
    /// aim occur, and there `descend` is false.
    #[test]
    fn a_child_whose_bound_only_equals_the_aim_is_dropped() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(21);
        let mut tied = 0;
        for _ in 0..20 {
            let engine = started(&mut rng, &layout, 30);
            let level = &engine.levels[0];
            let Some(cell) = (0..36).find(|&c| level.is_unsolved(c)) else {
                continue;
            };
            for d in digits(level.grid.candidates[cell]) {
                let bit = 1 << d;
                for steps in [0, 2] {
                    // The bound and the aim then, raised if the steps record a completion.
                    let bound_at = |aim: Option<u32>| -> (Option<u32>, Option<u32>) {
                        let mut copy = engine.clone();
                        copy.aim = aim;
                        let mut node = copy.child(0);
                        if !(node.place(cell, bit) && node.propagate()) {
                            return (None, aim);
                        }
                        if copy.take_dual_steps(1, steps).is_none() {
                            return (None, copy.aim);
                        }
                        let aim = copy.aim;
                        (copy.node(1).fix_reduced_costs(aim), aim)
                    };
                    let descends = |aim: Option<u32>| {
                        let mut copy = engine.clone();
                        copy.aim = aim;
                        copy.descend(0, cell, bit, steps)
                    };
                    let free = match bound_at(None) {
                        (Some(free), None) => free,
                        (bound, aim) => {
                            assert_eq!(descends(None), bound > aim, "cell {}, digit {}", cell, d);
                            continue;
                        }
                    };
                    assert!(descends(None), "cell {}, digit {}", cell, d);
                    for start in [free, free - 1, free - 2] {
                        let (bound, aim) = bound_at(Some(start));
                        let aim = aim.unwrap();
                        let descended = descends(Some(start));
                        assert_eq!(
                            descended,
                            bound.map_or(false, |b| b > aim),
                            "cell {}, digit {}, aim {}, bound {:?}",
                            cell,
                            d,
                            aim,
                            bound
                        );
                        if bound == Some(aim) {
                            assert!(!descended);
                            tied += 1;
                        }
                    }
                }
            }
        }
        assert!(tied > 10, "bounds equal to their aim: {}", tied);
    }
}
