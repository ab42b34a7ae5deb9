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
//! [`Maximiser`] lives, `State` the state of one search node (its `Grid` and the `Dual` of its
//! bound), `Node` the work on one node (placing, propagating, bounds, dual steps), and `Run`
//! what one search from the root is asked to do (its budget, dual steps per node, branching
//! order). This file holds those types; the files of `weighted/` hold the jobs: `schedule.rs`
//! the [`Maximiser`]'s order of work below and its tests, `dive.rs` one search from the root,
//! `propagation.rs` placing and propagating, `bound.rs` the bound and its dual steps,
//! `smoothing.rs` the smoothed dual.
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

mod bound;
mod dive;
mod propagation;
mod schedule;
mod smoothing;

/// Profits are integers: a cell's three profits for a digit add up to `SCALE` times its gain.
const SCALE: i32 = 96;

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

/// The state of one search node: its grid, and the dual of its bound.
#[derive(Clone)]
#[cfg_attr(test, derive(Debug))]
struct State<B> {
    grid: Grid<B>,
    dual: Dual,
}

/// What a node has placed and what is left to place.
#[derive(Clone)]
#[cfg_attr(test, derive(Debug))]
struct Grid<B> {
    /// Every cell's candidates, bit `d - 1` for digit `d`; a solved cell holds just its digit.
    candidates: Vec<u16>,
    /// The digits placed in each house.
    placed: Vec<u16>,
    /// The cells without a digit.
    unsolved: B,
    /// The weighted sum of the placed digits.
    score: u32,
    /// `stale[house]`: the digits whose places in the house shrank since locked candidates
    /// last looked at it.
    stale: Vec<u16>,
    /// Bit `house` is set when the house's candidates changed since hidden singles last
    /// looked at it.
    unseen: u64,
}

/// A node's bound: the split of each cell's gain into profits, the houses' assignments under
/// them and the assignments' duals.
#[derive(Clone)]
#[cfg_attr(test, derive(Debug))]
struct Dual {
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
    /// The bound on the final score, once computed.
    bound: u32,
    /// Which profits `profit` holds: levels with the same id hold the same profits, so
    /// that [`Dual::copy_from`] may skip them ([`Maximiser::new_profits`] hands them out).
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

impl<B: Bitset> Grid<B> {
    /// An empty grid for the layout of `t`, no cell open: [`Maximiser::start`] fills it in.
    /// O(N^2).
    fn new(t: &Tables) -> Self {
        Grid {
            candidates: vec![0; t.cells],
            placed: vec![0; 3 * t.size],
            unsolved: B::EMPTY,
            score: 0,
            stale: vec![0; 3 * t.size],
            unseen: 0,
        }
    }

    /// Makes this grid a copy of `parent`, of the same layout, in place. O(N^2).
    fn copy_from(&mut self, parent: &Self) {
        self.candidates.copy_from_slice(&parent.candidates);
        self.placed.copy_from_slice(&parent.placed);
        self.unsolved = parent.unsolved;
        self.score = parent.score;
        self.stale.copy_from_slice(&parent.stale);
        self.unseen = parent.unseen;
    }
}

impl Dual {
    /// A dual for the layout of `t`, all zero: [`Maximiser::start`] fills it in. O(N^3).
    fn new(t: &Tables) -> Self {
        let (size, cells) = (t.size, t.cells);
        Dual {
            profit: vec![0; 3 * cells * size],
            house_bound: vec![0; 3 * size],
            assigned: vec![0; 3 * cells],
            cell_dual: vec![0; 3 * cells],
            digit_dual: vec![0; 3 * size * size],
            dirty: 0,
            bound: 0,
            profit_id: 0,
        }
    }

    /// Makes this dual a copy of `parent`, of the same layout, in place: the profits only if
    /// their ids differ, since copying them costs most. O(N^3), O(N^2) without the profits.
    fn copy_from(&mut self, parent: &Self) {
        if self.profit_id != parent.profit_id {
            self.profit.copy_from_slice(&parent.profit);
            self.profit_id = parent.profit_id;
        }
        self.house_bound.copy_from_slice(&parent.house_bound);
        self.assigned.copy_from_slice(&parent.assigned);
        self.cell_dual.copy_from_slice(&parent.cell_dual);
        self.digit_dual.copy_from_slice(&parent.digit_dual);
        self.dirty = parent.dirty;
        self.bound = parent.bound;
    }
}

impl<B: Bitset> State<B> {
    /// A state for the layout of `t`, all zero: [`Maximiser::start`] fills it in. O(N^3).
    fn new(t: &Tables) -> Self {
        State {
            grid: Grid::new(t),
            dual: Dual::new(t),
        }
    }

    /// Makes this state a copy of `parent`, of the same layout, in place ([`Dual::copy_from`]
    /// skips equal profits). O(N^3), O(N^2) without the profits.
    fn copy_from(&mut self, parent: &Self) {
        self.grid.copy_from(&parent.grid);
        self.dual.copy_from(&parent.dual);
    }

    #[inline]
    fn is_unsolved(&self, cell: usize) -> bool {
        self.grid.unsolved.contains(cell)
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
            r[kind] = -self.dual.profit[i * n + d]
                - self.dual.cell_dual[i]
                - self.dual.digit_dual[h as usize * n + d];
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
        for cell in Cells(self.grid.unsolved) {
            let key = (
                self.grid.candidates[cell].count_ones(),
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
        for cell in Cells(self.grid.unsolved) {
            let count = self.grid.candidates[cell].count_ones();
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
            self.dual.assigned[cell],
            self.dual.assigned[cells + cell],
            self.dual.assigned[2 * cells + cell],
        ]
    }

    /// The pairs of copies of empty cells that assign different digits. O(cells).
    fn disagreements(&self, cells: usize) -> i64 {
        let mut pairs = 0;
        for cell in Cells(self.grid.unsolved) {
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
            let duals = &self.dual.digit_dual[h as usize * n..(h as usize + 1) * n];
            let profit = &self.dual.profit[i * n..(i + 1) * n];
            let reduced = |d: usize| -profit[d] - duals[d];
            let options = self.grid.candidates[cell] & !self.grid.placed[h as usize];
            let least = digits(options).map(reduced).min().unwrap_or(i32::MAX);
            self.dual.cell_dual[i] = least;
            if reduced(assigned[kind].trailing_zeros() as usize) != least {
                self.dual.assigned[i] = 0;
            }
            self.dual.dirty |= 1 << h;
        }
    }

    /// The placed score plus the houses' bounds, in profit units (`SCALE` per point).
    fn total(&self) -> i64 {
        i64::from(self.grid.score) * i64::from(SCALE)
            + self
                .dual
                .house_bound
                .iter()
                .map(|&b| i64::from(b))
                .sum::<i64>()
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
        let left = self.grid.candidates[cell] & !strike;
        match left.count_ones() {
            0 => return false,
            1 => singles.push(cell as u16),
            _ => {}
        }
        self.grid.candidates[cell] = left;
        for (kind, &h) in houses.iter().enumerate() {
            self.grid.stale[h as usize] |= strike;
            self.grid.unseen |= 1 << h;
            let a = &mut self.dual.assigned[kind * cells + cell];
            if *a & strike != 0 {
                *a = 0;
                self.dual.dirty |= 1 << h;
            }
        }
        true
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

/// The digits (0-based) of a candidate set, bit `d` standing for digit `d + 1`, lowest first.
fn digits(set: u16) -> Cells<u64> {
    Cells(u64::from(set))
}

/// A pseudo-random 32-bit value drawn from `x` (a multiplicative hash): each bit of `x`
/// moves many bits of the result. A bijection (an odd multiplier, then the product's high
/// half xored into its low half), so distinct values never tie. O(1).
fn mix(x: u32) -> u32 {
    let x = x.wrapping_mul(0x9E37_79B9);
    x ^ x >> 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::rng::Rng;

    /// No two of the first 2^20 values mix to the same one. The top bit of `x` moves only
    /// the product's top bit (the multiplier is odd), which the fold xors into the low half:
    /// it moves bits 31 and 15 of the result.
    #[test]
    fn mix_ties_no_two_values_and_folds_the_high_half() {
        let mut mixed: Vec<u32> = (0..1 << 20).map(mix).collect();
        mixed.sort_unstable();
        mixed.dedup();
        assert_eq!(mixed.len(), 1 << 20);
        for x in (0..1 << 20).map(|x: u32| x.wrapping_mul(0x2545_F491)) {
            assert_eq!(mix(x) ^ mix(x ^ 1 << 31), 1 << 31 | 1 << 15, "{}", x);
        }
    }

    #[test]
    fn a_blind_dive_branches_on_the_fewest_candidates_in_its_shuffled_order() {
        let layout = Layout::boxes(3, 3);
        let t = Tables::new::<u128>(&layout, &[0; 81]);
        let mut state = State::<u128>::new(&t);
        assert_eq!(state.fewest_candidates(7), None, "no cell left");
        let mut rng = Rng::new(5);
        for _ in 0..500 {
            let unsolved: Vec<usize> = (0..81).filter(|_| rng.below(4) == 0).collect();
            state.grid.unsolved = unsolved
                .iter()
                .fold(u128::EMPTY, |set, &c| set.or(u128::cell(c)));
            // One or two candidates a cell, so that ties are common.
            for c in 0..81 {
                state.grid.candidates[c] = 1 << rng.below(9) | 1 << rng.below(9);
            }
            let shuffle = rng.below(1 << 30) as u32;
            let count = |c: usize| state.grid.candidates[c].count_ones();
            let fewest = unsolved.iter().map(|&c| count(c)).min();
            // Among the cells of fewest candidates, the first in the shuffle's order: mix is
            // a bijection, so the order has no ties.
            let wanted = unsolved
                .iter()
                .copied()
                .filter(|&c| Some(count(c)) == fewest)
                .min_by_key(|&c| mix(c as u32 ^ shuffle));
            assert_eq!(state.fewest_candidates(shuffle), wanted, "{:?}", unsolved);
        }
    }

    /// The fitting's branch cell against its documented rule, computed directly on random
    /// states: among the empty cells, the fewest candidates, then the most empty peers (the
    /// peers read off the layout's houses, not the tables), then the first cell. Sparse and
    /// dense states alike, with one or two candidates a cell, so that both ties are common.
    #[test]
    fn the_fitting_branches_on_the_fewest_candidates_then_the_most_empty_peers() {
        let layout = Layout::boxes(3, 3);
        let t = Tables::new::<u128>(&layout, &[0; 81]);
        let mut state = State::<u128>::new(&t);
        state.grid.unsolved = u128::EMPTY;
        assert_eq!(state.most_constrained(&t), None, "no cell left");
        let is_peer = |a: usize, b: usize| {
            let (x, y) = (layout.houses_of(a), layout.houses_of(b));
            a != b && (0..3).any(|k| x[k] == y[k])
        };
        let mut rng = Rng::new(6);
        for _ in 0..500 {
            let density = rng.between(1, 90);
            let unsolved: Vec<usize> = (0..81).filter(|_| rng.percent(density)).collect();
            state.grid.unsolved = unsolved
                .iter()
                .fold(u128::EMPTY, |set, &c| set.or(u128::cell(c)));
            for c in 0..81 {
                state.grid.candidates[c] = 1 << rng.below(9) | 1 << rng.below(9);
            }
            let count = |c: usize| state.grid.candidates[c].count_ones();
            let empty = |c: usize| unsolved.iter().filter(|&&p| is_peer(c, p)).count();
            let fewest = unsolved.iter().map(|&c| count(c)).min();
            let most = unsolved
                .iter()
                .filter(|&&c| Some(count(c)) == fewest)
                .map(|&c| empty(c))
                .max();
            let wanted = unsolved
                .iter()
                .copied()
                .find(|&c| Some(count(c)) == fewest && Some(empty(c)) == most);
            assert_eq!(state.most_constrained(&t), wanted, "{:?}", unsolved);
        }
    }

    /// A digit's gain is what it adds to a completion's score: over random full 6x6 grids
    /// and random weights, the gains of each cell's digit sum to the grid's score, counted
    /// in whole points.
    #[test]
    fn the_gains_of_a_grid_sum_to_its_score() {
        let layout = Layout::boxes(2, 3);
        let regions: Vec<u8> = layout.regions().to_vec();
        let mut rng = Rng::new(7);
        for _ in 0..50 {
            let weights: Vec<u32> = (0..36).map(|_| rng.below(31) as u32).collect();
            let t = Tables::new::<u64>(&layout, &weights);
            let grid = testkit::gen::random_solution(&mut rng, 6, &regions).expect("a grid");
            let score: u32 = (0..36).map(|c| weights[c] * u32::from(grid[c])).sum();
            let gains: f64 = (0..36).map(|c| t.gain(c, usize::from(grid[c]) - 1)).sum();
            assert_eq!(gains, f64::from(score), "weights {:?}", weights);
        }
    }

    /// With no cell weighing anything, the root is a tail ([`Maximiser::fit_tail`]). The
    /// givens leave a 4x4 grid open on a rectangle of two rows, two columns and two boxes,
    /// each cell with the candidates 1 and 3, which no single or locked candidate settles:
    /// the first dive visits the root, a bounded node, and the fitting branches once, on a
    /// cell of the rectangle, after which propagation fills the other three. The completion
    /// found scores the root's bound, 0, which ends the search: [`Maximiser::nodes`] counts
    /// the two nodes.
    #[test]
    fn the_nodes_count_the_bounded_node_and_the_tails_fitting() {
        let layout = Layout::boxes(2, 2);
        let mut engine = Maximiser::<u64>::new(&layout, &[0; 16]);
        let givens = [0, 2, 0, 4, 0, 4, 0, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert_eq!(engine.maximise(&givens), Some(0));
        assert_eq!(engine.nodes(), 2);
        let corners = [0, 2, 4, 6].map(|cell| engine.best_grid()[cell]);
        assert!(
            corners == [1, 3, 3, 1] || corners == [3, 1, 1, 3],
            "{:?}",
            corners
        );
    }

    /// A digit's reduced costs and loss against their documented rule, computed directly on
    /// random duals of a 9x9 state, the houses read off the layout: in each house of the
    /// cell, `-profit - cell_dual - digit_dual`, and the loss their sum.
    #[test]
    fn the_losses_sum_the_reduced_costs_of_the_cells_copies() {
        let layout = Layout::boxes(3, 3);
        let t = Tables::new::<u128>(&layout, &[0; 81]);
        let mut state = State::<u128>::new(&t);
        let mut rng = Rng::new(8);
        let mut draw = |v: &mut Vec<i32>| {
            for x in v.iter_mut() {
                *x = rng.below(2000) as i32 - 1000;
            }
        };
        draw(&mut state.dual.profit);
        draw(&mut state.dual.cell_dual);
        draw(&mut state.dual.digit_dual);
        let dual = &state.dual;
        for cell in 0..81 {
            let houses = layout.houses_of(cell);
            for d in 0..9 {
                let wanted: Vec<i32> = (0..3)
                    .map(|kind| {
                        let i = kind * 81 + cell;
                        -dual.profit[i * 9 + d]
                            - dual.cell_dual[i]
                            - dual.digit_dual[houses[kind] * 9 + d]
                    })
                    .collect();
                let h = t.cell_houses[cell];
                assert_eq!(state.reduced(9, 81, cell, h, d).to_vec(), wanted);
                let sum: i64 = wanted.iter().map(|&r| i64::from(r)).sum();
                assert_eq!(state.loss(9, 81, cell, h, d), sum);
            }
        }
    }

    /// The disagreements against their documented rule, counted directly on random 9x9
    /// states: over the empty cells, the pairs of the cell's three copies (row, column,
    /// region) whose digits differ. Two or three digits a state, so that every pattern of
    /// agreement is common.
    #[test]
    fn the_disagreements_count_the_pairs_of_copies_that_differ() {
        let layout = Layout::boxes(3, 3);
        let t = Tables::new::<u128>(&layout, &[0; 81]);
        let mut state = State::<u128>::new(&t);
        let mut rng = Rng::new(9);
        for _ in 0..200 {
            let unsolved: Vec<usize> = (0..81).filter(|_| rng.percent(50)).collect();
            state.grid.unsolved = unsolved
                .iter()
                .fold(u128::EMPTY, |set, &c| set.or(u128::cell(c)));
            let digits = rng.between(2, 3);
            for a in state.dual.assigned.iter_mut() {
                *a = 1 << rng.below(digits);
            }
            let assigned = &state.dual.assigned;
            let wanted: i64 = unsolved
                .iter()
                .map(|&c| {
                    let copies = [assigned[c], assigned[81 + c], assigned[162 + c]];
                    [(0, 1), (0, 2), (1, 2)]
                        .iter()
                        .filter(|&&(i, j)| copies[i] != copies[j])
                        .count() as i64
                })
                .sum();
            assert_eq!(state.disagreements(81), wanted, "{:?}", unsolved);
        }
    }

    /// The slack against its documented rule on random 6x6 states: a placement that lowers
    /// the total (the placed score in profit units plus the houses' bounds) by the slack
    /// leaves a bound, the score plus the houses' bounds in whole points, above the aim, and
    /// one that lowers it by one unit more does not.
    #[test]
    fn the_slack_is_the_most_a_placement_may_lower_the_total_and_beat_the_aim() {
        let layout = Layout::boxes(2, 3);
        let t = Tables::new::<u64>(&layout, &[0; 36]);
        let mut state = State::<u64>::new(&t);
        let scale = i64::from(SCALE);
        let mut rng = Rng::new(10);
        for _ in 0..200 {
            state.grid.score = rng.below(100) as u32;
            for b in state.dual.house_bound.iter_mut() {
                *b = rng.below(10 * SCALE as usize) as i32;
            }
            let houses: i64 = state.dual.house_bound.iter().map(|&b| i64::from(b)).sum();
            let aim = rng.below(400) as u32;
            let slack = state.slack(aim);
            let bound =
                |lowered: i64| i64::from(state.grid.score) + (houses - lowered).div_euclid(scale);
            assert!(bound(slack) > i64::from(aim), "aim {} slack {}", aim, slack);
            assert!(
                bound(slack + 1) <= i64::from(aim),
                "aim {} slack {}",
                aim,
                slack
            );
        }
    }
}
