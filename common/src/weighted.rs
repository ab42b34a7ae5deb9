//! Branch and bound for the highest weighted sum `sum(weight[cell] * digit)` over all
//! completions of a grid on any [`Layout`] (NOIP 2009 "靶形数独" is the 9x9 case).
//!
//! Search: candidates as bitmasks; after every placement naked and hidden singles, then locked
//! candidates (a digit whose places in a house lie in one other house leaves the rest of that
//! house), for the houses whose places changed only. Without locked candidates, sparse grids
//! spend most of their nodes refuting fillings that the rule refutes at once. A digit's
//! loss in a cell is the sum of its reduced costs in the cell's three house assignments (see
//! the bound): a lower bound on how much placing it lowers the bound. The branching cell has
//! the fewest candidates (three or more count alike), then the largest second-least loss,
//! then the most weight. Digits are tried least loss first (ties: larger digit first), and at
//! every node, before branching, each candidate whose loss would leave no bound above the best
//! score is struck (reduced-cost fixing), which often leaves singles to propagate. A caller
//! may name cells to branch on first ([`Maximiser::set_focus`]; target9 names the 17 cells
//! that decide its score).
//!
//! Bound, checked at every node: a Lagrangian decomposition. Each empty cell's gain
//! `weight * digit` is split, digit by digit, into three profits, one for its row, one for its
//! column and one for its region
//! (`profit_row + profit_column + profit_region = SCALE * weight * digit`). Any completion then
//! scores at most the placed score plus, summed over all houses, the best assignment of each
//! house's missing digits to its empty cells within their candidates under that house's profits
//! (a maximum-weight matching, solved exactly by the Hungarian method of [`crate::assignment`],
//! whose duals each node's `State` keeps: a change to a house frees only the cells it touches,
//! and each freed cell costs one augmenting path). Two kinds of dual steps, taken in turn, lower
//! the bound: averaging steps make each cell's reduced costs equal over its three copies (block
//! coordinate descent: the bound cannot rise, but it stalls), and subgradient steps move profit
//! between the three copies of a cell wherever its row, column and region assign it different
//! digits. When all three agree everywhere, the assignments form a completion whose score is the
//! bound. Children start from their parent's profits, a house's assignment is recomputed only
//! when a change touches it, and a house that cannot take its missing digits ends the node. Each
//! node copies its parent's `State` into the buffer of its depth, allocated the first time a
//! search of the [`Maximiser`] goes that deep (most searches stay far shallower than the number
//! of cells), so searches allocate next to nothing.
//!
//! The code is laid out as [`crate::backtrack`]'s: `Tables` holds what never changes while a
//! [`Maximiser`] lives, `State` the state of one search node, `Node` the work on one node
//! (placing, propagating, bounds, dual steps), and `Run` what one search from the root is asked
//! to do (its budget, dual steps per node, branching order).
//!
//! Order of work: a first dive without dual steps finds a score to beat; the root then
//! takes its steps in rounds, each round followed by a short dive from the tuned root (it
//! follows the losses, so it tends to find a better score, against which the next steps aim
//! better), and a short search with a step per node follows. If that leaves the root's
//! bound above the best score, the root's profits are rebuilt from a near-optimal dual of the
//! linear relaxation (`Node::smooth`: the subgradient steps stall well above it on sparse
//! grids), lowered where it can be by the layout's digit templates
//! (`Maximiser::template_bound`: on box layouts, each digit's cells kept together, a bound
//! the linear relaxation's cannot reach), and dives follow that aim at that bound, the
//! ceiling: they take only a completion scoring the ceiling, which is then the maximum, and
//! one that goes through the whole tree proves the ceiling one lower
//! (`Maximiser::aim_at_ceilings`). The smoothed bound is mostly
//! the maximum itself, while the best score found can lie far below it: a search that aims
//! at the ceiling prunes every node whose bound falls short of it, where one that only has to
//! beat the best score wanders until it climbs there. These dives, and the first, have a
//! budget of nodes: one that spends it without a better score hands over to the next with
//! twice the budget and the other order, focus cells first or not (`Maximiser::dive_in_turns`).
//! At a ceiling the focus order's dives get a larger budget than the plain one's: proving a
//! ceiling out of reach takes the whole tree, which the focus order keeps far smaller. The
//! ceiling's dive in the focus order that reaches a long budget is its last: it takes a dual
//! step at each node, as the search proper does, and runs until it settles the ceiling.
//!
//! Tails: below a node whose cells of positive weight are all solved, every completion scores
//! the same, and only whether the other cells fit is left. A search that only places and
//! propagates settles that at a fraction of a bounded node's cost, and a tail without a
//! completion is remembered, by its scoring cells' digits, for the rest of the search
//! (`Maximiser::fit_tail`): on sparse grids whose score rests on a few cells (target9's), the
//! dives meet the same tails again and again. At a ceiling, a tail that scores above it is
//! known to have no completion.

use crate::assignment::Assignment;
use crate::bitset::{Bitset, Cells};
use crate::layout::Layout;
use crate::templates::{self, Templates};
use std::collections::HashSet;

/// Profits are integers: a cell's three profits for a digit add up to `SCALE` times its gain.
const SCALE: i32 = 96;
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
/// Temperature stages of the smoothed dual ([`Node::smooth`]), and sweeps per stage.
const SMOOTH_STAGES: usize = 10;
const SMOOTH_SWEEPS: usize = 10;

/// What never changes while a [`Maximiser`] lives: who sees whom, and the weights.
#[derive(Clone)]
#[cfg_attr(test, derive(Debug))]
struct Tables {
    /// N: the digits, and the cells of a house.
    size: usize,
    /// N * N.
    cells: usize,
    /// Every digit, bit `d - 1` for digit `d`.
    all_digits: u16,
    /// `weights[cell]`: what each unit of the cell's digit scores.
    weights: Vec<u32>,
    /// `peers[peer_start[cell]..peer_start[cell + 1]]`: the other cells of its three houses.
    peers: Vec<u16>,
    peer_start: Vec<usize>,
    /// `house_cells[house * size..][..size]`: rows, then columns, then regions.
    house_cells: Vec<u16>,
    /// Per cell: its row, column and region.
    cell_houses: Vec<[u8; 3]>,
}

/// The state of one search node.
#[derive(Clone)]
#[cfg_attr(test, derive(Debug))]
struct State<B> {
    /// Every cell's candidates, bit `d - 1` for digit `d`; a solved cell holds just its digit.
    candidates: Vec<u16>,
    /// The digits placed in each house.
    placed: Vec<u16>,
    /// The cells without a digit.
    unsolved: B,
    /// The weighted sum of the placed digits.
    score: u32,
    /// `profit[(kind * cells + cell) * N + digit - 1]`: the share of `SCALE * weight * digit`
    /// that the cell's house of that kind (row, column, region) counts.
    profit: Vec<i32>,
    /// Each house's bound: its best assignment's profit.
    house_bound: Vec<i32>,
    /// `assigned[kind * cells + cell]`: the digit (one bit) that the assignment behind the
    /// bound of the cell's house of that kind gives it; 0 if solved or not assigned yet.
    assigned: Vec<u16>,
    /// `cell_dual[kind * cells + cell]`: the Hungarian method's dual of the cell in its house
    /// of that kind (costs are negated profits).
    cell_dual: Vec<i32>,
    /// `digit_dual[house * N + digit - 1]`: the dual of the digit in the house.
    digit_dual: Vec<i32>,
    /// Bit `house` is set when the house has cells without a digit assigned, or its bound
    /// must be summed again.
    dirty: u64,
    /// `stale[house]`: the digits whose places in the house shrank since locked candidates
    /// last looked at it.
    stale: Vec<u16>,
    /// Bit `house` is set when the house's candidates changed since hidden singles last
    /// looked at it.
    unseen: u64,
    /// The bound on the final score, once computed.
    bound: u32,
    /// Which profits `profit` holds: levels with the same id hold the same profits, so
    /// that [`State::copy_from`] may skip them ([`Maximiser::new_profits`] hands them out).
    profit_id: u64,
}

/// A reusable maximiser for one layout and one set of weights. Build it once, call
/// [`Maximiser::maximise`] for many grids. `B` holds the set of empty cells: any [`Bitset`]
/// whose capacity is at least the number of cells, the narrowest being the fastest (`u128`
/// for 9x9).
#[derive(Clone)]
#[cfg_attr(test, derive(Debug))]
pub struct Maximiser<B> {
    tables: Tables,
    /// One per depth reached so far; the root's first.
    levels: Vec<State<B>>,
    /// Cells whose candidates fell to one digit, waiting to be placed (lent to each
    /// [`Node`]).
    singles: Vec<u16>,
    /// The best score found in this search, reached by `best_grid`.
    best: Option<u32>,
    /// What a completion must score more than for the search to take it, and a node's bound
    /// more than for the search to go on below it: the best score found, or higher while the
    /// search asks whether some completion scores higher ([`Maximiser::aim_at_ceilings`]).
    aim: Option<u32>,
    /// The highest score a completion can have, once the root proves one
    /// ([`Maximiser::aim_at_ceilings`]; `u32::MAX` before): a tail that scores more has no
    /// completion.
    ceiling: u32,
    /// A completion scoring `best`, digits `1..=N` cell by cell.
    best_grid: Vec<u8>,
    /// The bounded search nodes visited since the search began.
    nodes: u64,
    /// The last profit id handed out ([`Maximiser::new_profits`]).
    profit_ids: u64,
    /// `focus[cell]`: whether the focus order ([`Order::Focus`]) branches on the cell before
    /// the others; empty when no cell is preferred.
    focus: Vec<bool>,
    /// Whether the search records its progress ([`Maximiser::record_progress`]).
    recording: bool,
    /// The progress of the last search, when recorded.
    progress: Vec<Progress>,
    /// The cells of positive weight: below a node that has them all solved, every
    /// completion scores the same ([`Maximiser::fit_tail`]).
    scoring: B,
    /// The digits of the scoring cells (0-based, cell by cell) of each tail found without a
    /// completion in this search ([`Maximiser::fit_tail`]).
    dead_tails: HashSet<Vec<u8>>,
    /// The nodes of the tails' fitting visited since the search began.
    fitted: u64,
    /// The layout's digit templates, if its regions are boxes ([`Maximiser::template_bound`]).
    templates: Option<Templates>,
}

/// How a search from the root picks the cell to branch on and orders its digits.
#[derive(Clone, Copy)]
enum Order {
    /// Fewest candidates, then the losses ([`Maximiser::select`]); digits least loss first.
    Plain,
    /// As [`Order::Plain`], the focus cells ([`Maximiser::set_focus`]) first.
    Focus,
    /// A blind dive, which looks for any completion: it branches on a cell with the fewest
    /// candidates and tries its digits in an order drawn from this value (nonzero), the
    /// losses left aside ([`Maximiser::dive_in_turns`]).
    Blind(u32),
}

/// What one search from the root is asked to do ([`Maximiser::explore`]); it holds for the
/// whole search.
#[derive(Clone, Copy)]
struct Run {
    /// The search stops once [`Maximiser::nodes`] passes it.
    budget: u64,
    /// Dual steps at each node below the root (0 in a dive).
    steps: usize,
    /// Whether the search stops at the first better completion (a dive does).
    stop_at_better: bool,
    order: Order,
}

/// One point of a search's progress ([`Maximiser::progress`]): after `nodes` search nodes,
/// no completion scores above `bound`, and the best one found scores `best`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Search nodes visited so far.
    pub nodes: u64,
    /// The lowest bound on the maximum proved so far.
    pub bound: u32,
    /// The best score found so far, if any.
    pub best: Option<u32>,
}

impl Tables {
    /// What digit `d + 1` in `cell` scores, in points. O(1).
    fn gain(&self, cell: usize, d: usize) -> f64 {
        f64::from(self.weights[cell]) * (d as f64 + 1.0)
    }

    /// The sum of the houses' duals `y` (`y[house * N + d]`) for digit `d + 1` over the
    /// `houses` of a cell but the one of kind `skip` (3: none). O(1).
    fn other_duals(&self, y: &[f64], houses: [u8; 3], skip: usize, d: usize) -> f64 {
        (0..3)
            .filter(|&k| k != skip)
            .map(|k| y[houses[k] as usize * self.size + d])
            .sum()
    }

    /// The tables of `layout` with `weights[cell]` per cell, under the constraints of
    /// [`Maximiser::new`] (panics otherwise). O(N^3).
    fn new<B: Bitset>(layout: &Layout, weights: &[u32]) -> Self {
        let size = layout.size();
        let cells = layout.cells();
        assert_eq!(weights.len(), cells, "one weight per cell");
        assert!(cells <= B::CAPACITY, "more cells than the bitset holds");
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        assert!(
            total * (size as u64) * (SCALE as u64) < 1 << 30,
            "weighted sums too large"
        );
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for list in layout.peers().iter() {
            peers.extend(list.iter().map(|&p| p as u16));
            peer_start.push(peers.len());
        }
        let house_cells = layout
            .houses()
            .iter()
            .flat_map(|h| h.iter().map(|&c| c as u16))
            .collect();
        let cell_houses = (0..cells)
            .map(|cell| {
                let h = layout.houses_of(cell);
                [h[0] as u8, h[1] as u8, h[2] as u8]
            })
            .collect();
        Tables {
            size,
            cells,
            all_digits: ((1u32 << size) - 1) as u16,
            weights: weights.to_vec(),
            peers,
            peer_start,
            house_cells,
            cell_houses,
        }
    }
}

impl<B: Bitset> State<B> {
    /// A state for the layout of `t`, all zero: [`Maximiser::start`] fills it in. O(N^3).
    fn new(t: &Tables) -> Self {
        let (size, cells) = (t.size, t.cells);
        State {
            candidates: vec![0; cells],
            placed: vec![0; 3 * size],
            unsolved: B::EMPTY,
            score: 0,
            profit: vec![0; 3 * cells * size],
            house_bound: vec![0; 3 * size],
            assigned: vec![0; 3 * cells],
            cell_dual: vec![0; 3 * cells],
            digit_dual: vec![0; 3 * size * size],
            dirty: 0,
            stale: vec![0; 3 * size],
            unseen: 0,
            bound: 0,
            profit_id: 0,
        }
    }

    /// Makes this state a copy of `parent`, of the same layout, in place: the profits only
    /// if their ids differ, since copying them costs most. O(N^3), O(N^2) without the
    /// profits.
    fn copy_from(&mut self, parent: &Self) {
        self.candidates.copy_from_slice(&parent.candidates);
        self.placed.copy_from_slice(&parent.placed);
        self.unsolved = parent.unsolved;
        self.score = parent.score;
        if self.profit_id != parent.profit_id {
            self.profit.copy_from_slice(&parent.profit);
            self.profit_id = parent.profit_id;
        }
        self.house_bound.copy_from_slice(&parent.house_bound);
        self.assigned.copy_from_slice(&parent.assigned);
        self.cell_dual.copy_from_slice(&parent.cell_dual);
        self.digit_dual.copy_from_slice(&parent.digit_dual);
        self.dirty = parent.dirty;
        self.stale.copy_from_slice(&parent.stale);
        self.unseen = parent.unseen;
        self.bound = parent.bound;
    }

    #[inline]
    fn is_unsolved(&self, cell: usize) -> bool {
        self.unsolved.contains(cell)
    }

    /// The reduced costs of digit `d` (0-based) in `cell`'s three copies, `houses` being its
    /// row, column and region: `-profit - cell_dual - digit_dual`, never negative while the
    /// duals are feasible. In a house whose assignment is optimal, forcing the digit on the
    /// cell lowers the house's best profit by at least its reduced cost.
    #[inline]
    fn reduced(&self, n: usize, cells: usize, cell: usize, houses: [u8; 3], d: usize) -> [i32; 3] {
        let mut r = [0; 3];
        for (kind, &h) in houses.iter().enumerate() {
            let i = kind * cells + cell;
            r[kind] =
                -self.profit[i * n + d] - self.cell_dual[i] - self.digit_dual[h as usize * n + d];
        }
        r
    }

    /// The loss of digit `d + 1` in `cell`: the sum of its three reduced costs, a lower bound
    /// on how much forcing it lowers the bound (in profit units), summed in i64.
    #[inline]
    fn loss(&self, n: usize, cells: usize, cell: usize, houses: [u8; 3], d: usize) -> i64 {
        let r = self.reduced(n, cells, cell, houses, d);
        i64::from(r[0]) + i64::from(r[1]) + i64::from(r[2])
    }

    /// The branching cell of a blind dive: the fewest candidates, ties broken by an order
    /// of the cells drawn from `shuffle`. `None` when every cell is solved. O(cells).
    fn fewest_candidates(&self, shuffle: u32) -> Option<usize> {
        let mut best = None;
        let mut best_key = (u32::MAX, i64::MIN);
        for cell in Cells(self.unsolved) {
            let key = (
                self.candidates[cell].count_ones(),
                -i64::from(mix(cell as u32 ^ shuffle)),
            );
            if key.0 < best_key.0 || (key.0 == best_key.0 && key.1 > best_key.1) {
                best_key = key;
                best = Some(cell);
            }
        }
        best
    }

    /// The branching cell of [`Maximiser::fit`]: the fewest candidates, ties broken by the
    /// most empty peers (the placement that strikes the most), of the layout of `t`. `None`
    /// when every cell is solved. O(cells) plus O(peers) per tie.
    fn most_constrained(&self, t: &Tables) -> Option<usize> {
        let mut best = None;
        let mut best_key = (u32::MAX, 0);
        for cell in Cells(self.unsolved) {
            let count = self.candidates[cell].count_ones();
            if count > best_key.0 {
                continue;
            }
            let peers = &t.peers[t.peer_start[cell]..t.peer_start[cell + 1]];
            let empty = peers
                .iter()
                .filter(|&&p| self.is_unsolved(p as usize))
                .count();
            if count < best_key.0 || empty > best_key.1 {
                best_key = (count, empty);
                best = Some(cell);
            }
        }
        best
    }

    /// The digits (one bit each) that the row, column and region of `cell` assign it, in a
    /// layout of `cells` cells. O(1).
    #[inline]
    fn copies(&self, cells: usize, cell: usize) -> [u16; 3] {
        [
            self.assigned[cell],
            self.assigned[cells + cell],
            self.assigned[2 * cells + cell],
        ]
    }

    /// The pairs of copies of empty cells that assign different digits. O(cells).
    fn disagreements(&self, cells: usize) -> i64 {
        let mut pairs = 0;
        for cell in Cells(self.unsolved) {
            let a = self.copies(cells, cell);
            pairs += (a[0] != a[1]) as i64 + (a[0] != a[2]) as i64 + (a[1] != a[2]) as i64;
        }
        pairs
    }

    /// After profit moved between the copies of empty `cell`, which assigned it the digits
    /// `assigned`: each copy's dual is reset to its best reduced cost, and a copy whose
    /// digit no longer reaches it loses its digit. O(N).
    fn reset_duals(&mut self, t: &Tables, cell: usize, assigned: [u16; 3]) {
        let (n, cells) = (t.size, t.cells);
        for (kind, &h) in t.cell_houses[cell].iter().enumerate() {
            let i = kind * cells + cell;
            let duals = &self.digit_dual[h as usize * n..(h as usize + 1) * n];
            let profit = &self.profit[i * n..(i + 1) * n];
            let reduced = |d: usize| -profit[d] - duals[d];
            let options = self.candidates[cell] & !self.placed[h as usize];
            let least = digits(options).map(reduced).min().unwrap_or(i32::MAX);
            self.cell_dual[i] = least;
            if reduced(assigned[kind].trailing_zeros() as usize) != least {
                self.assigned[i] = 0;
            }
            self.dirty |= 1 << h;
        }
    }

    /// The placed score plus the houses' bounds, in profit units (`SCALE` per point).
    fn total(&self) -> i64 {
        i64::from(self.score) * i64::from(SCALE)
            + self.house_bound.iter().map(|&b| i64::from(b)).sum::<i64>()
    }

    /// How far a placement may lower the total (in profit units) and still leave a bound
    /// above `aim`; negative if none can.
    fn slack(&self, aim: u32) -> i64 {
        self.total() - (i64::from(aim) + 1) * i64::from(SCALE)
    }

    /// Strikes the digits `strike` from the candidates of unsolved `cell` (whose houses are
    /// `houses`, of a layout with `cells` cells); a cell left with one goes on `singles`.
    /// False if none is left.
    fn strike(
        &mut self,
        singles: &mut Vec<u16>,
        cells: usize,
        houses: [u8; 3],
        cell: usize,
        strike: u16,
    ) -> bool {
        let left = self.candidates[cell] & !strike;
        match left.count_ones() {
            0 => return false,
            1 => singles.push(cell as u16),
            _ => {}
        }
        self.candidates[cell] = left;
        for (kind, &h) in houses.iter().enumerate() {
            self.stale[h as usize] |= strike;
            self.unseen |= 1 << h;
            let a = &mut self.assigned[kind * cells + cell];
            if *a & strike != 0 {
                *a = 0;
                self.dirty |= 1 << h;
            }
        }
        true
    }
}

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
    fn note_progress(&mut self, bound: Option<u32>) {
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
                // The search proper, with a few steps per node; if that takes long, the
                // subgradient has stalled: a tighter root, then searches that aim at its bound.
                let run = Run {
                    budget: self.spent() + SEARCH_NODES,
                    steps: NODE_STEPS,
                    stop_at_better: false,
                    order: Order::Focus,
                };
                if self.explore(run) {
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
        let duals = &root.cell_dual;
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
        let lowered =
            templates.bound(&t.weights, &root.candidates, aim, TEMPLATE_ROUNDS, &mut u)?;
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
    fn spent(&self) -> u64 {
        self.nodes + self.fitted / FIT_SHARE
    }

    /// The node of level `depth`. O(1).
    #[inline]
    fn node(&mut self, depth: usize) -> Node<'_, B> {
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
    fn start(&mut self, givens: &[u8]) -> bool {
        self.new_profits(0);
        self.node(0).start(givens)
    }

    /// Gives level `depth` a new profit id, before its profits change. O(1).
    fn new_profits(&mut self, depth: usize) {
        self.profit_ids += 1;
        self.levels[depth].profit_id = self.profit_ids;
    }

    /// Up to `steps` dual steps at level `depth`, while its bound still beats the aim:
    /// even steps average each cell's reduced costs over its copies ([`Node::average`]),
    /// odd steps are subgradient steps ([`Node::subgradient_step`]), which move profit
    /// between the copies of each cell whose row, column and region assign it different
    /// digits. Returns the bound, or `None`
    /// if the node is infeasible. When all copies agree, the assignments are a completion
    /// scoring the bound, and it is recorded. O(steps) bound updates.
    fn take_dual_steps(&mut self, depth: usize, steps: usize) -> Option<u32> {
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
                level.assigned[cell]
            } else {
                level.candidates[cell]
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
        for cell in Cells(level.unsolved) {
            let count = level.candidates[cell].count_ones();
            let houses = self.tables.cell_houses[cell];
            let mut least = [i64::MAX; 2];
            for d in digits(level.candidates[cell]) {
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
    fn search(&mut self, depth: usize, run: &Run) -> bool {
        self.nodes += 1;
        if self.spent() > run.budget {
            return true;
        }
        if self.levels[depth].unsolved.and(self.scoring).is_empty() {
            return self.fit_tail(depth, run);
        }
        let cell = match self.select(depth, run.order) {
            Some(cell) => cell,
            None => {
                let score = self.levels[depth].score;
                if self.aim.map_or(true, |b| score > b) {
                    self.take_completion(depth, score);
                    return run.stop_at_better;
                }
                return false;
            }
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
        let score = level.score;
        if self.aim.map_or(false, |b| score <= b) || score > self.ceiling {
            return false;
        }
        let key: Vec<u8> = Cells(self.scoring)
            .map(|cell| level.candidates[cell].trailing_zeros() as u8)
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
        for d in digits(self.levels[depth].candidates[cell]) {
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
    /// loss first (ties: larger digit first), or in a blind `by` order drawn from its value;
    /// returns `count`. O(N^2) at most.
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
        let mut options = level.candidates[cell];
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

/// One search node being worked on: the state of its level, the tables, and the cells waiting
/// to be placed.
struct Node<'a, B> {
    tables: &'a Tables,
    state: &'a mut State<B>,
    /// Cells whose candidates fell to one digit, waiting to be placed; kept by the
    /// [`Maximiser`], so that a node allocates nothing.
    singles: &'a mut Vec<u16>,
}

impl<'a, B: Bitset> Node<'a, B> {
    /// Sets the node up as the root of `givens` and propagates. False on a contradiction.
    fn start(&mut self, givens: &[u8]) -> bool {
        let t = self.tables;
        let (n, cells, all) = (t.size, t.cells, t.all_digits);
        let state = &mut *self.state;
        state.candidates.iter_mut().for_each(|c| *c = all);
        state.placed.iter_mut().for_each(|p| *p = 0);
        state.unsolved = (0..cells).fold(B::EMPTY, |set, c| set.or(B::cell(c)));
        state.score = 0;
        for kind in 0..3 {
            for cell in 0..cells {
                let w = t.weights[cell] as i32;
                for d in 0..n {
                    let share = SCALE / 3 * w * (d as i32 + 1);
                    state.profit[(kind * cells + cell) * n + d] = share;
                }
            }
        }
        state.assigned.iter_mut().for_each(|a| *a = 0);
        state.cell_dual.iter_mut().for_each(|u| *u = 0);
        state.digit_dual.iter_mut().for_each(|v| *v = 0);
        state.dirty = (1u64 << (3 * n)) - 1;
        state.stale.iter_mut().for_each(|s| *s = all);
        state.unseen = (1u64 << (3 * n)) - 1;
        self.singles.clear();
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 {
                assert!(g as usize <= n, "given out of range");
                if !self.place(cell, 1 << (g - 1)) {
                    return false;
                }
            }
        }
        self.propagate()
    }

    /// Places the one-digit set `bit` in `cell` and strikes it from the peers; peers left
    /// with one candidate go on `singles`. False on a contradiction.
    #[inline]
    fn place(&mut self, cell: usize, bit: u16) -> bool {
        let t = self.tables;
        let state = &mut *self.state;
        if !state.is_unsolved(cell) {
            return state.candidates[cell] == bit;
        }
        if state.candidates[cell] & bit == 0 {
            return false;
        }
        let houses = t.cell_houses[cell];
        for &h in houses.iter() {
            if state.placed[h as usize] & bit != 0 {
                return false;
            }
        }
        for &h in houses.iter() {
            state.placed[h as usize] |= bit;
        }
        for &h in houses.iter() {
            state.stale[h as usize] |= state.candidates[cell];
            state.unseen |= 1 << h;
        }
        state.candidates[cell] = bit;
        state.unsolved = state.unsolved.and_not(B::cell(cell));
        let digit = bit.trailing_zeros() as usize;
        state.score += t.weights[cell] * (digit as u32 + 1);
        // A house whose assignment gave this digit to this cell keeps the rest of it, and its
        // bound drops by exactly that profit; any other house must be assigned again.
        for (kind, &h) in houses.iter().enumerate() {
            let i = kind * t.cells + cell;
            let a = &mut state.assigned[i];
            if *a == bit {
                state.house_bound[h as usize] -= state.profit[i * t.size + digit];
            } else {
                state.dirty |= 1 << h;
            }
            *a = 0;
        }
        for &p in &t.peers[t.peer_start[cell]..t.peer_start[cell + 1]] {
            let p = p as usize;
            if state.candidates[p] & bit != 0
                && !state.strike(self.singles, t.cells, t.cell_houses[p], p, bit)
            {
                return false;
            }
        }
        true
    }

    /// Naked and hidden singles until neither finds anything, then locked candidates, until
    /// nothing more goes. False on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while let Some(cell) = self.singles.pop() {
                let cell = cell as usize;
                let bit = self.state.candidates[cell];
                debug_assert_eq!(bit.count_ones(), 1, "a stale single in cell {}", cell);
                if !self.place(cell, bit) {
                    return false;
                }
            }
            let found = match self.hidden_singles() {
                Some(found) => found,
                None => return false,
            };
            if !found && self.singles.is_empty() {
                match self.locked_candidates() {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// Places every digit that has one place left in some house whose candidates changed
    /// since the last look ([`State::unseen`]). Returns whether it placed any, or `None` on a
    /// contradiction (a house without a place for a digit it lacks, or a placement that
    /// fails). O(N^2) set operations, plus the placements.
    fn hidden_singles(&mut self) -> Option<bool> {
        let t = self.tables;
        let n = t.size;
        let mut found = false;
        // A placement here marks its houses again, for the next look.
        for house in Cells(std::mem::take(&mut self.state.unseen)) {
            let members = &t.house_cells[house * n..(house + 1) * n];
            let mut once = 0u16;
            let mut twice = 0u16;
            for &cell in members {
                let c = self.state.candidates[cell as usize];
                twice |= once & c;
                once |= c;
            }
            if once != t.all_digits {
                return None;
            }
            let mut hidden = once & !twice & !self.state.placed[house];
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = members
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.state.candidates[c] & bit != 0);
                match cell {
                    Some(cell) if self.place(cell, bit) => found = true,
                    _ => return None,
                }
            }
        }
        Some(found)
    }

    /// Locked candidates: a digit whose places in a house all lie in one other house is
    /// struck from the rest of that house. Rows and columns meet in one cell, so a row or
    /// column is split by regions and a region by rows and by columns; the digits found in
    /// one part only are the locked ones, all digits at once. Returns whether it struck any,
    /// or `None` on a contradiction. O(N^2) set operations.
    fn locked_candidates(&mut self) -> Option<bool> {
        let t = self.tables;
        let n = t.size;
        let mut struck = false;
        for house in 0..3 * n {
            let kind = house / n;
            let stale = std::mem::take(&mut self.state.stale[house]);
            if stale == 0 {
                continue;
            }
            for other in 0..3 {
                if other != kind && other + kind != 1 {
                    struck |= self.lock(house, other, stale)?;
                }
            }
        }
        Some(struck)
    }

    /// Locked candidates for the digits `stale` of `house`, split by the houses of kind
    /// `other` (not its own kind, and not a row against a column): each digit of `house` that
    /// lies in one part only is struck from the rest of that part's house. Returns whether it
    /// struck any, or `None` on a contradiction. O(N) set operations, plus the strikes.
    #[inline]
    fn lock(&mut self, house: usize, other: usize, stale: u16) -> Option<bool> {
        let t = self.tables;
        let n = t.size;
        let kind = house / n;
        let state = &mut *self.state;
        let mut parts = [0u16; 16];
        for &c in &t.house_cells[house * n..(house + 1) * n] {
            let part = t.cell_houses[c as usize][other] as usize;
            parts[part - other * n] |= state.candidates[c as usize];
        }
        let (mut once, mut twice) = (0, 0);
        for &part in &parts[..n] {
            twice |= once & part;
            once |= part;
        }
        let mut struck = false;
        for d in digits(once & !twice & stale & !state.placed[house]) {
            let bit = 1 << d;
            // The one part that holds the digit names the house it is locked in (a digit
            // with no place in the house would leave the node dead).
            let target = other * n + parts.iter().position(|p| p & bit != 0)?;
            for &c in &t.house_cells[target * n..(target + 1) * n] {
                let c = c as usize;
                let h = t.cell_houses[c];
                if h[kind] as usize != house && state.candidates[c] & bit != 0 {
                    if !state.strike(self.singles, t.cells, h, c, bit) {
                        return None;
                    }
                    struck = true;
                }
            }
        }
        Some(struck)
    }

    /// Brings the dirty houses' bounds up to date and returns the bound on the final score:
    /// the placed score plus the houses' total profit over `SCALE`. `None` when some house
    /// cannot take its missing digits at all.
    fn bound(&mut self) -> Option<u32> {
        for house in Cells(self.state.dirty) {
            if !self.update_house(house) {
                return None;
            }
        }
        let state = &mut *self.state;
        state.dirty = 0;
        let total: i64 = state.house_bound.iter().map(|&b| i64::from(b)).sum();
        let extra = total.div_euclid(i64::from(SCALE)).max(0) as u32;
        state.bound = state.score + extra;
        Some(state.bound)
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
            profit: &state.profit[base * n..(base + cells) * n],
            allowed: &state.candidates,
            row_dual: &mut state.cell_dual[base..base + cells],
            column_dual: &mut state.digit_dual[house * n..(house + 1) * n],
            assigned: &mut state.assigned[base..base + cells],
        };
        if !problem.complete(&empty[..k], t.all_digits & !state.placed[house]) {
            return false;
        }
        state.house_bound[house] = problem.profit_of(&empty[..k]);
        true
    }

    /// Reduced-cost fixing, the houses up to date: strikes every candidate whose loss (see
    /// [`Maximiser::losses`]) would leave no bound above `aim`, then propagates and updates
    /// the bound, until nothing more goes. Returns the bound, or `None` if the node is dead.
    /// O(cells * N) per round.
    fn fix_reduced_costs(&mut self, aim: Option<u32>) -> Option<u32> {
        let t = self.tables;
        let (n, cells) = (t.size, t.cells);
        // The node is propagated: whatever a failed placement elsewhere left here is stale.
        self.singles.clear();
        loop {
            let bound = self.state.bound;
            let aim = match aim {
                Some(b) if bound > b => b,
                _ => return Some(bound),
            };
            let slack = self.state.slack(aim);
            let mut struck = false;
            let state = &mut *self.state;
            for cell in Cells(state.unsolved) {
                let houses = t.cell_houses[cell];
                let mut strike = 0u16;
                for d in digits(state.candidates[cell]) {
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
    fn subgradient_step(&mut self, delta: i32) {
        let t = self.tables;
        let (n, cells) = (t.size, t.cells);
        let state = &mut *self.state;
        for cell in Cells(state.unsolved) {
            let a = state.copies(cells, cell);
            if a[0] == a[1] && a[1] == a[2] {
                continue;
            }
            for k in 0..3 {
                let d = a[k].trailing_zeros() as usize;
                for (j, &other) in a.iter().enumerate() {
                    if other != a[k] {
                        state.profit[(k * cells + cell) * n + d] -= delta;
                        state.profit[(j * cells + cell) * n + d] += delta;
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
    fn average(&mut self) {
        let t = self.tables;
        let (n, cells) = (t.size, t.cells);
        let state = &mut *self.state;
        for cell in Cells(state.unsolved) {
            let houses = t.cell_houses[cell];
            let mut lowest = [i32::MAX; 3];
            // The new reduced cost of each digit, the same in the three copies but for
            // the rounding, and one more in the copies `kind < extra`.
            let mut mean = [0i32; 16];
            let mut extra = [0usize; 16];
            for d in digits(state.candidates[cell]) {
                let r = state.reduced(n, cells, cell, houses, d);
                let total = i64::from(r[0]) + i64::from(r[1]) + i64::from(r[2]);
                mean[d] = total.div_euclid(3) as i32;
                extra[d] = total.rem_euclid(3) as usize;
                for (kind, (&rk, low)) in r.iter().zip(lowest.iter_mut()).enumerate() {
                    let target = mean[d] + (kind < extra[d]) as i32;
                    state.profit[(kind * cells + cell) * n + d] += rk - target;
                    *low = (*low).min(target);
                }
            }
            for (kind, &h) in houses.iter().enumerate() {
                let i = kind * cells + cell;
                state.cell_dual[i] += lowest[kind];
                let a = state.assigned[i];
                if a != 0 {
                    let d = a.trailing_zeros() as usize;
                    if mean[d] + (kind < extra[d]) as i32 != lowest[kind] {
                        state.assigned[i] = 0;
                    }
                }
                state.dirty |= 1 << h;
            }
        }
    }

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
    fn smooth(&mut self, aim: Option<u32>) -> Option<u32> {
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
        let promised = (f64::from(self.state.score) + self.hard_dual(&y)) * scale;
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
        for cell in Cells(state.unsolved) {
            let houses = t.cell_houses[cell];
            let mut reduced = [0.0f64; 16];
            let mut count = 0;
            for d in digits(state.candidates[cell]) {
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
            for d in digits(t.all_digits & !state.placed[house]) {
                let mut reduced = [0.0f64; 16];
                let mut places = 0;
                for &cell in members {
                    let cell = cell as usize;
                    if state.is_unsolved(cell) && state.candidates[cell] >> d & 1 != 0 {
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
            for d in digits(t.all_digits & !state.placed[house]) {
                value += y[house * n + d];
            }
        }
        for cell in Cells(state.unsolved) {
            let houses = t.cell_houses[cell];
            let mut high = f64::NEG_INFINITY;
            for d in digits(state.candidates[cell]) {
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
        for cell in Cells(state.unsolved) {
            Self::split_cell(t, state, &shares, cell);
        }
        state.assigned.iter_mut().for_each(|a| *a = 0);
        state.cell_dual.iter_mut().for_each(|v| *v = 0);
        state.digit_dual.iter_mut().for_each(|v| *v = 0);
        state.dirty = (1u64 << (3 * t.size)) - 1;
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
        for d in digits(state.candidates[cell]) {
            high = high.max(spare(d));
        }
        for d in digits(state.candidates[cell]) {
            // Each copy gets its house's share plus its third of the cell's dual, less its
            // third of the slack; the thirds' remainders go to the first copies.
            let slack = high - spare(d);
            for k in 0..3 {
                let third = |x: i32| x.div_euclid(3) + (k < x.rem_euclid(3) as usize) as i32;
                state.profit[(k * cells + cell) * n + d] = share(k, d) + third(high) - third(slack);
            }
        }
    }
}

/// The digits (0-based) of a candidate set, bit `d` standing for digit `d + 1`, lowest first.
fn digits(set: u16) -> Cells<u64> {
    Cells(u64::from(set))
}

/// A pseudo-random 32-bit value drawn from `x` (a multiplicative hash): each bit of `x`
/// moves many bits of the result. O(1).
fn mix(x: u32) -> u32 {
    let x = x.wrapping_mul(0x9E37_79B9);
    x ^ x >> 16
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
    /// stop at the maximum.
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
}
