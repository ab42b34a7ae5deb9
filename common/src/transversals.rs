//! The solutions of a 6x6 grid in groups up to renaming the digits that no given uses, as
//! exact covers of the cells by transversals.
//!
//! A digit's six cells in a solution take one cell of each row, each column and each group:
//! a transversal, a permutation (row `r` to a column) whose six cells lie in six different
//! groups. A solution is six disjoint transversals, one per digit: a given digit's holds
//! every given of that digit and no other given, an unused digit's holds no given. So the
//! solutions whose first row takes the unused digits in increasing order are, one to one,
//! the sets of six disjoint transversals of those kinds: each given digit's is the one that
//! holds its givens, and the unused digits go to the others in the order of their cells in
//! the first row.
//!
//! Search: the transversals are listed once, by a walk over the rows that keeps the columns
//! and groups used (at most 1,957 steps: the prefixes of the 720 permutations). Then, at each
//! node of the cover, the uncovered cell that the fewest transversals left can cover (counted
//! bit-sliced over the list: one, two, or more) decides the branch, and each of its
//! transversals is tried with the list filtered to those disjoint from it. A cell that no
//! transversal left can cover ends a branch at once: groupings where a cell can take no digit
//! at all (groups that are the rows but for two cells of a column swapped) cost no search.
//! Six transversals make a solution, so a branch is at most six deep.
//!
//! Work: list entries scanned, filtered or counted (see [`visit_covers`]). Memory: the
//! transversals, at most 720 words, and the lists of one branch, at most six times as many.

/// The side of the grid.
const SIZE: usize = 6;
/// The cells of the grid, as bits `row * SIZE + column` of a transversal.
const CELLS: u64 = (1 << (SIZE * SIZE)) - 1;
/// Where a listed transversal keeps its digit (0 for one of an unused digit), above its cells.
const DIGIT: u32 = 40;

/// Calls `visit` with each solution of `givens` whose first row takes the digits of `free`
/// (bit `digit - 1`, those no given uses) in increasing order, as its 36 digits row by row,
/// once each and in no set order, until `visit` returns false. Every solution is one of those
/// with the digits of `free` renamed. Returns the list entries scanned: the search's work,
/// which depends on the input alone.
///
/// `regions[cell]` is the cell's group `0..6`, every group six cells; `givens[cell]` is 0 or
/// a digit `1..=6`, no two alike in a row, column or group, and `free` names exactly the
/// digits that no given uses. Constraints: both have 36 entries. Exponential in the worst
/// case, at most six deep; O(720) to list the transversals.
pub fn visit_covers<F>(regions: &[u8], givens: &[u8], free: u8, mut visit: F) -> u64
where
    F: FnMut(&[u8; 36]) -> bool,
{
    let mut cover = Cover {
        list: Vec::new(),
        path: [0; SIZE],
        free,
        scanned: 0,
    };
    let mut given = [0u64; SIZE + 1];
    for (cell, &g) in givens[..SIZE * SIZE].iter().enumerate() {
        given[g as usize] |= 1 << cell;
    }
    let mut walk = Transversal {
        regions,
        givens,
        given,
        found: &mut cover.list,
    };
    walk.extend(0, 0, 0, 0);
    let len = cover.list.len();
    cover.search(0, 0, len, 0, &mut visit);
    cover.scanned
}

/// The walk that lists the transversals.
struct Transversal<'a> {
    regions: &'a [u8],
    givens: &'a [u8],
    /// The cells given each digit (index 0: the cells without one).
    given: [u64; SIZE + 1],
    found: &'a mut Vec<u64>,
}

impl Transversal<'_> {
    /// Lists the transversals through `cells` (one in each row above `row`, in the columns of
    /// `columns` and the groups of `groups`) that hold a given digit's givens and no other
    /// given, or no given at all: the cells with the digit above them (see `DIGIT`).
    fn extend(&mut self, row: usize, columns: u32, groups: u32, cells: u64) {
        if row == SIZE {
            // The digit of the first given met, which every given on it must share.
            let digit = (1..=SIZE)
                .find(|&d| cells & self.given[d] != 0)
                .unwrap_or(0);
            if cells & !self.given[0] == self.given[digit] & !self.given[0] {
                self.found.push((digit as u64) << DIGIT | cells);
            }
            return;
        }
        let mut open = !columns & ((1 << SIZE) - 1);
        while open != 0 {
            let column = open.trailing_zeros() as usize;
            open &= open - 1;
            let cell = row * SIZE + column;
            let group = 1 << self.regions[cell];
            let digit = self.givens[cell] as usize;
            // A given of another digit than one already on the path ends it.
            let clash = digit != 0 && cells & !self.given[0] & !self.given[digit] != 0;
            if groups & group == 0 && !clash {
                let next = cells | 1 << cell;
                self.extend(row + 1, columns | 1 << column, groups | group, next);
            }
        }
    }
}

/// Where the search of covers stands.
struct Cover {
    /// The lists of the branch: each node's transversals that miss the cells covered above
    /// it, one after the other.
    list: Vec<u64>,
    /// The transversals chosen on the path.
    path: [u64; SIZE],
    free: u8,
    scanned: u64,
}

impl Cover {
    /// Covers the cells outside `covered` by transversals of `list[from..to]`, `depth` of
    /// them chosen above. False once `visit` has asked to stop.
    fn search<F>(
        &mut self,
        depth: usize,
        from: usize,
        to: usize,
        covered: u64,
        visit: &mut F,
    ) -> bool
    where
        F: FnMut(&[u8; 36]) -> bool,
    {
        let open = CELLS & !covered;
        if open == 0 {
            return visit(&self.solution());
        }
        self.scanned += (to - from) as u64;
        let cell = match branch_cell(&self.list[from..to], open) {
            Some(cell) => cell,
            None => return true,
        };
        for i in from..to {
            let t = self.list[i];
            if t & cell == 0 {
                continue;
            }
            self.path[depth] = t;
            let start = self.list.len();
            for j in from..to {
                let u = self.list[j];
                if u & t & CELLS == 0 {
                    self.list.push(u);
                }
            }
            self.scanned += (to - from) as u64;
            let end = self.list.len();
            let go_on = self.search(depth + 1, start, end, covered | t & CELLS, visit);
            self.list.truncate(start);
            if !go_on {
                return false;
            }
        }
        true
    }

    /// The solution of the six transversals on the path: a given digit's takes that digit,
    /// the others the digits of `free` in the order of their cells in the first row.
    fn solution(&self) -> [u8; 36] {
        let mut grid = [0; 36];
        let mut unnamed = self.path;
        let mut n = 0;
        for &t in &self.path {
            if t >> DIGIT == 0 {
                unnamed[n] = t;
                n += 1;
            } else {
                place(&mut grid, t);
            }
        }
        // Lower bits are earlier cells of the first row.
        unnamed[..n].sort_unstable_by_key(|&t| t & ((1 << SIZE) - 1));
        let mut rest = self.free;
        for &t in &unnamed[..n] {
            let digit = rest.trailing_zeros() as u64 + 1;
            rest &= rest.wrapping_sub(1);
            place(&mut grid, t | digit << DIGIT);
        }
        grid
    }
}

/// The cell the search branches on, as its bit: the lowest of the `open` cells that the
/// fewest transversals of `list` hold, counting one, two, or more; `None` when an open cell
/// is in none of them, a dead end. Bit-sliced counts: O(list.len()).
fn branch_cell(list: &[u64], open: u64) -> Option<u64> {
    let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
    for &t in list {
        thrice |= twice & t;
        twice |= once & t;
        once |= t;
    }
    if open & !once != 0 {
        return None;
    }
    let fewest = [once & !twice, twice & !thrice]
        .iter()
        .map(|&cells| cells & open)
        .find(|&cells| cells != 0)
        .unwrap_or(open);
    Some(fewest & fewest.wrapping_neg())
}

/// Writes transversal `t`'s digit in its cells of `grid`.
fn place(grid: &mut [u8; 36], t: u64) {
    let mut cells = t & CELLS;
    while cells != 0 {
        grid[cells.trailing_zeros() as usize] = (t >> DIGIT) as u8;
        cells &= cells - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::gen;
    use testkit::reference;
    use testkit::rng::Rng;

    /// The covers `visit_covers` finds, sorted, and the work it told.
    fn covers(regions: &[u8], givens: &[u8]) -> (Vec<Vec<u8>>, u64) {
        let used = givens.iter().fold(0u8, |used, &g| used | 1 << g >> 1);
        let mut found = Vec::new();
        let work = visit_covers(regions, givens, 0x3f & !used, |grid| {
            found.push(grid.to_vec());
            true
        });
        found.sort();
        (found, work)
    }

    /// The reference's solutions whose first row takes the digits no given uses in
    /// increasing order.
    fn in_order_solutions(regions: &[u8], givens: &[u8]) -> Vec<Vec<u8>> {
        let rising = |grid: &Vec<u8>| {
            let unused = grid[..SIZE].iter().filter(|&&d| !givens.contains(&d));
            unused.clone().zip(unused.skip(1)).all(|(a, b)| a < b)
        };
        let all = reference::all_solutions(SIZE, regions, givens);
        all.into_iter().filter(rising).collect()
    }

    #[test]
    fn covers_are_the_solutions_with_unused_digits_in_order() {
        let mut rng = Rng::new(12);
        let mut cases = 0;
        while cases < 30 {
            let regions = gen::random_groups(&mut rng, SIZE);
            let solution = match gen::random_solution(&mut rng, SIZE, &regions) {
                Some(solution) => solution,
                None => continue,
            };
            let count = rng.between(0, 6);
            let givens = gen::some_givens(&mut rng, &solution, count);
            let (found, work) = covers(&regions, &givens);
            assert!(work > 0);
            assert_eq!(
                found,
                in_order_solutions(&regions, &givens),
                "{:?}",
                regions
            );
            cases += 1;
        }
    }

    #[test]
    fn the_branch_is_the_first_open_cell_fewest_transversals_hold() {
        let mut rng = Rng::new(13);
        for _ in 0..2000 {
            let list: Vec<u64> = (0..rng.below(8))
                .map(|_| rng.next_u64() & rng.next_u64() & CELLS)
                .collect();
            let open = rng.next_u64() & rng.next_u64() & rng.next_u64() & CELLS | 1 << 35;
            let held = |cell: usize| list.iter().filter(|&&t| t >> cell & 1 == 1).count();
            let cells = (0..36).filter(|&cell| open >> cell & 1 == 1);
            let expected = if cells.clone().any(|cell| held(cell) == 0) {
                None
            } else {
                cells
                    .min_by_key(|&cell| held(cell).min(3))
                    .map(|cell| 1 << cell)
            };
            assert_eq!(branch_cell(&list, open), expected, "{:x?} {:x}", list, open);
        }
    }

    #[test]
    fn a_cell_no_transversal_holds_ends_the_search_at_once() {
        // The rows but for two cells of a column swapped: no digit can take either cell.
        let regions = gen::rows_swapped(2, 4, 5);
        let (found, work) = covers(&regions, &[0; 36]);
        assert!(found.is_empty());
        let (boxes, boxes_work) = covers(&gen::boxes(SIZE), &[0; 36]);
        assert!(!boxes.is_empty());
        assert!(work * 100 < boxes_work, "{} {}", work, boxes_work);
    }

    /// The work of the documented search, counted on an independent brute-force list of the
    /// transversals (as cells): a node with open cells scans its list once to choose the
    /// branch cell and once per transversal holding it to filter the child's list. Adds to
    /// `below_root` the nodes with open cells under the root.
    fn model_work(list: &[u64], covered: u64, depth: usize, below_root: &mut usize) -> u64 {
        let open = CELLS & !covered;
        if open == 0 {
            return 0;
        }
        if depth > 0 {
            *below_root += 1;
        }
        let len = list.len() as u64;
        let cell = match branch_cell(list, open) {
            Some(cell) => cell,
            None => return len,
        };
        let mut work = len;
        for &t in list.iter().filter(|&&t| t & cell != 0) {
            let child: Vec<u64> = list.iter().copied().filter(|&u| u & t == 0).collect();
            work += len + model_work(&child, covered | t, depth + 1, below_root);
        }
        work
    }

    /// The work `visit_covers` tells is the documented count of list entries scanned, node by
    /// node, including the nodes below the root, whose lists sit after their parents' in the
    /// search's buffer: a count that took a list's place for its length would differ there.
    #[test]
    fn the_work_is_the_entries_each_node_scans() {
        let mut rng = Rng::new(14);
        let mut cases = 0;
        let mut below_root = 0;
        while cases < 8 {
            let regions = gen::random_groups(&mut rng, SIZE);
            let solution = match gen::random_solution(&mut rng, SIZE, &regions) {
                Some(solution) => solution,
                None => continue,
            };
            let count = rng.between(10, 16);
            let givens = gen::some_givens(&mut rng, &solution, count);
            // Every permutation whose cells lie in six groups and hold one digit's givens
            // (all of them) and no other given, or no given at all.
            let list: Vec<u64> = (0..6usize.pow(6))
                .filter_map(|code| {
                    let cells: Vec<usize> = (0..SIZE)
                        .map(|row| row * SIZE + code / 6usize.pow(row as u32) % SIZE)
                        .collect();
                    let columns = cells.iter().fold(0u32, |m, &c| m | 1 << (c % SIZE));
                    let groups = cells.iter().fold(0u32, |m, &c| m | 1 << regions[c]);
                    let digits: Vec<u8> = cells
                        .iter()
                        .map(|&c| givens[c])
                        .filter(|&d| d != 0)
                        .collect();
                    let all = |d: u8| givens.iter().filter(|&&g| g == d).count();
                    let fits = digits
                        .iter()
                        .all(|&d| d == digits[0] && all(d) == digits.len());
                    let whole = columns.count_ones() as usize == SIZE;
                    (whole && groups.count_ones() as usize == SIZE && fits)
                        .then(|| cells.iter().fold(0u64, |m, &c| m | 1 << c))
                })
                .collect();
            let (_, work) = covers(&regions, &givens);
            let expected = model_work(&list, 0, 0, &mut below_root);
            assert_eq!(work, expected, "{:?} {:?}", regions, givens);
            cases += 1;
        }
        assert!(below_root > 0);
    }

    #[test]
    fn a_visit_stops_when_asked() {
        let mut seen = 0;
        visit_covers(&gen::boxes(SIZE), &[0; 36], 0x3f, |_| {
            seen += 1;
            seen < 10
        });
        assert_eq!(seen, 10);
    }
}
