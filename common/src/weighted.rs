//! Branch and bound for the highest weighted sum `sum(weight[cell] * digit)` over all
//! completions of a grid on any [`Layout`] (NOIP 2009 "靶形数独" is the 9x9 case).
//!
//! Search: candidates as bitmasks, naked and hidden singles after every placement, the cell
//! with the fewest candidates first (ties toward the heaviest cell), digits largest first, so
//! the first dive already lands on a high score.
//!
//! Bound, checked at every node: the score placed so far plus, for one kind of house (rows,
//! columns or regions, whichever total is lowest), the sum over its houses of the best
//! assignment of the house's missing digits to its empty cells that respects every cell's
//! candidates. Each house's assignment is an exact maximum-weight matching, found by dynamic
//! programming over the subsets of its missing digits; it is recomputed only for houses whose
//! cells changed since the parent node, and a house whose empty cells cannot take its missing
//! digits at all ends the node. Each node copies one [`Level`] into a buffer allocated once per
//! [`Weighted`], so a search allocates nothing.

use crate::layout::Layout;

/// Words of the bitset of unsolved cells (16 x 16 = 256 cells at most).
const WORDS: usize = 4;
/// Houses with more empty cells than this get the relaxed bound instead of the exact one:
/// the exact one costs O(k 2^k) for k empty cells.
const EXACT_LIMIT: usize = 10;

/// The state of one search node.
#[derive(Clone, Debug)]
struct Level {
    /// Every cell's candidates, bit `d - 1` for digit `d`; a solved cell holds just its digit.
    candidates: Vec<u16>,
    /// The digits placed in each house.
    placed: Vec<u16>,
    /// Bit `cell` is set while the cell has no digit.
    unsolved: [u64; WORDS],
    /// The weighted sum of the placed digits.
    score: u32,
    /// Each house's bound: the best its empty cells can add.
    house_bound: Vec<u32>,
    /// `assigned[kind * cells + cell]`: the digit (one bit) that the assignment behind the
    /// bound of the cell's house of that kind (row, column, region) gives it; 0 if solved.
    assigned: Vec<u16>,
    /// Bit `house` is set when the house's assignment no longer fits its cells, so its bound
    /// must be computed again.
    dirty: u64,
    /// The bound on the final score, once computed.
    bound: u32,
}

/// A reusable maximiser for one layout and one set of weights. Build it once, call
/// [`Weighted::maximise`] for many grids.
#[derive(Clone, Debug)]
pub struct Weighted {
    size: usize,
    cells: usize,
    all: u16,
    weights: Vec<u32>,
    /// `peers[peer_start[cell]..peer_start[cell + 1]]`: the other cells of its three houses.
    peers: Vec<u16>,
    peer_start: Vec<usize>,
    /// `house_cells[house * size..][..size]`: rows, then columns, then regions.
    house_cells: Vec<u16>,
    cell_houses: Vec<[u8; 3]>,
    /// The finest groups of rows that are also unions of regions, each as (rows, regions)
    /// house sets: a box layout's bands (one group of everything for most jigsaws).
    row_bands: Vec<(u64, u64)>,
    /// The same for columns: a box layout's stacks.
    column_bands: Vec<(u64, u64)>,
    levels: Vec<Level>,
    /// Cells whose candidates fell to one digit, waiting to be placed.
    singles: Vec<u16>,
    best: Option<u32>,
    best_grid: Vec<u8>,
    nodes: u64,
    /// Scratch for [`assignment`].
    table: Vec<u32>,
}

impl Level {
    #[inline]
    fn is_unsolved(&self, cell: usize) -> bool {
        self.unsolved[cell / 64] >> (cell % 64) & 1 != 0
    }
}

impl Weighted {
    /// A maximiser for `layout` with `weights[cell]` per cell.
    ///
    /// Constraints: `weights.len() == N * N`, and every weighted sum fits in u32
    /// (`sum(weights) * N < 2^32`). O(N^3) time and memory, once.
    pub fn new(layout: &Layout, weights: &[u32]) -> Self {
        let size = layout.size();
        let cells = layout.cells();
        assert_eq!(weights.len(), cells, "one weight per cell");
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        assert!(
            total * (size as u64) < 1 << 32,
            "weighted sums must fit in u32"
        );
        let peer_lists = layout.peers();
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for list in peer_lists.iter() {
            peers.extend(list.iter().map(|&p| p as u16));
            peer_start.push(peers.len());
        }
        let house_cells = layout
            .houses()
            .iter()
            .flat_map(|h| h.iter().map(|&c| c as u16))
            .collect();
        let cell_houses: Vec<[u8; 3]> = (0..cells)
            .map(|cell| {
                let h = layout.houses_of(cell);
                [h[0] as u8, h[1] as u8, h[2] as u8]
            })
            .collect();
        let level = Level {
            candidates: vec![0; cells],
            placed: vec![0; 3 * size],
            unsolved: [0; WORDS],
            score: 0,
            house_bound: vec![0; 3 * size],
            assigned: vec![0; 3 * cells],
            dirty: 0,
            bound: 0,
        };
        Weighted {
            row_bands: bands(&cell_houses, size, 0),
            column_bands: bands(&cell_houses, size, 1),
            size,
            cells,
            all: ((1u32 << size) - 1) as u16,
            weights: weights.to_vec(),
            peers,
            peer_start,
            house_cells,
            cell_houses,
            levels: vec![level; cells + 1],
            singles: Vec::with_capacity(4 * cells),
            best: None,
            best_grid: vec![0; cells],
            nodes: 0,
            table: vec![0; 1 << EXACT_LIMIT],
        }
    }

    /// The highest `sum(weights[cell] * digit)` over all completions of `givens`, or `None`
    /// if there is none; [`Weighted::best_grid`] then holds a completion that reaches it.
    ///
    /// `givens[cell]` is 0 (empty) or a digit `1..=N`; clashing givens give `None`.
    /// Constraint: `givens.len() == N * N`. Exponential in the worst case; the NOIP tests take
    /// a few hundred nodes, a 9x9 grid with 17 givens some thousands.
    pub fn maximise(&mut self, givens: &[u8]) -> Option<u32> {
        assert_eq!(givens.len(), self.cells, "one given per cell");
        self.best = None;
        self.nodes = 0;
        if self.start(givens) && self.bound(0).is_some() {
            self.search(0);
        }
        self.best
    }

    /// A completion reaching the last [`Weighted::maximise`]'s maximum (meaningless if it
    /// returned `None`). O(1).
    pub fn best_grid(&self) -> &[u8] {
        &self.best_grid
    }

    /// The search nodes the last [`Weighted::maximise`] visited, for benchmarks. O(1).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Sets up level 0 from `givens` and propagates. False on a contradiction.
    fn start(&mut self, givens: &[u8]) -> bool {
        let all = self.all;
        let level = &mut self.levels[0];
        level.candidates.iter_mut().for_each(|c| *c = all);
        level.placed.iter_mut().for_each(|p| *p = 0);
        level.unsolved = [0; WORDS];
        for cell in 0..self.cells {
            level.unsolved[cell / 64] |= 1 << (cell % 64);
        }
        level.score = 0;
        level.assigned.iter_mut().for_each(|a| *a = 0);
        level.dirty = (1u64 << (3 * self.size)) - 1;
        self.singles.clear();
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 {
                assert!(g as usize <= self.size, "given out of range");
                if !self.place(0, cell, 1 << (g - 1)) {
                    return false;
                }
            }
        }
        self.propagate(0)
    }

    /// Places the one-digit set `bit` in `cell` at level `depth` and strikes it from the
    /// peers; peers left with one candidate go on `singles`. False on a contradiction.
    #[inline]
    fn place(&mut self, depth: usize, cell: usize, bit: u16) -> bool {
        let level = &mut self.levels[depth];
        if !level.is_unsolved(cell) {
            return level.candidates[cell] == bit;
        }
        if level.candidates[cell] & bit == 0 {
            return false;
        }
        let houses = self.cell_houses[cell];
        for &h in houses.iter() {
            if level.placed[h as usize] & bit != 0 {
                return false;
            }
        }
        for &h in houses.iter() {
            level.placed[h as usize] |= bit;
        }
        level.candidates[cell] = bit;
        level.unsolved[cell / 64] &= !(1 << (cell % 64));
        let gain = self.weights[cell] * (bit.trailing_zeros() + 1);
        level.score += gain;
        // A house whose assignment gave this digit to this cell keeps the rest of it, and its
        // bound drops by exactly the gain; any other house must be assigned again.
        for (kind, &h) in houses.iter().enumerate() {
            let a = &mut level.assigned[kind * self.cells + cell];
            if *a == bit {
                level.house_bound[h as usize] -= gain;
            } else {
                level.dirty |= 1 << h;
            }
            *a = 0;
        }
        for &p in &self.peers[self.peer_start[cell]..self.peer_start[cell + 1]] {
            let p = p as usize;
            let c = level.candidates[p];
            if c & bit != 0 {
                let left = c & !bit;
                level.candidates[p] = left;
                let ph = self.cell_houses[p];
                for (kind, &h) in ph.iter().enumerate() {
                    if level.assigned[kind * self.cells + p] == bit {
                        level.dirty |= 1 << h;
                    }
                }
                match left.count_ones() {
                    0 => return false,
                    1 => self.singles.push(p as u16),
                    _ => {}
                }
            }
        }
        true
    }

    /// Naked and hidden singles at level `depth` until neither finds anything. False on a
    /// contradiction.
    fn propagate(&mut self, depth: usize) -> bool {
        loop {
            while let Some(cell) = self.singles.pop() {
                let cell = cell as usize;
                let bit = self.levels[depth].candidates[cell];
                if !self.place(depth, cell, bit) {
                    return false;
                }
            }
            let mut found = false;
            for house in 0..3 * self.size {
                let level = &self.levels[depth];
                let mut once = 0u16;
                let mut twice = 0u16;
                for &cell in &self.house_cells[house * self.size..(house + 1) * self.size] {
                    let c = level.candidates[cell as usize];
                    twice |= once & c;
                    once |= c;
                }
                if once != self.all {
                    return false;
                }
                let mut hidden = once & !twice & !level.placed[house];
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let start = house * self.size;
                    let cell = (start..start + self.size)
                        .map(|i| self.house_cells[i] as usize)
                        .find(|&c| self.levels[depth].candidates[c] & bit != 0);
                    match cell {
                        Some(cell) if self.place(depth, cell, bit) => found = true,
                        _ => return false,
                    }
                }
            }
            if !found && self.singles.is_empty() {
                return true;
            }
        }
    }

    /// Brings the dirty houses' bounds of level `depth` up to date and returns the bound on
    /// the final score: the placed score plus the lowest of the row, column and region totals.
    /// `None` when some house cannot take its missing digits at all.
    fn bound(&mut self, depth: usize) -> Option<u32> {
        let mut dirty = self.levels[depth].dirty;
        while dirty != 0 {
            let house = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            if !self.update_house(depth, house) {
                return None;
            }
        }
        let level = &mut self.levels[depth];
        level.dirty = 0;
        let b = &level.house_bound;
        let total = |bands: &[(u64, u64)]| -> u32 {
            bands
                .iter()
                .map(|&(lines, regions)| sum_over(b, lines).min(sum_over(b, regions)))
                .sum()
        };
        level.bound = level.score + total(&self.row_bands).min(total(&self.column_bands));
        Some(level.bound)
    }

    /// Computes the bound of `house` at level `depth`: an exact assignment of the missing
    /// digits to the empty cells within their candidates, recorded in `assigned` (or, for
    /// houses with more than [`EXACT_LIMIT`] empty cells, the better of two relaxations,
    /// recorded as no assignment). False if no assignment exists.
    fn update_house(&mut self, depth: usize, house: usize) -> bool {
        let level = &mut self.levels[depth];
        let missing = self.all & !level.placed[house];
        // The empty cells: cell, weight and candidates, fewest candidates first.
        let mut cells = [0usize; 16];
        let mut weight = [0u32; 16];
        let mut cand = [0u16; 16];
        let mut k = 0;
        for &cell in &self.house_cells[house * self.size..(house + 1) * self.size] {
            let cell = cell as usize;
            if level.is_unsolved(cell) {
                let c = level.candidates[cell];
                let mut i = k;
                while i > 0 && cand[i - 1].count_ones() > c.count_ones() {
                    cand[i] = cand[i - 1];
                    weight[i] = weight[i - 1];
                    cells[i] = cells[i - 1];
                    i -= 1;
                }
                cand[i] = c;
                weight[i] = self.weights[cell];
                cells[i] = cell;
                k += 1;
            }
        }
        let kind = house / self.size;
        let assigned = &mut level.assigned[kind * self.cells..(kind + 1) * self.cells];
        let mut digits = [0u16; 16];
        let bound = if k > EXACT_LIMIT {
            Some(relaxed_bound(&weight[..k], &cand[..k], missing))
        } else {
            assignment(
                &weight[..k],
                &cand[..k],
                missing,
                &mut self.table,
                &mut digits,
            )
        };
        for i in 0..k {
            assigned[cells[i]] = digits[i];
        }
        match bound {
            Some(b) => {
                level.house_bound[house] = b;
                true
            }
            None => false,
        }
    }

    /// The branching cell at level `depth`: fewest candidates, then heaviest. `None` when
    /// every cell is solved.
    fn select(&self, depth: usize) -> Option<usize> {
        let level = &self.levels[depth];
        let mut best = None;
        let mut best_key = (u32::MAX, 0u32);
        for (w, &word) in level.unsolved.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let len = level.candidates[cell].count_ones();
                let weight = self.weights[cell];
                if len < best_key.0 || (len == best_key.0 && weight > best_key.1) {
                    best_key = (len, weight);
                    best = Some(cell);
                }
            }
        }
        best
    }

    /// Searches below level `depth`, which is propagated and has its bound up to date.
    fn search(&mut self, depth: usize) {
        self.nodes += 1;
        let cell = match self.select(depth) {
            Some(cell) => cell,
            None => {
                let level = &self.levels[depth];
                if self.best.map_or(true, |b| level.score > b) {
                    self.best = Some(level.score);
                    for (g, &c) in self.best_grid.iter_mut().zip(level.candidates.iter()) {
                        *g = c.trailing_zeros() as u8 + 1;
                    }
                }
                return;
            }
        };
        let mut digits = self.levels[depth].candidates[cell];
        let bound = self.levels[depth].bound;
        while digits != 0 && self.best.map_or(true, |b| bound > b) {
            let bit = 1u16 << (15 - digits.leading_zeros());
            digits &= !bit;
            if self.descend(depth, cell, bit) {
                self.search(depth + 1);
            }
        }
    }

    /// Copies level `depth` into `depth + 1`, places `bit` in `cell` there, propagates, and
    /// says whether the child can still beat the best score found.
    #[inline]
    fn descend(&mut self, depth: usize, cell: usize, bit: u16) -> bool {
        let (upper, lower) = self.levels.split_at_mut(depth + 1);
        lower[0].clone_from(&upper[depth]);
        self.singles.clear();
        if !(self.place(depth + 1, cell, bit) && self.propagate(depth + 1)) {
            return false;
        }
        match (self.bound(depth + 1), self.best) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(b), Some(best)) => b > best,
        }
    }
}

/// The sum of `bounds[house]` over the houses of the set `houses`. O(|houses|).
#[inline]
fn sum_over(bounds: &[u32], houses: u64) -> u32 {
    let mut sum = 0;
    let mut h = houses;
    while h != 0 {
        sum += bounds[h.trailing_zeros() as usize];
        h &= h - 1;
    }
    sum
}

/// Splits the lines of one kind (0 rows, 1 columns) and the regions into the finest groups
/// that cover the same cells: the connected parts of the graph joining each cell's line to its
/// region. Returns each group as (lines, regions) house sets. O(N^2).
fn bands(cell_houses: &[[u8; 3]], size: usize, kind: usize) -> Vec<(u64, u64)> {
    // Union-find over the 3N houses, lines and regions joined through their cells.
    let mut parent: Vec<usize> = (0..3 * size).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for h in cell_houses {
        let a = root(&mut parent, h[kind] as usize);
        let b = root(&mut parent, h[2] as usize);
        parent[a] = b;
    }
    let mut groups: Vec<(usize, u64, u64)> = Vec::new();
    for house in (kind * size..(kind + 1) * size).chain(2 * size..3 * size) {
        let r = root(&mut parent, house);
        let i = match groups.iter().position(|g| g.0 == r) {
            Some(i) => i,
            None => {
                groups.push((r, 0, 0));
                groups.len() - 1
            }
        };
        if house < 2 * size {
            groups[i].1 |= 1 << house;
        } else {
            groups[i].2 |= 1 << house;
        }
    }
    groups.into_iter().map(|(_, l, r)| (l, r)).collect()
}

/// The best assignment of the digits `missing` to cells with `weight` and candidates `cand`
/// (each cell one digit, each digit one cell, within the candidates), or `None` if there is
/// none; `digits[i]` receives the digit (one bit) given to cell `i`. Dynamic programming over
/// the subsets of `missing`, in `table`. Constraints: `k = weight.len() = cand.len() =
/// |missing| <= EXACT_LIMIT`, `table.len() >= 2^k`, `digits.len() >= k`. O(k 2^k).
fn assignment(
    weight: &[u32],
    cand: &[u16],
    missing: u16,
    table: &mut [u32],
    digits: &mut [u16],
) -> Option<u32> {
    let k = weight.len();
    // Digits of `missing` renumbered 0..k; candidates rewritten in that numbering.
    let mut digit = [0u32; 16];
    let mut m = missing;
    let mut j = 0;
    while m != 0 {
        digit[j] = m.trailing_zeros() + 1;
        m &= m - 1;
        j += 1;
    }
    let mut packed = [0u16; 16];
    for (p, &c) in packed.iter_mut().zip(cand) {
        for (j, &d) in digit[..k].iter().enumerate() {
            if c >> (d - 1) & 1 != 0 {
                *p |= 1 << j;
            }
        }
    }
    // table[s]: the most the first |s| cells can add with exactly the digits of s.
    const NONE: u32 = u32::MAX;
    let full = (1usize << k) - 1;
    let best = &mut table[..=full];
    best.iter_mut().for_each(|b| *b = NONE);
    best[0] = 0;
    for s in 0..full {
        let here = best[s];
        if here == NONE {
            continue;
        }
        let i = s.count_ones() as usize;
        let mut options = packed[i] & !(s as u16);
        while options != 0 {
            let j = options.trailing_zeros() as usize;
            options &= options - 1;
            let t = s | 1 << j;
            let v = here + weight[i] * digit[j];
            if best[t] == NONE || best[t] < v {
                best[t] = v;
            }
        }
    }
    if best[full] == NONE {
        return None;
    }
    // Walk back from the full set, undoing one cell at a time.
    let mut s = full;
    for i in (0..k).rev() {
        let mut options = packed[i] & s as u16;
        while options != 0 {
            let j = options.trailing_zeros() as usize;
            options &= options - 1;
            let before = best[s ^ 1 << j];
            if before != NONE && before + weight[i] * digit[j] == best[s] {
                digits[i] = 1 << (digit[j] - 1);
                s ^= 1 << j;
                break;
            }
        }
    }
    Some(best[full])
}

/// A bound on the best assignment of the digits `missing` to cells with `weight` and
/// candidates `cand`: the lower of the largest digits matched to the largest weights, and
/// each cell's largest candidate times its weight. O(k^2) for k cells.
fn relaxed_bound(weight: &[u32], cand: &[u16], missing: u16) -> u32 {
    let mut sorted = [0u32; 16];
    let k = weight.len();
    sorted[..k].copy_from_slice(weight);
    sorted[..k].sort_unstable_by(|a, b| b.cmp(a));
    let mut m = missing;
    let mut matched = 0;
    for &w in sorted[..k].iter() {
        let d = 16 - m.leading_zeros();
        m &= !(1 << (d - 1));
        matched += w * d;
    }
    let each: u32 = weight
        .iter()
        .zip(cand)
        .map(|(&w, &c)| w * (16 - c.leading_zeros()))
        .sum();
    matched.min(each)
}
