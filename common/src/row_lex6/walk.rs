//! The walk by whole rows: its levels and their lists, the masks of the givens, the walk
//! from the first row to the last two, and its hand-over once it stops paying.

use super::*;

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
    pub(super) fn walk<F>(&mut self, givens: &[u8], visit: &mut F) -> (u64, bool)
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
    use crate::row_lex6::tests::{backtracked, hunted, solvable_instance, walked};
    use testkit::gen;
    use testkit::rng::Rng;

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
            let (layout, givens) = solvable_instance(&mut rng, 1, 12);
            let groups = layout.regions();
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
