//! The search schedule of a [`Maximiser`]: its public face (set-up, focus cells, progress,
//! the maximum and its grid) and the order of work of the module doc: the first dive, the
//! root's rounds of dual steps with a short dive after each, the search with a step per node,
//! the bound of the digit templates, and the dives that aim at ceilings, taking turns in the
//! two orders with doubled budgets.

use super::*;

/// Dual steps at the root, after the first dive found a score.
const ROOT_STEPS: usize = 70;
/// The root's steps come in rounds of this many, each followed by a short dive.
const ROUND_STEPS: usize = 15;
/// Search nodes the first dive may visit before the other order takes a turn: far more than
/// a first dive needs when its order suits the grid, so that the other order's turn comes
/// only when this one wanders.
const FIRST_DIVE_NODES: u64 = 400;
/// Search nodes a dive from the root may visit after each round of steps, and the first
/// budget of the dives after the smoothed root.
const DIVE_NODES: u64 = 30;
/// Dual steps at each node of the search proper and of a ceiling's last dive: one averaging
/// step ([`Node::average`]). More steps lower a node's bound further, but cost more than the
/// nodes they save, now that the tails are fitted without a bound
/// ([`Maximiser::fit_tail`]).
const NODE_STEPS: usize = 1;
/// How many times the plain order's budget a dive aiming at a ceiling takes in the focus
/// order: one that goes through the whole tree, the proof that no completion reaches the
/// ceiling, costs several times as many nodes in the plain order, while a completion that
/// reaches it is mostly found by the plain order's first short dive.
const CEILING_FOCUS_SHARE: u64 = 32;
/// The budget from which a dive aiming at a ceiling in the focus order is the ceiling's last:
/// it takes [`NODE_STEPS`] dual steps at each node and runs until it settles the ceiling.
/// The parent's profits, which a dive otherwise passes down unchanged, can overrate every
/// child deep in the tree: on some sparse grids the dives then wander through millions of
/// nodes that cannot reach the ceiling. The steps cost several times the rest of the node,
/// so the short dives, which settle most grids, take none; and a dive with steps that
/// stopped at a budget would leave the next one to do its work again.
const STEPPED_DIVE_NODES: u64 = 3840;
/// How many nodes of a tail's fitting ([`Maximiser::fit`]) count as one bounded node toward
/// a budget: a fitting node only places and propagates, at a small part of the cost of a
/// bounded one, and counted in full the fitting would spend the short dives' budgets, on
/// grids that the bounded search settles in them.
const FIT_SHARE: u64 = 16;
/// Subgradient steps of the digit templates' bound at the root ([`Maximiser::template_bound`]).
const TEMPLATE_ROUNDS: usize = 400;
/// Nodes the search proper may visit before the root's dual is rebuilt.
const SEARCH_NODES: u64 = 100;

impl<B: Bitset> Maximiser<B> {
    /// A maximiser for `layout` with `weights[cell]` per cell.
    ///
    /// Constraints: `weights.len() == N * N <= B::CAPACITY`, and
    /// `SCALE * sum(weights) * N < 2^30` (the profits are i32). O(N^3) time and memory; each
    /// search level (O(N^3) memory, up to N^2 + 1 of them) is allocated the first time a
    /// search reaches its depth.
    pub fn new(layout: &Layout, weights: &[u32]) -> Self {
        let tables = Tables::new::<B>(layout, weights);
        let cells = tables.cells;
        Maximiser {
            levels: vec![State::new(&tables)],
            tables,
            singles: Vec::with_capacity(4 * cells),
            best: None,
            aim: None,
            ceiling: u32::MAX,
            best_grid: vec![0; cells],
            nodes: 0,
            profit_ids: 0,
            focus: Vec::new(),
            recording: false,
            progress: Vec::new(),
            scoring: (0..cells)
                .filter(|&cell| weights[cell] > 0)
                .fold(B::EMPTY, |set, cell| set.or(B::cell(cell))),
            dead_tails: HashSet::new(),
            fitted: 0,
            templates: Templates::new(layout),
        }
    }

    /// Switches the recording of [`Maximiser::progress`] on or off for the next searches.
    /// Off by default: a search then does no recording work. O(1).
    pub fn record_progress(&mut self, on: bool) {
        self.recording = on;
    }

    /// The progress of the last [`Maximiser::maximise`], if it was recorded: a point each
    /// time the bound at the root fell or a better completion was found, in order, then a
    /// last one where the bound meets the maximum (none if the grid has no completion).
    /// Nodes never decrease, nor does the best score; the bound never rises. O(1).
    pub fn progress(&self) -> &[Progress] {
        &self.progress
    }

    /// Records that the bound at the root is now `bound` (if given) or that a better
    /// completion was found, when recording. O(1) amortised.
    pub(super) fn note_progress(&mut self, bound: Option<u32>) {
        if !self.recording {
            return;
        }
        let last = self.progress.last().map(|p| p.bound);
        let bound = match (bound, last) {
            (Some(b), Some(l)) => b.min(l),
            (Some(b), None) => b,
            (None, Some(l)) => l,
            (None, None) => return,
        };
        self.progress.push(Progress {
            nodes: self.nodes(),
            bound,
            best: self.best,
        });
    }

    /// Names the cells the score rests on, where a layout's weights make some cells decide
    /// the rest (target9's do: see its `score` module). The search then has a second order,
    /// which branches on them (those with two candidates or more) before any other, so that
    /// the bound falls as fast as it can: the first dive starts in the plain order, which
    /// finds a closer first score; the search after it takes the focus order; dives that run
    /// long take turns between the two (see [`Maximiser::maximise`]). Without focus cells
    /// both orders are the plain one. Constraint: every `focus` cell is below N * N. O(N^2).
    pub fn set_focus(&mut self, focus: &[usize]) {
        self.focus = vec![false; self.tables.cells];
        for &cell in focus {
            self.focus[cell] = true;
        }
    }

    /// The highest `sum(weights[cell] * digit)` over all completions of `givens`, or `None`
    /// if there is none; [`Maximiser::best_grid`] then holds a completion that reaches it.
    ///
    /// `givens[cell]` is 0 (empty) or a digit `1..=N`; clashing givens give `None`.
    ///
    /// # Constraints
    ///
    /// - `givens.len() == N * N` (panics otherwise)
    ///
    /// # Complexity
    ///
    /// Exponential in the worst case; with NOIP's weights the bound keeps the tree small on
    /// 9x9 grids, sparse ones and the empty grid included ([`Maximiser::nodes`] counts it).
    /// Larger weights take more nodes, since the subgradient step is capped in profit units.
    ///
    /// # Example
    ///
    /// ```
    /// use common::layout::Layout;
    /// use common::weighted::Maximiser;
    ///
    /// // A 4x4 Sudoku (2x2 boxes) where the top left cell weighs 2 and every other 1. Every
    /// // completion scores 40 (each row holds 1+2+3+4) plus the digit in that cell.
    /// let mut weights = [1; 16];
    /// weights[0] = 2;
    /// let mut solver = Maximiser::<u64>::new(&Layout::boxes(2, 2), &weights);
    /// assert_eq!(solver.maximise(&[0; 16]), Some(44));
    /// assert_eq!(solver.best_grid()[0], 4);
    ///
    /// // A 4 given in the top right cell leaves at most 3 for the top left one.
    /// let mut givens = [0; 16];
    /// givens[3] = 4;
    /// assert_eq!(solver.maximise(&givens), Some(43));
    /// // Two 4s in the first row: no completion.
    /// givens[1] = 4;
    /// assert_eq!(solver.maximise(&givens), None);
    /// ```
    pub fn maximise(&mut self, givens: &[u8]) -> Option<u32> {
        self.progress.clear();
        let maximum = self.settle(givens);
        if maximum.is_some() {
            self.note_progress(maximum);
        }
        maximum
    }

    /// [`Maximiser::maximise`] less the last point of its progress.
    fn settle(&mut self, givens: &[u8]) -> Option<u32> {
        assert_eq!(givens.len(), self.tables.cells, "one given per cell");
        self.best = None;
        self.aim = None;
        self.ceiling = u32::MAX;
        self.nodes = 0;
        self.fitted = 0;
        self.dead_tails.clear();
        let root = if self.start(givens) {
            self.node(0).bound()
        } else {
            None
        };
        root?;
        self.note_progress(root);
        // A first dive for a score to beat (it finds none only if there is no completion).
        if self.dive_in_turns(FIRST_DIVE_NODES, false, 1, u64::MAX) {
            return self.best;
        }
        // The root's profits tuned against it in rounds, each followed by a short dive that
        // follows the tuned bound: a closer score to beat makes the next steps surer.
        let mut left = ROOT_STEPS;
        loop {
            let steps = ROUND_STEPS.min(left);
            left -= steps;
            let bound = self.take_dual_steps(0, steps).and_then(|_| {
                let aim = self.aim;
                self.node(0).fix_reduced_costs(aim)
            });
            self.note_progress(bound);
            match (bound, self.best) {
                (Some(b), Some(best)) if b > best => {}
                _ => return self.best,
            }
            if left == 0 {
                // The search proper; if that takes long, the subgradient has stalled: a
                // tighter root, then searches that aim at its bound.
                if self.search_proper() {
                    return self.best;
                }
                let aim = self.aim;
                self.new_profits(0);
                let bound = self.node(0).smooth(aim);
                let bound = self.template_bound(bound);
                self.note_progress(bound);
                return self.aim_at_ceilings(bound);
            }
            // A dive: no dual steps, stopping at a better completion.
            let run = Run {
                budget: self.spent() + DIVE_NODES,
                steps: 0,
                stop_at_better: true,
                order: Order::Focus,
            };
            if self.explore(run) {
                return self.best;
            }
        }
    }

    /// The search proper: from the root in the focus order, with [`NODE_STEPS`] dual steps
    /// at each node, taking every better completion, until it goes through the whole tree
    /// (true) or has spent [`SEARCH_NODES`] nodes of work (false, see
    /// [`Maximiser::spent`]).
    fn search_proper(&mut self) -> bool {
        let run = Run {
            budget: self.spent() + SEARCH_NODES,
            steps: NODE_STEPS,
            stop_at_better: false,
            order: Order::Focus,
        };
        self.explore(run)
    }

    /// The root's bound `bound` lowered, when it is above the best score, by the bound of the
    /// layout's digit templates ([`crate::templates`]) over the root's candidates, which
    /// reduced-cost fixing has cut to those of completions scoring above the best: on sparse
    /// grids the linear relaxation's bound can lie several points above the maximum, where
    /// the templates' mostly meet it, and each point costs a ceiling's proof. `None` when no
    /// completion scores above the best. O(TEMPLATE_ROUNDS * N^4) at most.
    fn template_bound(&mut self, bound: Option<u32>) -> Option<u32> {
        let (bound, best, templates) = match (bound, self.best, self.templates.as_mut()) {
            (Some(b), Some(best), Some(templates)) if b > best => (b, best, templates),
            _ => return bound,
        };
        let (root, t) = (&self.levels[0], &self.tables);
        let duals = &root.dual.cell_dual;
        // The root's cell duals, with its houses' a dual of the linear relaxation, make the
        // templates' bound start at most at the root's (the Hungarian method's duals are of
        // costs, the negated profits).
        let mut u: Vec<i64> = (0..t.cells)
            .map(|c| {
                (0..3)
                    .map(|k| -i64::from(duals[k * t.cells + c]))
                    .sum::<i64>()
            })
            .map(|dual| dual * templates::SCALE / i64::from(SCALE))
            .collect();
        let aim = i64::from(best);
        let lowered = templates.bound(
            &t.weights,
            &root.grid.candidates,
            aim,
            TEMPLATE_ROUNDS,
            &mut u,
        )?;
        Some(bound.min(lowered as u32)).filter(|&b| b > best)
    }

    /// Settles the search from the root's bound `bound` (`None` or not above the best score:
    /// nothing beats the best), with the root's fixing done, by aiming at the bound itself:
    /// dives ([`Maximiser::dive_in_turns`]) take only a completion that scores the ceiling, no
    /// completion can score more, so the first one found is the maximum; if they go through
    /// the whole tree instead, no completion scores the ceiling, and the next dives aim one
    /// lower. Returns the maximum.
    ///
    /// Aiming at the ceiling rather than just above the best score found prunes every node
    /// whose bound falls below the ceiling and leaves reduced-cost fixing no slack, so the tree
    /// stays small even when the best score found lies far below the maximum, which the dives
    /// would otherwise have to climb to by better scores, one at a time. Each proof that a
    /// ceiling is out of reach costs at most a search against the best score.
    ///
    /// Each ceiling's dives start in the plain order, the focus order's take
    /// [`CEILING_FOCUS_SHARE`] times the plain order's budget, and the first of those with
    /// [`STEPPED_DIVE_NODES`] or more is the ceiling's last, with [`NODE_STEPS`] dual steps
    /// at each node.
    fn aim_at_ceilings(&mut self, mut bound: Option<u32>) -> Option<u32> {
        loop {
            let ceiling = match (bound, self.best) {
                (Some(b), Some(best)) if b > best => b,
                _ => return self.best,
            };
            self.aim = Some(ceiling - 1);
            self.ceiling = ceiling;
            let (share, stepped) = (CEILING_FOCUS_SHARE, STEPPED_DIVE_NODES);
            if !self.dive_in_turns(DIVE_NODES, false, share, stepped) {
                return self.best;
            }
            self.aim = self.best;
            bound = Some(ceiling - 1);
            self.note_progress(bound);
        }
    }

    /// Dives from the root until one finds a completion scoring above the aim (false) or goes
    /// through the whole tree (true). The first dive may visit `budget` nodes, each next one
    /// twice as many as the one before, and each takes another order: each order settles
    /// quickly some grids on which another wanders for orders of magnitude longer, and the
    /// doubling bounds what the wrong one wastes. The scored orders (focus cells first or
    /// not) take turns; while no completion is known, every other dive from the second on is
    /// blind instead ([`Order::Blind`]), each with new tie-breaks: a scored order follows its
    /// losses to the same high-scoring cells every time, and on some sparse grids those admit
    /// no completion that the search could refute quickly.
    ///
    /// The first scored dive takes the focus order if `focused`, else the plain one; a dive
    /// in the focus order may visit `focus_share` times the budget of its turn, and the
    /// first one whose budget reaches `stepped_from` is the last: it takes [`NODE_STEPS`]
    /// dual steps at each node and goes on until it finds a completion or goes through the
    /// whole tree.
    fn dive_in_turns(
        &mut self,
        mut budget: u64,
        mut focused: bool,
        focus_share: u64,
        stepped_from: u64,
    ) -> bool {
        let before = self.best;
        let mut turn = 0u32;
        loop {
            turn += 1;
            let blind = before.is_none() && turn % 2 == 0;
            let order = match (blind, focused) {
                (true, _) => Order::Blind(mix(turn) | 1),
                (false, true) => Order::Focus,
                (false, false) => Order::Plain,
            };
            let focus = matches!(order, Order::Focus);
            let share = if focus { focus_share } else { 1 };
            let last = focus && budget * share >= stepped_from;
            let run = Run {
                budget: if last {
                    u64::MAX
                } else {
                    self.spent() + budget * share
                },
                steps: if last { NODE_STEPS } else { 0 },
                stop_at_better: true,
                order,
            };
            if self.explore(run) {
                return true;
            }
            if self.best != before {
                return false;
            }
            budget *= 2;
            if !blind {
                focused = !focused;
            }
        }
    }

    /// Searches from the root as `run` says until it has visited `run.budget` nodes in all,
    /// or, if `run.stop_at_better`, found a better completion. True when it went through the
    /// whole search tree instead.
    fn explore(&mut self, run: Run) -> bool {
        !self.search(0, &run)
    }

    /// A completion reaching the last [`Maximiser::maximise`]'s maximum (meaningless if it
    /// returned `None`). O(1).
    pub fn best_grid(&self) -> &[u8] {
        &self.best_grid
    }

    /// The search nodes the last [`Maximiser::maximise`] visited, those of the searches
    /// that fit the tails (`Maximiser::fit_tail`) included, for benchmarks. O(1).
    pub fn nodes(&self) -> u64 {
        self.nodes + self.fitted
    }

    /// The work done since the search began, in bounded nodes, what budgets count: each
    /// bounded node, and each [`FIT_SHARE`] nodes of the tails' fitting. O(1).
    pub(super) fn spent(&self) -> u64 {
        self.nodes + self.fitted / FIT_SHARE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::Backtracker;
    use crate::bitset::Bits256;
    use testkit::rng::Rng;
    use testkit::target9_weights;

    fn parse(s: &str) -> Vec<u8> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    fn score(grid: &[u8], weights: &[u32]) -> u32 {
        grid.iter()
            .zip(weights)
            .map(|(&d, &w)| u32::from(d) * w)
            .sum()
    }

    /// The best score by visiting every completion.
    fn exhaustive(layout: &Layout, givens: &[u8], weights: &[u32]) -> Option<u32> {
        let mut best = None;
        Backtracker::<u128>::new(layout).visit_lex(givens, |g| {
            best = best.max(Some(score(g, weights)));
            true
        });
        best
    }

    /// Whether `grid` completes `givens` under the rules of `layout`, read by testkit's checker.
    fn is_completion(layout: &Layout, givens: &[u8], grid: &[u8]) -> bool {
        let regions: Vec<u8> = (0..layout.cells())
            .map(|cell| layout.region_of(cell) as u8)
            .collect();
        testkit::check::is_solution(layout.size(), &regions, givens, grid)
    }

    /// A full grid for `layout`, then `keep` of its cells as givens, both drawn from `rng`.
    fn random_givens(rng: &mut Rng, layout: &Layout, keep: usize) -> Vec<u8> {
        let cells = layout.cells();
        let mut solver = Backtracker::<u128>::new(layout);
        let mut full = vec![0u8; cells];
        loop {
            let mut seed = vec![0u8; cells];
            for _ in 0..layout.size() {
                seed[rng.below(cells)] = 1 + rng.below(layout.size()) as u8;
            }
            if solver.count_up_to(&seed, 1, &mut full) == 1 {
                break;
            }
        }
        let mut givens = vec![0u8; cells];
        for _ in 0..keep {
            let cell = rng.below(cells);
            givens[cell] = full[cell];
        }
        givens
    }

    /// Random weights 1-30 for the 6x6 `layout`, and `keep` givens from a full grid.
    fn weighted_6x6(rng: &mut Rng, layout: &Layout, keep: usize) -> (Vec<u32>, Vec<u8>) {
        let weights = (0..36).map(|_| 1 + rng.below(30) as u32).collect();
        (weights, random_givens(rng, layout, keep))
    }

    /// A 6x6 engine on `weighted_6x6`'s random weights and `keep` givens, started, its root
    /// bounded, and its first dive taken, its progress recorded as `maximise` records it; with
    /// the weights, the givens, and whether that dive went through the whole tree.
    fn started_6x6(rng: &mut Rng, keep: usize) -> (Maximiser<u64>, Vec<u32>, Vec<u8>, bool) {
        let layout = Layout::boxes(2, 3);
        let (weights, givens) = weighted_6x6(rng, &layout, keep);
        let mut engine = Maximiser::<u64>::new(&layout, &weights);
        engine.record_progress(true);
        assert!(engine.start(&givens));
        let root = engine.node(0).bound();
        assert!(root.is_some());
        engine.note_progress(root);
        let whole = engine.dive_in_turns(FIRST_DIVE_NODES, false, 1, u64::MAX);
        (engine, weights, givens, whole)
    }

    /// The root's bound of an engine from [`started_6x6`], its profits rebuilt and smoothed
    /// as after the root's rounds, when it is above the first dive's score; `None` otherwise.
    fn smoothed_root(engine: &mut Maximiser<u64>) -> Option<u32> {
        let best = engine.best.expect("a completion");
        let aim = engine.aim;
        engine.new_profits(0);
        engine.node(0).smooth(aim).filter(|&b| b > best)
    }

    /// The digit templates' bound over the root's candidates from the rule's multipliers (the
    /// three cell duals of each cell negated, summed and taken from profit units to the
    /// templates' units), aiming at `aim`: after their first round, and after
    /// `TEMPLATE_ROUNDS`.
    fn templates_by_hand(engine: &Maximiser<u64>, weights: &[u32], aim: i64) -> (i64, Option<i64>) {
        let (level, cells) = (&engine.levels[0], weights.len());
        let mut u: Vec<i64> = (0..cells)
            .map(|c| {
                let dual: i64 = (0..3)
                    .map(|k| -i64::from(level.dual.cell_dual[k * cells + c]))
                    .sum();
                dual * templates::SCALE / i64::from(SCALE)
            })
            .collect();
        let mut templates = engine.templates.clone().expect("box templates");
        let candidates = &level.grid.candidates;
        let first = templates.bound(weights, candidates, aim, 1, &mut u.clone());
        let rounds = TEMPLATE_ROUNDS;
        let theirs = templates.bound(weights, candidates, aim, rounds, &mut u);
        (first.expect("a completion"), theirs)
    }

    fn check<B: Bitset>(layout: &Layout, givens: &[u8], weights: &[u32]) {
        let mut engine = Maximiser::<B>::new(layout, weights);
        let got = engine.maximise(givens);
        assert_eq!(
            got,
            exhaustive(layout, givens, weights),
            "givens {:?}",
            givens
        );
        if let Some(best) = got {
            assert!(is_completion(layout, givens, engine.best_grid()));
            assert_eq!(score(engine.best_grid(), weights), best);
        }
    }

    #[test]
    fn matches_every_completion_on_4x4_with_random_weights() {
        let layout = Layout::boxes(2, 2);
        let mut rng = Rng::new(1);
        for _ in 0..200 {
            let weights: Vec<u32> = (0..16).map(|_| rng.below(20) as u32).collect();
            let mut givens = vec![0u8; 16];
            for _ in 0..rng.below(5) {
                givens[rng.below(16)] = 1 + rng.below(4) as u8;
            }
            check::<u64>(&layout, &givens, &weights);
        }
    }

    #[test]
    fn matches_every_completion_on_6x6_with_random_weights() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(2);
        for round in 0..40 {
            let weights: Vec<u32> = (0..36).map(|_| 1 + rng.below(30) as u32).collect();
            let givens = random_givens(&mut rng, &layout, 8 + round % 8);
            check::<Bits256>(&layout, &givens, &weights);
        }
    }

    #[test]
    fn matches_every_completion_when_few_cells_score() {
        // Most cells weigh nothing, so the search reaches its tails high up, where the
        // fitting ([`Maximiser::fit_tail`]) settles them. The weights are target9's form: 1 on
        // the four corner 2x2 squares and the centre, 2 on the grid's corners. Random grids
        // leave no tail dead; the hunted fixtures of target9 are the ones that do.
        let layout = Layout::boxes(3, 3);
        let mut weights = vec![0u32; 81];
        for r in [0, 1, 7, 8] {
            for c in [0, 1, 7, 8] {
                weights[r * 9 + c] = 1 + (r % 7 == 0 && c % 7 == 0) as u32;
            }
        }
        weights[40] = 1;
        let mut engine = Maximiser::<u128>::new(&layout, &weights);
        let mut rng = Rng::new(5);
        for round in 0..24 {
            let mut givens = random_givens(&mut rng, &layout, 28 + round % 6);
            if round % 2 == 0 {
                // Often one that leaves no completion.
                givens[rng.below(81)] = 1 + rng.below(9) as u8;
            }
            assert_eq!(
                engine.maximise(&givens),
                exhaustive(&layout, &givens, &weights),
                "givens {:?}",
                givens
            );
        }
    }

    #[test]
    fn matches_every_completion_on_9x9_with_many_givens() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(3);
        let weights = target9_weights();
        for round in 0..30 {
            let givens = random_givens(&mut rng, &layout, 45 + round % 10);
            check::<u128>(&layout, &givens, &weights);
        }
    }

    #[test]
    fn matches_every_completion_on_9x9_with_fewer_givens() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(4);
        let weights = target9_weights();
        let mut engine = Maximiser::<u128>::new(&layout, &weights);
        for round in 0..6 {
            let givens = random_givens(&mut rng, &layout, 30 + round);
            assert_eq!(
                engine.maximise(&givens),
                exhaustive(&layout, &givens, &weights)
            );
        }
    }

    #[test]
    fn the_smoothed_root_still_bounds_every_completion() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(5);
        let mut tighter = 0;
        for round in 0..40 {
            let (weights, givens) = weighted_6x6(&mut rng, &layout, 2 + round % 8);
            let best = exhaustive(&layout, &givens, &weights).unwrap();
            let mut engine = Maximiser::<u64>::new(&layout, &weights);
            assert!(engine.start(&givens));
            let before = engine.node(0).bound().unwrap();
            let after = engine.node(0).smooth(None).unwrap();
            assert!(after >= best, "givens {:?}", givens);
            tighter += (after < before) as usize;
        }
        assert!(tighter > 0, "the smoothed dual never lowered a bound");
    }

    /// The dives that aim at a ceiling, started from the root's first bound (before any dual
    /// step, so mostly well above the maximum) with the first dive's score to beat, against
    /// every completion: they must step down past every ceiling no completion reaches and
    /// stop at the maximum. Aiming again at the maximum itself then searches nothing.
    #[test]
    fn aiming_at_ceilings_stops_at_the_maximum() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(6);
        let mut stepped_down = 0;
        for round in 0..24 {
            let (weights, givens) = weighted_6x6(&mut rng, &layout, 7 + round % 4);
            let best = exhaustive(&layout, &givens, &weights);
            let mut engine = Maximiser::<u64>::new(&layout, &weights);
            assert!(engine.start(&givens));
            let ceiling = engine.node(0).bound();
            // A first completion to beat (none if the dive finds there is none).
            engine.dive_in_turns(FIRST_DIVE_NODES, false, 1, u64::MAX);
            let got = engine.aim_at_ceilings(ceiling);
            assert_eq!(got, best, "givens {:?}", givens);
            let nodes = engine.nodes();
            assert_eq!(engine.aim_at_ceilings(got), got, "givens {:?}", givens);
            assert_eq!(
                engine.nodes(),
                nodes,
                "a ceiling at the maximum was searched"
            );
            if let Some(best) = got {
                assert!(is_completion(&layout, &givens, engine.best_grid()));
                assert_eq!(score(engine.best_grid(), &weights), best);
                stepped_down += (ceiling.unwrap() > best + 1) as usize;
            }
        }
        assert!(
            stepped_down > 10,
            "the ceilings were too close to test stepping down"
        );
    }

    /// Blind dives on sparse 9x9 grids, each with its own tie-breaks: every one finds a
    /// completion of the givens, and the tie-breaks lead them to different completions.
    #[test]
    fn blind_dives_find_completions_in_their_own_orders() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(7);
        let mut engine = Maximiser::<u128>::new(&layout, &target9_weights());
        for round in 0..10 {
            let givens = random_givens(&mut rng, &layout, 3 + round % 5);
            let mut found = Vec::new();
            for turn in 1..5 {
                engine.best = None;
                engine.aim = None;
                assert!(engine.start(&givens) && engine.node(0).bound().is_some());
                let whole = engine.explore(Run {
                    budget: u64::MAX,
                    steps: 0,
                    stop_at_better: true,
                    order: Order::Blind(mix(turn) | 1),
                });
                assert!(!whole, "a completion of {:?} exists", givens);
                assert!(is_completion(&layout, &givens, engine.best_grid()));
                found.push(engine.best_grid().to_vec());
            }
            found.sort();
            found.dedup();
            assert!(
                found.len() > 1,
                "the tie-breaks changed nothing on {:?}",
                givens
            );
        }
    }

    #[test]
    #[should_panic(expected = "more cells than the bitset holds")]
    fn a_bitset_too_narrow_for_the_layout_is_refused() {
        Maximiser::<u64>::new(&Layout::boxes(3, 3), &target9_weights());
    }

    #[test]
    fn scores_the_samples() {
        let layout = Layout::boxes(3, 3);
        let mut engine = Maximiser::<u128>::new(&layout, &target9_weights());
        let first = parse(
            "7 0 0 9 0 0 0 0 1  1 0 0 0 0 5 9 0 0  0 0 0 2 0 0 0 8 0
             0 0 5 0 2 0 0 0 3  0 0 0 0 0 0 6 4 8  4 1 3 0 0 0 0 0 0
             0 0 7 0 0 2 0 9 0  2 0 1 0 6 0 8 0 4  0 8 0 5 0 4 0 1 2",
        );
        assert_eq!(engine.maximise(&first), Some(2829));
        let second = parse(
            "0 0 0 7 0 2 4 5 3  9 0 0 0 0 8 0 0 0  7 4 0 0 0 5 0 1 0
             1 9 5 0 8 0 0 0 0  0 7 0 0 0 0 0 2 5  0 3 0 5 7 9 1 0 8
             0 0 0 6 0 1 0 0 0  0 6 0 9 0 0 0 0 1  0 0 0 0 0 0 0 0 6",
        );
        assert_eq!(engine.maximise(&second), Some(2852));
        let mut clash = first;
        clash[1] = 7;
        assert_eq!(engine.maximise(&clash), None);
    }

    #[test]
    fn recorded_progress_closes_on_the_maximum() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(9);
        let weights = target9_weights();
        let mut engine = Maximiser::<u128>::new(&layout, &weights);
        let mut grids: Vec<Vec<u8>> = (0..4)
            .map(|round| random_givens(&mut rng, &layout, 24 + 3 * round))
            .collect();
        grids.push(vec![0; 81]);
        let mut longest = 0;
        for givens in &grids {
            engine.record_progress(false);
            let unrecorded = engine.maximise(givens);
            assert!(engine.progress().is_empty());
            let nodes = engine.nodes();
            engine.record_progress(true);
            let maximum = engine.maximise(givens).expect("a completion");
            assert_eq!(Some(maximum), unrecorded);
            assert_eq!(engine.nodes(), nodes, "recording changes the search");
            let progress = engine.progress();
            longest = longest.max(progress.len());
            for point in progress {
                assert!(point.bound >= maximum, "{:?} below {}", point, maximum);
                assert!(point.best.map_or(true, |b| b <= maximum), "{:?}", point);
            }
            for pair in progress.windows(2) {
                assert!(pair[0].nodes <= pair[1].nodes, "{:?}", pair);
                assert!(pair[0].bound >= pair[1].bound, "{:?}", pair);
                assert!(pair[0].best <= pair[1].best, "{:?}", pair);
            }
            let last = progress.last().expect("a last point");
            assert_eq!((last.bound, last.best), (maximum, Some(maximum)));
            assert_eq!(last.nodes, nodes);
        }
        // Some grid's bound falls in steps: more than a first and a last point.
        assert!(longest > 2, "{}", longest);
        let mut clash = grids[0].clone();
        let given = clash.iter().position(|&d| d != 0).expect("a given");
        let peer = (given + 1) % 9 + given / 9 * 9;
        clash[peer] = clash[given];
        assert_eq!(engine.maximise(&clash), None);
        assert!(engine.progress().is_empty());
    }

    /// Budgets count work in bounded nodes: each bounded node is one, and the tails' fitting
    /// is paid for at one node per [`FIT_SHARE`] of its nodes, its remainder not yet counted.
    #[test]
    fn the_work_spent_counts_each_bounded_node_and_the_fitting_by_its_share() {
        let layout = Layout::boxes(2, 2);
        let mut engine = Maximiser::<u64>::new(&layout, &[1; 16]);
        for (nodes, fitted, spent) in [
            (0, 0, 0),
            (5, 0, 5),
            (0, FIT_SHARE - 1, 0),
            (0, FIT_SHARE, 1),
            (7, 3 * FIT_SHARE + 2, 10),
        ] {
            engine.nodes = nodes;
            engine.fitted = fitted;
            assert_eq!(engine.spent(), spent, "{} nodes, {} fitted", nodes, fitted);
        }
    }

    /// The digit templates' bound starts from the smoothed root's duals: with them, the
    /// templates' first round bounds at most at the root's bound, and the bound that
    /// `template_bound` returns is the root's lowered to the templates' after their rounds
    /// from those multipliers (the three cell duals of each cell negated, summed and taken
    /// from profit units to the templates' units), when that is still above the best score;
    /// a bound that only equals the best score comes back as it is. Random sparse 6x6 grids,
    /// the best score that of the first dive.
    #[test]
    fn the_template_bound_starts_from_the_roots_duals() {
        let mut rng = Rng::new(11);
        let mut lowered = 0;
        for round in 0..64 {
            let (mut engine, weights, givens, _) = started_6x6(&mut rng, 4 + round % 6);
            let best = engine.best.expect("a completion");
            let root = match smoothed_root(&mut engine) {
                Some(root) => root,
                None => continue,
            };
            let (first, theirs) = templates_by_hand(&engine, &weights, i64::from(best));
            assert!(first <= i64::from(root), "{:?}", givens);
            let wanted = theirs.map(|t| root.min(t as u32)).filter(|&b| b > best);
            assert_eq!(engine.template_bound(Some(root)), wanted, "{:?}", givens);
            assert_eq!(
                engine.template_bound(Some(best)),
                Some(best),
                "{:?}",
                givens
            );
            lowered += (wanted < Some(root)) as usize;
        }
        assert!(lowered > 2, "the templates lowered {} bounds", lowered);
    }

    /// A score of 0 to beat, far below any bound, makes the templates' steps overshoot, so
    /// that the lowest bound they meet is mostly their first round's, which from the root's
    /// duals is at most the root's bound. On random sparse 6x6 grids `template_bound` then
    /// returns what the templates' rounds from the rule's multipliers return, at most their
    /// first round's bound; on some grids that first round is already below the root's bound,
    /// and so is what `template_bound` returns.
    #[test]
    fn the_template_bound_keeps_its_first_round_when_its_steps_overshoot() {
        let mut rng = Rng::new(14);
        let mut below = 0;
        for round in 0..32 {
            let (mut engine, weights, givens, _) = started_6x6(&mut rng, 4 + round % 6);
            let root = match smoothed_root(&mut engine) {
                Some(root) => root,
                None => continue,
            };
            let (first, theirs) = templates_by_hand(&engine, &weights, 0);
            engine.best = Some(0);
            let got = engine.template_bound(Some(root));
            let wanted = theirs.map(|t| root.min(t as u32)).filter(|&b| b > 0);
            assert_eq!(got, wanted, "{:?}", givens);
            assert!(got.map_or(0, i64::from) <= first, "{:?}", givens);
            below += (first < i64::from(root)) as usize;
        }
        assert!(
            below > 2,
            "the first round was below the root's bound {} times",
            below
        );
    }

    /// The search stops as soon as the root's bound meets the best score: on random 6x6
    /// grids where the first dive finds a score and the root's first round of dual steps,
    /// with fixing, brings the bound down to it (done here by hand, as the order of work
    /// says), `maximise` returns that score after the first dive's nodes, no more.
    #[test]
    fn the_search_stops_once_the_roots_bound_meets_the_best_score() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(12);
        let mut proved = 0;
        for round in 0..30 {
            let (mut engine, weights, givens, whole_tree) = started_6x6(&mut rng, 6 + round % 8);
            if whole_tree {
                continue;
            }
            let aim = engine.aim;
            let bound = engine
                .take_dual_steps(0, ROUND_STEPS)
                .and_then(|_| engine.node(0).fix_reduced_costs(aim));
            if bound != engine.best {
                continue;
            }
            let mut whole = Maximiser::<u64>::new(&layout, &weights);
            assert_eq!(whole.maximise(&givens), engine.best, "{:?}", givens);
            assert_eq!(whole.nodes(), engine.nodes(), "{:?}", givens);
            proved += 1;
        }
        assert!(proved > 5, "the first round proved {} scores", proved);
    }

    /// The dives in turns, against the runs their rule gives, taken by hand: with a first
    /// budget of 1, the focus order first at twice its turn's budget, and the last dive from
    /// a budget of 8, the dives are the focus order's with 2 nodes, the plain order's with
    /// 2, and the focus order's last, with its dual steps and no budget; each ends the turns
    /// when it finds a better completion or goes through the whole tree. Random 6x6 grids,
    /// with the first dive's score to beat.
    #[test]
    fn the_dives_take_turns_by_their_rule() {
        let mut rng = Rng::new(13);
        let mut turns = [0; 3];
        for round in 0..30 {
            let (mut engine, _, givens, whole_tree) = started_6x6(&mut rng, 6 + round % 8);
            if whole_tree {
                continue;
            }
            let mut model = engine.clone();
            let before = model.best;
            let runs = [
                (Order::Focus, Some(2)),
                (Order::Plain, Some(2)),
                (Order::Focus, None),
            ];
            let mut wanted = None;
            for (turn, &(order, budget)) in runs.iter().enumerate() {
                turns[turn] += 1;
                let run = Run {
                    budget: budget.map_or(u64::MAX, |b| model.spent() + b),
                    steps: if budget.is_some() { 0 } else { NODE_STEPS },
                    stop_at_better: true,
                    order,
                };
                if model.explore(run) {
                    wanted = Some(true);
                    break;
                }
                if model.best != before {
                    wanted = Some(false);
                    break;
                }
            }
            let got = engine.dive_in_turns(1, true, 2, 8);
            assert_eq!(Some(got), wanted, "{:?}", givens);
            assert_eq!(engine.nodes(), model.nodes(), "{:?}", givens);
            assert_eq!(engine.best, model.best, "{:?}", givens);
        }
        assert!(turns[2] > 5, "the turns taken: {:?}", turns);
    }

    /// The dives in turns while no completion is known, against the runs their rule gives,
    /// taken by hand: with a first budget of 1 doubling at each turn and the focus order
    /// first at twice its turn's budget, the scored dives alternate between the focus and
    /// the plain order, and every other dive from the second is blind, with the turn's
    /// tie-breaks. 9x9 grids with 28 to 47 givens, on which the dives of turns 1 to 5 most
    /// often find the first completion, the blind ones included.
    #[test]
    fn without_a_completion_every_other_dive_is_blind() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(16);
        let blind = |turn: u32| Order::Blind(mix(turn) | 1);
        let runs = [
            (Order::Focus, 2),
            (blind(2), 2),
            (Order::Plain, 4),
            (blind(4), 8),
            (Order::Focus, 32),
            (blind(6), 32),
            (Order::Plain, 64),
            (blind(8), 128),
            (Order::Focus, 512),
            (blind(10), 512),
        ];
        let mut settled = [0; 10];
        for round in 0..40 {
            let givens = random_givens(&mut rng, &layout, 28 + round % 20);
            let mut engine = Maximiser::<u128>::new(&layout, &target9_weights());
            assert!(engine.start(&givens) && engine.node(0).bound().is_some());
            let mut model = engine.clone();
            let settling = runs.iter().position(|&(order, budget)| {
                let run = Run {
                    budget: model.spent() + budget,
                    steps: 0,
                    stop_at_better: true,
                    order,
                };
                model.explore(run) || model.best.is_some()
            });
            settled[settling.expect("a completion within the turns listed")] += 1;
            assert!(!engine.dive_in_turns(1, true, 2, u64::MAX), "{:?}", givens);
            assert_eq!(engine.nodes(), model.nodes(), "{:?}", givens);
            assert_eq!(engine.best_grid(), model.best_grid(), "{:?}", givens);
        }
        assert!(settled[1] + settled[3] > 10, "by turn: {:?}", settled);
    }

    /// The root's rounds, against the order of work taken by hand: after the first dive,
    /// rounds of `ROUND_STEPS` dual steps (fewer in the last) until `ROOT_STEPS` are taken,
    /// each followed by fixing, and a short dive of `DIVE_NODES` between two rounds; the
    /// search stops once a round's bound is no longer above the best score or a dive goes
    /// through the whole tree, and goes on to the search proper only after the last round.
    /// `maximise`'s recorded progress must begin with the model's, and on a grid the model
    /// settles, hold only the last point past it. Random weights on 6x6 grids with at most
    /// one given, enough of them reaching the search proper: only the work, not the maximum,
    /// would tell a search proper started before the last round.
    #[test]
    fn the_search_proper_begins_after_the_roots_last_round() {
        let mut rng = Rng::new(15);
        let rounds = (ROOT_STEPS + ROUND_STEPS - 1) / ROUND_STEPS;
        let mut reached = 0;
        for grid in 0..100 {
            let (mut model, weights, givens, whole_tree) = started_6x6(&mut rng, grid % 2);
            let mut engine = Maximiser::<u64>::new(&Layout::boxes(2, 3), &weights);
            engine.record_progress(true);
            let maximum = engine.maximise(&givens);
            let mut settled = whole_tree;
            for round in 0..rounds {
                if settled {
                    break;
                }
                let steps = ROUND_STEPS.min(ROOT_STEPS - round * ROUND_STEPS);
                let aim = model.aim;
                let bound = model
                    .take_dual_steps(0, steps)
                    .and_then(|_| model.node(0).fix_reduced_costs(aim));
                model.note_progress(bound);
                // `None`, no completion above the best, is below every score.
                settled = bound <= model.best;
                if !settled && round + 1 < rounds {
                    settled = model.explore(Run {
                        budget: model.spent() + DIVE_NODES,
                        steps: 0,
                        stop_at_better: true,
                        order: Order::Focus,
                    });
                }
            }
            let (got, wanted) = (engine.progress(), model.progress());
            assert_eq!(got.get(..wanted.len()), Some(wanted), "{:?}", givens);
            if settled {
                assert_eq!(maximum, model.best, "{:?}", givens);
                assert_eq!(got.len(), wanted.len() + 1, "{:?}", givens);
                assert_eq!(engine.nodes(), model.nodes(), "{:?}", givens);
            } else {
                assert!(engine.nodes() > model.nodes(), "{:?}", givens);
                reached += 1;
            }
        }
        assert!(reached > 8, "{} grids reached the search proper", reached);
    }

    /// The search proper, against its run taken by hand: from the root in the focus order,
    /// `NODE_STEPS` dual steps at each node, going on past better completions, until it goes
    /// through the whole tree or the work spent passes `SEARCH_NODES` more. Random 9x9 grids
    /// with up to 15 givens and NOIP's weights, right after the first dive, the root's profits
    /// not yet tuned, so that most searches outlast that budget.
    #[test]
    fn the_search_proper_gives_up_past_its_nodes() {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(17);
        let mut gave_up = 0;
        for round in 0..20 {
            let givens = random_givens(&mut rng, &layout, 5 * (round % 4));
            let mut engine = Maximiser::<u128>::new(&layout, &target9_weights());
            assert!(engine.start(&givens) && engine.node(0).bound().is_some());
            if engine.dive_in_turns(FIRST_DIVE_NODES, false, 1, u64::MAX) {
                continue;
            }
            let mut model = engine.clone();
            let before = model.spent();
            let whole = model.explore(Run {
                budget: before + SEARCH_NODES,
                steps: NODE_STEPS,
                stop_at_better: false,
                order: Order::Focus,
            });
            assert_eq!(engine.search_proper(), whole, "{:?}", givens);
            assert_eq!(engine.nodes(), model.nodes(), "{:?}", givens);
            assert_eq!(engine.best, model.best, "{:?}", givens);
            if !whole {
                assert!(engine.spent() > before + SEARCH_NODES, "{:?}", givens);
                gave_up += 1;
            }
        }
        assert!(gave_up > 10, "{} searches outlasted their budget", gave_up);
    }
}

/// Tests of [`Maximiser::dive_in_turns`]'s turns, apart from the tests of the schedule as a
/// whole.
#[cfg(test)]
mod turn_tests {
    use super::*;
    use testkit::target9_weights;

    /// Once a completion is known, the scored orders take turns: a plain dive that spends its
    /// budget hands over to a focus dive with `focus_share` times the next budget. Without
    /// focus cells the focus order branches as the plain one, so each dive from the root
    /// follows the same path to a better completion, whose length a dive without a budget
    /// measures first. The first dive, with a budget of 1, stops at its second node; the
    /// focus dive's budget covers the path: the work is those two nodes and the path. Were
    /// the plain order to keep its turn, its doubled budgets would stop short of the path
    /// again before reaching it.
    #[test]
    fn a_plain_dive_that_spends_its_budget_hands_over_to_the_focus_order() {
        let layout = Layout::boxes(3, 3);
        let mut engine = Maximiser::<u128>::new(&layout, &target9_weights());
        assert!(engine.start(&[0; 81]) && engine.node(0).bound().is_some());
        // A first completion, from a blind dive: the dives after it are all scored.
        let whole = engine.explore(Run {
            budget: u64::MAX,
            steps: 0,
            stop_at_better: true,
            order: Order::Blind(mix(1) | 1),
        });
        assert!(!whole && engine.best.is_some());
        let before = engine.spent();
        let mut reference = engine.clone();
        let whole = reference.explore(Run {
            budget: u64::MAX,
            steps: 0,
            stop_at_better: true,
            order: Order::Plain,
        });
        assert!(
            !whole && reference.best > engine.best,
            "a better completion exists"
        );
        let path = reference.spent() - before;
        let share = CEILING_FOCUS_SHARE;
        assert!(path > 3 && path <= 2 * share, "{} nodes", path);
        assert!(!engine.dive_in_turns(1, false, share, u64::MAX));
        assert_eq!(engine.best, reference.best);
        assert_eq!(engine.spent() - before, 2 + path);
    }
}
