//! Every solution of a 6x6 grid in groups, in lexicographic order, a whole row at a time.
//!
//! The grid is 6x6 with any partition into six groups of six cells (a group need not be
//! connected) and any givens; every row, column and group holds each digit `1..=6` once.
//! Read row by row, lexicographic order over the 36 cells is lexicographic order over the six
//! rows, and a row is one of the 720 permutations of the digits. These are numbered once, in
//! lexicographic order, each with the mask of its (column, digit) pairs and, for each row, the
//! mask of its (group, digit) pairs: a row fits the rows above it when both masks miss theirs.
//! Each level lists, in order, the permutations that fit the rows above it in the columns,
//! each with its column mask in the same word: the next level's list is this one filtered
//! by the chosen row's mask, without branches, so the deeper levels scan ever shorter lists.
//! After four rows each column has two digits left: the fifth row takes one of them in each
//! column and the sixth the other. Read as numbers whose bits say which of its column's two
//! digits a row takes, the smaller first, the rows that fit the columns there (at most 8: one
//! choice per cycle of columns and digits) are closed under complement and ordered as the
//! numbers are, so that list read backwards pairs each fifth row with its sixth, and the last
//! two rows cost a check of their groups each.
//!
//! Branches: which rows of a list fit in the groups is hard to predict, so each level first
//! picks those without branches and then walks them; the filter runs over whole fours (a list
//! is rounded up with entries that fit nothing). The solutions under the same first three rows
//! go to the visitor as one block, which lets a printer lay those rows out once.
//!
//! A given forbids its row every other digit in its cell, and every other row its digit in its
//! column and its group: per row a mask of the (column, digit) and (group, digit) pairs the
//! givens forbid it, tested beside the others.
//!
//! Dead ends: groups can make most rows that fit the columns lead nowhere (a layout without
//! a solution can leave every row but the last free, and the walk would try all the rows
//! above it). So the walk counts the list entries it scans, and once they pass `PAY` per
//! solution visited (`GRACE` solutions granted) it hands over to the search of covers below,
//! which lists the solutions anew in the same order and passes over as many as the walk
//! visited; past `STORED` of them, to the bitset backtracker, which does the same.
//!
//! Renaming: digits that no given uses are interchangeable, and every solution takes each
//! digit in its first row, so with the set F of such digits each solution is one renaming (a
//! permutation of F) of exactly one solution whose first row takes F in increasing order
//! (F of one digit or none: every solution is its own). After a hand-over those are found
//! as exact covers of the cells by transversals, each digit's six cells ([`visit_covers`]):
//! a search at most six deep, where a dead end that a walk by rows meets late shows as a
//! cell that no transversal left can cover. They are sorted and kept; then for each first
//! row in order the kept solutions of its in-order form are renamed (their rows numbered
//! anew) and sorted, and go out in blocks as the walk's do. On groupings without givens
//! where the walk hands over, a lexicographic search would meet each dead end again under
//! each of the 720 renamings; this way a solution costs a renaming and its share of a sort.
//! More than `STORED` solutions found (groups that let many squares through, which the walk
//! seldom gives up on) go to the backtracker whole instead, so memory stays bounded.
//!
//! Work: [`RowLex6::work`] tells what the last visit cost in units that do not depend on the
//! machine (list entries scanned by the walk and the covers; backtracker nodes and renamed
//! solutions weighted by about what each costs), for searches for slow inputs.
//!
//! Memory: O(720 * 6) words for a [`RowLex6`], and about half as many for a walk, whose
//! lists each take the room the longest list of their level needs (see `Level`), allocated
//! once; renaming keeps at most `STORED` solutions, a word each, and sorts a copy of those of
//! one first row.

use crate::backtrack::Backtracker;
use crate::layout::Layout;
use crate::transversals::visit_covers;

/// The side of the grid and the number of digits.
pub const SIZE: usize = 6;
const CELLS: usize = SIZE * SIZE;
/// The permutations of `SIZE` digits.
pub const PERMUTATIONS: usize = 720;
/// A power of two above the permutations' numbers.
const NUMBERS: usize = 1024;

/// List entries the walk may scan per solution it visits (about 12 on the 2x3 boxes), and the
/// solutions it is granted at the start; past that it hands over. Handing over costs one
/// search for the solutions up to renaming (see the module docs), far less than walking into
/// the dead ends; the grace is enough for the first lists of every row (about 1,100
/// entries), so that the 2x3 boxes, where the walk pays, never hand over.
const PAY: u64 = 64;
const GRACE: u64 = 1 << 6;

/// Words of the list of each row: the permutations that fit the rows above in the columns,
/// and 3 entries that fit nothing to round it up to whole fours. Past row 0, a power of two
/// at least the longest such list (265, 82, 36 and 8 permutations on rows 1 to 4, over every
/// Latin rectangle: a test counts them), so that a filter writes into it masked, without a
/// bounds check, and no larger.
const LISTS: [usize; SIZE - 1] = [PERMUTATIONS, 512, 128, 64, 16];
/// Words for the entries of the list of each of rows 0 to 3 that fit in the groups and
/// givens too: a power of two at least the list.
const FITTING: [usize; SIZE - 2] = [1024, 512, 128, 64];

/// A level of the walk, as a type so that the sizes of its lists are constants.
trait Level {
    /// The row the level chooses.
    const ROW: usize;
    /// The level below (the last level names itself: it has none).
    type Next: Level;
}

/// The levels of rows 0 to 3.
struct Row0;
struct Row1;
struct Row2;
struct Row3;

impl Level for Row0 {
    const ROW: usize = 0;
    type Next = Row1;
}

impl Level for Row1 {
    const ROW: usize = 1;
    type Next = Row2;
}

impl Level for Row2 {
    const ROW: usize = 2;
    type Next = Row3;
}

impl Level for Row3 {
    const ROW: usize = 3;
    type Next = Row3;
}

/// The lexicographic walk over whole rows for one layout.
pub struct RowLex6 {
    /// Bit `group * SIZE + digit - 1` of permutation `p` in row `r`, at `r * 720 + p`; past
    /// the last row, room for a permutation masked to index any row's `NUMBERS` words from
    /// its start without a bounds check (see `row_groups`).
    groups: Vec<u64>,
    layout: Layout,
    backtracker: Backtracker<u64>,
    /// The work of the last visit (see [`RowLex6::work`]).
    work: u64,
}

/// Where a walk stands.
struct Walk<'a, F> {
    groups: &'a [u64],
    visit: F,
    /// Per row, the (column, digit) and (group, digit) pairs the givens forbid it.
    forbidden: [u64; SIZE],
    taken: [u64; SIZE],
    /// The permutation of each of the first four rows on the current path.
    path: [u16; SIZE - 2],
    /// The last three rows of the solutions found under the first three on the path, not
    /// yet visited: the first `found`.
    block: [[u16; 3]; BLOCK],
    found: usize,
    visited: u64,
    /// List entries scanned; `u64::MAX` once the walk has handed over.
    scanned: u64,
}

impl RowLex6 {
    /// The walk for `layout`. Constraint: `layout.size() == SIZE`.
    /// O(720 * 36) time, once.
    pub fn new(layout: &Layout) -> Self {
        // Pushed, not zeroed first: a zeroed allocation from the heap is cleared again.
        let mut groups = Vec::with_capacity((SIZE - 1) * PERMUTATIONS + NUMBERS);
        for r in 0..SIZE {
            // The bit of each digit in each column of row `r`, at `column * 8 + digit`.
            let mut bits = [0u64; 8 * SIZE];
            for (c, bits) in bits.chunks_exact_mut(8).enumerate() {
                let group = layout.region_of(r * SIZE + c);
                for (d, bit) in bits.iter_mut().enumerate().skip(1).take(SIZE) {
                    *bit = 1 << (group * SIZE + d - 1);
                }
            }
            groups.extend(DIGITS.iter().map(|row| {
                let at = row.iter().enumerate();
                at.fold(0, |m, (c, &d)| m | bits[c * 8 + usize::from(d & 7)])
            }));
        }
        groups.resize((SIZE - 1) * PERMUTATIONS + NUMBERS, 0);
        RowLex6 {
            groups,
            layout: layout.clone(),
            backtracker: Backtracker::<u64>::new(layout),
            work: 0,
        }
    }

    /// The work of the last [`RowLex6::visit`], in units of about one list entry scanned: the
    /// entries its walks and covers scanned, `NODE_WORK` for each node or probe trial of the
    /// bitset backtracker, and `RENAMING_WORK` for each solution it renamed (see the module
    /// docs).
    /// It depends on the layout and the givens alone, not on the machine, so a search for
    /// slow inputs can climb on it. 0 before any visit. O(1).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Calls `visit` with every solution of `givens` in lexicographic order, given as the
    /// permutation of each row (see [`DIGITS`]), until it returns false. The
    /// solutions come in blocks that share their first three rows: `visit` takes those and
    /// the last three rows of each solution of the block, at least one and at most `BLOCK`.
    /// Returns the number of solutions visited, all of each block visited.
    ///
    /// `givens[cell]` is 0 or a digit `1..=6`.
    ///
    /// # Constraints
    ///
    /// `givens.len() == 36` (panics otherwise).
    ///
    /// # Complexity
    ///
    /// On the walk, each solution costs a few list scans and a group check; the walk hands
    /// over to the covers by transversals when it pays less (see the module docs).
    ///
    /// # Example
    ///
    /// ```
    /// use common::layout::Layout;
    /// use common::row_lex6::{RowLex6, DIGITS};
    ///
    /// // Six groups that are the 2x3 boxes; a filled grid with its last row blanked.
    /// let grid = [
    ///     1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, //
    ///     5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2,
    /// ];
    /// let mut givens = grid;
    /// givens[30..].iter_mut().for_each(|g| *g = 0);
    /// let mut walk = RowLex6::new(&Layout::boxes(2, 3));
    /// let mut last_rows = Vec::new();
    /// let visited = walk.visit(&givens, |_first_three, blocks| {
    ///     last_rows.extend(blocks.iter().map(|rows| DIGITS[usize::from(rows[2])]));
    ///     true
    /// });
    /// // Each column misses one digit: the last row is forced.
    /// assert_eq!(visited, 1);
    /// assert_eq!(last_rows, [[6, 4, 5, 3, 1, 2]]);
    /// ```
    pub fn visit<F>(&mut self, givens: &[u8], mut visit: F) -> u64
    where
        F: FnMut(&[u16; 3], &[[u16; 3]]) -> bool,
    {
        self.work = 0;
        let (walked, whole) = self.walk(givens, &mut visit);
        if whole {
            return walked;
        }
        let free = ALL_DIGITS & !givens.iter().fold(0, |used, &g| used | 1 << g >> 1);
        if let Some(visited) = self.by_symmetry(givens, free, walked, &mut visit) {
            return visited;
        }
        self.backtrack(givens, walked, &mut visit)
    }

    /// What the givens rule out on each row `r`: in `forbidden[r]`, bit
    /// `(SIZE - 1 - column) * SIZE + digit - 1` for each digit a column of the row cannot
    /// take (every digit but the given one in a given cell of the row, the given digit
    /// where a given of another row holds the column); in `taken[r]`, bit
    /// `group * SIZE + digit - 1` for each digit a given of another row holds in the group.
    /// O(givens * SIZE).
    fn given_masks(&self, givens: &[u8]) -> ([u64; SIZE], [u64; SIZE]) {
        let mut forbidden = [0u64; SIZE];
        let mut taken = [0u64; SIZE];
        for (cell, &g) in givens.iter().enumerate().filter(|(_, &g)| g != 0) {
            let digit = 1u64 << (g - 1);
            for r in 0..SIZE {
                let own = (r == cell / SIZE) as u64;
                forbidden[r] |= (digit ^ (0x3f * own)) << ((SIZE - 1 - cell % SIZE) * SIZE);
                taken[r] |= ((1 - own) * digit) << (self.layout.region_of(cell) * SIZE);
            }
        }
        (forbidden, taken)
    }

    /// Walks the solutions of `givens` in lexicographic order. Returns the solutions visited
    /// and whether the walk went to its end or to a stop `visit` asked for, rather than
    /// handing over.
    fn walk<F>(&mut self, givens: &[u8], visit: &mut F) -> (u64, bool)
    where
        F: FnMut(&[u16; 3], &[[u16; 3]]) -> bool,
    {
        let (forbidden, taken) = self.given_masks(givens);
        let mut walk = Walk {
            groups: &self.groups,
            visit,
            forbidden,
            taken,
            path: [0; SIZE - 2],
            block: [[0; 3]; BLOCK],
            found: 0,
            visited: 0,
            scanned: 0,
        };
        // Each row's list (`LISTS`), permutation `p` as `p << INDEX | columns`; then, from
        // the end, each level's entries that fit there in the groups and givens (`FITTING`).
        // Every entry is written before it is read: not zeroed, which a heap allocation would
        // clear anew.
        let words = LISTS.iter().chain(&FITTING).sum();
        let mut lists = vec![COLUMNS; words];
        for (p, slot) in lists.iter_mut().zip(&COLUMN_PAIRS).enumerate() {
            *slot.0 = (p as u64) << INDEX | slot.1;
        }
        walk.descend::<Row0>(&mut lists, PERMUTATIONS, 0);
        // A walk that handed over had scanned its allowance, within a list.
        let whole = walk.scanned < u64::MAX;
        self.work += walk.scanned.min(PAY * (walk.visited + GRACE));
        (walk.visited, whole)
    }

    /// Visits the solutions of `givens` by the bitset backtracker, in lexicographic order,
    /// past the first `skip` of them. Returns the number of solutions visited, `skip`
    /// included.
    // Kept out of the walk's caller, whose code it would otherwise change.
    #[inline(never)]
    fn backtrack<F>(&mut self, givens: &[u8], mut skip: u64, visit: &mut F) -> u64
    where
        F: FnMut(&[u16; 3], &[[u16; 3]]) -> bool,
    {
        let each = |grid: &[u8]| {
            if skip > 0 {
                skip -= 1;
                return true;
            }
            let mut rows = [0; SIZE];
            for (row, digits) in rows.iter_mut().zip(grid.chunks(SIZE)) {
                *row = number(digits);
            }
            visit(&[rows[0], rows[1], rows[2]], &[[rows[3], rows[4], rows[5]]])
        };
        let visited = self.backtracker.visit_lex(givens, each);
        self.work += NODE_WORK * self.backtracker.nodes();
        visited
    }

    /// Visits the solutions of `givens` past the first `skip` from those whose first row
    /// takes the digits of `free`, those that no given uses, in increasing order (see the
    /// module docs). Returns the number of solutions visited, `skip` included, or `None`
    /// (having visited none) when those solutions are more than `STORED`.
    // Kept out of the walk's caller, whose code it would otherwise change.
    #[inline(never)]
    fn by_symmetry<F>(
        &mut self,
        givens: &[u8],
        free: u8,
        mut skip: u64,
        visit: &mut F,
    ) -> Option<u64>
    where
        F: FnMut(&[u16; 3], &[[u16; 3]]) -> bool,
    {
        // The solutions whose first row takes `free` in increasing order, in order.
        let mut canonical = Vec::new();
        self.work += visit_covers(self.layout.regions(), givens, free, |grid| {
            let rows = grid.chunks(SIZE);
            canonical.push(rows.fold(0, |all, row| all << ROW_BITS | number(row) as u64));
            canonical.len() <= STORED
        });
        if canonical.len() > STORED {
            return None;
        }
        canonical.sort_unstable();
        let mut renamed = Vec::new();
        let mut block = [[0; 3]; BLOCK];
        let mut visited = 0;
        for (p, digits) in DIGITS.iter().enumerate() {
            let (q, rename) = in_order_form(digits, free);
            let q = number(&q) as usize;
            // `canonical` is in order, so its solutions of each first row are together.
            let from = canonical.partition_point(|&rows| row_of(rows, 0) < q);
            let to = canonical.partition_point(|&rows| row_of(rows, 0) <= q);
            let solutions = &canonical[from..to];
            let len = solutions.len() as u64;
            if skip >= len {
                skip -= len;
                visited += len;
                continue;
            }
            renamed.clear();
            renamed.extend(solutions.iter().map(|&rows| renaming(rows, p, &rename)));
            renamed.sort_unstable();
            self.work += RENAMING_WORK * len;
            let mut rest = &renamed[skip as usize..];
            visited += skip;
            skip = 0;
            while let Some(&first) = rest.first() {
                let n = rest
                    .iter()
                    .take_while(|&&rows| rows >> BELOW == first >> BELOW)
                    .count();
                for (rows, below) in rest[..n].iter().zip(block.iter_mut()) {
                    *below = [3, 4, 5].map(|r| row_of(*rows, r) as u16);
                }
                visited += n as u64;
                let above = [0, 1, 2].map(|r| row_of(first, r) as u16);
                if !visit(&above, &block[..n]) {
                    return Some(visited);
                }
                rest = &rest[n..];
            }
        }
        Some(visited)
    }
}

impl<'a, F> Walk<'a, F>
where
    F: FnMut(&[u16; 3], &[[u16; 3]]) -> bool,
{
    /// Walks the `len` permutations at the front of `lists` (those that fit rows `0..r` in
    /// the columns) as row `r = L::ROW`, given the group bits the rows above use, and below the fourth
    /// row the pairs of the last two (see the module docs), kept in the block that the level
    /// of the fourth row hands to `visit` at its end. Returns false once `visit` has asked to
    /// stop or the walk has handed over.
    fn descend<L: Level>(&mut self, lists: &mut [u64], len: usize, grouped: u64) -> bool {
        let all = self.groups;
        let r = L::ROW;
        let (list, rest) = lists.split_at_mut(LISTS[r]);
        let (rest, fitting) = rest.split_at_mut(rest.len() - FITTING[r]);
        // Past `len`, entries with every column bit (see below) round the list up to whole
        // fours for the filter.
        let fours = &list[..(len + 3) & !3];
        let list = &list[..len];
        let groups = row_groups(all, r);
        let (forbidden, taken) = (self.forbidden[r], grouped | self.taken[r]);
        // The entries that fit, picked without branches: which do is hard to predict.
        let mut k = 0;
        for &e in list {
            let group = groups[(e >> INDEX) as usize & (NUMBERS - 1)];
            fitting[k & (FITTING[r] - 1)] = e;
            k += (e & forbidden | group & taken == 0) as usize;
        }
        for &e in &fitting[..k] {
            let p = (e >> INDEX) as usize;
            let group = groups[p & (NUMBERS - 1)];
            self.path[r] = p as u16;
            self.scanned += len as u64;
            if self.scanned > PAY * (self.visited + GRACE) {
                self.scanned = u64::MAX;
                return false;
            }
            let room = LISTS[r + 1];
            let next = &mut rest[..room];
            let mut n = 0;
            let e = e & COLUMNS;
            for four in fours.chunks_exact(4) {
                for &f in four {
                    next[n & (room - 1)] = f;
                    n += (f & e == 0) as usize;
                }
            }
            for k in 0..3 {
                next[(n + k) & (room - 1)] = COLUMNS;
            }
            let grouped = grouped | group;
            if r + 3 < SIZE {
                if !self.descend::<L::Next>(rest, n, grouped) {
                    return false;
                }
                continue;
            }
            let rows = &next[..n];
            let (fifth, sixth) = (row_groups(all, SIZE - 2), row_groups(all, SIZE - 1));
            let mut m = self.found;
            for (&e, &f) in rows.iter().zip(rows.iter().rev()) {
                let (p, q) = ((e >> INDEX) as usize, (f >> INDEX) as usize);
                let g = fifth[p & (NUMBERS - 1)];
                let h = sixth[q & (NUMBERS - 1)];
                let clash = e & self.forbidden[SIZE - 2]
                    | g & (grouped | self.taken[SIZE - 2])
                    | f & self.forbidden[SIZE - 1]
                    | h & (grouped | g | self.taken[SIZE - 1]);
                self.block[m & (BLOCK - 1)] = [self.path[SIZE - 3], p as u16, q as u16];
                m += (clash == 0) as usize;
            }
            self.found = m;
        }
        if r + 3 == SIZE && self.found > 0 {
            let found = std::mem::replace(&mut self.found, 0);
            self.visited += found as u64;
            let above = [self.path[0], self.path[1], self.path[2]];
            return (self.visit)(&above, &self.block[..found]);
        }
        true
    }
}

/// The solution kept as `rows` (see [`row_of`]) with its digits renamed by `rename`
/// (indexed by digit), given the renamed first row `first`.
/// O(36).
fn renaming(rows: u64, first: usize, rename: &[u8; SIZE + 1]) -> u64 {
    let mut table = [0; 8];
    table[..SIZE + 1].copy_from_slice(rename);
    (1..SIZE).fold(first as u64, |all, r| {
        let renamed = DIGITS[row_of(rows, r)].map(|d| table[usize::from(d & 7)]);
        all << ROW_BITS | number(&renamed) as u64
    })
}

/// The number of row `r` in a solution kept as its rows' numbers, `ROW_BITS` each and the
/// first highest. O(1).
fn row_of(rows: u64, r: usize) -> usize {
    (rows >> ((SIZE - 1 - r) as u32 * ROW_BITS)) as usize & (NUMBERS - 1)
}

/// Bits of a row's number in a kept solution.
const ROW_BITS: u32 = 10;
/// The bits of a kept solution's last three rows.
const BELOW: u32 = 3 * ROW_BITS;
/// The most solutions that renaming unused digits may keep at once: each takes a word, and
/// twice as many a word of room.
const STORED: usize = 1 << 18;
/// The digits of a row, as bits `digit - 1`.
const ALL_DIGITS: u8 = (1 << SIZE) - 1;
/// The work of a node or a probe trial of the bitset backtracker, in list entries scanned
/// (about what each costs).
const NODE_WORK: u64 = 200;
/// The work of renaming a solution's digits and sorting it in (see [`RowLex6::work`]).
const RENAMING_WORK: u64 = 50;

/// The row that takes the digits of `free` in increasing order where `digits` takes them,
/// and the renaming of those digits (indexed by digit) that maps it to `digits`. O(6).
fn in_order_form(digits: &[u8; SIZE], free: u8) -> ([u8; SIZE], [u8; SIZE + 1]) {
    let mut rename = [0, 1, 2, 3, 4, 5, 6];
    let mut form = *digits;
    // The digits of `free` not yet placed in `form`, the lowest next.
    let mut rest = free;
    for (slot, &d) in form.iter_mut().zip(digits) {
        if free >> (d - 1) & 1 != 0 {
            *slot = rest.trailing_zeros() as u8 + 1;
            rest &= rest.wrapping_sub(1);
            rename[*slot as usize] = d;
        }
    }
    (form, rename)
}

/// The number of the permutation `digits` of `1..=SIZE` (its place in lexicographic order):
/// that of the first of its first three digits, from `PREFIXES`, and the place of the order
/// of the last three among their six. O(1).
fn number(digits: &[u8]) -> u16 {
    let (d, e, f) = (digits[3], digits[4], digits[5]);
    let prefix = usize::from(digits[0] & 7) << 6 | usize::from(digits[1] & 7) << 3;
    PREFIXES[prefix | usize::from(digits[2] & 7)]
        + 2 * (u16::from(e < d) + u16::from(f < d))
        + u16::from(f < e)
}

/// At `a << 6 | b << 3 | c` for three different digits: the number of the first permutation
/// that starts with them (see [`number`]).
const PREFIXES: [u16; 512] = prefixes();

/// [`PREFIXES`], at compile time: the first three digits in lexicographic order, each with
/// the six permutations of the rest after it.
const fn prefixes() -> [u16; 512] {
    let mut table = [0; 512];
    let mut next = 0;
    let mut at = 0;
    while at < 512 {
        let (a, b, c) = (at >> 6, at >> 3 & 7, at & 7);
        let digits = a >= 1 && b >= 1 && c >= 1 && a <= SIZE && b <= SIZE && c <= SIZE;
        if digits && a != b && a != c && b != c {
            table[at] = next;
            next += SIZE as u16;
        }
        at += 1;
    }
    table
}

/// Slots for the solutions under three rows: a power of two above the most there can be,
/// 36 fourth rows (three digits left in each column) of 8 solutions each.
pub const BLOCK: usize = 512;

/// Where a listed permutation keeps its number, above its column bits.
const INDEX: u32 = 48;
/// The column bits of a listed permutation.
const COLUMNS: u64 = (1 << CELLS) - 1;

/// The group bits of row `r`'s permutations in `groups` (see `RowLex6::groups`), `NUMBERS`
/// words from the row's first, so that a masked permutation indexes them without a bounds
/// check. O(1).
#[inline]
fn row_groups(groups: &[u64], r: usize) -> &[u64] {
    &groups[r * PERMUTATIONS..][..NUMBERS]
}

/// The permutations of `1..=SIZE` in lexicographic order: permutation `p` of a walk is the
/// `p`th. O(720), at compile time where it makes a constant or a static ([`DIGITS`]).
const fn permutations() -> [[u8; SIZE]; PERMUTATIONS] {
    let mut all = [[0; SIZE]; PERMUTATIONS];
    let mut row = [1, 2, 3, 4, 5, 6];
    let mut p = 0;
    loop {
        all[p] = row;
        p += 1;
        // The next in order: past the last rise, the smallest larger digit comes first and
        // the rest rise again.
        let mut i = SIZE - 1;
        while i > 0 && row[i - 1] > row[i] {
            i -= 1;
        }
        if i == 0 {
            return all;
        }
        let mut j = SIZE - 1;
        while row[j] < row[i - 1] {
            j -= 1;
        }
        let digit = row[i - 1];
        row[i - 1] = row[j];
        row[j] = digit;
        let mut end = SIZE - 1;
        while i < end {
            let digit = row[i];
            row[i] = row[end];
            row[end] = digit;
            i += 1;
            end -= 1;
        }
    }
}

/// The permutations of `1..=SIZE` in lexicographic order, made at compile time: permutation
/// `p` of a walk is `DIGITS[p]`.
pub static DIGITS: [[u8; SIZE]; PERMUTATIONS] = permutations();

/// Bit `(SIZE - 1 - column) * SIZE + digit - 1` of each permutation, at compile time.
static COLUMN_PAIRS: [u64; PERMUTATIONS] = column_pairs();

/// [`COLUMN_PAIRS`]: the first column highest, so that they rise as the permutations do.
const fn column_pairs() -> [u64; PERMUTATIONS] {
    let digits = permutations();
    let mut pairs = [0; PERMUTATIONS];
    let mut p = 0;
    while p < PERMUTATIONS {
        let mut c = 0;
        while c < SIZE {
            pairs[p] |= 1 << ((SIZE - 1 - c) * SIZE + digits[p][c] as usize - 1);
            c += 1;
        }
        p += 1;
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::gen;
    use testkit::reference;
    use testkit::rng::Rng;

    /// Every solution `RowLex6::visit` gives, as grids, in the order given.
    fn walked(layout: &Layout, givens: &[u8]) -> Vec<Vec<u8>> {
        let mut walk = RowLex6::new(layout);
        let digits = permutations();
        let mut grids = Vec::new();
        let count = walk.visit(givens, |above, below| {
            assert!((1..=36 * 8).contains(&below.len()));
            for rows in below {
                let rows = above.iter().chain(rows);
                grids.push(rows.flat_map(|&p| digits[p as usize]).collect());
            }
            true
        });
        assert_eq!(count, grids.len() as u64);
        grids
    }

    #[test]
    fn permutations_are_in_lexicographic_order() {
        let all = permutations();
        assert_eq!(all.len(), PERMUTATIONS);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all[0], [1, 2, 3, 4, 5, 6]);
        assert_eq!(all[PERMUTATIONS - 1], [6, 5, 4, 3, 2, 1]);
    }

    /// A random solution of the 2x3 boxes and random groups that it solves too: each
    /// letter's six cells, taken row by row, go to the groups in a random order.
    fn solvable_groups(rng: &mut Rng) -> (Vec<u8>, Vec<u8>) {
        let solution = gen::random_solution(rng, SIZE, &gen::boxes(SIZE)).unwrap();
        let mut groups = vec![0u8; CELLS];
        for letter in 1..=SIZE as u8 {
            let mut order: Vec<u8> = (0..SIZE as u8).collect();
            rng.shuffle(&mut order);
            let cells = (0..CELLS).filter(|&c| solution[c] == letter);
            for (cell, &g) in cells.zip(&order) {
                groups[cell] = g;
            }
        }
        (groups, solution)
    }

    #[test]
    fn random_groups_and_givens_match_the_reference_in_order() {
        let mut rng = Rng::new(6);
        for _ in 0..40 {
            let (groups, solution) = solvable_groups(&mut rng);
            let count = rng.between(8, 24);
            let givens = gen::some_givens(&mut rng, &solution, count);
            let layout = Layout::new(SIZE, groups.clone()).unwrap();
            let expected = reference::all_solutions(SIZE, &groups, &givens);
            assert!(!expected.is_empty());
            assert_eq!(
                walked(&layout, &givens),
                expected,
                "{:?} {:?}",
                groups,
                givens
            );
        }
    }

    #[test]
    fn random_groups_with_few_givens_match_the_bitset_backtracker_in_order() {
        let mut rng = Rng::new(8);
        for _ in 0..5 {
            let (groups, solution) = solvable_groups(&mut rng);
            let count = rng.between(1, 3);
            let givens = gen::some_givens(&mut rng, &solution, count);
            let layout = Layout::new(SIZE, groups).unwrap();
            let mut expected = Vec::new();
            Backtracker::<u64>::new(&layout).visit_lex(&givens, |grid| {
                expected.push(grid.to_vec());
                true
            });
            assert_eq!(walked(&layout, &givens), expected, "{:?}", givens);
        }
    }

    #[test]
    fn sparse_boxes_match_the_bitset_backtracker_in_order() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(7);
        let mut backtracker = Backtracker::<u64>::new(&layout);
        for _ in 0..6 {
            let solution = gen::random_solution(&mut rng, SIZE, &gen::boxes(SIZE)).unwrap();
            let count = rng.between(6, 10);
            let givens = gen::some_givens(&mut rng, &solution, count);
            let mut expected = Vec::new();
            backtracker.visit_lex(&givens, |grid| {
                expected.push(grid.to_vec());
                true
            });
            assert!(!expected.is_empty());
            assert_eq!(walked(&layout, &givens), expected, "{:?}", givens);
        }
    }

    #[test]
    fn clashing_givens_and_layouts_without_solutions_give_none() {
        let mut givens = [0u8; CELLS];
        givens[0] = 1;
        givens[5] = 1;
        assert!(walked(&Layout::boxes(2, 3), &givens).is_empty());
        givens[5] = 7 - 1;
        givens[1] = 1;
        assert!(walked(&Layout::boxes(2, 3), &givens).is_empty());
        let layout = Layout::new(SIZE, gen::rows_swapped(2, 4, 5)).unwrap();
        assert_eq!(RowLex6::new(&layout).visit(&[0; CELLS], |_, _| true), 0);
    }

    /// The solutions of `givens` the bitset backtracker lists, as grids, in its order.
    fn backtracked(layout: &Layout, givens: &[u8]) -> Vec<Vec<u8>> {
        let mut grids = Vec::new();
        Backtracker::<u64>::new(layout).visit_lex(givens, |grid| {
            grids.push(grid.to_vec());
            true
        });
        grids
    }

    /// The solutions `RowLex6::by_symmetry` visits past the first `skip`, as grids; `None`
    /// when it declines.
    fn by_symmetry(layout: &Layout, givens: &[u8], skip: u64) -> Option<Vec<Vec<u8>>> {
        let used = givens.iter().fold(0, |used, &g| used | 1 << g >> 1);
        let mut walk = RowLex6::new(layout);
        let digits = permutations();
        let mut grids = Vec::new();
        let count = walk.by_symmetry(givens, ALL_DIGITS & !used, skip, &mut |above, below| {
            assert!((1..=36 * 8).contains(&below.len()));
            for rows in below {
                let rows = above.iter().chain(rows);
                grids.push(rows.flat_map(|&p| digits[p as usize]).collect());
            }
            true
        })?;
        assert_eq!(count, skip + grids.len() as u64);
        Some(grids)
    }

    /// A grouping without givens on which the walk hands over, found by a search for slow
    /// inputs; its solutions come in renamings of the digits.
    fn hunted() -> Layout {
        let groups = "000004 551534 221222 351541 043334 211534";
        let groups = groups
            .bytes()
            .filter(|b| b.is_ascii_digit())
            .map(|b| b - b'0');
        Layout::new(SIZE, groups.collect()).unwrap()
    }

    #[test]
    fn renamed_solutions_match_the_bitset_backtracker_in_order() {
        let mut rng = Rng::new(10);
        let mut cases = vec![(hunted(), vec![0; CELLS])];
        for _ in 0..12 {
            let (groups, solution) = solvable_groups(&mut rng);
            let count = rng.between(0, 3);
            let givens = gen::some_givens(&mut rng, &solution, count);
            cases.push((Layout::new(SIZE, groups).unwrap(), givens));
        }
        let mut skipped = 0;
        for (layout, givens) in &cases {
            let expected = backtracked(layout, givens);
            assert!(!expected.is_empty());
            let renamed = by_symmetry(layout, givens, 0).unwrap();
            assert!(renamed == expected, "{:?}", givens);
            let skip = rng.below(expected.len() + 1);
            let rest = by_symmetry(layout, givens, skip as u64).unwrap();
            assert!(rest[..] == expected[skip..], "{:?} past {}", givens, skip);
            skipped += skip;
        }
        assert!(skipped > 0);
        // And through `visit`, which hands over to them on the hunted grouping.
        let (layout, givens) = &cases[0];
        assert!(walked(layout, givens) == backtracked(layout, givens));
    }

    #[test]
    fn renaming_declines_more_solutions_than_it_keeps() {
        // Groups that are the rows: every Latin square, far more than `STORED` with a given
        // first row.
        let rows = Layout::new(SIZE, (0..CELLS).map(|c| (c / SIZE) as u8).collect()).unwrap();
        assert!(by_symmetry(&rows, &[0; CELLS], 0).is_none());
    }

    #[test]
    fn renamed_visits_stop_when_asked() {
        let mut walk = RowLex6::new(&hunted());
        let mut seen = 0;
        let count = walk.by_symmetry(&[0; CELLS], ALL_DIGITS, 0, &mut |_, below| {
            seen += below.len() as u64;
            seen < 100
        });
        assert_eq!(count, Some(seen));
        assert!((100..100 + 36 * 8).contains(&seen), "{}", seen);
    }

    #[test]
    fn work_is_told_and_depends_on_the_input_alone() {
        let mut walk = RowLex6::new(&hunted());
        assert_eq!(walk.work(), 0);
        let whole = walk.visit(&[0; CELLS], |_, _| true);
        let work = walk.work();
        assert!(whole > 0 && work > 0);
        walk.visit(&[0; CELLS], |_, _| true);
        assert_eq!(walk.work(), work);
        walk.visit(&[0; CELLS], |_, _| false);
        assert!(walk.work() < work);
        // The walk alone, on a grid it lists whole.
        let mut boxes = RowLex6::new(&Layout::boxes(2, 3));
        let mut givens = [0; CELLS];
        givens[..SIZE].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        assert!(boxes.visit(&givens, |_, _| true) > 0);
        assert!(boxes.work() > 0);
    }

    /// Whether the digits of `free` (bit `digit - 1`) come in increasing order in `digits`. O(6).
    fn in_order(digits: &[u8; SIZE], free: u8) -> bool {
        let mut last = 0;
        digits
            .iter()
            .filter(|&&d| free >> (d - 1) & 1 != 0)
            .all(|&d| {
                let rising = d > last;
                last = d;
                rising
            })
    }

    #[test]
    fn in_order_forms_rename_unused_digits_only() {
        let all = permutations();
        for (p, digits) in all.iter().enumerate() {
            assert_eq!(number(digits) as usize, p);
            for free in [0b111111, 0b101101, 0b000011, 0] {
                let (form, rename) = in_order_form(digits, free);
                assert!(in_order(&form, free));
                assert_eq!(form.map(|d| rename[d as usize]), *digits);
                let moved = (1..=SIZE as u8).filter(|&d| rename[d as usize] != d);
                assert!(moved.clone().all(|d| free >> (d - 1) & 1 != 0));
                assert_eq!(in_order(digits, free), moved.count() == 0);
            }
        }
    }

    #[test]
    fn a_visit_stops_when_asked() {
        let mut walk = RowLex6::new(&Layout::boxes(2, 3));
        for givens in [[0; CELLS], [1; CELLS]] {
            let mut seen = 0;
            let mut blocks = 0;
            let count = walk.visit(&givens, |_, below| {
                seen += below.len() as u64;
                blocks += 1;
                seen < 1000
            });
            assert_eq!(count, seen);
            if givens[0] == 0 {
                assert!((1000..1000 + 36 * 8).contains(&seen), "{}", seen);
                assert!(blocks < seen);
            } else {
                assert_eq!(seen, 0);
            }
        }
    }

    #[test]
    fn many_solutions_are_walked_whole_rows_at_a_time_in_order() {
        let layout = Layout::boxes(2, 3);
        let mut rng = Rng::new(9);
        let solution = gen::random_solution(&mut rng, SIZE, &gen::boxes(SIZE)).unwrap();
        let mut givens = solution.clone();
        givens[SIZE + 1..].iter_mut().for_each(|g| *g = 0);
        let mut expected = Vec::new();
        Backtracker::<u64>::new(&layout).visit_lex(&givens, |grid| {
            expected.push(grid.to_vec());
            true
        });
        assert!(expected.len() as u64 > GRACE);
        assert!(walked(&layout, &givens) == expected);
    }

    #[test]
    fn the_masks_rule_out_what_each_given_rules_out() {
        let mut rng = Rng::new(13);
        for _ in 0..20 {
            let (groups, solution) = solvable_groups(&mut rng);
            let count = rng.between(1, 12);
            let givens = gen::some_givens(&mut rng, &solution, count);
            let layout = Layout::new(SIZE, groups.clone()).unwrap();
            let (forbidden, taken) = RowLex6::new(&layout).given_masks(&givens);
            for r in 0..SIZE {
                for c in 0..SIZE {
                    for d in 1..=SIZE as u8 {
                        let own = givens[r * SIZE + c];
                        let above_below = (0..SIZE).any(|o| o != r && givens[o * SIZE + c] == d);
                        let bit = (SIZE - 1 - c) * SIZE + usize::from(d) - 1;
                        let expected = (own != 0 && own != d) || above_below;
                        assert_eq!(forbidden[r] >> bit & 1 == 1, expected, "{:?}", givens);
                    }
                }
                for g in 0..SIZE {
                    for d in 1..=SIZE as u8 {
                        let held = (0..CELLS).any(|cell| {
                            cell / SIZE != r && usize::from(groups[cell]) == g && givens[cell] == d
                        });
                        let bit = g * SIZE + usize::from(d) - 1;
                        assert_eq!(taken[r] >> bit & 1 == 1, held, "{:?}", givens);
                    }
                }
            }
        }
    }

    /// The walk pays its way or hands over: it walks every solution of the 2x3 boxes below
    /// given rows itself, and hands over on the hunted grouping once its scans pass
    /// `PAY` per solution walked and `GRACE`.
    #[test]
    fn the_walk_hands_over_where_it_does_not_pay() {
        let boxes = Layout::boxes(2, 3);
        let mut rng = Rng::new(14);
        let solution = gen::random_solution(&mut rng, SIZE, &gen::boxes(SIZE)).unwrap();
        // The first one, two or three rows given.
        for rows in 1..=3 {
            let mut givens = solution.clone();
            givens[rows * SIZE..].iter_mut().for_each(|g| *g = 0);
            let mut walk = RowLex6::new(&boxes);
            let (visited, whole) = walk.walk(&givens, &mut |_, _| true);
            assert!(whole, "{:?}", givens);
            assert_eq!(visited as usize, backtracked(&boxes, &givens).len());
        }
        let mut walk = RowLex6::new(&hunted());
        let (visited, whole) = walk.walk(&[0; CELLS], &mut |_, _| true);
        assert!(!whole);
        assert_eq!(walk.work(), PAY * (visited + GRACE));
    }

    /// The mask of bits `house(column) * SIZE + digit - 1` of a row's digits.
    fn pairs(row: &[u8], house: impl Fn(usize) -> usize) -> u64 {
        row.iter()
            .enumerate()
            .fold(0, |m, (c, &d)| m | 1 << (house(c) * SIZE + d as usize - 1))
    }

    /// Records in `most[depth]` the longest `list` met `depth` rows below the first, each
    /// row of the list in turn taken as the next and the list filtered by its columns.
    fn longest_lists(list: &[u64], depth: usize, most: &mut [usize]) {
        most[depth] = most[depth].max(list.len());
        if depth + 1 < most.len() {
            for &e in list {
                let next: Vec<u64> = list.iter().copied().filter(|&f| f & e == 0).collect();
                longest_lists(&next, depth + 1, most);
            }
        }
    }

    #[test]
    fn every_list_fits_the_room_of_its_level() {
        // Over every Latin rectangle of up to four rows whose first row is 1..=6 (renaming
        // the digits changes no list's length), the longest lists of rows 1 to 4; row 0's
        // list is every permutation.
        let columns: Vec<u64> = permutations().iter().map(|d| pairs(d, |c| c)).collect();
        let below_first: Vec<u64> = columns
            .iter()
            .copied()
            .filter(|&f| f & columns[0] == 0)
            .collect();
        let mut most = [0; SIZE - 2];
        longest_lists(&below_first, 0, &mut most);
        // A list and the 3 entries that round it up; the entries of a level's list that fit
        // in the groups, at most the whole list.
        for (&longest, &room) in most.iter().zip(&LISTS[1..]) {
            assert!(longest + 3 <= room, "{:?}", most);
        }
        for (&longest, &room) in [PERMUTATIONS].iter().chain(&most).zip(&FITTING) {
            assert!(longest <= room, "{:?}", most);
        }
    }
}
