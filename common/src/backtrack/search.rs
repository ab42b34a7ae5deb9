//! The [`Search`] from the root: level 0 set up from the givens, a descent by one placement,
//! the count with its value symmetry and its limit of nodes, the lexicographic walk, and the
//! probes (failed literals) within the [`Walk`]'s share.

use super::*;
use crate::template_cover;

impl<B: Bitset> Search<B> {
    pub(super) fn new(layout: &Layout) -> Self {
        let tables = Tables::new(layout);
        Search {
            levels: vec![State::new(&tables); tables.cells + 1],
            grid: vec![0; tables.cells],
            hidden: true,
            nodes: 0,
            hand_over_after: SAT_AFTER,
            root: State::new(&tables),
            guesses: 0,
            template_steps: 0,
            sat_conflicts: 0,
            sat_propagations: 0,
            sat_cap: u64::MAX,
            marks: Marks {
                stale_hidden: [0; MAX_DIGITS],
                changed: 0,
                stale_locked: [0; MAX_DIGITS],
            },
            tables,
        }
    }

    /// Whether the current count has searched past its allowance of nodes, which stops the
    /// search and hands the count over to the templates and the SAT solver. O(1).
    pub(super) fn handed_over(&self) -> bool {
        self.nodes > self.hand_over_after
    }

    /// The node of level `depth`, looking for locked candidates if `locking` and for hidden
    /// singles if `hidden`.
    #[inline]
    fn node(&mut self, depth: usize, locking: bool, hidden: bool) -> Node<'_, B> {
        Node {
            tables: &self.tables,
            state: &mut self.levels[depth],
            grid: &mut self.grid,
            marks: &mut self.marks,
            locking,
            hidden,
        }
    }

    /// Sets up level 0 from `givens` (0 = empty, else a digit `1..=N`) and propagates.
    /// False when the givens already contradict each other.
    pub(super) fn start(&mut self, givens: &[u8]) -> bool {
        assert_eq!(givens.len(), self.tables.cells, "one given per cell");
        self.levels[0] = State::new(&self.tables);
        self.marks = Marks {
            stale_hidden: [self.tables.all_houses; MAX_DIGITS],
            changed: (1 << self.tables.size) - 1,
            stale_locked: [self.tables.all_houses; MAX_DIGITS],
        };
        let mut node = self.node(0, true, true);
        let size = node.tables.size;
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 {
                assert!(g as usize <= size, "given out of range");
                let d = g as usize - 1;
                if !node.state.candidates[d].contains(cell) {
                    return false;
                }
                node.place_unmarked(cell, d, (1 << size) - 1 - (1 << d));
            }
        }
        node.propagate()
    }

    /// Places digit `d + 1` in `cell` at level `depth` (a copy of `from`'s state, unless
    /// `from == depth`) and propagates. `digits` are the cell's candidates at `from` (bit
    /// `digit - 1`). False on a contradiction.
    #[inline]
    fn descend(&mut self, from: usize, depth: usize, cell: usize, digits: u32, d: usize) -> bool {
        if from != depth {
            let (upper, lower) = self.levels.split_at_mut(depth);
            lower[0].copy_from(&upper[from], self.tables.size, self.hidden);
        }
        // Without hidden singles, nothing reads the marks, nor a solved cell's other digits.
        let others = if self.hidden {
            self.marks.stale_hidden = [0; MAX_DIGITS];
            self.marks.changed = 0;
            digits & !(1 << d)
        } else {
            0
        };
        let mut node = self.node(depth, false, self.hidden);
        node.place_and_mark(cell, d, others);
        node.propagate()
    }

    /// Counts the solutions below level `depth` into `count`, each `weight` times, until
    /// `count` reaches `limit`; the first one found goes into `solution`. `fresh`: the digits
    /// (bit `digit - 1`) that neither a given nor a branch on the path placed.
    ///
    /// Value symmetry: swapping two fresh digits everywhere maps the solutions of this node
    /// (the givens and the path's branches, which name neither digit) one to one onto
    /// themselves, and those with a fresh digit in `cell` onto those with the other one there.
    /// So of a cell's fresh candidates only the smallest is tried, its solutions counting once
    /// for each of them. Exact whatever propagation did: it only strikes what no solution has.
    pub(super) fn count_from(
        &mut self,
        depth: usize,
        limit: usize,
        count: &mut usize,
        solution: &mut [u8],
        mut fresh: u32,
        mut weight: usize,
    ) {
        let size = self.tables.size;
        loop {
            self.nodes += 1;
            if self.handed_over() {
                return;
            }
            let cell = match self.levels[depth].fewest_candidates(size, &self.tables.peers) {
                Some(cell) => cell,
                None => {
                    if *count == 0 {
                        solution.copy_from_slice(&self.grid);
                    }
                    *count = count.saturating_add(weight);
                    return;
                }
            };
            let all = self.levels[depth].digits_of(size, cell);
            let twins = all & fresh;
            let skipped = twins & twins.wrapping_sub(1);
            let twin_weight = weight.saturating_mul(twins.count_ones() as usize);
            let mut digits = Digits(all & !skipped);
            self.guesses += u64::from(digits.0 & (digits.0 - 1) != 0);
            while let Some(d) = digits.next_unless_last() {
                if self.descend(depth, depth + 1, cell, all, d) {
                    let w = if twins >> d & 1 != 0 {
                        twin_weight
                    } else {
                        weight
                    };
                    self.count_from(depth + 1, limit, count, solution, fresh & !(1 << d), w);
                    if *count >= limit || self.handed_over() {
                        return;
                    }
                }
            }
            let d = digits.last_left();
            if twins >> d & 1 != 0 {
                weight = twin_weight;
            }
            fresh &= !(1 << d);
            if !self.descend(depth, depth, cell, all, d) {
                return;
            }
        }
    }

    /// Whether the root's candidates admit no fractional cover by templates
    /// ([`crate::fractional_cover::refutes`]): a proof that no solution exists.
    pub(super) fn no_cover(&self) -> bool {
        let n = self.tables.size;
        let regions = &self.tables.region_of[..self.tables.cells];
        crate::fractional_cover::refutes(n, regions, &self.root.candidates[..n]).is_ok()
    }

    /// The count by templates from the root's candidates
    /// ([`crate::template_cover::count_up_to`]), within `steps`; `None` if it gave up.
    pub(super) fn count_by_templates(
        &mut self,
        limit: usize,
        solution: &mut [u8],
        steps: u64,
    ) -> Option<usize> {
        let n = self.tables.size;
        let regions = &self.tables.region_of[..self.tables.cells];
        let boards = &self.root.candidates[..n];
        let count = template_cover::count_up_to(n, regions, boards, limit, solution, steps);
        self.template_steps += count.1;
        count.0
    }

    pub(super) fn visit_from<F>(&mut self, depth: usize, walk: &mut Walk, visit: &mut F) -> bool
    where
        F: FnMut(&[u8]) -> bool,
    {
        let size = self.tables.size;
        'node: loop {
            walk.nodes += 1;
            if self.levels[depth].unsolved.is_empty() {
                walk.visited += 1;
                walk.fruitless = 0;
                return visit(&self.grid);
            }
            walk.fruitless += 1;
            if walk.fruitless >= walk.patience && walk.may_probe() {
                let before = walk.trials;
                let alive = self.probe(depth, &mut walk.trials);
                walk.nodes += walk.trials - before;
                if !alive {
                    return true;
                }
                if self.levels[depth].unsolved.is_empty() {
                    continue;
                }
            }
            let state = &self.levels[depth];
            let cell = state.unsolved.lowest();
            let all = state.digits_of(size, cell);
            let mut digits = Digits(all);
            while let Some(d) = digits.next_unless_last() {
                if !self.descend(depth, depth + 1, cell, all, d) {
                    continue;
                }
                if !self.visit_from(depth + 1, walk, visit) {
                    return false;
                }
                if walk.fruitless >= walk.patience {
                    // The digits tried leave the cell, and the node is probed again: a dead
                    // end found below may show here too, before the next branch.
                    let state = &mut self.levels[depth];
                    for e in Digits(all & !digits.0) {
                        state.candidates[e] = state.candidates[e].and_not(B::cell(cell));
                    }
                    continue 'node;
                }
            }
            if !self.descend(depth, depth, cell, all, digits.last_left()) {
                return true;
            }
        }
    }

    /// Failed literals at level `depth`, which has an empty cell: each candidate of each empty
    /// cell is tried one level down with hidden singles, those that lead to a contradiction
    /// are struck, and the node propagates, until no trial fails; `trials` counts the tries.
    /// False when the node has no solution. Only digits that lead nowhere go, so a
    /// lexicographic walk keeps its order. A dead end that the first-cell order meets late,
    /// such as groups that are the rows but for two cells of one column swapped between two
    /// rows, is seen at once. O(N^3) propagations a round.
    fn probe(&mut self, depth: usize, trials: &mut u64) -> bool {
        let hidden = self.hidden;
        self.hidden = true;
        let alive = self.strike_failed_literals(depth, trials);
        self.hidden = hidden;
        alive
    }

    /// [`Search::probe`] once `hidden` is set: rebuilds the node from the grid, then strikes
    /// each candidate whose trial fails and propagates, until no trial fails.
    fn strike_failed_literals(&mut self, depth: usize, trials: &mut u64) -> bool {
        let t = &self.tables;
        // As in `locked_candidates`, the `min` drops index checks.
        let size = t.size.min(MAX_DIGITS);
        // Below a root without hidden singles, solved cells may keep other digits and the
        // open houses are not kept: both are rebuilt from the grid.
        let state = &mut self.levels[depth];
        for board in state.candidates[..size].iter_mut() {
            *board = board.and(state.unsolved);
        }
        state.open = [t.all_houses; MAX_DIGITS];
        for cell in Cells(t.all_cells.and_not(state.unsolved)) {
            let d = self.grid[cell] as usize - 1;
            state.candidates[d] = state.candidates[d].or(B::cell(cell));
            state.open[d] &= !t.cell_houses[cell];
        }
        // Hidden singles first on every house: the walk looked for none below the root.
        let mut dirty = [t.all_houses; MAX_DIGITS];
        let mut changed = (1 << size) - 1;
        loop {
            self.marks.stale_hidden = dirty;
            self.marks.changed = changed;
            let mut node = self.node(depth, false, true);
            if !node.propagate() {
                return false;
            }
            if node.state.unsolved.is_empty() {
                return true;
            }
            dirty = [0; MAX_DIGITS];
            changed = 0;
            for cell in Cells(self.levels[depth].unsolved) {
                let all = self.levels[depth].digits_of(size, cell);
                for d in Digits(all) {
                    *trials += 1;
                    if !self.descend(depth, depth + 1, cell, all, d) {
                        let state = &mut self.levels[depth];
                        state.candidates[d] = state.candidates[d].and_not(B::cell(cell));
                        dirty[d] |= self.tables.cell_houses[cell];
                        changed |= 1 << d;
                    }
                }
                if changed != 0 && self.levels[depth].digits_of(size, cell) == 0 {
                    return false;
                }
            }
            if changed == 0 {
                return true;
            }
        }
    }
}

impl Walk {
    /// Whether probing keeps within its share of the nodes since the last solution: a walk
    /// whose probes find nothing to strike slows down at most that many times. The count of
    /// trials starts anew here, not at each solution, which the walk reaches far more often.
    fn may_probe(&mut self) -> bool {
        if self.trials_at != self.visited {
            self.trials_at = self.visited;
            self.trials = 0;
        }
        self.trials <= PROBE_SHARE * self.fruitless
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::tests::layouts4;
    use crate::backtrack::tests::{boards_of, brute_closure, brute_singles, digits_by_cell};
    use crate::backtrack::tests::{is_solution, parse, sparse_instance};
    use testkit::gen::{self, LayoutKind};
    use testkit::rng::Rng;

    /// The 6x6 layout whose groups are the rows, but for the cells of column `c` swapped
    /// between rows `a` and `b`; transposed, groups are the columns and the swap is in a row.
    /// Never solvable: the swapped cells would need the same letter.
    fn rows_swapped(a: usize, b: usize, c: usize, transposed: bool) -> Layout {
        let mut groups: Vec<u8> = (0..36).map(|cell| (cell / 6) as u8).collect();
        groups.swap(a * 6 + c, b * 6 + c);
        if transposed {
            groups = (0..36)
                .map(|cell| groups[cell % 6 * 6 + cell / 6])
                .collect();
        }
        Layout::new(6, groups).unwrap()
    }

    #[test]
    fn a_probe_sees_rows_with_two_cells_swapped_fail() {
        let mut search: Search<u64> = Search::new(&rows_swapped(4, 5, 2, false));
        assert!(search.start(&[0; 36]));
        search.hidden = false;
        let mut trials = 0;
        assert!(!search.probe(0, &mut trials));
        assert!(!search.hidden);
        assert!(trials > 0);
        // The groups are the rows again: the probe finds nothing to refute.
        let rows = Layout::new(6, (0..36).map(|cell| (cell / 6) as u8).collect()).unwrap();
        let mut search: Search<u64> = Search::new(&rows);
        assert!(search.start(&[0; 36]));
        assert!(search.probe(0, &mut trials));
        assert!(!search.levels[0].unsolved.is_empty());
    }

    #[test]
    fn a_probe_below_a_root_without_hidden_singles_reads_the_placed_cells() {
        // Groups are the columns but for cells (0, 0) and (0, 1) swapped: once A and B are
        // placed there without hidden singles, group 0 has no place left for A.
        let mut search: Search<u64> = Search::new(&rows_swapped(0, 1, 0, true));
        assert!(search.start(&[0; 36]));
        search.hidden = false;
        let all = search.levels[0].digits_of(6, 0);
        assert!(search.descend(0, 1, 0, all, 0));
        let all = search.levels[1].digits_of(6, 1);
        assert!(search.descend(1, 2, 1, all, 1));
        assert!(!search.probe(2, &mut 0));
    }

    /// Sets level `depth` to the node whose cells hold the digits of `cells` (bit
    /// `digit - 1`), those outside `unsolved` placed, as a node with hidden singles keeps it.
    fn set_level<B: Bitset>(search: &mut Search<B>, depth: usize, cells: &[u32], unsolved: B) {
        let t = &search.tables;
        let state = &mut search.levels[depth];
        state.candidates = boards_of(cells);
        state.unsolved = unsolved;
        state.open = [t.all_houses; MAX_DIGITS];
        for cell in Cells(t.all_cells.and_not(unsolved)) {
            let d = cells[cell].trailing_zeros() as usize;
            state.open[d] &= !t.cell_houses[cell];
            search.grid[cell] = d as u8 + 1;
        }
    }

    /// Whether the node of `cells` (each cell's digits, bit `digit - 1`) is a contradiction:
    /// a cell without a digit, or a house without a place for one.
    fn is_dead<B: Bitset>(tables: &Tables<B>, cells: &[u32]) -> bool {
        let all = (1 << tables.size) - 1;
        let digits = |h: usize| Cells(tables.houses[h]).fold(0, |u, cell| u | cells[cell]);
        cells.contains(&0) || Cells(tables.all_houses).any(|h| digits(h) != all)
    }

    /// Whether the node of `cells` has a hidden single left: a digit with one place in a
    /// house, a cell that still has other digits.
    fn has_hidden_single<B: Bitset>(tables: &Tables<B>, cells: &[u32]) -> bool {
        Cells(tables.all_houses).any(|h| {
            (0..tables.size).any(|d| {
                let mut places = Cells(tables.houses[h]).filter(|&cell| cells[cell] & 1 << d != 0);
                matches!((places.next(), places.next()), (Some(cell), None) if cells[cell] != 1 << d)
            })
        })
    }

    /// [`Search::probe`] at level `depth` as its doc comment tells it, from the node of
    /// `cells`: each round propagates by brute force (naked and hidden singles until neither
    /// strikes anything, `brute_singles`), then tries each candidate of each empty cell in
    /// turn, by the search's own descent from the node as struck so far, and strikes those
    /// whose trial fails, until no trial fails. Whether the node lives, the trials, the
    /// node's cells, and whether a round's strikes left a hidden single for the next round's
    /// propagation to place.
    fn probe_by_its_rules<B: Bitset>(
        search: &mut Search<B>,
        depth: usize,
        mut cells: Vec<u32>,
    ) -> (bool, u64, Vec<u32>, bool) {
        search.hidden = true;
        let mut trials = 0;
        let mut hidden_left = false;
        loop {
            brute_singles(&search.tables, &mut cells);
            if is_dead(&search.tables, &cells) {
                return (false, trials, cells, hidden_left);
            }
            let unsolved = (0..cells.len())
                .filter(|&cell| cells[cell].count_ones() > 1)
                .fold(B::EMPTY, |u, cell| u.or(B::cell(cell)));
            let mut struck = false;
            for cell in Cells(unsolved) {
                let all = cells[cell];
                for d in Digits(all) {
                    trials += 1;
                    set_level(search, depth, &cells, unsolved);
                    if !search.descend(depth, depth + 1, cell, all, d) {
                        cells[cell] &= !(1 << d);
                        struck = true;
                    }
                }
                if cells[cell] == 0 {
                    return (false, trials, cells, hidden_left);
                }
            }
            if !struck {
                return (true, trials, cells, hidden_left);
            }
            hidden_left |= has_hidden_single(&search.tables, &cells);
        }
    }

    /// A probe against its doc comment, played out by `probe_by_its_rules`: after each round
    /// of strikes the node propagates, hidden singles included, so that the next round tries
    /// only the candidates propagation leaves, and a round that empties a cell ends the probe
    /// there. The same answer, the same trials and, when the node lives unsolved, the same
    /// candidates, from random nodes of 6x6 grids (boxes, grown and scattered regions): each
    /// cell but one keeps its digit of a solution, and each other digit by chance, closed
    /// under naked and hidden singles. A propagation that missed the hidden singles a round's
    /// strikes leave tries more, and so does a round that goes on past an empty cell: both
    /// kinds of rounds must occur.
    #[test]
    fn a_probe_propagates_after_each_round_of_strikes() {
        let kinds = [LayoutKind::Boxes, LayoutKind::Grown, LayoutKind::Scattered];
        let mut rng = Rng::new(53);
        let (mut hidden_left, mut dead_after_trials) = (0, 0);
        for _ in 0..40 {
            let (regions, solution) =
                gen::layout_with_solution(&mut rng, 6, |rng| kinds[rng.below(3)]);
            let mut search: Search<u64> = Search::new(&Layout::new(6, regions).unwrap());
            for _ in 0..20 {
                let percent = rng.between(50, 80);
                let broken = rng.below(36);
                let mut cells: Vec<u32> = (0..36)
                    .map(|cell| {
                        let kept = ((cell != broken) as u32) << (solution[cell] - 1);
                        (0..6).fold(kept, |m, d| m | (rng.percent(percent) as u32) << d)
                    })
                    .collect();
                brute_singles(&search.tables, &mut cells);
                if cells.contains(&0) {
                    continue;
                }
                let unsolved = (0..36)
                    .filter(|&cell| cells[cell].count_ones() > 1)
                    .fold(0, |u, cell| u | 1 << cell);
                set_level(&mut search, 0, &cells, unsolved);
                let mut trials = 0;
                let alive = search.probe(0, &mut trials);
                let node = digits_by_cell(&search.levels[0], 6);
                let solved = search.levels[0].unsolved.is_empty();
                let (lives, tried, expected, left) = probe_by_its_rules(&mut search, 0, cells);
                assert_eq!((alive, trials), (lives, tried));
                if alive && !solved {
                    assert_eq!(node, expected);
                }
                hidden_left += left as usize;
                dead_after_trials += (!alive && trials > 0) as usize;
            }
        }
        assert!(hidden_left > 50, "{}", hidden_left);
        assert!(dead_after_trials > 20, "{}", dead_after_trials);
    }

    #[test]
    fn a_walk_that_probes_keeps_every_solution_in_order() {
        // Scattered groups whose 720 solutions (one grid under every renaming of the letters)
        // lie far apart in lexicographic order: the walk probes between them.
        let layout = Layout::new(6, parse("305013 415412 204214 321305 504243 210535")).unwrap();
        let mut solver = Backtracker::<u64>::new(&layout);
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let visited = solver.visit_lex(&[0; 36], |g| {
            seen.push(g.to_vec());
            true
        });
        let mut grid = vec![0; 36];
        let counted = solver.count_up_to(&[0; 36], 1000, &mut grid);
        assert_eq!(visited, counted as u64);
        assert_eq!(seen.len(), 720);
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        assert!(seen.iter().all(|g| is_solution(&layout, &[0; 36], g)));
    }

    #[test]
    fn value_symmetry_keeps_counts_exact() {
        // Against `visit_lex`, which tries every digit: the same count up to the limit, on
        // grids with no unused digit, one, or several.
        let mut rng = Rng::new(1);
        let mut unused = [0; 7];
        for round in 0..300 {
            let (h, w) = [(2, 2), (2, 3), (1, 4)][round % 3];
            let (layout, givens) = sparse_instance(&mut rng, h, w, 12);
            let mut solver = Backtracker::<u64>::new(&layout);
            let mut grid = vec![0; layout.cells()];
            let limit = rng.between(1, 200);
            let count = solver.count_up_to(&givens, limit, &mut grid);
            let mut visited = 0;
            solver.visit_lex(&givens, |_| {
                visited += 1;
                visited < limit
            });
            assert_eq!(count, visited, "{:?}", givens);
            assert!(count == 0 || is_solution(&layout, &givens, &grid));
            let used = givens.iter().fold(0u32, |u, &g| u | 1 << g >> 1);
            unused[layout.size() - used.count_ones() as usize] += 1;
        }
        assert!(unused[..3].iter().all(|&k| k > 0), "{:?}", unused);
    }

    /// Value symmetry holds for any two digits no given names, so a count from the root is
    /// exact whichever of them it takes as fresh. With 1 and a larger digit left out of the
    /// fresh ones, the smallest fresh candidate of a cell is tried before its last digit, and
    /// its solutions must count once for each fresh candidate there too. Every set of the
    /// unused digits as fresh, on 4x4 grids with few givens (the empty grid first), against
    /// testkit's reference count.
    #[test]
    fn value_symmetry_counts_exactly_with_any_fresh_digits() {
        let mut rng = Rng::new(47);
        for round in 0..60 {
            let (layout, givens) = if round < 3 {
                (layouts4()[round].clone(), vec![0; 16])
            } else {
                sparse_instance(&mut rng, 2, 2, 3)
            };
            let regions: Vec<u8> = (0..16).map(|c| layout.region_of(c) as u8).collect();
            let (expected, _) = testkit::reference::count_solutions(4, &regions, &givens, 1000);
            let used = givens.iter().fold(0u32, |u, &g| u | 1 << g >> 1);
            for fresh in (0..16).filter(|fresh| fresh & used == 0) {
                let mut search: Search<u64> = Search::new(&layout);
                let mut count = 0;
                let mut grid = vec![0; 16];
                if search.start(&givens) {
                    search.count_from(0, 1000, &mut count, &mut grid, fresh, 1);
                }
                assert_eq!(count, expected, "{:?} {:?} {:b}", regions, givens, fresh);
                assert!(count == 0 || is_solution(&layout, &givens, &grid));
            }
        }
    }

    /// Counts as [`Search::count_from`]'s doc says, one level deeper at every node: each of a
    /// cell's candidates is tried but the fresh ones after the smallest, whose solutions
    /// count once for each fresh candidate, and the digit tried is no longer fresh below.
    /// Adds to `tally` the count, the nodes, and the nodes that try two digits or more.
    fn count_by_rule(
        search: &mut Search<u64>,
        depth: usize,
        fresh: u32,
        weight: usize,
        tally: &mut [usize; 3],
    ) {
        tally[1] += 1;
        let size = search.tables.size;
        let cell = match search.levels[depth].fewest_candidates(size, &search.tables.peers) {
            Some(cell) => cell,
            None => return tally[0] += weight,
        };
        let all = search.levels[depth].digits_of(size, cell);
        let twins = all & fresh;
        let smallest = twins.trailing_zeros() as usize;
        let tried: Vec<usize> = (0..size)
            .filter(|&d| all >> d & 1 != 0 && (twins >> d & 1 == 0 || d == smallest))
            .collect();
        tally[2] += (tried.len() > 1) as usize;
        for d in tried {
            let twin = twins >> d & 1 != 0;
            let w = weight * if twin { twins.count_ones() as usize } else { 1 };
            if search.descend(depth, depth + 1, cell, all, d) {
                count_by_rule(search, depth + 1, fresh & !(1 << d), w, tally);
            }
        }
    }

    /// The count, its nodes and its guesses against [`count_by_rule`], with every unused digit
    /// fresh, never handed over, on the empty 4x4 and 6x6 grids and sparse ones: a digit
    /// placed must leave the fresh ones, or the digits left lose their symmetry below and
    /// the count takes more nodes.
    #[test]
    fn the_count_follows_its_rule_of_value_symmetry() {
        let mut rng = Rng::new(48);
        for round in 0..40 {
            let (h, w) = [(2, 2), (2, 3)][round % 2];
            let (layout, givens) = if round < 2 {
                (Layout::boxes(h, w), vec![0; h * w * h * w])
            } else {
                sparse_instance(&mut rng, h, w, 6)
            };
            let used = givens.iter().fold(0u32, |u, &g| u | 1 << g >> 1);
            let fresh = ((1 << layout.size()) - 1) & !used;
            let mut wanted = [0; 3];
            let mut model: Search<u64> = Search::new(&layout);
            if model.start(&givens) {
                count_by_rule(&mut model, 0, fresh, 1, &mut wanted);
            }
            let mut search: Search<u64> = Search::new(&layout);
            search.hand_over_after = usize::MAX;
            let mut count = 0;
            if search.start(&givens) {
                let mut grid = vec![0; layout.cells()];
                search.count_from(0, usize::MAX, &mut count, &mut grid, fresh, 1);
            }
            let got = [count, search.nodes, search.guesses as usize];
            assert_eq!(got, wanted, "{:?}", givens);
        }
    }

    /// A random layout of size 4, 6 or 9 (by `round`) with boxes, grown or scattered regions,
    /// and fewer than `thirds` thirds of its cells as givens, from a solution.
    fn random_instance(rng: &mut Rng, round: usize, thirds: usize) -> (Layout, Vec<u8>) {
        let kinds = [LayoutKind::Boxes, LayoutKind::Grown, LayoutKind::Scattered];
        let size = [4, 6, 9][round % 3];
        let (regions, solution) = gen::layout_with_solution(rng, size, |rng| kinds[rng.below(3)]);
        let count = rng.below(size * size * thirds / 3);
        let givens = gen::some_givens(rng, &solution, count);
        (Layout::new(size, regions).unwrap(), givens)
    }

    /// With hidden singles, a descent keeps each solved cell on its digit's board and on no
    /// other, as `State::candidates` says: from the roots of random grids (4x4, 6x6 and 9x9;
    /// boxes, grown and scattered regions), by each digit of the first empty cell in turn.
    #[test]
    fn a_descent_keeps_each_placed_digit_on_its_board_alone() {
        let mut rng = Rng::new(59);
        let mut descents = 0;
        for round in 0..60 {
            let (layout, givens) = random_instance(&mut rng, round, 1);
            let size = layout.size();
            let mut search: Search<u128> = Search::new(&layout);
            assert!(search.start(&givens) && search.hidden);
            if search.levels[0].unsolved.is_empty() {
                continue;
            }
            let cell = search.levels[0].unsolved.lowest();
            let all = search.levels[0].digits_of(size, cell);
            for d in Digits(all) {
                if !search.descend(0, 1, cell, all, d) {
                    continue;
                }
                descents += 1;
                let node = &search.levels[1];
                for (c, digits) in digits_by_cell(node, size).into_iter().enumerate() {
                    if !node.unsolved.contains(c) {
                        assert_eq!(digits, 1 << (search.grid[c] - 1), "{:?} {}", givens, c);
                    }
                }
            }
        }
        assert!(descents > 100, "{}", descents);
    }

    /// Asserts that `start` leaves at the root what propagation's rules, run by brute force
    /// until none strikes anything (`brute_closure`), leave of `givens`: the same candidates,
    /// and unsolved the cells with two or more. Whether any cell is left unsolved.
    fn root_is_the_closure<B: Bitset>(layout: &Layout, givens: &[u8]) -> bool {
        let size = layout.size();
        let mut search: Search<B> = Search::new(layout);
        assert!(search.start(givens));
        let all = (1 << size) - 1;
        let mut expected: Vec<u32> = givens
            .iter()
            .map(|&g| if g == 0 { all } else { 1 << (g - 1) })
            .collect();
        brute_closure(&search.tables, &mut expected);
        let root = &search.levels[0];
        assert_eq!(digits_by_cell(root, size), expected, "{:?}", givens);
        let unsolved = expected.iter().map(|&digits| digits.count_ones() > 1);
        assert!(unsolved
            .enumerate()
            .all(|(cell, open)| root.unsolved.contains(cell) == open));
        !root.unsolved.is_empty()
    }

    /// The root against propagation's rules: naked and hidden singles and locked candidates
    /// on every house, until none strikes anything, from givens of a full grid (so the order
    /// of the strikes does not matter). Boxes, grown and scattered layouts, on both board
    /// widths, with few givens and many.
    #[test]
    fn the_root_is_where_the_rules_of_propagation_end() {
        let mut rng = Rng::new(37);
        let mut open = 0;
        for round in 0..150 {
            let (layout, givens) = random_instance(&mut rng, round, 2);
            open += if layout.size() < 9 {
                root_is_the_closure::<u64>(&layout, &givens)
            } else {
                root_is_the_closure::<u128>(&layout, &givens)
            } as usize;
        }
        // Roots solved and roots left to search, both.
        assert!(open > 30 && open < 140, "{}", open);
    }

    /// The components of the empty cells of `givens`, two of them joined when they share a
    /// row, a column or a region: how many.
    fn empty_components(layout: &Layout, givens: &[u8]) -> usize {
        let peers = layout.peers();
        let mut seen = vec![false; givens.len()];
        let mut components = 0;
        for first in (0..givens.len()).filter(|&c| givens[c] == 0) {
            if seen[first] {
                continue;
            }
            components += 1;
            seen[first] = true;
            let mut stack = vec![first];
            while let Some(cell) = stack.pop() {
                for &peer in &peers[cell] {
                    if givens[peer] == 0 && !seen[peer] {
                        seen[peer] = true;
                        stack.push(peer);
                    }
                }
            }
        }
        components
    }

    /// The count of `givens` and the guesses it took, with boards of `B`.
    fn count_and_guesses<B: Bitset>(layout: &Layout, givens: &[u8]) -> (usize, u64) {
        let mut solver = Backtracker::<B>::new(layout);
        let count = solver.count_up_to(givens, 1 << 20, &mut vec![0; givens.len()]);
        (count, solver.guesses())
    }

    /// Guesses against the shape of the search on a full grid with two digits blanked. Each
    /// house has two empty cells, which take the two digits one way or the other, so that a
    /// component of empty cells (joined when they share a house) is filled by propagation
    /// once one of its cells is placed, either way: 2^c solutions for c components. The first
    /// branch tries only one of the two interchangeable digits, no guess; each branch below
    /// it tries both, a guess: 2^(c-1) - 1 guesses.
    #[test]
    fn guesses_are_the_branches_that_try_two_digits() {
        let kinds = [LayoutKind::Boxes, LayoutKind::Grown, LayoutKind::Scattered];
        let mut rng = Rng::new(41);
        let mut components_seen = [0; 4];
        for round in 0..120 {
            let size = [4, 6, 9][round % 3];
            let (regions, solution) =
                gen::layout_with_solution(&mut rng, size, |rng| kinds[rng.below(3)]);
            let layout = Layout::new(size, regions).unwrap();
            let mut digits: Vec<u8> = (1..=size as u8).collect();
            rng.shuffle(&mut digits);
            let blank = |d: u8| digits[..2].contains(&d);
            let givens: Vec<u8> = solution
                .iter()
                .map(|&d| if blank(d) { 0 } else { d })
                .collect();
            let components = empty_components(&layout, &givens);
            let (count, guesses) = if size < 9 {
                count_and_guesses::<u64>(&layout, &givens)
            } else {
                count_and_guesses::<u128>(&layout, &givens)
            };
            assert_eq!(count, 1 << components, "{:?}", givens);
            assert_eq!(guesses, (1 << (components - 1)) - 1, "{:?}", givens);
            components_seen[components.min(3)] += 1;
        }
        // One component, where the count guesses nothing, and several.
        assert!(components_seen[1] > 10 && components_seen[2] + components_seen[3] > 10);
    }

    /// A 4x4 grid but for a rectangle whose digits can swap: two solutions, one branch of
    /// two digits at the root. The walk enters three nodes, the root and each branch, no
    /// more: a branch that returns without a long dry spell leaves the node to the next one.
    #[test]
    fn a_walk_enters_each_node_once() {
        let givens = [0, 0, 3, 4, 3, 4, 1, 2, 0, 0, 4, 3, 4, 3, 2, 1];
        let mut solver = Backtracker::<u64>::new(&Layout::boxes(2, 2));
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let visited = solver.visit_lex(&givens, |g| {
            seen.push(g.to_vec());
            true
        });
        let first = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let second = [2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1];
        assert_eq!(visited, 2);
        assert_eq!(seen, [first.to_vec(), second.to_vec()]);
        assert_eq!(solver.nodes(), 3);
    }

    /// A walk counts its dry spell in the nodes entered since the last solution, and probes
    /// once the spell reaches its patience. Rows but for two cells of a column swapped have no
    /// solution: a walk too patient to probe enters every node of its first-cell order, its
    /// dry spell all of them; a walk of patience 1 probes the root and refutes it there.
    #[test]
    fn a_walk_probes_once_its_dry_spell_reaches_its_patience() {
        let layout = rows_swapped(0, 1, 0, false);
        let mut searched = Vec::new();
        for patience in [u64::MAX, 1] {
            let mut search: Search<u64> = Search::new(&layout);
            search.hidden = false;
            assert!(search.start(&[0; 36]));
            let mut walk = Walk {
                visited: 0,
                nodes: 0,
                patience,
                fruitless: 0,
                trials: 0,
                trials_at: 0,
            };
            assert!(search.visit_from(0, &mut walk, &mut |_: &[u8]| true));
            assert_eq!(walk.visited, 0);
            searched.push((walk.nodes, walk.fruitless, walk.trials));
        }
        let (nodes, fruitless, trials) = searched[0];
        assert!(nodes > 100, "{}", nodes);
        assert_eq!((fruitless, trials), (nodes, 0));
        let (nodes, fruitless, trials) = searched[1];
        assert_eq!(fruitless, 1);
        assert!(trials > 0);
        assert_eq!(nodes, 1 + trials);
    }

    /// A walk probes while its trials since the last solution are at most `PROBE_SHARE` per
    /// node since then, and counts them anew once it has visited a solution since it last
    /// asked: the share is what bounds the slowdown of a walk whose probes strike nothing.
    #[test]
    fn a_walk_probes_within_its_share() {
        let mut walk = Walk {
            visited: 3,
            nodes: 0,
            patience: PATIENCE,
            fruitless: PATIENCE,
            trials: PROBE_SHARE * PATIENCE,
            trials_at: 3,
        };
        assert!(walk.may_probe());
        walk.trials += 1;
        assert!(!walk.may_probe());
        walk.fruitless += 1;
        assert!(walk.may_probe());
        // A solution since: its trials no longer count, even with one node since.
        walk.trials = 10 * PROBE_SHARE * PATIENCE;
        walk.visited += 1;
        walk.fruitless = 1;
        assert!(walk.may_probe());
        assert_eq!((walk.trials, walk.trials_at), (0, walk.visited));
    }
}
