//! After a hand-over, the solutions up to renaming the digits no given uses: found as covers
//! by transversals and kept, then renamed and sorted for each first row in order.

use super::*;

impl RowLex6 {
    /// Visits the solutions of `givens` past the first `skip` from those whose first row
    /// takes the digits of `free`, those that no given uses, in increasing order (see the
    /// module docs). Returns the number of solutions visited, `skip` included, or `None`
    /// (having visited none) when those in the first row's increasing order are more than
    /// `most` (which [`RowLex6::visit`] sets to `STORED`): renaming keeps them all at once.
    // Kept out of the walk's caller, whose code it would otherwise change.
    #[inline(never)]
    pub(super) fn by_symmetry<F>(
        &mut self,
        givens: &[u8],
        free: u8,
        mut skip: u64,
        most: usize,
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
            canonical.len() <= most
        });
        if canonical.len() > most {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row_lex6::tests::{backtracked, hunted, solvable_instance, walked};
    use testkit::rng::Rng;

    /// The solutions `RowLex6::by_symmetry` visits past the first `skip`, as grids; `None`
    /// when it declines. Each call of the visit must hand every solution of its first three
    /// rows: their numbers rise from call to call.
    fn by_symmetry(layout: &Layout, givens: &[u8], skip: u64) -> Option<Vec<Vec<u8>>> {
        let used = givens.iter().fold(0, |used, &g| used | 1 << g >> 1);
        let mut walk = RowLex6::new(layout);
        let digits = permutations();
        let mut grids = Vec::new();
        let mut last_above = None;
        let count = walk.by_symmetry(
            givens,
            ALL_DIGITS & !used,
            skip,
            STORED,
            &mut |above, below| {
                assert!(last_above < Some(*above), "{:?} handed twice", above);
                last_above = Some(*above);
                assert!((1..=36 * 8).contains(&below.len()));
                for rows in below {
                    let rows = above.iter().chain(rows);
                    grids.push(rows.flat_map(|&p| digits[p as usize]).collect());
                }
                true
            },
        )?;
        assert_eq!(count, skip + grids.len() as u64);
        Some(grids)
    }

    #[test]
    fn renamed_solutions_match_the_bitset_backtracker_in_order() {
        let mut rng = Rng::new(10);
        let mut cases = vec![(hunted(), vec![0; CELLS])];
        for _ in 0..12 {
            cases.push(solvable_instance(&mut rng, 0, 3));
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

    /// Renaming keeps at most `most` solutions in the first row's increasing order, the
    /// covers `visit_covers` finds: it declines one more than `most`, and takes exactly
    /// `most`, visiting them all.
    #[test]
    fn renaming_keeps_up_to_most_solutions() {
        let mut rng = Rng::new(12);
        for _ in 0..6 {
            let (layout, givens) = solvable_instance(&mut rng, 0, 3);
            let used = givens.iter().fold(0, |used, &g| used | 1 << g >> 1);
            let free = ALL_DIGITS & !used;
            let mut covers = 0;
            visit_covers(layout.regions(), &givens, free, |_| {
                covers += 1;
                true
            });
            let mut walk = RowLex6::new(&layout);
            let all = walk.by_symmetry(&givens, free, 0, STORED, &mut |_, _| true);
            let kept = walk.by_symmetry(&givens, free, 0, covers, &mut |_, _| true);
            assert_eq!(kept, all, "{:?}", givens);
            assert!(kept.is_some());
            let mut visited = false;
            let declined = walk.by_symmetry(&givens, free, 0, covers - 1, &mut |_, _| {
                visited = true;
                true
            });
            assert_eq!(declined, None, "{} covers", covers);
            assert!(!visited);
        }
    }

    /// The work of a visit by renaming is the covers' scans, as `visit_covers` reports them,
    /// and `RENAMING_WORK` for each solution renamed: all of them when none is skipped, none
    /// when every one is (a first row's block wholly skipped is passed over unrenamed).
    #[test]
    fn renaming_counts_its_work_per_solution_renamed() {
        let mut rng = Rng::new(11);
        let mut cases = vec![(hunted(), vec![0; CELLS])];
        for _ in 0..4 {
            cases.push(solvable_instance(&mut rng, 0, 3));
        }
        for (layout, givens) in &cases {
            let used = givens.iter().fold(0, |used, &g| used | 1 << g >> 1);
            let free = ALL_DIGITS & !used;
            let scans = visit_covers(layout.regions(), givens, free, |_| true);
            let mut walk = RowLex6::new(layout);
            let all = walk
                .by_symmetry(givens, free, 0, STORED, &mut |_, _| true)
                .unwrap();
            assert!(all > 0);
            assert_eq!(walk.work, scans + RENAMING_WORK * all, "{:?}", givens);
            let mut walk = RowLex6::new(layout);
            assert_eq!(
                walk.by_symmetry(givens, free, all, STORED, &mut |_, _| true),
                Some(all)
            );
            assert_eq!(walk.work, scans, "{:?}", givens);
        }
    }

    #[test]
    fn renamed_visits_stop_when_asked() {
        let mut walk = RowLex6::new(&hunted());
        let mut seen = 0;
        let count = walk.by_symmetry(&[0; CELLS], ALL_DIGITS, 0, STORED, &mut |_, below| {
            seen += below.len() as u64;
            seen < 100
        });
        assert_eq!(count, Some(seen));
        assert!((100..100 + 36 * 8).contains(&seen), "{}", seen);
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
}
