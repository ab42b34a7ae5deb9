//! The maximum-profit assignment of columns to rows, each row one allowed column and each
//! column one row (a maximum-weight perfect matching of at most 16 columns), by the Hungarian
//! method: shortest augmenting paths over reduced costs, with duals kept between calls.
//!
//! It is incremental: the assignment and the duals live in the caller's tables, so a caller
//! that frees a few rows (sets their `assigned` to 0) and calls [`Assignment::complete`] again
//! pays one augmenting path per freed row, not a whole solve. [`crate::weighted`] keeps one
//! such problem per house (rows: its empty cells; columns: its missing digits) at every
//! search level.
//!
//! Duals are those of the minimisation of the costs `-profit`: row `r` has `row_dual[r]`,
//! column `c` has `column_dual[c]`, and the reduced cost of the pair is
//! `-profit[r * width + c] - row_dual[r] - column_dual[c]`. The invariant between calls: every
//! assigned row's reduced costs are never negative over its allowed columns of the problem,
//! and zero at its own column. A free row's dual and profits may be anything: the augmenting
//! path that assigns it sets its dual. Once every row is assigned, the assignment is optimal
//! and its profit is `-(sum of the rows' duals + sum of the columns' duals)`.

use crate::bitset::Cells;

/// One assignment problem over tables its caller keeps, each indexed by row (or column)
/// number: a problem's rows are some of the tables' rows, named in each call.
///
/// Constraints, for the rows and columns of a call: the tables hold every row named;
/// `profit.len() >= (row + 1) * width` for each, `width = column_dual.len() <= 16`;
/// profits, duals and the profit of every assignment stay under 2^28 in magnitude, so that
/// path lengths fit an `i32`.
pub struct Assignment<'a> {
    /// `profit[row * width + column]`: what the row gains from the column.
    pub profit: &'a [i32],
    /// `allowed[row]`: bit `column` is set when the row may take the column.
    pub allowed: &'a [u16],
    /// `row_dual[row]`: the row's dual.
    pub row_dual: &'a mut [i32],
    /// `column_dual[column]`: the column's dual; its length is the width of `profit`.
    pub column_dual: &'a mut [i32],
    /// `assigned[row]`: the row's column as one bit, 0 while the row is free.
    pub assigned: &'a mut [u16],
}

impl Assignment<'_> {
    /// Assigns every free row of `rows` a column of `columns` (bit `column` for each), by one
    /// augmenting path each, so that all of them hold an optimal assignment. False when the
    /// rows cannot all take distinct allowed columns: the rows assigned so far then keep the
    /// invariant, but some rows stay free.
    ///
    /// Constraints: `rows.len() == columns.count_ones()`, rows distinct; each assigned row
    /// holds one column of `columns`, no two the same, and the invariant of the module holds.
    /// O(f * k^2) for `f` free rows among `k`: O(k^3) from scratch.
    #[inline]
    pub fn complete(&mut self, rows: &[usize], columns: u16) -> bool {
        let width = self.column_dual.len();
        // For column 1 + c, the 1-based position in `rows` of the row holding it (0: none).
        let mut owner = [0usize; 17];
        for (i, &row) in rows.iter().enumerate() {
            let a = self.assigned[row];
            if a != 0 {
                owner[1 + a.trailing_zeros() as usize] = i + 1;
            }
        }
        let duals = &mut *self.column_dual;
        for start in 0..rows.len() {
            if self.assigned[rows[start]] != 0 {
                continue;
            }
            // Column 0 stands for the free row; `reach[c]` is the shortest reduced cost from
            // it to column 1 + c, `via[c]` the column before that on the path, `far` the
            // distance to the row being scanned. Duals change once the path is found.
            let mut reach = [i32::MAX; 16];
            let mut via = [0usize; 16];
            let mut settled = 0u16;
            owner[0] = start + 1;
            let mut column = 0;
            let mut far = 0;
            loop {
                let row = rows[owner[column] - 1];
                let allowed = self.allowed[row] & columns;
                let profit = &self.profit[row * width..(row + 1) * width];
                let from = far - self.row_dual[row];
                let mut nearest = i32::MAX;
                let mut next = 0;
                for c in Cells(u64::from(columns & !settled)) {
                    if allowed >> c & 1 != 0 {
                        let length = from - profit[c] - duals[c];
                        if length < reach[c] {
                            reach[c] = length;
                            via[c] = column;
                        }
                    }
                    if reach[c] < nearest {
                        nearest = reach[c];
                        next = c;
                    }
                }
                if nearest == i32::MAX {
                    return false;
                }
                settled |= 1 << next;
                column = next + 1;
                far = nearest;
                if owner[column] == 0 {
                    break;
                }
            }
            // Each settled column's row (and the free row) gains what its column fell short
            // of the path's length; the column's dual gives it back.
            self.row_dual[rows[start]] += far;
            for c in Cells(u64::from(settled & !(1 << (column - 1)))) {
                let gain = far - reach[c];
                self.row_dual[rows[owner[c + 1] - 1]] += gain;
                duals[c] -= gain;
            }
            while column != 0 {
                let before = via[column - 1];
                owner[column] = owner[before];
                self.assigned[rows[owner[column] - 1]] = 1 << (column - 1);
                column = before;
            }
        }
        true
    }

    /// The profit of the assignment of `rows`, every one of them assigned (after
    /// [`Assignment::complete`] returned true). O(k) for `k` rows.
    #[inline]
    pub fn profit_of(&self, rows: &[usize]) -> i32 {
        let width = self.column_dual.len();
        rows.iter()
            .map(|&row| self.profit[row * width + self.assigned[row].trailing_zeros() as usize])
            .sum()
    }
}

/// The most profit an assignment of distinct columns of `columns` to `rows` can make, by
/// trying every one; `value(row, column)` is the profit of a pair, `None` if not allowed. `None`
/// if no assignment exists. For tests. O(columns^rows).
#[cfg(test)]
pub(crate) fn best_by_trying_all(
    rows: &[usize],
    columns: u16,
    value: &dyn Fn(usize, usize) -> Option<i32>,
) -> Option<i32> {
    let (&row, rest) = match rows.split_first() {
        Some(split) => split,
        None => return Some(0),
    };
    (0..16)
        .filter(|&c| columns >> c & 1 != 0)
        .filter_map(|c| {
            Some(value(row, c)? + best_by_trying_all(rest, columns & !(1 << c), value)?)
        })
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::rng::Rng;

    /// Tables of `ROWS` rows and `WIDTH` columns, a problem on some of them, and its state.
    const ROWS: usize = 9;
    const WIDTH: usize = 8;

    struct Case {
        rows: Vec<usize>,
        columns: u16,
        profit: Vec<i32>,
        allowed: Vec<u16>,
        row_dual: Vec<i32>,
        column_dual: Vec<i32>,
        assigned: Vec<u16>,
    }

    impl Case {
        /// `k` random rows and columns, random profits (negative ones too), each pair allowed
        /// with a random probability, duals random (every row is free).
        fn random(rng: &mut Rng, k: usize) -> Self {
            let mut rows: Vec<usize> = (0..ROWS).collect();
            rng.shuffle(&mut rows);
            rows.truncate(k);
            let mut columns: Vec<usize> = (0..WIDTH).collect();
            rng.shuffle(&mut columns);
            let mut case = Case {
                rows,
                columns: columns[..k].iter().fold(0, |set, &c| set | 1 << c),
                profit: vec![0; ROWS * WIDTH],
                allowed: vec![0; ROWS],
                row_dual: (0..ROWS).map(|_| random_value(rng)).collect(),
                column_dual: (0..WIDTH).map(|_| random_value(rng)).collect(),
                assigned: vec![0; ROWS],
            };
            let density = rng.between(40, 100);
            for row in 0..ROWS {
                case.redraw(rng, row, density);
            }
            case
        }

        /// New profits and allowed columns for `row`, each allowed with `density` percent.
        fn redraw(&mut self, rng: &mut Rng, row: usize, density: usize) {
            for c in 0..WIDTH {
                self.profit[row * WIDTH + c] = random_value(rng);
            }
            self.allowed[row] =
                (0..WIDTH).fold(0, |set, c| set | (rng.percent(density) as u16) << c);
        }

        fn complete(&mut self) -> bool {
            let mut problem = Assignment {
                profit: &self.profit,
                allowed: &self.allowed,
                row_dual: &mut self.row_dual,
                column_dual: &mut self.column_dual,
                assigned: &mut self.assigned,
            };
            problem.complete(&self.rows, self.columns)
        }

        fn profit_of(&mut self) -> i32 {
            let problem = Assignment {
                profit: &self.profit,
                allowed: &self.allowed,
                row_dual: &mut self.row_dual,
                column_dual: &mut self.column_dual,
                assigned: &mut self.assigned,
            };
            problem.profit_of(&self.rows)
        }

        /// The best profit over every assignment, by trying them all.
        fn brute_force(&self) -> Option<i32> {
            let value = |row: usize, c: usize| {
                (self.allowed[row] >> c & 1 != 0).then(|| self.profit[row * WIDTH + c])
            };
            best_by_trying_all(&self.rows, self.columns, &value)
        }

        /// The module's invariant: assigned rows hold distinct allowed columns of the problem,
        /// at reduced cost 0, and no allowed pair of theirs has a negative reduced cost.
        fn keeps_invariant(&self) -> bool {
            let mut taken = 0u16;
            self.rows.iter().all(|&row| {
                let a = self.assigned[row];
                if a == 0 {
                    return true;
                }
                let fresh =
                    a.count_ones() == 1 && a & self.columns & self.allowed[row] & !taken != 0;
                taken |= a;
                let reduced = |c: usize| {
                    -self.profit[row * WIDTH + c] - self.row_dual[row] - self.column_dual[c]
                };
                fresh
                    && reduced(a.trailing_zeros() as usize) == 0
                    && (0..WIDTH)
                        .filter(|&c| (self.columns & self.allowed[row]) >> c & 1 != 0)
                        .all(|c| reduced(c) >= 0)
            })
        }

        /// Completes the assignment and checks it against brute force: the same feasibility,
        /// every row assigned, the best profit, equal to the duals' value. True if feasible.
        fn check(&mut self) -> bool {
            let expected = self.brute_force();
            let feasible = self.complete();
            assert!(self.keeps_invariant(), "rows {:?}", self.rows);
            assert_eq!(feasible, expected.is_some(), "rows {:?}", self.rows);
            if let Some(best) = expected {
                assert!(self.rows.iter().all(|&row| self.assigned[row] != 0));
                assert_eq!(self.profit_of(), best);
                let duals: i32 = self.rows.iter().map(|&r| self.row_dual[r]).sum::<i32>()
                    + (0..WIDTH)
                        .filter(|&c| self.columns >> c & 1 != 0)
                        .map(|c| self.column_dual[c])
                        .sum::<i32>();
                assert_eq!(-duals, best, "the duals prove the profit optimal");
            }
            feasible
        }
    }

    fn random_value(rng: &mut Rng) -> i32 {
        rng.between(0, 120) as i32 - 60
    }

    #[test]
    fn matches_every_assignment_from_scratch_and_after_freeing_rows() {
        let mut rng = Rng::new(1);
        let (mut feasible, mut infeasible, mut freed) = (0, 0, 0);
        for round in 0..1500 {
            let k = 1 + round % 7;
            let mut case = Case::random(&mut rng, k);
            let density = rng.between(40, 100);
            for _ in 0..5 {
                if case.check() {
                    feasible += 1;
                } else {
                    infeasible += 1;
                }
                // Free some rows, and draw new profits and allowed columns for some of those
                // (a free row's dual and profits may be anything); strike a column other than
                // its own from an assigned row now and then; and now and then drop an
                // assigned row with its column from the problem.
                for i in 0..case.rows.len() {
                    let row = case.rows[i];
                    if rng.percent(30) {
                        case.assigned[row] = 0;
                        freed += 1;
                        if rng.percent(50) {
                            case.redraw(&mut rng, row, density);
                            case.row_dual[row] = random_value(&mut rng);
                        }
                    } else if case.assigned[row] != 0 && rng.percent(20) {
                        let c = rng.below(WIDTH);
                        case.allowed[row] &= !(1 << c) | case.assigned[row];
                    }
                }
                if rng.percent(20) {
                    if let Some(i) = case.rows.iter().position(|&r| case.assigned[r] != 0) {
                        let row = case.rows.remove(i);
                        case.columns &= !case.assigned[row];
                        case.assigned[row] = 0;
                    }
                }
            }
        }
        assert!(feasible > 0 && infeasible > 0 && freed > 0);
    }

    #[test]
    fn no_rows_cost_nothing() {
        let mut case = Case::random(&mut Rng::new(2), 1);
        case.rows.clear();
        case.columns = 0;
        assert!(case.complete());
        assert_eq!(case.profit_of(), 0);
    }
}
