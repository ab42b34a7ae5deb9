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
//! above it), while the bitset backtracker's probes see such dead ends early. So the walk
//! counts the list entries it scans, and once they pass `PAY` per solution visited (`GRACE`
//! solutions granted) it hands over to the bitset backtracker, which lists the solutions
//! anew in the same order and passes over as many as the walk visited. A layout without a
//! solution costs the walk a fraction of a millisecond; one where the walk gave up late
//! costs at most about what the backtracker alone would have, twice.
//!
//! Memory: O(720 * 6) words for a [`RowLex`], and about half as many for a walk, whose
//! lists each take the room the longest list of their level needs (see `Level`), allocated
//! once.

use crate::backtrack::Backtracker;
use crate::layout::Layout;

/// The side of the grid and the number of digits.
pub const SIZE: usize = 6;
const CELLS: usize = SIZE * SIZE;
/// The permutations of `SIZE` digits.
pub const PERMUTATIONS: usize = 720;
/// A power of two above the permutations' numbers.
const NUMBERS: usize = 1024;

/// List entries the walk may scan per solution it visits (about 12 on the 2x3 boxes, and a
/// solution of the bitset backtracker costs about as much as 50), and the solutions it is
/// granted at the start; past that it hands over to the bitset backtracker.
const PAY: u64 = 64;
const GRACE: u64 = 1 << 10;

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

/// The lexicographic walk over whole rows for one layout: [`RowLex::new`] once, then
/// [`RowLex::visit`] for each set of givens.
///
/// # Constraints
///
/// - the layout is 6x6 (`layout.size() == SIZE`)
///
/// # Complexity
///
/// [`RowLex::new`]: O(720 * 36) time and O(720 * 6) words, once. [`RowLex::visit`]: a few
/// list scans and a group check per solution on the walk, and no more than about twice what
/// the bitset backtracker would take when the walk hands over to it (see the module docs).
///
/// # Example
///
/// ```
/// use common::layout::Layout;
/// use common::row_lex::{permutations, RowLex};
///
/// // A 6x6 Sudoku with 2x3 boxes, its first four rows given.
/// let mut givens = [0u8; 36];
/// givens[..24].copy_from_slice(&[
///     1, 2, 3, 4, 5, 6, //
///     4, 5, 6, 1, 2, 3, //
///     2, 3, 1, 5, 6, 4, //
///     5, 6, 4, 2, 3, 1,
/// ]);
/// let rows = permutations();
/// let mut walk = RowLex::new(&Layout::boxes(2, 3));
/// let mut solutions = Vec::new();
/// let visited = walk.visit(&givens, |above, below| {
///     for last_three in below {
///         let six_rows = above.iter().chain(last_three);
///         solutions.push(six_rows.flat_map(|&p| rows[p as usize]).collect::<Vec<u8>>());
///     }
///     true
/// });
/// assert_eq!(visited, 8);
/// assert_eq!(solutions.len(), 8);
/// // In lexicographic order, each solution keeping the givens.
/// assert!(solutions.windows(2).all(|pair| pair[0] < pair[1]));
/// assert!(solutions.iter().all(|grid| grid[..24] == givens[..24]));
/// assert_eq!(solutions[0][24..], [3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2]);
/// ```
pub struct RowLex {
    /// Bit `(SIZE - 1 - column) * SIZE + digit - 1` of each permutation.
    columns: Vec<u64>,
    /// Bit `group * SIZE + digit - 1` of permutation `p` in row `r`, at `r * 720 + p`; past
    /// the last row, room for a permutation masked to index any row's `NUMBERS` words from
    /// its start without a bounds check (see `row_groups`).
    groups: Vec<u64>,
    layout: Layout,
    backtracker: Backtracker<u64>,
    /// What the last [`RowLex::visit`] cost (see [`RowLex::work`]).
    scanned: u64,
    handed_over: bool,
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

impl RowLex {
    /// The walk for `layout`. Constraint: `layout.size() == SIZE`.
    /// O(720 * 36) time, once.
    pub fn new(layout: &Layout) -> Self {
        let digits = permutations();
        let columns = digits
            .iter()
            .map(|row| pairs(row, |c| SIZE - 1 - c))
            .collect::<Vec<u64>>();
        let mut groups = vec![0; (SIZE - 1) * PERMUTATIONS + NUMBERS];
        for (r, groups) in groups.chunks_mut(PERMUTATIONS).take(SIZE).enumerate() {
            for (group, row) in groups.iter_mut().zip(&digits) {
                *group = pairs(row, |c| layout.region_of(r * SIZE + c));
            }
        }
        RowLex {
            columns,
            groups,
            layout: layout.clone(),
            backtracker: Backtracker::<u64>::new(layout),
            scanned: 0,
            handed_over: false,
        }
    }

    /// Calls `visit` with every solution of `givens` in lexicographic order, given as the
    /// permutation of each row (see [`permutations`]), until it returns false. The
    /// solutions come in blocks that share their first three rows: `visit` takes those and
    /// the last three rows of each solution of the block, at least one and at most `BLOCK`.
    /// Returns the number of solutions visited, all of each block visited.
    ///
    /// `givens[cell]` is 0 or a digit `1..=6`. Constraint: `givens.len() == 36` (panics
    /// otherwise). On the walk, each solution costs a few list scans and a group check; the
    /// walk hands over to the bitset backtracker when it pays less (see the module docs).
    pub fn visit<F>(&mut self, givens: &[u8], mut visit: F) -> u64
    where
        F: FnMut(&[u16; 3], &[[u16; 3]]) -> bool,
    {
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
        let mut walk = Walk {
            groups: &self.groups,
            visit: &mut visit,
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
        let words = LISTS.iter().chain(&FITTING).sum();
        let mut lists = vec![0; words];
        for (p, slot) in lists.iter_mut().zip(&self.columns).enumerate() {
            *slot.0 = (p as u64) << INDEX | slot.1;
        }
        walk.descend::<Row0>(&mut lists, PERMUTATIONS, 0);
        let mut walked = walk.visited;
        self.handed_over = walk.scanned == u64::MAX;
        self.scanned = walk.scanned.min(PAY * (walked + GRACE));
        if !self.handed_over {
            return walked;
        }
        let columns = &self.columns;
        self.backtracker.visit_lex(givens, |grid| {
            if walked > 0 {
                walked -= 1;
                return true;
            }
            let mut rows = [0; SIZE];
            for (row, digits) in rows.iter_mut().zip(grid.chunks(SIZE)) {
                *row = number_of(columns, digits);
            }
            visit(&[rows[0], rows[1], rows[2]], &[[rows[3], rows[4], rows[5]]])
        })
    }

    /// What the last [`RowLex::visit`] cost, in units that do not depend on the machine: the
    /// list entries the walk scanned, and the bitset backtracker's nodes if it handed over
    /// (else 0). O(1).
    pub fn work(&self) -> (u64, u64) {
        let nodes = if self.handed_over {
            self.backtracker.nodes()
        } else {
            0
        };
        (self.scanned, nodes)
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

/// Slots for the solutions under three rows: a power of two above the most there can be,
/// 36 fourth rows (three digits left in each column) of 8 solutions each.
pub const BLOCK: usize = 512;

/// Where a listed permutation keeps its number, above its column bits.
const INDEX: u32 = 48;
/// The column bits of a listed permutation.
const COLUMNS: u64 = (1 << CELLS) - 1;

/// The group bits of row `r`'s permutations in `groups` (see `RowLex::groups`), `NUMBERS`
/// words from the row's first, so that a masked permutation indexes them without a bounds
/// check. O(1).
#[inline]
fn row_groups(groups: &[u64], r: usize) -> &[u64] {
    &groups[r * PERMUTATIONS..][..NUMBERS]
}

/// The number of the permutation `digits` of `1..=SIZE`, given each permutation's column
/// bits: those are in increasing order, as their first column takes the highest. O(log 720).
fn number_of(columns: &[u64], digits: &[u8]) -> u16 {
    columns
        .binary_search(&pairs(digits, |c| SIZE - 1 - c))
        .unwrap_or(0) as u16
}

/// The permutations of `1..=SIZE` in lexicographic order: permutation `p` of a walk is the
/// `p`th. O(720).
pub fn permutations() -> Vec<[u8; SIZE]> {
    let mut row = [1, 2, 3, 4, 5, 6];
    let mut all = Vec::with_capacity(PERMUTATIONS);
    loop {
        all.push(row);
        let i = match (0..SIZE - 1).rev().find(|&i| row[i] < row[i + 1]) {
            Some(i) => i,
            None => return all,
        };
        let j = (i + 1..SIZE).rev().find(|&j| row[j] > row[i]).unwrap_or(i);
        row.swap(i, j);
        row[i + 1..].reverse();
    }
}

/// The mask of bits `house(column) * SIZE + digit - 1` of a row's digits.
fn pairs(row: &[u8], house: impl Fn(usize) -> usize) -> u64 {
    row.iter()
        .enumerate()
        .fold(0, |m, (c, &d)| m | 1 << (house(c) * SIZE + d as usize - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::gen;
    use testkit::reference;
    use testkit::rng::Rng;

    /// Every solution `RowLex::visit` gives, as grids, in the order given.
    fn walked(layout: &Layout, givens: &[u8]) -> Vec<Vec<u8>> {
        let mut walk = RowLex::new(layout);
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
        assert_eq!(RowLex::new(&layout).visit(&[0; CELLS], |_, _| true), 0);
    }

    #[test]
    fn a_visit_stops_when_asked() {
        let mut walk = RowLex::new(&Layout::boxes(2, 3));
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

    #[test]
    fn numbers_of_permutations_are_their_places() {
        let walk = RowLex::new(&Layout::boxes(2, 3));
        let all = permutations();
        assert!(all
            .iter()
            .enumerate()
            .all(|(p, d)| number_of(&walk.columns, d) as usize == p));
    }
}
