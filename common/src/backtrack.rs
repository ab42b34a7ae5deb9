//! The bitset backtracker: candidates as bitmasks, naked and hidden singles, the cell with the
//! fewest candidates first, and no allocation inside the search.
//!
//! Works on any [`Layout`] (N x N, N <= 16, rows, columns and one partition into regions).
//! Four modes:
//!
//! | mode | call | branching |
//! |---|---|---|
//! | count up to a limit (and the first solution) | [`Backtracker::count_up_to`] | fewest candidates |
//! | every solution in lexicographic order | [`Backtracker::visit_lex`] | first empty cell, digits ascending |
//! | highest weighted sum over all solutions | [`Backtracker::max_weighted`] | fewest candidates, digits descending, bound |
//!
//! Each search node copies one [`Level`] (the candidates of every cell and the digits placed in
//! every house) into a buffer allocated once per [`Backtracker`], so a search allocates nothing.

use crate::candidates::Candidates;
use crate::layout::Layout;

/// The most cells a layout has: 16 x 16.
const MAX_CELLS: usize = 256;
/// Words of the bitset of unsolved cells.
const WORDS: usize = MAX_CELLS / 64;

/// What never changes during a search: who sees whom.
#[derive(Clone, Debug)]
struct Tables {
    size: usize,
    cells: usize,
    all: Candidates,
    /// `peers[cell * peer_stride..][..peer_len[cell]]`: the other cells of its three houses.
    peers: Vec<u16>,
    peer_len: Vec<u8>,
    peer_stride: usize,
    /// `house_cells[house * size..][..size]`: rows, then columns, then regions.
    house_cells: Vec<u16>,
    cell_houses: Vec<[u16; 3]>,
}

/// The state of one search node.
#[derive(Clone, Debug)]
struct Level {
    /// Every cell's candidates; a solved cell holds just its digit.
    candidates: Vec<Candidates>,
    /// The digits placed in each house.
    placed: Vec<Candidates>,
    /// Bit `cell` is set while the cell has no digit.
    unsolved: [u64; WORDS],
    /// The weighted sum of the placed digits (0 outside [`Backtracker::max_weighted`]).
    score: u32,
}

/// A reusable solver for one layout. Build it once, call it for many grids.
#[derive(Clone, Debug)]
pub struct Backtracker {
    tables: Tables,
    levels: Vec<Level>,
    /// Cells whose candidates fell to one digit, waiting to be placed.
    singles: Vec<u16>,
    weights: Vec<u32>,
}

impl Tables {
    fn new(layout: &Layout) -> Self {
        let size = layout.size();
        let cells = layout.cells();
        let peer_lists = layout.peers();
        let peer_stride = peer_lists.iter().map(Vec::len).max().unwrap_or(0);
        let mut peers = vec![0u16; cells * peer_stride];
        for (cell, list) in peer_lists.iter().enumerate() {
            for (i, &p) in list.iter().enumerate() {
                peers[cell * peer_stride + i] = p as u16;
            }
        }
        let house_cells = layout
            .houses()
            .iter()
            .flat_map(|h| h.iter().map(|&c| c as u16))
            .collect();
        let cell_houses = (0..cells)
            .map(|cell| {
                let h = layout.houses_of(cell);
                [h[0] as u16, h[1] as u16, h[2] as u16]
            })
            .collect();
        Tables {
            size,
            cells,
            all: Candidates::all(size),
            peers,
            peer_len: peer_lists.iter().map(|l| l.len() as u8).collect(),
            peer_stride,
            house_cells,
            cell_houses,
        }
    }

    #[inline]
    fn peers_of(&self, cell: usize) -> &[u16] {
        let start = cell * self.peer_stride;
        &self.peers[start..start + self.peer_len[cell] as usize]
    }

    #[inline]
    fn house(&self, house: usize) -> &[u16] {
        &self.house_cells[house * self.size..(house + 1) * self.size]
    }
}

impl Level {
    fn new(tables: &Tables) -> Self {
        Level {
            candidates: vec![tables.all; tables.cells],
            placed: vec![Candidates::NONE; 3 * tables.size],
            unsolved: [0; WORDS],
            score: 0,
        }
    }

    fn reset(&mut self, tables: &Tables) {
        for c in self.candidates.iter_mut() {
            *c = tables.all;
        }
        for p in self.placed.iter_mut() {
            *p = Candidates::NONE;
        }
        self.unsolved = [0; WORDS];
        for cell in 0..tables.cells {
            self.unsolved[cell / 64] |= 1 << (cell % 64);
        }
        self.score = 0;
    }

    #[inline]
    fn is_unsolved(&self, cell: usize) -> bool {
        self.unsolved[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// The first unsolved cell in row order.
    #[inline]
    fn first_unsolved(&self) -> Option<usize> {
        for (w, &word) in self.unsolved.iter().enumerate() {
            if word != 0 {
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
        }
        None
    }

    /// MRV: the unsolved cell with the fewest candidates (the first such in row order).
    #[inline]
    fn fewest_candidates(&self) -> Option<usize> {
        let mut best = None;
        let mut best_len = u32::MAX;
        for (w, &word) in self.unsolved.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let len = self.candidates[cell].len();
                if len < best_len {
                    best_len = len;
                    best = Some(cell);
                    if len <= 2 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Places `digit` (a one-digit set) in `cell` and strikes it from the peers; peers left
    /// with one candidate go on `singles`. False on a contradiction.
    #[inline]
    fn place(
        &mut self,
        tables: &Tables,
        weights: &[u32],
        singles: &mut Vec<u16>,
        cell: usize,
        digit: Candidates,
    ) -> bool {
        if !self.is_unsolved(cell) {
            return self.candidates[cell] == digit;
        }
        if self.candidates[cell].intersection(digit).is_empty() {
            return false;
        }
        let houses = tables.cell_houses[cell];
        for &h in houses.iter() {
            if !self.placed[h as usize].intersection(digit).is_empty() {
                return false;
            }
        }
        for &h in houses.iter() {
            self.placed[h as usize] = self.placed[h as usize].union(digit);
        }
        self.candidates[cell] = digit;
        self.unsolved[cell / 64] &= !(1 << (cell % 64));
        self.score += weights[cell] * u32::from(digit.0.trailing_zeros() as u8 + 1);
        for &p in tables.peers_of(cell) {
            let p = p as usize;
            let c = self.candidates[p];
            if !c.intersection(digit).is_empty() {
                let left = c.without(digit);
                self.candidates[p] = left;
                match left.len() {
                    0 => return false,
                    1 => singles.push(p as u16),
                    _ => {}
                }
            }
        }
        true
    }

    /// Naked and hidden singles until neither finds anything. False on a contradiction.
    fn propagate(&mut self, tables: &Tables, weights: &[u32], singles: &mut Vec<u16>) -> bool {
        loop {
            while let Some(cell) = singles.pop() {
                let cell = cell as usize;
                let digit = self.candidates[cell];
                if !self.place(tables, weights, singles, cell, digit) {
                    return false;
                }
            }
            let mut found = false;
            for house in 0..3 * tables.size {
                let mut once = Candidates::NONE;
                let mut twice = Candidates::NONE;
                for &cell in tables.house(house) {
                    let c = self.candidates[cell as usize];
                    twice = twice.union(once.intersection(c));
                    once = once.union(c);
                }
                if once != tables.all {
                    return false;
                }
                let hidden = once.without(twice).without(self.placed[house]);
                for digit in hidden.ascending() {
                    let digit = Candidates::single(digit);
                    let cell = tables
                        .house(house)
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| !self.candidates[c].intersection(digit).is_empty());
                    match cell {
                        Some(cell) if self.place(tables, weights, singles, cell, digit) => {
                            found = true;
                        }
                        _ => return false,
                    }
                }
            }
            if !found && singles.is_empty() {
                return true;
            }
        }
    }

    fn write_solution(&self, grid: &mut [u8]) {
        for (g, c) in grid.iter_mut().zip(self.candidates.iter()) {
            *g = c.lowest().unwrap_or(0);
        }
    }
}

impl Backtracker {
    /// A solver for `layout`. O(N^3) time and O(N^3) memory, once.
    pub fn new(layout: &Layout) -> Self {
        let tables = Tables::new(layout);
        let levels = vec![Level::new(&tables); tables.cells + 1];
        Backtracker {
            singles: Vec::with_capacity(4 * tables.cells),
            weights: vec![0; tables.cells],
            levels,
            tables,
        }
    }

    /// Sets up level 0 from `givens` (0 = empty, else a digit `1..=N`) and propagates.
    /// False when the givens already contradict each other.
    fn start(&mut self, givens: &[u8]) -> bool {
        assert_eq!(givens.len(), self.tables.cells, "one given per cell");
        let tables = &self.tables;
        let level = &mut self.levels[0];
        level.reset(tables);
        self.singles.clear();
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 {
                assert!(g as usize <= tables.size, "given out of range");
                let digit = Candidates::single(g);
                if !level.place(tables, &self.weights, &mut self.singles, cell, digit) {
                    return false;
                }
            }
        }
        level.propagate(tables, &self.weights, &mut self.singles)
    }

    /// Copies level `depth` into `depth + 1`, places `digit` in `cell` there and propagates.
    #[inline]
    fn descend(&mut self, depth: usize, cell: usize, digit: u8) -> bool {
        let (upper, lower) = self.levels.split_at_mut(depth + 1);
        let next = &mut lower[0];
        next.clone_from(&upper[depth]);
        self.singles.clear();
        let tables = &self.tables;
        next.place(
            tables,
            &self.weights,
            &mut self.singles,
            cell,
            Candidates::single(digit),
        ) && next.propagate(tables, &self.weights, &mut self.singles)
    }

    /// Counts the solutions of `givens`, stopping at `limit`; the first solution found is
    /// written into `solution` when the count is at least 1.
    ///
    /// `givens[cell]` is 0 or a digit `1..=N`; clashing givens give 0. Constraint:
    /// `givens.len() == solution.len() == N * N`. Exponential in the worst case; a 9x9 Sudoku
    /// takes microseconds.
    pub fn count_up_to(&mut self, givens: &[u8], limit: usize, solution: &mut [u8]) -> usize {
        self.weights.iter_mut().for_each(|w| *w = 0);
        if limit == 0 || !self.start(givens) {
            return 0;
        }
        let mut count = 0;
        self.count_from(0, limit, &mut count, solution);
        count
    }

    fn count_from(&mut self, depth: usize, limit: usize, count: &mut usize, solution: &mut [u8]) {
        let cell = match self.levels[depth].fewest_candidates() {
            Some(cell) => cell,
            None => {
                if *count == 0 {
                    self.levels[depth].write_solution(solution);
                }
                *count += 1;
                return;
            }
        };
        for digit in self.levels[depth].candidates[cell].ascending() {
            if self.descend(depth, cell, digit) {
                self.count_from(depth + 1, limit, count, solution);
                if *count >= limit {
                    return;
                }
            }
        }
    }

    /// Calls `visit` with every solution of `givens` in lexicographic order (row by row,
    /// smaller digits first), until it returns false. Returns the number of solutions visited.
    ///
    /// Branches on the first empty cell with digits ascending; singles only remove digits that
    /// lead nowhere, so the order stays lexicographic. Constraint: `givens.len() == N * N`.
    pub fn visit_lex<F>(&mut self, givens: &[u8], mut visit: F) -> u64
    where
        F: FnMut(&[u8]) -> bool,
    {
        self.weights.iter_mut().for_each(|w| *w = 0);
        let mut grid = vec![0u8; self.tables.cells];
        let mut visited = 0;
        if self.start(givens) {
            self.visit_from(0, &mut grid, &mut visited, &mut visit);
        }
        visited
    }

    fn visit_from<F>(&mut self, depth: usize, grid: &mut [u8], visited: &mut u64, visit: &mut F) -> bool
    where
        F: FnMut(&[u8]) -> bool,
    {
        let cell = match self.levels[depth].first_unsolved() {
            Some(cell) => cell,
            None => {
                self.levels[depth].write_solution(grid);
                *visited += 1;
                return visit(grid);
            }
        };
        for digit in self.levels[depth].candidates[cell].ascending() {
            if self.descend(depth, cell, digit) && !self.visit_from(depth + 1, grid, visited, visit) {
                return false;
            }
        }
        true
    }

    /// The highest `sum(weights[cell] * digit)` over all solutions of `givens`, or `None` if
    /// there is none.
    ///
    /// Branch and bound: digits are tried from the largest, and a node is cut when the score
    /// placed so far plus an upper bound on what its empty cells can add cannot beat the best
    /// solution found. Constraints: `givens.len() == weights.len() == N * N`, and the sums fit
    /// in u32.
    pub fn max_weighted(&mut self, givens: &[u8], weights: &[u32]) -> Option<u32> {
        assert_eq!(weights.len(), self.tables.cells, "one weight per cell");
        self.weights.copy_from_slice(weights);
        if !self.start(givens) {
            return None;
        }
        let mut best = None;
        self.maximise_from(0, &mut best);
        best
    }

    fn maximise_from(&mut self, depth: usize, best: &mut Option<u32>) {
        let level = &self.levels[depth];
        let cell = match level.fewest_candidates() {
            Some(cell) => cell,
            None => {
                if best.map_or(true, |b| level.score > b) {
                    *best = Some(level.score);
                }
                return;
            }
        };
        if let Some(b) = *best {
            if self.upper_bound(depth) <= b {
                return;
            }
        }
        let candidates = self.levels[depth].candidates[cell];
        let mut digits = candidates.0;
        while digits != 0 {
            let digit = 16 - digits.leading_zeros() as u8;
            digits &= !(1 << (digit - 1));
            if self.descend(depth, cell, digit) {
                self.maximise_from(depth + 1, best);
            }
        }
    }

    /// An upper bound on the score of any solution below level `depth`: the score placed so
    /// far plus, for each house of one kind (rows, columns or regions, whichever bound is
    /// lowest), the missing digits matched largest to largest with the empty cells' weights.
    fn upper_bound(&self, depth: usize) -> u32 {
        let level = &self.levels[depth];
        let n = self.tables.size;
        let mut lowest = u32::MAX;
        for kind in 0..3 {
            let mut total = 0;
            for house in kind * n..(kind + 1) * n {
                let mut weights = [0u32; 16];
                let mut k = 0;
                for &cell in self.tables.house(house) {
                    let cell = cell as usize;
                    if level.is_unsolved(cell) {
                        weights[k] = self.weights[cell];
                        k += 1;
                    }
                }
                let weights = &mut weights[..k];
                weights.sort_unstable_by(|a, b| b.cmp(a));
                let mut missing = self.tables.all.without(level.placed[house]).0;
                for w in weights.iter() {
                    let digit = 16 - missing.leading_zeros();
                    missing &= !(1 << (digit - 1));
                    total += w * digit;
                }
            }
            lowest = lowest.min(total);
        }
        level.score + lowest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Vec<u8> {
        s.bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    /// Rows, columns and regions each hold every digit once, and the givens are kept.
    fn is_solution(layout: &Layout, givens: &[u8], grid: &[u8]) -> bool {
        let all = Candidates::all(layout.size());
        layout.houses().iter().all(|h| {
            h.iter()
                .fold(Candidates::NONE, |s, &c| s.union(Candidates::single(grid[c])))
                == all
        }) && givens.iter().zip(grid).all(|(&g, &s)| g == 0 || g == s)
    }

    #[test]
    fn solves_a_17_clue_puzzle_uniquely() {
        let layout = Layout::boxes(3, 3);
        let givens = parse(
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        );
        let mut solver = Backtracker::new(&layout);
        let mut grid = vec![0; 81];
        assert_eq!(solver.count_up_to(&givens, 2, &mut grid), 1);
        assert!(is_solution(&layout, &givens, &grid));
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let layout = Layout::boxes(2, 2);
        let mut solver = Backtracker::new(&layout);
        let mut grid = vec![0; 16];
        let givens = parse("11.. .... .... ....");
        assert_eq!(solver.count_up_to(&givens, 2, &mut grid), 0);
        assert_eq!(solver.max_weighted(&givens, &[1; 16]), None);
        assert_eq!(solver.visit_lex(&givens, |_| true), 0);
    }

    #[test]
    fn counts_stop_at_the_limit() {
        // The empty 4x4 grid with 2x2 blocks has 288 solutions.
        let layout = Layout::boxes(2, 2);
        let mut solver = Backtracker::new(&layout);
        let mut grid = vec![0; 16];
        let empty = vec![0; 16];
        assert_eq!(solver.count_up_to(&empty, 1000, &mut grid), 288);
        assert_eq!(solver.count_up_to(&empty, 2, &mut grid), 2);
        assert!(is_solution(&layout, &empty, &grid));
    }

    #[test]
    fn visits_every_solution_in_lexicographic_order() {
        let layout = Layout::boxes(2, 2);
        let mut solver = Backtracker::new(&layout);
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
    fn max_weighted_matches_visiting_all() {
        // A 6x6 with 2x3 blocks and a few givens: compare with the best of all solutions.
        let layout = Layout::boxes(2, 3);
        let mut givens = vec![0u8; 36];
        givens[0] = 1;
        givens[7] = 3;
        givens[14] = 5;
        givens[35] = 2;
        let weights: Vec<u32> = (0..36).map(|c| (c * 7 % 11) as u32 + 1).collect();
        let mut solver = Backtracker::new(&layout);
        let mut best = None;
        solver.visit_lex(&givens, |g| {
            let s: u32 = g.iter().zip(&weights).map(|(&d, &w)| u32::from(d) * w).sum();
            best = best.max(Some(s));
            true
        });
        assert!(best.is_some());
        assert_eq!(solver.max_weighted(&givens, &weights), best);
    }
}
