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
//!
//! The code is laid out by job: this file holds the public [`RowLex6`] and its visit, the
//! hand-over to the bitset backtracker and the numbering of the permutations; the files of
//! `row_lex6/` hold the jobs: `walk.rs` the walk by whole rows (its levels, their lists, the
//! masks of the givens), `renaming.rs` the solutions up to renaming, found as covers and
//! renamed in order.

use crate::backtrack::Backtracker;
use crate::layout::Layout;
use crate::transversals::visit_covers;

mod renaming;
mod walk;

/// The side of the grid and the number of digits.
pub const SIZE: usize = 6;
const CELLS: usize = SIZE * SIZE;
/// The permutations of `SIZE` digits.
pub const PERMUTATIONS: usize = 720;
/// A power of two above the permutations' numbers.
const NUMBERS: usize = 1024;

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
        if let Some(visited) = self.by_symmetry(givens, free, walked, STORED, &mut visit) {
            return visited;
        }
        self.backtrack(givens, walked, &mut visit)
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
}

/// The digits of a row, as bits `digit - 1`.
const ALL_DIGITS: u8 = (1 << SIZE) - 1;
/// The most solutions that renaming unused digits may keep at once: each takes a word, and
/// twice as many a word of room.
const STORED: usize = 1 << 18;
/// The work of a node or a probe trial of the bitset backtracker, in list entries scanned
/// (about what each costs).
const NODE_WORK: u64 = 200;

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

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::gen;
    use testkit::reference;
    use testkit::rng::Rng;

    /// Every solution `RowLex6::visit` gives, as grids, in the order given.
    pub(super) fn walked(layout: &Layout, givens: &[u8]) -> Vec<Vec<u8>> {
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
    pub(super) fn solvable_groups(rng: &mut Rng) -> (Vec<u8>, Vec<u8>) {
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

    /// A grouping of [`solvable_groups`] as a layout, with `least..=most` givens taken from
    /// its full grid at random cells.
    pub(super) fn solvable_instance(rng: &mut Rng, least: usize, most: usize) -> (Layout, Vec<u8>) {
        let (groups, solution) = solvable_groups(rng);
        let count = rng.between(least, most);
        let givens = gen::some_givens(rng, &solution, count);
        (Layout::new(SIZE, groups).unwrap(), givens)
    }

    #[test]
    fn random_groups_and_givens_match_the_reference_in_order() {
        let mut rng = Rng::new(6);
        for _ in 0..40 {
            let (layout, givens) = solvable_instance(&mut rng, 8, 24);
            let expected = reference::all_solutions(SIZE, layout.regions(), &givens);
            assert!(!expected.is_empty());
            assert_eq!(
                walked(&layout, &givens),
                expected,
                "{:?} {:?}",
                layout.regions(),
                givens
            );
        }
    }

    #[test]
    fn random_groups_with_few_givens_match_the_bitset_backtracker_in_order() {
        let mut rng = Rng::new(8);
        for _ in 0..5 {
            let (layout, givens) = solvable_instance(&mut rng, 1, 3);
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

    /// Inputs found by a search of random groupings and givens for those on which a weaker
    /// clash of the last two rows (`Walk::descend`) lets a wrong grid through or loses a
    /// right one: a letter of the fifth row in a group the rows above or a given of another
    /// row already hold it in, one of the sixth row in a group of the fifth row's. The walk
    /// lists what the backtracker lists.
    #[test]
    fn the_last_two_rows_clash_wherever_a_group_would_hold_a_letter_twice() {
        let cases = [
            (
                "001044 553443 234053 552523 310041 221121",
                "600000 040106 056000 200000 000000 004000",
            ),
            (
                "000111 200113 204413 224433 224433 555555",
                "060300 000045 000003 001000 000000 003000",
            ),
            (
                "200233 440220 452251 315511 013353 445410",
                "300000 610050 250100 030605 160502 540300",
            ),
        ];
        let digits = |s: &str| {
            s.bytes()
                .filter(u8::is_ascii_digit)
                .map(|b| b - b'0')
                .collect()
        };
        for (groups, givens) in cases {
            let layout = Layout::new(SIZE, digits(groups)).unwrap();
            let givens: Vec<u8> = digits(givens);
            let expected = backtracked(&layout, &givens);
            assert_eq!(
                walked(&layout, &givens),
                expected,
                "{} {:?}",
                groups,
                givens
            );
        }
    }

    /// The solutions of `givens` the bitset backtracker lists, as grids, in its order.
    pub(super) fn backtracked(layout: &Layout, givens: &[u8]) -> Vec<Vec<u8>> {
        let mut grids = Vec::new();
        Backtracker::<u64>::new(layout).visit_lex(givens, |grid| {
            grids.push(grid.to_vec());
            true
        });
        grids
    }

    /// A grouping without givens on which the walk hands over, found by a search for slow
    /// inputs; its solutions come in renamings of the digits.
    pub(super) fn hunted() -> Layout {
        let groups = "000004 551534 221222 351541 043334 211534";
        let groups = groups
            .bytes()
            .filter(|b| b.is_ascii_digit())
            .map(|b| b - b'0');
        Layout::new(SIZE, groups.collect()).unwrap()
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

    /// A search by the bitset backtracker adds `NODE_WORK` for each of its nodes to the work
    /// counted before it (see [`RowLex6::work`]).
    #[test]
    fn the_backtracker_adds_its_nodes_to_the_work() {
        let mut walk = RowLex6::new(&hunted());
        walk.work = 5;
        assert_eq!(walk.backtrack(&[0; CELLS], 0, &mut |_, _| false), 1);
        let nodes = walk.backtracker.nodes();
        assert!(nodes > 0);
        assert_eq!(walk.work, 5 + NODE_WORK * nodes);
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
    fn the_search_after_a_hand_over_visits_past_those_walked() {
        // After a hand-over the bitset backtracker visits the solutions past the `skip` the
        // walk visited: those it lists after them, in its order, the count taking in the
        // skipped ones too.
        let layout = Layout::boxes(2, 3);
        let mut givens = [0; CELLS];
        givens[..2 * SIZE].copy_from_slice(&[1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3]);
        let all = backtracked(&layout, &givens);
        assert!(all.len() > 8, "{}", all.len());
        let digits = permutations();
        for skip in [0, 1, 7, all.len()] {
            let mut walk = RowLex6::new(&layout);
            let mut grids: Vec<Vec<u8>> = Vec::new();
            let count = walk.backtrack(&givens, skip as u64, &mut |above, below| {
                for rows in below {
                    let rows = above.iter().chain(rows);
                    grids.push(rows.flat_map(|&p| digits[p as usize]).collect());
                }
                true
            });
            assert_eq!(count, all.len() as u64);
            assert_eq!(grids, all[skip..], "skip {}", skip);
        }
    }
}
