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
//! filling at once, then to the SAT solver of [`crate::sat`] (see `Search::count_by_sat`).
//! Besides the rows, columns and regions, the houses include those the law of leftovers
//! implies (`Tables::add_implied_houses`). A board is a [`Bitset`], the caller's choice of
//! width (see [`Backtracker`]).
//!
//! Each branch copies the node's state (a fixed-size value) one level down, into a buffer
//! allocated once per [`Backtracker`]; a cell's last candidate is tried in place, without a
//! copy. A search allocates nothing.

use crate::bitset::{Bitset, Cells, Digits, MAX_DIGITS};
use crate::layout::Layout;

mod sudoku_cnf;

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

impl<B: Bitset> Tables<B> {
    fn new(layout: &Layout) -> Self {
        let size = layout.size();
        let cells = layout.cells();
        assert!(cells <= B::CAPACITY && size <= MAX_DIGITS);
        let mut tables = Tables {
            size,
            cells,
            peers: [B::EMPTY; CELL_SLOTS],
            houses: [B::EMPTY; HOUSE_SLOTS],
            cell_houses: [0; CELL_SLOTS],
            all_houses: (1u64 << (3 * size)) - 1,
            all_cells: (0..cells).fold(B::EMPTY, |b, c| b.or(B::cell(c))),
        };
        // Rows and columns, which `fill` keeps.
        for cell in 0..cells {
            for h in [cell / size, size + cell % size] {
                tables.houses[h] = tables.houses[h].or(B::cell(cell));
            }
        }
        tables.fill(layout);
        tables
    }

    /// Rebuilds the tables for `layout`, of the size they were made for, in place. O(N^2).
    fn fill(&mut self, layout: &Layout) {
        let size = self.size;
        assert_eq!(layout.size(), size, "a layout of the same size");
        // Rows and columns never change: the region boards come from one pass over the
        // cells, and a cell's peers are its row, column and region boards without the one
        // cell its row and column share. No lists, no sorting, so that a new layout per case
        // (jigsaw) costs little next to a search.
        let (lines, regions) = self.houses.split_at_mut(2 * size);
        let (rows, columns) = lines.split_at(size);
        let regions = &mut regions[..size];
        let region_of = &layout.regions()[..self.cells];
        regions.fill(B::EMPTY);
        for (cell, &g) in region_of.iter().enumerate() {
            regions[g as usize] = regions[g as usize].or(B::cell(cell));
        }
        let peers = self.peers.chunks_mut(size);
        let houses = self.cell_houses.chunks_mut(size);
        for (r, ((peers, houses), region_of)) in
            peers.zip(houses).zip(region_of.chunks(size)).enumerate()
        {
            let row = rows[r];
            let line = peers.iter_mut().zip(houses).zip(region_of).zip(columns);
            for (c, (((peers, houses), &g), &column)) in line.enumerate() {
                let seen = row.or(column).or(regions[g as usize]);
                *peers = seen.and_not(row.and(column));
                *houses = 1 << r | 1 << (size + c) | 1 << (2 * size + g as usize);
            }
        }
        self.all_houses = (1u64 << (3 * size)) - 1;
        self.houses[3 * size..].fill(B::EMPTY);
        self.add_implied_houses();
    }
}

impl<B: Bitset> Tables<B> {
    /// The houses that the law of leftovers implies, after the rows, columns and regions, as
    /// many as a house set's 64 bits hold. `k` lines of one direction (rows or columns, any
    /// `k` of them: a band) hold each digit `k` times. When `k - 1` regions lie inside the
    /// band, the band's other `N` cells hold each digit once: a house. When `k + 1` regions
    /// meet the band, so do their `N` cells outside it. Every solution keeps them, so no
    /// count changes; but the search and the SAT solver see through them at once what they
    /// would otherwise find by long counting, which is how most jigsaw layouts without a
    /// filling fail. `O(2^N N)` board operations.
    fn add_implied_houses(&mut self) {
        let size = self.size;
        let regions = 2 * size..3 * size;
        for direction in 0..2 {
            for lines in 1u32..(1 << size) - 1 {
                let band =
                    Digits(lines).fold(B::EMPTY, |b, l| b.or(self.houses[direction * size + l]));
                let (mut inside, mut inside_cells) = (0, B::EMPTY);
                let (mut met, mut met_cells) = (0, B::EMPTY);
                for &region in &self.houses[regions.clone()] {
                    if region.and_not(band).is_empty() {
                        inside += 1;
                        inside_cells = inside_cells.or(region);
                    } else if !region.and(band).is_empty() {
                        met += 1;
                        met_cells = met_cells.or(region);
                    }
                }
                let k = lines.count_ones();
                if inside + 1 == k {
                    self.add_house(band.and_not(inside_cells));
                }
                if inside + met == k + 1 {
                    self.add_house(inside_cells.or(met_cells).and_not(band));
                }
            }
        }
    }

    /// Adds `house` to the houses unless it is one already or the house sets are full.
    fn add_house(&mut self, house: B) {
        let next = self.all_houses.count_ones() as usize;
        if next == 64 || self.houses[..next].contains(&house) {
            return;
        }
        self.houses[next] = house;
        self.all_houses |= 1 << next;
        for cell in Cells(house) {
            self.cell_houses[cell] |= 1 << next;
            self.peers[cell] = self.peers[cell].or(house.and_not(B::cell(cell)));
        }
    }
}

impl<B: Bitset> State<B> {
    /// The root: every digit possible everywhere.
    fn new(tables: &Tables<B>) -> Self {
        State {
            candidates: [tables.all_cells; MAX_DIGITS],
            unsolved: tables.all_cells,
            open: [tables.all_houses; MAX_DIGITS],
        }
    }

    /// Becomes a copy of `other` as far as a node reads it: the boards of digits `1..=size`,
    /// the unsolved cells, and the open houses only if it looks for hidden singles.
    #[inline]
    fn copy_from(&mut self, other: &Self, size: usize, hidden: bool) {
        self.candidates[..size].copy_from_slice(&other.candidates[..size]);
        self.unsolved = other.unsolved;
        if hidden {
            self.open[..size].copy_from_slice(&other.open[..size]);
        }
    }

    /// The cells left with no digit (`.0`) and with exactly one (`.1`).
    #[inline]
    fn naked(&self, size: usize) -> (B, B) {
        let mut once = B::EMPTY;
        let mut twice = B::EMPTY;
        for &b in &self.candidates[..size] {
            twice = twice.or(once.and(b));
            once = once.or(b);
        }
        (
            self.unsolved.and_not(once),
            self.unsolved.and(once).and_not(twice),
        )
    }

    /// MRV: an unsolved cell with the fewest candidates, or `None` when every cell is solved.
    /// Cells with two or three candidates are found bit-sliced; only when there is none are
    /// cells counted one by one. Among cells with two, the one with the most unsolved peers
    /// plus two-candidate peers (`peers[cell]`): its two branches strike the most, so that
    /// fewer nodes follow them (on the hardest 9x9 puzzles most of all).
    fn fewest_candidates(&self, size: usize, peers: &[B; CELL_SLOTS]) -> Option<usize> {
        if self.unsolved.is_empty() {
            return None;
        }
        let (mut one, mut two, mut three) = (B::EMPTY, B::EMPTY, B::EMPTY);
        for &b in &self.candidates[..size] {
            three = three.or(two.and(b));
            two = two.or(one.and(b));
            one = one.or(b);
        }
        let pairs = self.unsolved.and(two).and_not(three);
        if !pairs.is_empty() {
            let mut best = pairs.lowest();
            let mut most = 0;
            for cell in Cells(pairs) {
                let seen = peers[cell]
                    .and(self.unsolved)
                    .len_with(peers[cell].and(pairs));
                if seen > most {
                    most = seen;
                    best = cell;
                }
            }
            return Some(best);
        }
        let (mut one, mut two, mut three, mut four) = (B::EMPTY, B::EMPTY, B::EMPTY, B::EMPTY);
        for &b in &self.candidates[..size] {
            four = four.or(three.and(b));
            three = three.or(two.and(b));
            two = two.or(one.and(b));
            one = one.or(b);
        }
        let triples = self.unsolved.and(three).and_not(four);
        if !triples.is_empty() {
            return Some(triples.lowest());
        }
        let mut best = self.unsolved.lowest();
        let mut best_len = usize::MAX;
        for cell in Cells(self.unsolved) {
            let len = self.digits_of(size, cell).count_ones() as usize;
            if len < best_len {
                best_len = len;
                best = cell;
            }
        }
        Some(best)
    }

    /// The digits `cell` may take, as a mask: bit `digit - 1`.
    #[inline]
    fn digits_of(&self, size: usize, cell: usize) -> u32 {
        // Highest digit first, each bit shifted in: no shift by a variable amount.
        let mut digits = 0;
        for b in self.candidates[..size].iter().rev() {
            digits = digits << 1 | b.contains(cell) as u32;
        }
        digits
    }
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

impl<'a, B: Bitset> Node<'a, B> {
    /// Places digit `d + 1` in `cell`, whose other candidates are the digits of `others`
    /// (bit `digit - 1`), and marks what changed if the node looks for hidden singles.
    /// Constraint: `cell` is unsolved and the digit is still among its candidates (so no
    /// house holds it yet); `others` is empty unless the node looks for hidden singles.
    #[inline]
    fn place_and_mark(&mut self, cell: usize, d: usize, others: u32) {
        let bit = B::cell(cell);
        let houses = self.tables.cell_houses[cell];
        for e in Digits(others) {
            self.state.candidates[e] = self.state.candidates[e].and_not(bit);
            self.marks.stale_hidden[e] |= houses;
        }
        self.place_unmarked(cell, d, 0);
        if self.hidden {
            self.marks.changed |= others;
            self.mark_digit(d);
        }
    }

    /// Marks every house as changed on digit `d + 1`'s board. Cheaper than naming the houses
    /// of the cells it lost one by one, or than testing whether it lost any: the digit's open
    /// houses are few once the search is deep, and a look at each is one board operation.
    #[inline]
    fn mark_digit(&mut self, d: usize) {
        self.marks.stale_hidden[d] = !0;
        self.marks.changed |= 1 << d;
    }

    /// Locked candidates on the changed houses: when a digit's places in a region all lie in
    /// one line, it leaves the rest of the line, and the other way round. True if it removed
    /// anything. The one line (or region) that may hold a house's places is that of their
    /// lowest cell, so each changed house costs one test per other house of that cell.
    /// O(N) house tests per digit. Not inlined: inside `propagate` it slowed the nodes that
    /// never lock (latin6's `visit_lex`).
    #[inline(never)]
    fn locked_candidates(&mut self) -> bool {
        let t = self.tables;
        // The `min` changes nothing (`Tables::new` asserts `size <= MAX_DIGITS`), but shows
        // the compiler the bound: it drops the index checks where the digits index tables.
        let size = t.size.min(MAX_DIGITS);
        let regions = t.all_houses >> (2 * size) << (2 * size);
        let mut found = false;
        for d in 0..size {
            let houses = std::mem::take(&mut self.marks.stale_locked[d]) & self.state.open[d];
            let mut board = self.state.candidates[d];
            for h in Cells(houses) {
                let places = board.and(t.houses[h]);
                if places.is_empty() {
                    continue;
                }
                // A line's places can lie in one region only, a region's in a row or a column.
                let mut others = t.cell_houses[places.lowest()] & !(1 << h);
                if h < 2 * size {
                    others &= regions;
                }
                for o in Cells(others) {
                    let other = t.houses[o];
                    if places.and_not(other).is_empty() {
                        let gone = board.and(other).and_not(t.houses[h]);
                        if !gone.is_empty() {
                            board = board.and_not(gone);
                            self.mark_digit(d);
                            found = true;
                        }
                    }
                }
            }
            self.state.candidates[d] = board;
        }
        found
    }

    /// Places digit `d + 1` in `cell` and strikes the digits of `others` there, as
    /// [`Node::place_and_mark`] does, but marks nothing. `others` may hold digits that are no
    /// longer candidates.
    #[inline]
    fn place_unmarked(&mut self, cell: usize, d: usize, others: u32) {
        let t = self.tables;
        let s = &mut *self.state;
        let bit = B::cell(cell);
        for e in Digits(others) {
            s.candidates[e] = s.candidates[e].and_not(bit);
        }
        s.candidates[d] = s.candidates[d].and_not(t.peers[cell]);
        s.unsolved = s.unsolved.and_not(bit);
        s.open[d] &= !t.cell_houses[cell];
        self.grid[cell] = d as u8 + 1;
    }

    /// Completes a node whose every empty cell has one candidate left: a solution unless two
    /// of those cells in one house want the same digit. Only the grid and the unsolved cells
    /// are brought up to date: nothing reads the rest of a solved node.
    fn finish(&mut self) -> bool {
        let t = self.tables;
        for d in 0..t.size {
            let cells = self.state.unsolved.and(self.state.candidates[d]);
            for cell in Cells(cells) {
                if !cells.and(t.peers[cell]).is_empty() {
                    return false;
                }
                self.grid[cell] = d as u8 + 1;
            }
        }
        self.state.unsolved = B::EMPTY;
        true
    }

    /// Naked and hidden singles until neither finds anything. False on a contradiction: a
    /// cell with no candidate, or a house with no place left for a digit it lacks.
    fn propagate(&mut self) -> bool {
        // As in `locked_candidates`, the `min` drops index checks.
        let size = self.tables.size.min(MAX_DIGITS);
        loop {
            loop {
                let (empty, singles) = self.state.naked(size);
                if !empty.is_empty() {
                    return false;
                }
                if singles.is_empty() {
                    break;
                }
                if singles == self.state.unsolved {
                    return self.finish();
                }
                if B::CAPACITY > u64::CAPACITY {
                    // Cell by cell on grids past 8x8: the loop over a cell's digits has a
                    // fixed length, where a test per digit for singles is often mispredicted
                    // (on the hardest 9x9 set, fewer mispredictions outweigh more instructions).
                    for cell in Cells(singles) {
                        match Digits(self.state.digits_of(size, cell)).next() {
                            Some(d) => self.place_and_mark(cell, d, 0),
                            None => return false,
                        }
                    }
                } else {
                    // Digit by digit on small grids, with few digits and many singles per
                    // round (latin6's grids: faster than cell by cell).
                    for d in 0..size {
                        for cell in Cells(singles.and(self.state.candidates[d])) {
                            if !self.state.candidates[d].contains(cell) {
                                return false;
                            }
                            self.place_and_mark(cell, d, 0);
                        }
                    }
                }
            }
            if !self.hidden {
                return true;
            }
            let mut found = false;
            // Only the digits whose boards changed: a test per digit would often be
            // mispredicted.
            for d in Digits(std::mem::take(&mut self.marks.changed)) {
                if self.locking {
                    self.marks.stale_locked[d] |= self.marks.stale_hidden[d];
                }
                let stale = std::mem::take(&mut self.marks.stale_hidden[d]);
                let mut houses = Cells(stale & self.state.open[d]);
                while let Some(h) = houses.next() {
                    let places = self.state.candidates[d].and(self.tables.houses[h]);
                    // Most houses have two places or more: one test sets them aside.
                    if places.without_lowest().is_empty() {
                        if places.is_empty() {
                            return false;
                        }
                        let cell = places.lowest();
                        let others = self.state.digits_of(size, cell) & !(1 << d);
                        self.place_and_mark(cell, d, others);
                        // The houses the digit just filled need no look.
                        houses.0 &= self.state.open[d];
                        found = true;
                    }
                }
            }
            if !(found || self.locking && self.locked_candidates()) {
                return true;
            }
        }
    }
}

impl<B: Bitset> Search<B> {
    fn new(layout: &Layout) -> Self {
        let tables = Tables::new(layout);
        Search {
            levels: vec![State::new(&tables); tables.cells + 1],
            grid: vec![0; tables.cells],
            hidden: true,
            nodes: 0,
            hand_over_after: SAT_AFTER,
            root: State::new(&tables),
            guesses: 0,
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
    fn start(&mut self, givens: &[u8]) -> bool {
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
    fn count_from(
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
            if self.nodes > self.hand_over_after {
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
                    if *count >= limit || self.nodes > self.hand_over_after {
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
    fn no_cover(&self) -> bool {
        let t = &self.tables;
        let n = t.size;
        let mut region_of = vec![0u8; t.cells];
        for (g, &region) in t.houses[2 * n..3 * n].iter().enumerate() {
            for cell in Cells(region) {
                region_of[cell] = g as u8;
            }
        }
        crate::fractional_cover::refutes(n, &region_of, &self.root.candidates[..n])
    }

    fn visit_from<F>(&mut self, depth: usize, walk: &mut Walk, visit: &mut F) -> bool
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

/// Nodes a lexicographic walk goes without a solution before it probes every node
/// ([`Search::probe`]) until the next one: walks that list many solutions never pay for it.
const PATIENCE: u64 = 1 << 10;

/// Probe trials a walk may spend per node since its last solution.
const PROBE_SHARE: u64 = 2;

/// The nodes a count searches before it starts again with the SAT solver
/// ([`Search::count_by_sat`]): several times what the hardest 9x9 puzzles need. The counts
/// that run past it are mostly sparse jigsaw grids without a solution, which clause learning
/// refutes quickly where the search, which learns nothing, meets the same dead ends over and
/// over.
const SAT_AFTER: usize = 3000;

/// [`SAT_AFTER`] for a sparse grid, one with fewer givens than a [`SPARSE`]th of the cells.
/// A sparse grid has many solutions, or none: one that a few hundred nodes do not settle is
/// mostly a layout without a filling, which the proof by templates settles at once and a
/// longer search would not. Denser grids (the hardest puzzles with one solution) sometimes
/// need a few thousand nodes, fewer than the SAT solver costs.
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
        if s.nodes > s.hand_over_after {
            if s.no_cover() {
                return 0;
            }
            count = s.count_by_sat(givens, limit, solution, fresh);
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
    fn pattern_grid() -> Vec<u8> {
        (0..81)
            .map(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9) as u8 + 1)
            .collect()
    }

    fn parse(s: &str) -> Vec<u8> {
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
    fn layouts4() -> [Layout; 3] {
        let stripes = (0..16).map(|c| (c / 4) as u8).collect();
        let shapes = parse("0001 2011 2231 2333");
        [
            Layout::boxes(2, 2),
            Layout::new(4, stripes).unwrap(),
            Layout::new(4, shapes).unwrap(),
        ]
    }

    #[test]
    fn tables_filled_in_place_are_those_of_a_new_layout() {
        let mut tables: Tables<u64> = Tables::new(&Layout::boxes(2, 2));
        for layout in layouts4().iter().rev() {
            tables.fill(layout);
            assert_eq!(tables, Tables::new(layout));
        }
    }

    /// Asserts that the tables of `layout` hold its houses, each cell's peers and each
    /// cell's houses as [`Layout`] lists them.
    fn assert_tables_match<B: Bitset + std::fmt::Debug>(layout: &Layout) {
        let t: Tables<B> = Tables::new(layout);
        let board = |cells: &[usize]| cells.iter().fold(B::EMPTY, |b, &c| b.or(B::cell(c)));
        for (h, cells) in layout.houses().iter().enumerate() {
            assert_eq!(t.houses[h], board(cells), "house {}", h);
        }
        let implied = t.all_houses >> layout.houses().len();
        for (cell, peers) in layout.peers().iter().enumerate() {
            let houses = layout.houses_of(cell).iter().fold(0u64, |s, &h| s | 1 << h);
            assert_eq!(
                t.cell_houses[cell] & !(implied << layout.houses().len()),
                houses,
                "houses of cell {}",
                cell
            );
            let seen = Cells(t.cell_houses[cell])
                .fold(board(peers), |b, h| b.or(t.houses[h]))
                .and_not(B::cell(cell));
            assert_eq!(t.peers[cell], seen, "peers of cell {}", cell);
        }
        for h in Cells(t.all_houses) {
            let cells = Cells(t.houses[h]).count();
            assert_eq!(cells, layout.size(), "house {} has a cell per digit", h);
        }
    }

    #[test]
    fn tables_hold_the_houses_and_peers_of_the_layout() {
        for layout in layouts4().iter() {
            assert_tables_match::<u64>(layout);
        }
        // 9x9 boxes and a scrambled 9x9 layout (two cells of different regions swapped
        // several times) on u128 boards, 16x16 boxes on 256-bit boards.
        assert_tables_match::<u128>(&Layout::boxes(3, 3));
        let mut regions: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
        for k in 0..20 {
            regions.swap(k * 7 % 81, (k * 31 + 5) % 81);
        }
        assert_tables_match::<u128>(&Layout::new(9, regions).unwrap());
        assert_tables_match::<Bits256>(&Layout::boxes(4, 4));
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

    /// A node over `state` (a state of the test's own, not one of the search's levels) with
    /// fresh marks: no stale hidden singles, `stale_locked` houses for every digit, hidden
    /// singles on.
    fn node_over<'a, B: Bitset>(
        search: &'a mut Search<B>,
        state: &'a mut State<B>,
        stale_locked: u64,
        locking: bool,
    ) -> Node<'a, B> {
        search.marks = Marks {
            stale_hidden: [0; MAX_DIGITS],
            changed: 0,
            stale_locked: [stale_locked; MAX_DIGITS],
        };
        Node {
            tables: &search.tables,
            state,
            grid: &mut search.grid,
            marks: &mut search.marks,
            locking,
            hidden: true,
        }
    }

    /// Digit 1 struck from the cells of `struck` in the empty 4x4 grid with 2x2 blocks, then
    /// one full locked-candidates pass: whether it found no contradiction, and the digits'
    /// boards after it.
    fn lock_after_striking(struck: u64) -> (bool, [u64; 4]) {
        let layout = Layout::boxes(2, 2);
        let mut search: Search<u64> = Search::new(&layout);
        let mut state = State::new(&search.tables);
        state.candidates[0] &= !struck;
        let all = search.tables.all_houses;
        let ok = node_over(&mut search, &mut state, all, true).locked_candidates();
        let mut boards = [0; 4];
        boards.copy_from_slice(&state.candidates[..4]);
        (ok, boards)
    }

    #[test]
    fn locked_candidates_clear_the_rest_of_the_line() {
        // Digit 1 may go only in row 0 within block 0 (cells 0 and 1), so it leaves cells 2
        // and 3 of row 0; in row 3 it may go only in block 3 (cells 14 and 15), so it leaves
        // cells 10 and 11 of block 3.
        let (ok, boards) = lock_after_striking(1 << 4 | 1 << 5 | 1 << 12 | 1 << 13);
        assert!(ok);
        let gone = 1 << 2 | 1 << 3 | 1 << 10 | 1 << 11;
        assert_eq!(boards[0] & gone, 0);
        assert_eq!(boards[0].count_ones(), 16 - 4 - 4);
        assert!(boards[1..].iter().all(|&b| b == 0xffff));
    }

    #[test]
    fn a_region_without_a_place_for_a_digit_locks_no_line() {
        // Digit 1 gone from block 0 (cells 0, 1, 4 and 5). Its row 0 and column 0 must not
        // lose the digit through block 0 (an empty region is no line of places); they still
        // lock block 1 and block 2, whose other cells lose it.
        let (ok, boards) = lock_after_striking(1 << 0 | 1 << 1 | 1 << 4 | 1 << 5);
        assert!(ok);
        let kept = 1 << 2 | 1 << 3 | 1 << 8 | 1 << 12;
        assert_eq!(boards[0] & kept, kept);
        assert_eq!(boards[0] & (1 << 6 | 1 << 7 | 1 << 9 | 1 << 13), 0);
    }

    #[test]
    fn a_node_of_clashing_singles_is_no_solution() {
        // 4x4 grid 1234/3412/2143/4321 with cells 0 and 1 emptied. With 1 left in cell 0
        // and 2 in cell 1 it is solved; with 1 left in both, they clash in row 0.
        let layout = Layout::boxes(2, 2);
        let full = parse("1234 3412 2143 4321");
        let mut search: Search<u64> = Search::new(&layout);
        for (second, solved) in [(1usize, true), (0, false)] {
            let mut state = State::new(&search.tables);
            for b in state.candidates[..4].iter_mut() {
                *b = 0;
            }
            for (cell, &d) in full.iter().enumerate().skip(2) {
                state.candidates[d as usize - 1] |= 1 << cell;
            }
            state.candidates[0] |= 1;
            state.candidates[second] |= 2;
            state.unsolved = 0b11;
            let finished = node_over(&mut search, &mut state, 0, false).finish();
            assert_eq!(finished, solved);
            if solved {
                assert_eq!(&search.grid[..2], &full[..2]);
            }
        }
    }

    #[test]
    fn clashing_singles_on_a_wide_board_are_no_solution() {
        // 9x9 (u128 boards, singles placed cell by cell): a full grid with cells 0, 1 and 2
        // emptied. Cell 0 keeps its digit, cell 1 its own digit or cell 0's, cell 2 its own
        // and cell 0's. With its own digit in cell 1 the node is solved; with cell 0's, cells
        // 0 and 1 clash in row 0.
        let layout = Layout::boxes(3, 3);
        let full = pattern_grid();
        assert!(is_solution(&layout, &[0; 81], &full));
        let mut search: Search<u128> = Search::new(&layout);
        let first = full[0] as usize - 1;
        for (second, solved) in [(full[1] as usize - 1, true), (first, false)] {
            let mut state = State::new(&search.tables);
            for b in state.candidates[..9].iter_mut() {
                *b = 0;
            }
            for (cell, &d) in full.iter().enumerate().skip(3) {
                state.candidates[d as usize - 1] |= 1 << cell;
            }
            state.candidates[first] |= 1 | 1 << 2;
            state.candidates[second] |= 1 << 1;
            state.candidates[full[2] as usize - 1] |= 1 << 2;
            state.unsolved = 0b111;
            let propagated = node_over(&mut search, &mut state, 0, false).propagate();
            assert_eq!(propagated, solved);
            if solved {
                assert_eq!(&search.grid[..3], &full[..3]);
            }
        }
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

    #[test]
    fn a_long_count_is_finished_by_the_templates_or_the_sat_solver() {
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
        assert_eq!(solver.sat_conflicts(), 0, "settled by the templates");
        // A sparse jigsaw grid that a hunt found: several solutions, too rare for the
        // search to meet two of them in its nodes, and the templates cover it fractionally.
        let layout = Layout::new(
            9,
            parse("000011111 222000011 322222011 342555556 345566666 344566768 344577788 334447888 337777888"),
        )
        .unwrap();
        let givens = parse(".3....... ......... .....7... .....1... .....2... ....4.... ......... .8....... .........");
        assert_eq!(
            solver.count_up_to(&givens, 2, &mut grid),
            0,
            "another layout, not set"
        );
        solver.set_layout(&layout);
        assert_eq!(solver.count_up_to(&givens, 2, &mut grid), 2);
        assert!(is_solution(&layout, &givens, &grid));
        // Its work is told: the nodes of the search, then the SAT solver's.
        assert_eq!(solver.nodes(), SPARSE_SAT_AFTER as u64 + 1);
        assert!(solver.sat_conflicts() > 0);
        assert!(solver.sat_propagations() > solver.sat_conflicts());
        // A puzzle the search settles alone has no SAT work.
        let mut givens = [0; 81];
        givens[0] = 1;
        let mut boxes = Backtracker::<u128>::new(&Layout::boxes(3, 3));
        assert_eq!(boxes.count_up_to(&givens, 2, &mut grid), 2);
        assert!(boxes.nodes() > 0);
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

    /// MRV with its tie-break, against a count of each cell's candidates: among the unsolved
    /// cells with two, the first with the most unsolved peers plus two-candidate peers; else
    /// the first with three; else the first with the fewest.
    #[test]
    fn the_branch_cell_is_the_pair_that_strikes_the_most() {
        let layout = Layout::boxes(3, 3);
        let peers = Tables::<u128>::new(&layout).peers;
        let mut rng = Rng::new(17);
        let mut pairs_seen = 0;
        for round in 0..600 {
            let random = |rng: &mut Rng, sparse: usize| {
                (0..sparse).fold(u128::MAX, |m, _| {
                    m & (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
                }) & ((1 << 81) - 1)
            };
            let mut state = State::<u128> {
                candidates: [0; MAX_DIGITS],
                unsolved: random(&mut rng, 1 + round % 3),
                open: [0; MAX_DIGITS],
            };
            for board in &mut state.candidates[..9] {
                *board = random(&mut rng, 1 + round % 4);
            }
            let count = |cell: usize| {
                (0..9)
                    .filter(|&d| state.candidates[d] >> cell & 1 == 1)
                    .count()
            };
            let unsolved: Vec<usize> = (0..81).filter(|&c| state.unsolved >> c & 1 == 1).collect();
            let with = |n: usize| unsolved.iter().copied().filter(move |&c| count(c) == n);
            let pairs: u128 = with(2).fold(0, |m, c| m | 1 << c);
            let strikes = |cell: usize| {
                ((peers[cell] & state.unsolved).count_ones() + (peers[cell] & pairs).count_ones())
                    as usize
            };
            // The first of the highest: `max_by_key` would keep the last.
            let most = with(2).map(strikes).max();
            let expected = match most {
                Some(most) => with(2).find(|&c| strikes(c) == most),
                None => with(3).next().or_else(|| {
                    let fewest = unsolved.iter().map(|&c| count(c)).min();
                    unsolved.iter().copied().find(|&c| Some(count(c)) == fewest)
                }),
            };
            pairs_seen += most.is_some() as usize;
            assert_eq!(
                state.fewest_candidates(9, &peers),
                expected,
                "round {}",
                round
            );
        }
        // Both ways taken: with pairs and without.
        assert!(pairs_seen > 100 && pairs_seen < 550, "{}", pairs_seen);
    }
}
