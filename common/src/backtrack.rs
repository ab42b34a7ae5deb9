//! The bitset backtracker: digit-major bitboards, naked and hidden singles, the cell with the
//! fewest candidates first, and no allocation inside the search.
//!
//! Works on any [`Layout`] (N x N, N <= 16, rows, columns and one partition into regions).
//! Two modes:
//!
//! | mode | call | branching |
//! |---|---|---|
//! | count up to a limit (and the first solution) | [`Backtracker::count_up_to`] | fewest candidates |
//! | every solution in lexicographic order | [`Backtracker::visit_lex`] | first empty cell, digits ascending |
//!
//! The state of a search node is, for each digit, the board (one bit per cell) of the cells
//! where it may still go, the board of empty cells, and for each digit the houses that still
//! lack it. Placing a digit is a few word operations: clear the cell on every digit's board,
//! clear the cell's peers on the digit's board. Naked singles come from counting, bit-sliced
//! across the digit boards, how many digits each cell has left; hidden singles from each
//! digit's board cut by the houses that may have changed since the last look. At the root
//! (on 17-clue puzzles it saves more search nodes than it costs), locked candidates too: a
//! digit confined to one line within a region leaves the rest of that line, and the other way
//! round. A count also breaks the symmetry of the digits that neither a given nor a branch
//! placed: of those, a branch tries only one (see `Search::count_from`); and one that runs
//! past `SAT_AFTER` nodes (`SPARSE_SAT_AFTER` on sparse grids) is handed over: first to the
//! proof by templates of [`crate::fractional_cover`], which settles most layouts without a
//! filling at once; then, in turns each `GROWTH` times longer than the last, to the SAT
//! solver of [`crate::sat`] (see `Search::count_by_sat`), which meets a solution in a few
//! conflicts where solutions are rare among interchangeable digits, and to the count by
//! templates of [`crate::template_cover`] (see `Search::count_by_templates`), which settles
//! the sparse grids without a solution that learning refutes slowly.
//! Besides the rows, columns and regions, the houses include those the law of leftovers
//! implies (`Tables::add_implied_houses`). A board is a [`Bitset`], the caller's choice of
//! width (see [`Backtracker`]).
//!
//! Each branch copies the node's state (a fixed-size value) one level down, into a buffer
//! allocated once per [`Backtracker`]; a cell's last candidate is tried in place, without a
//! copy. A search allocates nothing.
//!
//! The code is laid out by job: this file holds the types (`Tables`, `State`, `Marks`,
//! `Search`, `Node`, `Walk`), the constants of the probes and the hand-over, and the public
//! [`Backtracker`]; the files of `backtrack/` hold the jobs: `tables.rs` who sees whom (the
//! houses, the peers and the implied houses), `propagation.rs` a node's candidates, the
//! branching cell and the work on a node (placing, singles, locked candidates), `search.rs`
//! the search from the root (the count, the lexicographic walk and its probes),
//! `sudoku_cnf.rs` the count by the SAT solver.

use crate::bitset::{Bitset, Cells, Digits, MAX_DIGITS};
use crate::layout::Layout;

mod propagation;
mod search;
mod sudoku_cnf;
mod tables;

/// Entries of a table indexed by cell: one more than the largest board, as a board's lowest
/// cell is at most its capacity.
const CELL_SLOTS: usize = 257;

/// Entries of a table indexed by house: one more than the largest house number that a
/// `u64`'s trailing zeros can give.
const HOUSE_SLOTS: usize = 65;

/// What never changes during a search: who sees whom.
#[cfg_attr(test, derive(Debug, PartialEq))]
struct Tables<B> {
    size: usize,
    cells: usize,
    /// Per cell: the other cells of its three houses. The tables indexed by cell have
    /// [`CELL_SLOTS`] entries and those indexed by house [`HOUSE_SLOTS`], more than any
    /// index can be, so that the compiler drops the bounds checks in the hot loops.
    peers: [B; CELL_SLOTS],
    /// Per house (rows, then columns, then regions): its cells.
    houses: [B; HOUSE_SLOTS],
    /// Per cell: its three houses, as bits of a house set; 0 past the last cell.
    cell_houses: [u64; CELL_SLOTS],
    /// Per cell: its region, `0..N` (the layout's); 0 past the last cell.
    region_of: [u8; CELL_SLOTS],
    /// Every house.
    all_houses: u64,
    /// Every cell.
    all_cells: B,
}

/// The state of one search node.
#[derive(Clone, Copy)]
struct State<B> {
    /// Per digit (`digit - 1`): the cells where it is placed or may still go. Below a root
    /// that skips hidden singles, a solved cell may also keep its other digits: such nodes
    /// read the boards only through `unsolved`.
    candidates: [B; MAX_DIGITS],
    /// The cells with no digit yet.
    unsolved: B,
    /// Per digit: the houses that do not hold it yet. Not kept (nor read) below a root that
    /// skips hidden singles.
    open: [u64; MAX_DIGITS],
}

/// What changed on each digit's board since propagation last looked.
#[derive(Clone, Copy)]
struct Marks {
    /// Per digit: the houses where its board may have lost a cell since hidden singles were
    /// last looked for there (every house once the digit was placed: see `Node::mark_digit`).
    stale_hidden: [u64; MAX_DIGITS],
    /// The digits whose `stale_hidden` houses may not be empty (bit `digit - 1`).
    changed: u32,
    /// Per digit: the houses where its board may have lost a cell since locked candidates
    /// were last looked for there. Kept only by nodes that lock, from the `stale_hidden`
    /// houses that hidden singles look at.
    stale_locked: [u64; MAX_DIGITS],
}

/// The search over one board width.
struct Search<B> {
    tables: Tables<B>,
    levels: Vec<State<B>>,
    /// The digit placed in each cell on the current path; complete at a solution.
    grid: Vec<u8>,
    /// Whether nodes below the root look for hidden singles.
    hidden: bool,
    /// The nodes the current count has searched.
    nodes: usize,
    /// The nodes after which the current count hands over ([`SAT_AFTER`] or
    /// [`SPARSE_SAT_AFTER`]).
    hand_over_after: usize,
    /// The root of the current count, as [`Search::start`] left it: the search may change
    /// level 0 in place.
    root: State<B>,
    /// The branch points of the last count: nodes that tried more than one candidate.
    guesses: u64,
    /// The steps of the count by templates in the last count (0 without it).
    template_steps: u64,
    /// The SAT solver's conflicts and propagations in the last count (0 without it).
    sat_conflicts: u64,
    sat_propagations: u64,
    /// The most conflicts the SAT solver may meet in a count (see
    /// [`Backtracker::cap_sat_conflicts`]).
    sat_cap: u64,
    marks: Marks,
}

/// A reusable solver for one layout. Build it once, call it for many grids.
///
/// `B` holds a set of the grid's cells: the narrowest that fits keeps the search fastest,
/// `u64` up to 8 x 8, `u128` up to 11 x 11, [`Bits256`](crate::bitset::Bits256) up to
/// 16 x 16. A binary names the one its grid needs, so its bundle carries no other.
pub struct Backtracker<B: Bitset> {
    search: Box<Search<B>>,
}

/// One node being worked on: its state, the path's grid, and what changed.
struct Node<'a, B> {
    tables: &'a Tables<B>,
    state: &'a mut State<B>,
    grid: &'a mut [u8],
    /// What changed, kept by the [`Search`] so that a node does not set it up afresh.
    marks: &'a mut Marks,
    /// Whether to look for locked candidates.
    locking: bool,
    /// Whether to look for hidden singles (and so to mark what changed).
    hidden: bool,
}

/// Where a lexicographic walk stands.
struct Walk {
    /// Solutions visited.
    visited: u64,
    /// Nodes entered and probe trials made.
    nodes: u64,
    /// Nodes without a solution before every node is probed.
    patience: u64,
    /// Nodes since the last solution (or the start).
    fruitless: u64,
    /// Probe trials since the last solution, counted from when `visited` was `trials_at`.
    trials: u64,
    trials_at: u64,
}

/// Nodes a lexicographic walk goes without a solution before it probes every node
/// ([`Search::probe`]) until the next one: walks that list many solutions never pay for it.
const PATIENCE: u64 = 1 << 10;

/// Probe trials a walk may spend per node since its last solution.
const PROBE_SHARE: u64 = 2;

/// The nodes a count searches before it starts again with the SAT solver and the templates
/// in turns: several times what the hardest 9x9 puzzles need.
/// The counts that run past it are mostly sparse jigsaw grids without a solution, where the
/// search, which learns nothing, meets the same dead ends over and over.
const SAT_AFTER: usize = 3000;

/// The conflicts of the SAT solver's first turn on a count that runs long: enough for the
/// layouts with fillings and many interchangeable digits, where it meets a solution at once
/// and the templates would list thousands before one.
const SAT_FIRST: u64 = 250;

/// The steps (templates listed and read) of the templates' first turn
/// ([`Search::count_by_templates`]): enough for most hunted grids without a solution, and
/// about the work of [`SAT_FIRST`] conflicts.
const TEMPLATE_STEPS: u64 = 50_000;

/// How many times more each engine may do at each turn than at its last. The SAT solver goes
/// on exactly where it stopped, so its turns take the course of one solve without a cap; the
/// templates start again. A count costs a small multiple of what the engine better for its
/// grid needs, where one turn each, of fixed budgets, lets a grid just past the templates'
/// budget cost all the SAT solver needs. The smaller the factor, the less the SAT solver
/// spends past that on the hunted grids without a solution that the templates settle past a
/// turn's budget (its conflicts cost more the more it has learnt), and the more the
/// templates' turns do again.
const GROWTH: u64 = 2;

/// [`SAT_AFTER`] for a sparse grid, one with fewer givens than a [`SPARSE`]th of the cells.
/// A sparse grid has many solutions, or none: one that a few hundred nodes do not settle is
/// mostly a layout without a filling, which the proof by templates settles at once and a
/// longer search would not. Denser grids (the hardest puzzles with one solution) sometimes
/// need a few thousand nodes, fewer than the templates and the SAT solver cost.
const SPARSE_SAT_AFTER: usize = 200;

/// See [`SPARSE_SAT_AFTER`]: a quarter, 20 givens on 9x9, more than the 17 of the sparsest
/// puzzles with one solution.
const SPARSE: usize = 4;

impl<B: Bitset> Backtracker<B> {
    /// A solver for `layout`. O(N^3) time and O(N^3) memory, once. Constraint: `B` holds
    /// `N * N` cells (panics otherwise).
    pub fn new(layout: &Layout) -> Self {
        Backtracker {
            search: Box::new(Search::new(layout)),
        }
    }

    /// Makes this solver one for `layout`, as [`Backtracker::new`] would, in place: O(N^2)
    /// board operations and no allocation, what a new layout per case costs (jigsaw).
    /// Constraint: `layout` has the size the solver was built for (panics otherwise).
    pub fn set_layout(&mut self, layout: &Layout) {
        self.search.tables.fill(layout)
    }

    /// Counts the solutions of `givens`, stopping at `limit`; the first solution found is
    /// written into `solution` when the count is at least 1.
    ///
    /// `givens[cell]` is 0 or a digit `1..=N`; clashing givens give 0. When two digits or
    /// more are not given, any solution gives another by swapping them, so the count is 0 or
    /// at least 2.
    ///
    /// # Constraints
    ///
    /// `givens.len() == solution.len() == N * N`.
    ///
    /// # Complexity
    ///
    /// Exponential in the worst case (docs/performance.md times it on whole sets of 9x9
    /// puzzles); past a few thousand nodes the count goes to the template proof and the SAT
    /// solver.
    ///
    /// # Example
    ///
    /// ```
    /// use common::backtrack::Backtracker;
    /// use common::layout::Layout;
    ///
    /// let mut solver = Backtracker::<u64>::new(&Layout::boxes(2, 2));
    /// let mut solution = [0u8; 16];
    /// // The empty 4x4 grid of 2x2 boxes has 288 fillings.
    /// assert_eq!(solver.count_up_to(&[0; 16], 1000, &mut solution), 288);
    ///
    /// // A filled grid with one cell blanked has one solution: the grid itself.
    /// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// let mut givens = grid;
    /// givens[5] = 0;
    /// assert_eq!(solver.count_up_to(&givens, 2, &mut solution), 1);
    /// assert_eq!(solution, grid);
    /// ```
    pub fn count_up_to(&mut self, givens: &[u8], limit: usize, solution: &mut [u8]) -> usize {
        let s = &mut *self.search;
        s.hidden = true;
        s.guesses = 0;
        s.nodes = 0;
        s.template_steps = 0;
        s.sat_conflicts = 0;
        s.sat_propagations = 0;
        if limit == 0 || !s.start(givens) {
            return 0;
        }
        let mut count = 0;
        let used = givens.iter().fold(0u32, |u, &g| u | 1 << g >> 1);
        let fresh = ((1 << s.tables.size) - 1) & !used;
        s.root = s.levels[0];
        let given = givens.iter().filter(|&&g| g != 0).count();
        s.hand_over_after = if given < s.tables.cells / SPARSE {
            SPARSE_SAT_AFTER
        } else {
            SAT_AFTER
        };
        s.count_from(0, limit, &mut count, solution, fresh, 1);
        if s.handed_over() {
            if s.no_cover() {
                return 0;
            }
            // The two engines in turns, each allowed GROWTH times more than at its last turn:
            // the SAT solver goes on where it stopped, the templates start again.
            let mut sat = s.sat_count(givens, fresh);
            let (mut conflicts, mut steps) = (SAT_FIRST, TEMPLATE_STEPS);
            count = loop {
                if let Some(count) = s.count_by_sat(&mut sat, limit, solution, conflicts) {
                    break count;
                }
                if let Some(count) = s.count_by_templates(limit, solution, steps) {
                    break count;
                }
                conflicts = conflicts.saturating_mul(GROWTH);
                steps = steps.saturating_mul(GROWTH);
            };
        }
        count.min(limit)
    }

    /// The branch points of the last [`Backtracker::count_up_to`]: the nodes that had more
    /// than one candidate of their cell to try (a cell's last candidate, placed in place, is
    /// no guess; nor are the trials of a probe). What tdoku reports as guesses: a measure of a
    /// search that does not depend on the machine. 0 before any count. O(1).
    pub fn guesses(&self) -> u64 {
        self.search.guesses
    }

    /// The search nodes of the last [`Backtracker::count_up_to`], before any hand-over to the
    /// SAT solver: with [`Backtracker::sat_conflicts`] and [`Backtracker::sat_propagations`], a
    /// count's work in units that do not depend on the machine. After a
    /// [`Backtracker::visit_lex`], the nodes it entered and its probes' trials (each a
    /// descent, as a node is). O(1).
    pub fn nodes(&self) -> u64 {
        self.search.nodes as u64
    }

    /// The steps of the count by templates in the last [`Backtracker::count_up_to`] (see
    /// [`crate::template_cover::count_up_to`]); 0 when the search settled the count alone.
    /// O(1).
    pub fn template_steps(&self) -> u64 {
        self.search.template_steps
    }

    /// The conflicts the SAT solver met in the last [`Backtracker::count_up_to`]; 0 when the
    /// search settled the count alone. O(1).
    pub fn sat_conflicts(&self) -> u64 {
        self.search.sat_conflicts
    }

    /// Caps the SAT solver's conflicts in each later [`Backtracker::count_up_to`] at `most`
    /// (none at first): a count that needs more stops at conflict `most + 1`, its result then
    /// meaningless, which [`Backtracker::sat_conflicts`] above `most` tells. For a caller that
    /// weighs inputs by their work (the hunt), never for an answer. O(1).
    pub fn cap_sat_conflicts(&mut self, most: u64) {
        self.search.sat_cap = most;
    }

    /// The literals the SAT solver propagated in the last [`Backtracker::count_up_to`]; 0 when
    /// the search settled the count alone. O(1).
    pub fn sat_propagations(&self) -> u64 {
        self.search.sat_propagations
    }

    /// Calls `visit` with every solution of `givens` in lexicographic order (row by row,
    /// smaller digits first), until it returns false. Returns the number of solutions visited.
    ///
    /// Branches on the first empty cell with digits ascending; singles only remove digits that
    /// lead nowhere, so the order stays lexicographic. On grids of up to 64 cells (N <= 8),
    /// made to list many solutions, nodes below the root look for naked singles only: cheaper
    /// nodes pay more there than the few they save (latin6's 28 million solutions).
    /// Once many nodes pass without a solution, every node is probed until the next one
    /// (failed literals: each candidate of each empty cell tried with hidden singles): the
    /// first empty cell may lie far from where a dead end shows, and the probe sees such dead
    /// ends where the walk would fill every cell before them in every way. Constraint:
    /// `givens.len() == N * N`.
    pub fn visit_lex<F>(&mut self, givens: &[u8], mut visit: F) -> u64
    where
        F: FnMut(&[u8]) -> bool,
    {
        let s = &mut *self.search;
        let mut walk = Walk {
            visited: 0,
            nodes: 0,
            patience: PATIENCE,
            fruitless: 0,
            trials: 0,
            trials_at: 0,
        };
        s.hidden = s.tables.cells > u64::CAPACITY;
        if s.start(givens) {
            s.visit_from(0, &mut walk, &mut visit);
        }
        s.nodes = walk.nodes as usize;
        walk.visited
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitset::Bits256;
    use testkit::rng::Rng;

    /// A full 9x9 grid by a shifting pattern: row r is row 0 rotated by `3 * r + r / 3`.
    pub(super) fn pattern_grid() -> Vec<u8> {
        (0..81)
            .map(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9) as u8 + 1)
            .collect()
    }

    pub(super) fn parse(s: &str) -> Vec<u8> {
        s.bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    /// Whether `grid` completes `givens` under the rules of `layout`, read by testkit's checker.
    pub(super) fn is_solution(layout: &Layout, givens: &[u8], grid: &[u8]) -> bool {
        let regions: Vec<u8> = (0..layout.cells())
            .map(|cell| layout.region_of(cell) as u8)
            .collect();
        testkit::check::is_solution(layout.size(), &regions, givens, grid)
    }

    /// 4x4 layouts: 2x2 blocks, regions that are the rows, and L-shaped regions.
    pub(super) fn layouts4() -> [Layout; 3] {
        let stripes = (0..16).map(|c| (c / 4) as u8).collect();
        let shapes = parse("0001 2011 2231 2333");
        [
            Layout::boxes(2, 2),
            Layout::new(4, stripes).unwrap(),
            Layout::new(4, shapes).unwrap(),
        ]
    }

    /// The houses of `tables` as lists of cells, by house number.
    fn house_lists<B: Bitset>(tables: &Tables<B>) -> Vec<Vec<usize>> {
        Cells(tables.all_houses)
            .map(|h| Cells(tables.houses[h]).collect())
            .collect()
    }

    /// One pass of locked candidates by brute force ([`testkit::rules::locked_pass`]) over
    /// the houses of `tables`, those of `stale` in turn; `cells[cell]` holds the cell's digits
    /// (bit `digit - 1`). True if it struck anything.
    pub(super) fn brute_locked_pass<B: Bitset>(
        tables: &Tables<B>,
        cells: &mut [u32],
        stale: u64,
    ) -> bool {
        testkit::rules::locked_pass(tables.size, &house_lists(tables), cells, stale)
    }

    /// Propagation's rules by brute force ([`testkit::rules::closure`]) over the houses of
    /// `tables`, the implied ones included, applied until none strikes anything: naked and
    /// hidden singles and locked candidates.
    pub(super) fn brute_closure<B: Bitset>(tables: &Tables<B>, cells: &mut [u32]) {
        testkit::rules::closure(tables.size, &house_lists(tables), cells, true);
    }

    /// [`brute_closure`] without locked candidates: the rules of a node that does not lock.
    pub(super) fn brute_singles<B: Bitset>(tables: &Tables<B>, cells: &mut [u32]) {
        testkit::rules::closure(tables.size, &house_lists(tables), cells, false);
    }

    /// Each cell's digits (bit `digit - 1`) on the boards of `state`'s first `size` digits.
    pub(super) fn digits_by_cell<B: Bitset>(state: &State<B>, size: usize) -> Vec<u32> {
        (0..size * size)
            .map(|cell| state.digits_of(size, cell))
            .collect()
    }

    /// The digits' boards that hold each cell's digits of `cells`.
    pub(super) fn boards_of<B: Bitset>(cells: &[u32]) -> [B; MAX_DIGITS] {
        let mut boards = [B::EMPTY; MAX_DIGITS];
        for (cell, &digits) in cells.iter().enumerate() {
            for d in Digits(digits) {
                boards[d] = boards[d].or(B::cell(cell));
            }
        }
        boards
    }

    #[test]
    fn a_retargeted_solver_counts_as_a_new_one() {
        // The first row given: 12 completions with blocks, 24 with row regions.
        let [boxes, stripes, shapes] = layouts4();
        let mut solver = Backtracker::<u64>::new(&shapes);
        for layout in [boxes, stripes, shapes].iter() {
            solver.set_layout(layout);
            let cells = layout.cells();
            let givens: Vec<u8> = (0..cells)
                .map(|c| if c < layout.size() { c as u8 + 1 } else { 0 })
                .collect();
            let (mut mine, mut new) = (vec![0; cells], vec![0; cells]);
            assert_eq!(
                solver.count_up_to(&givens, 30, &mut mine),
                Backtracker::<u64>::new(layout).count_up_to(&givens, 30, &mut new)
            );
            assert_eq!(mine, new);
        }
    }

    #[test]
    #[should_panic(expected = "a layout of the same size")]
    fn a_layout_of_another_size_is_refused() {
        Backtracker::<u64>::new(&Layout::boxes(2, 2)).set_layout(&Layout::boxes(3, 3));
    }

    #[test]
    fn solves_a_17_clue_puzzle_uniquely() {
        let layout = Layout::boxes(3, 3);
        let givens = parse(
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        );
        let mut solver = Backtracker::<u128>::new(&layout);
        let mut grid = vec![0; 81];
        assert_eq!(solver.count_up_to(&givens, 2, &mut grid), 1);
        assert!(is_solution(&layout, &givens, &grid));
    }

    #[test]
    fn guesses_count_the_branch_points() {
        let layout = Layout::boxes(3, 3);
        let full = pattern_grid();
        let mut solver = Backtracker::<u128>::new(&layout);
        let mut grid = vec![0; 81];
        assert_eq!(solver.guesses(), 0);
        // Two empty rows: each empty cell of a column has the same two candidates, so every
        // solution but the first takes a branch.
        let holes: Vec<u8> = (0..81).map(|c| if c < 18 { 0 } else { full[c] }).collect();
        let count = solver.count_up_to(&holes, 100, &mut grid);
        assert!(count >= 2);
        assert!(solver.guesses() >= 1);
        assert!(solver.guesses() < count as u64 * 81);
        // One empty cell a row: naked singles alone.
        let singles: Vec<u8> = (0..81)
            .map(|c| if c % 10 == 0 { 0 } else { full[c] })
            .collect();
        assert_eq!(solver.count_up_to(&singles, 2, &mut grid), 1);
        assert_eq!(solver.guesses(), 0);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let layout = Layout::boxes(2, 2);
        let mut solver = Backtracker::<u64>::new(&layout);
        let mut grid = vec![0; 16];
        let givens = parse("11.. .... .... ....");
        assert_eq!(solver.count_up_to(&givens, 2, &mut grid), 0);
        assert_eq!(solver.visit_lex(&givens, |_| true), 0);
    }

    #[test]
    fn counts_stop_at_the_limit() {
        // The empty 4x4 grid with 2x2 blocks has 288 solutions.
        let layout = Layout::boxes(2, 2);
        let mut solver = Backtracker::<u64>::new(&layout);
        let mut grid = vec![0; 16];
        let empty = vec![0; 16];
        assert_eq!(solver.count_up_to(&empty, 1000, &mut grid), 288);
        assert_eq!(solver.count_up_to(&empty, 2, &mut grid), 2);
        assert!(is_solution(&layout, &empty, &grid));
    }

    #[test]
    fn visits_every_solution_in_lexicographic_order() {
        let layout = Layout::boxes(2, 2);
        let mut solver = Backtracker::<u64>::new(&layout);
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let count = solver.visit_lex(&[0; 16], |g| {
            seen.push(g.to_vec());
            true
        });
        assert_eq!(count, 288);
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        assert!(seen.iter().all(|g| is_solution(&layout, &[0; 16], g)));
        let stopped = solver.visit_lex(&[0; 16], |_| false);
        assert_eq!(stopped, 1);
    }

    #[test]
    fn every_board_width_solves_and_visits() {
        // 4x4 and 6x6 fit a u64 board, 8x8 fills one, 9x9 and 10x10 a u128, 12x12 and 16x16
        // two u128s.
        for &(h, w) in &[(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4)] {
            let cells = h * w * h * w;
            if cells <= u64::CAPACITY {
                solves_and_visits::<u64>(h, w);
            } else if cells <= u128::CAPACITY {
                solves_and_visits::<u128>(h, w);
            } else {
                solves_and_visits::<Bits256>(h, w);
            }
        }
    }

    /// The empty `h` x `w`-boxed grid, one with holes and one nearly empty, each counted and
    /// visited with boards of `B`.
    fn solves_and_visits<B: Bitset>(h: usize, w: usize) {
        let layout = Layout::boxes(h, w);
        let cells = layout.cells();
        let mut solver = Backtracker::<B>::new(&layout);
        let mut full = vec![0; cells];
        assert_eq!(solver.count_up_to(&vec![0; cells], 1, &mut full), 1);
        assert!(is_solution(&layout, &vec![0; cells], &full));
        let holes: Vec<u8> = full
            .iter()
            .enumerate()
            .map(|(c, &d)| if c % 3 == 0 { 0 } else { d })
            .collect();
        let mut grid = vec![0; cells];
        let count = solver.count_up_to(&holes, 2, &mut grid);
        assert!(
            count >= 1 && is_solution(&layout, &holes, &grid),
            "{}x{}",
            h,
            w
        );
        let counted = solver.count_up_to(&holes, 100, &mut grid);
        let visited = solver.visit_lex(&holes, |_| true);
        assert_eq!(counted as u64, visited.min(100), "{}x{}", h, w);
        // The walk's nodes below the root look for hidden singles past 64 cells only.
        assert_eq!(solver.search.hidden, cells > 64, "{}x{}", h, w);
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let mut wide_open = holes.clone();
        wide_open.iter_mut().take(2 * h * w).for_each(|d| *d = 0);
        solver.visit_lex(&wide_open, |g| {
            seen.push(g.to_vec());
            seen.len() < 50
        });
        assert!(seen.contains(&full));
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        assert!(seen.iter().all(|g| is_solution(&layout, &wide_open, g)));
    }

    /// N x N groups (not always connected) and up to `most` givens that clash nowhere, few
    /// enough that two digits or more often go unused: boxes, or rows with cells swapped
    /// between groups (often unsolvable), then random digits in random cells.
    pub(super) fn sparse_instance(
        rng: &mut Rng,
        h: usize,
        w: usize,
        most: usize,
    ) -> (Layout, Vec<u8>) {
        let n = h * w;
        let boxes = Layout::boxes(h, w);
        let mut groups: Vec<u8> = (0..n * n).map(|c| boxes.region_of(c) as u8).collect();
        if rng.below(4) != 0 {
            groups = (0..n * n).map(|c| (c / n) as u8).collect();
            for _ in 0..rng.below(2 * n) {
                groups.swap(rng.below(n * n), rng.below(n * n));
            }
        }
        let layout = Layout::new(n, groups).unwrap();
        let mut givens = vec![0; n * n];
        for _ in 0..rng.below(most + 1) {
            let (cell, d) = (rng.below(n * n), rng.below(n) as u8 + 1);
            let peers = layout.peers();
            if peers[cell].iter().all(|&p| givens[p] != d) {
                givens[cell] = d;
            }
        }
        (layout, givens)
    }

    /// A count hands over past [`SPARSE_SAT_AFTER`] nodes on a grid with fewer givens than
    /// a [`SPARSE`]th of its cells, past [`SAT_AFTER`] from that many on: givens of a full
    /// 4x4, 6x6 and 9x9 grid, a quarter of the cells and one fewer.
    #[test]
    fn sparse_grids_hand_over_sooner() {
        let mut rng = Rng::new(50);
        for (h, w) in [(2, 2), (2, 3), (3, 3)] {
            let layout = Layout::boxes(h, w);
            let cells = layout.cells();
            let full = testkit::gen::random_solution(&mut rng, h * w, layout.regions()).unwrap();
            for (given, allowance) in [
                (cells / SPARSE - 1, SPARSE_SAT_AFTER),
                (cells / SPARSE, SAT_AFTER),
            ] {
                let givens: Vec<u8> = (0..cells).map(|c| full[c] * (c < given) as u8).collect();
                let mut solver = Backtracker::<u128>::new(&layout);
                solver.count_up_to(&givens, 1, &mut vec![0; cells]);
                assert_eq!(solver.search.hand_over_after, allowance, "{} givens", given);
            }
        }
    }

    #[test]
    fn a_long_count_is_finished_by_the_proof_or_by_the_sat_solver_and_the_templates_in_turns() {
        // Groups = rows, but rows 2 and 7 swap their cells of column 4: cells (2, 4) and
        // (7, 4) of one column would need the same digit, which the search sees only deep
        // and the templates at once.
        let mut groups: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
        groups.swap(2 * 9 + 4, 7 * 9 + 4);
        let layout = Layout::new(9, groups).unwrap();
        let mut search: Search<u128> = Search::new(&layout);
        assert!(search.start(&[0; 81]));
        let mut count = 0;
        search.count_from(0, 2, &mut count, &mut [0; 81], (1 << 9) - 1, 1);
        assert!(search.nodes > SAT_AFTER);
        let mut grid = [0; 81];
        let mut solver = Backtracker::<u128>::new(&layout);
        assert_eq!(solver.count_up_to(&[0; 81], 2, &mut grid), 0);
        assert_eq!(solver.nodes(), SPARSE_SAT_AFTER as u64 + 1);
        assert_eq!(solver.sat_conflicts(), 0, "settled by the proof");
        assert_eq!(solver.template_steps(), 0, "settled by the proof");
        // Hunted grids, each settled at another turn of the SAT solver and the templates;
        // the work of the turns is told.
        let grids = [
            // Several solutions, too rare for the search to meet two of them in its nodes:
            // the SAT solver's first turn finds one among interchangeable digits.
            (
                "000011111 222000011 322222011 342555556 345566666 344566768 344577788 334447888 337777888",
                ".3....... ......... .....7... .....1... .....2... ....4.... ......... .8....... .........",
                2,
                1,
            ),
            // No solution, which the first turn's conflicts do not prove and the templates'
            // first turn does (`no_solution_13_givens.in` among the fixtures).
            (
                "000111122 000113222 400113552 440133522 443335552 444433655 776666685 766778688 777788888",
                ".1.....6. ......... 7.4..68.. ......... ..9..4... 1...7.... .....7... ........1 .......8.",
                0,
                2,
            ),
            // Rare solutions again, past both first turns: the SAT solver goes on where it
            // stopped and finds one.
            (
                "000111222 300011242 303015442 303115422 333315462 775555466 755788466 777778466 888888466",
                "..5...... ......... .31...... ......... 4........ ......... ......... 3........ .........",
                2,
                3,
            ),
            // No solution, which the templates' third turn, four times as long as their
            // first, proves after the SAT solver's third turn.
            (
                "000011122 001113222 400113552 440133522 444335552 444333655 776666685 766778688 777788888",
                "..6...... .......49 1......5. ........6 ..9...... .....7... ......... ........7 6.2...8..",
                0,
                6,
            ),
        ];
        assert_eq!(
            solver.count_up_to(&parse(grids[0].1), 2, &mut grid),
            0,
            "another layout, not set"
        );
        for (regions, givens, expected, turns) in grids {
            let (layout, givens) = (Layout::new(9, parse(regions)).unwrap(), parse(givens));
            solver.set_layout(&layout);
            assert_eq!(solver.count_up_to(&givens, 2, &mut grid), expected);
            assert!(expected == 0 || is_solution(&layout, &givens, &grid));
            assert_eq!(solver.nodes(), SPARSE_SAT_AFTER as u64 + 1);
            // A turn that gives up goes one conflict or a few steps past its budget, and
            // the other engine takes the next turn.
            let (conflicts, steps) = (solver.sat_conflicts(), solver.template_steps());
            // The turns an engine gave up: the SAT solver's caps its conflicts passed, and
            // the templates' turns whose steps, added up, its steps passed.
            let budgets = |first: u64| std::iter::successors(Some(first), |b| Some(b * GROWTH));
            let sat_gave_up = budgets(SAT_FIRST)
                .take_while(|&cap| conflicts > cap)
                .count();
            let spent = budgets(TEMPLATE_STEPS).scan(0, |sum, b| {
                *sum += b;
                Some(*sum)
            });
            let templates_gave_up = spent.take_while(|&sum| steps > sum).count();
            let taken = 1 + sat_gave_up + templates_gave_up;
            assert_eq!(taken, turns, "{} conflicts, {} steps", conflicts, steps);
            assert_eq!(steps > 0, conflicts > SAT_FIRST);
            // The SAT solver took the first turn, so it propagated literals, and it met each
            // conflict while propagating one.
            let propagations = solver.sat_propagations();
            assert!(
                propagations >= conflicts.max(1),
                "{} propagations",
                propagations
            );
        }
        // A puzzle the search settles alone has no work of the templates or the SAT solver.
        let mut givens = [0; 81];
        givens[0] = 1;
        let mut boxes = Backtracker::<u128>::new(&Layout::boxes(3, 3));
        assert_eq!(boxes.count_up_to(&givens, 2, &mut grid), 2);
        assert!(boxes.nodes() > 0);
        assert_eq!(boxes.template_steps(), 0);
        assert_eq!(boxes.sat_conflicts(), 0);
        assert_eq!(boxes.sat_propagations(), 0);
    }

    #[test]
    fn sparse_9x9_grids_have_several_solutions() {
        // Groups made from a Latin square (its cells of one digit swap groups, so each group
        // keeps every digit once) and a few of its digits given: solvable, with digits unused.
        let mut rng = Rng::new(2);
        for round in 0..12 {
            let shift = [1, 2, 4, 5, 7, 8][round % 6];
            let square: Vec<u8> = (0..81)
                .map(|c| ((c / 9 * shift + c % 9) % 9) as u8)
                .collect();
            let mut groups: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
            for _ in 0..300 {
                let (p, q) = (rng.below(81), rng.below(81));
                if square[p] == square[q] {
                    groups.swap(p, q);
                }
            }
            let layout = Layout::new(9, groups).unwrap();
            let mut givens = vec![0; 81];
            for _ in 0..rng.below(6) {
                let cell = rng.below(81);
                givens[cell] = square[cell] + 1;
            }
            let mut grid = vec![0; 81];
            let count = Backtracker::<u128>::new(&layout).count_up_to(&givens, 2, &mut grid);
            assert_eq!(count, 2, "{:?}", givens);
            assert!(is_solution(&layout, &givens, &grid));
        }
    }
}
