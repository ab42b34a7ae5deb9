//! A node's [`State`] (its candidates, the cell to branch on) and the work on a [`Node`]:
//! placing digits and marking what changed, naked and hidden singles, locked candidates.

use super::*;
use crate::bitset::tally;

impl<B: Bitset> State<B> {
    /// The root: every digit possible everywhere.
    pub(super) fn new(tables: &Tables<B>) -> Self {
        State {
            candidates: [tables.all_cells; MAX_DIGITS],
            unsolved: tables.all_cells,
            open: [tables.all_houses; MAX_DIGITS],
        }
    }

    /// Becomes a copy of `other` as far as a node reads it: the boards of digits `1..=size`,
    /// the unsolved cells, and the open houses only if it looks for hidden singles.
    #[inline]
    pub(super) fn copy_from(&mut self, other: &Self, size: usize, hidden: bool) {
        self.candidates[..size].copy_from_slice(&other.candidates[..size]);
        self.unsolved = other.unsolved;
        if hidden {
            self.open[..size].copy_from_slice(&other.open[..size]);
        }
    }

    /// The cells left with no digit (`.0`) and with exactly one (`.1`).
    #[inline]
    fn naked(&self, size: usize) -> (B, B) {
        let [once, twice] = tally(self.candidates[..size].iter().copied());
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
    pub(super) fn fewest_candidates(&self, size: usize, peers: &[B; CELL_SLOTS]) -> Option<usize> {
        if self.unsolved.is_empty() {
            return None;
        }
        let [_, two, three] = tally(self.candidates[..size].iter().copied());
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
        let [_, _, three, four] = tally(self.candidates[..size].iter().copied());
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
    pub(super) fn digits_of(&self, size: usize, cell: usize) -> u32 {
        // Highest digit first, each bit shifted in: no shift by a variable amount.
        let mut digits = 0;
        for b in self.candidates[..size].iter().rev() {
            digits = digits << 1 | b.contains(cell) as u32;
        }
        digits
    }
}

impl<'a, B: Bitset> Node<'a, B> {
    /// Places digit `d + 1` in `cell`, whose other candidates are the digits of `others`
    /// (bit `digit - 1`), and marks what changed if the node looks for hidden singles.
    /// Constraint: `cell` is unsolved and the digit is still among its candidates (so no
    /// house holds it yet); `others` is empty unless the node looks for hidden singles.
    #[inline]
    pub(super) fn place_and_mark(&mut self, cell: usize, d: usize, others: u32) {
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
    pub(super) fn place_unmarked(&mut self, cell: usize, d: usize, others: u32) {
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
    pub(super) fn propagate(&mut self) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::tests::{boards_of, brute_locked_pass, digits_by_cell};
    use crate::backtrack::tests::{is_solution, parse, pattern_grid};
    use testkit::gen::{self, LayoutKind};
    use testkit::rng::Rng;

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

    /// One pass of locked candidates against their rule run by brute force
    /// (`brute_locked_pass`) on random changed houses: the same strikes, what a digit
    /// confined within a house to another, not both lines, leaves (a line and a region
    /// either way, implied houses too), and whether it struck anything. A column with one
    /// place locks its region only: striking the rest of its row is a hidden single's work.
    /// Boxes, grown and scattered layouts, their candidates a full grid's digits and random
    /// others, so that no house runs out of places.
    #[test]
    fn locked_candidates_strike_what_their_rule_does() {
        let kinds = [LayoutKind::Boxes, LayoutKind::Grown, LayoutKind::Scattered];
        let mut rng = Rng::new(29);
        let mut struck = 0;
        for round in 0..100 {
            let size = [4, 6, 9][round % 3];
            let (regions, solution) =
                gen::layout_with_solution(&mut rng, size, |rng| kinds[rng.below(3)]);
            let mut search: Search<u128> = Search::new(&Layout::new(size, regions).unwrap());
            let percent = rng.between(5, 60);
            let cells: Vec<u32> = solution
                .iter()
                .map(|&g| {
                    let others = (0..size).filter(|_| rng.percent(percent));
                    others.fold(1 << (g - 1), |m, d| m | 1 << d)
                })
                .collect();
            let all = search.tables.all_houses;
            let stale = if rng.percent(20) {
                all
            } else {
                all & rng.next_u64()
            };
            let mut expected = cells.clone();
            let strikes = brute_locked_pass(&search.tables, &mut expected, stale);
            let mut state = State::new(&search.tables);
            state.candidates = boards_of(&cells);
            let found = node_over(&mut search, &mut state, stale, true).locked_candidates();
            assert_eq!(found, strikes, "round {}", round);
            assert_eq!(digits_by_cell(&state, size), expected, "round {}", round);
            struck += strikes as usize;
        }
        assert!(struck > 30, "{}", struck);
    }
}
