//! Counting a grid's solutions as exact covers by digit templates.
//!
//! A digit's cells in a solution take one cell of each row, each column and each region: a
//! template (as in [`crate::fractional_cover`]). A solution is one template per digit, each
//! within the cells its digit may take, that together cover every cell once. So the count
//! lists each digit's templates once, then searches for covers: at each node it takes the cell
//! that the fewest templates left can cover, or the digit with the fewest templates left,
//! whichever has fewer, tries each, and keeps of every other list only the templates disjoint
//! from the cells taken.
//!
//! Where a search by cells meets the same dead ends in many places, a template is a whole
//! digit at once: it sees a digit run out of room as soon as the templates left say so. On
//! sparse jigsaw grids whose layouts have fillings but whose givens have no solution, the
//! backtracker runs past its budget and clause learning past thousands of conflicts, while the
//! templates settle them in a few hundred nodes.
//!
//! Digits that may take the same cells (those no given names) are interchangeable: swapping
//! two of them maps the solutions one to one onto each other. They share one list, their
//! templates are taken as a set (each solution of the set once), and each such solution
//! counts once for each way to name its templates.

use crate::bitset::{Bitset, Cells};
use std::collections::HashSet;

/// Entries of the table of covers per cell: the most cells a board holds.
const CELL_SLOTS: usize = 256;

/// Counts the solutions of a `size x size` grid whose digit `d + 1` lies within `boards[d]`
/// for every `d`, up to `limit` (which it may pass); the first one found goes into `solution`
/// (`solution[cell]` a digit `1..=size`). Returns the count, or `None` if it gave up past
/// `most_steps` steps (a digit of an empty 9x9 grid alone has 46,656 templates, of rows as
/// regions 9!), and its steps: the templates it listed and read, its work in a measure
/// that does not depend on the machine.
///
/// `region_of[cell]` is the cell's region `0..size`, row by row.
///
/// # Constraints
///
/// - `boards.len() == size`, `region_of.len() == solution.len() == size * size`
/// - `size * size <= B::CAPACITY`, `size <= 16`
///
/// # Complexity
///
/// Exponential in the worst case; each node reads the templates left, `O(templates)`.
pub fn count_up_to<B: Bitset>(
    size: usize,
    region_of: &[u8],
    boards: &[B],
    limit: usize,
    solution: &mut [u8],
    most_steps: u64,
) -> (Option<usize>, u64) {
    let (mut full, mut rows) = (B::EMPTY, vec![B::EMPTY; size]);
    for cell in 0..size * size {
        full = full.or(B::cell(cell));
        rows[cell / size] = rows[cell / size].or(B::cell(cell));
    }
    let mut search = Search {
        size,
        full,
        rows,
        region_of,
        dead: HashSet::new(),
        classes: Vec::new(),
        need: Vec::new(),
        chosen: Vec::new(),
        levels: Vec::new(),
        count: 0,
        weight: 1,
        limit,
        steps: 0,
        most_steps,
    };
    let settled = search.list_templates(boards) && search.cover(0, B::EMPTY, solution);
    (Some(search.count).filter(|_| settled), search.steps)
}

/// The templates left at one depth of the search: class `i`'s are
/// `templates[starts[i]..starts[i + 1]]`.
struct Level<B> {
    templates: Vec<B>,
    starts: Vec<usize>,
}

struct Search<'a, B> {
    size: usize,
    /// Every cell.
    full: B,
    /// Per row: its cells.
    rows: Vec<B>,
    /// Per cell: its region.
    region_of: &'a [u8],
    /// The states of the walk that lists a board's templates (columns, then regions, as
    /// bits) that lead to no template: see [`Search::list_below`].
    dead: HashSet<u32>,
    /// Per class: the digits (bit `d`) whose boards are the same.
    classes: Vec<u32>,
    /// Per class: the templates it still needs, one per digit not yet given one.
    need: Vec<usize>,
    /// The templates taken on the current path, with their classes.
    chosen: Vec<(usize, B)>,
    levels: Vec<Level<B>>,
    count: usize,
    /// The solutions one cover stands for: the ways to name each class's templates.
    weight: usize,
    limit: usize,
    steps: u64,
    most_steps: u64,
}

impl<B: Bitset> Search<'_, B> {
    /// Groups the digits by board and lists each group's templates into the first level,
    /// with a level for each depth below; false if it gave up.
    fn list_templates(&mut self, boards: &[B]) -> bool {
        let (mut templates, mut starts) = (Vec::new(), Vec::new());
        for (d, &board) in boards.iter().enumerate() {
            if let Some(i) = (0..self.classes.len())
                .find(|&i| boards[self.classes[i].trailing_zeros() as usize] == board)
            {
                self.classes[i] |= 1 << d;
                self.need[i] += 1;
                self.weight = self.weight.saturating_mul(self.need[i]);
                continue;
            }
            self.classes.push(1 << d);
            self.need.push(1);
            starts.push(templates.len());
            self.dead.clear();
            self.list_below(board, 0, 0, 0, B::EMPTY, &mut templates);
            if self.steps > self.most_steps {
                return false;
            }
        }
        starts.push(templates.len());
        self.levels.push(Level { templates, starts });
        for _ in 0..self.size {
            let (templates, starts) = (Vec::new(), Vec::new());
            self.levels.push(Level { templates, starts });
        }
        true
    }

    /// Lists into `out` every template within `board` that takes `cells` in the rows above
    /// `row`, whose columns and regions those are; whether it found one. The columns and
    /// regions taken so far are the walk's state; a state from which no template can be
    /// finished is remembered, and never walked again: on jigsaw layouts most of a plain
    /// walk's steps are in such dead ends, met again and again below other rows above.
    fn list_below(
        &mut self,
        board: B,
        row: usize,
        columns: u32,
        regions: u32,
        cells: B,
        out: &mut Vec<B>,
    ) -> bool {
        self.steps += 1;
        if row == self.size {
            out.push(cells);
            return true;
        }
        let state = columns << 16 | regions;
        if self.steps > self.most_steps || self.dead.contains(&state) {
            return false;
        }
        let mut found = false;
        for cell in Cells(self.rows[row].and(board)) {
            let (column, region) = (cell % self.size, self.region_of[cell] as usize);
            if columns >> column & 1 == 0 && regions >> region & 1 == 0 {
                let (columns, regions) = (columns | 1 << column, regions | 1 << region);
                let cells = cells.or(B::cell(cell));
                found |= self.list_below(board, row + 1, columns, regions, cells, out);
            }
        }
        if !found {
            self.dead.insert(state);
        }
        found
    }

    /// Counts the covers of the cells outside `taken` by the templates of `levels[depth]`;
    /// false if it gave up.
    fn cover(&mut self, depth: usize, taken: B, solution: &mut [u8]) -> bool {
        let free = self.full.and_not(taken);
        if free.is_empty() {
            if self.count == 0 {
                self.write(solution);
            }
            self.count = self.count.saturating_add(self.weight);
            return true;
        }
        let level = &self.levels[depth];
        // How many templates left cover each cell: the cell with the fewest is the branch
        // that splits the covers into the fewest parts. Only the order of the search rests
        // on it, not what it finds; but on grids whose solutions are rare, a cell picked by
        // a coarser count left the search hundreds of times more nodes.
        let mut covers = [0u32; CELL_SLOTS];
        for i in 0..self.classes.len() {
            if self.need[i] == 0 {
                continue;
            }
            let templates = &level.templates[level.starts[i]..level.starts[i + 1]];
            self.steps += templates.len() as u64;
            if templates.len() < self.need[i] {
                return true;
            }
            for &t in templates {
                for cell in Cells(t) {
                    covers[cell] += 1;
                }
            }
        }
        if self.steps > self.most_steps {
            return false;
        }
        // A cell no template left covers has no branch: the node ends there.
        let cell = Cells(free).min_by_key(|&cell| covers[cell]).unwrap_or(0);
        self.try_cell(depth, taken, cell, solution)
    }

    /// Tries each template left that covers `cell`.
    fn try_cell(&mut self, depth: usize, taken: B, cell: usize, solution: &mut [u8]) -> bool {
        for i in 0..self.classes.len() {
            if self.need[i] == 0 {
                continue;
            }
            let (start, end) = (
                self.levels[depth].starts[i],
                self.levels[depth].starts[i + 1],
            );
            for k in start..end {
                let t = self.levels[depth].templates[k];
                if t.contains(cell) && !self.take(depth, taken, i, t, solution) {
                    return false;
                }
                if self.count >= self.limit {
                    return true;
                }
            }
        }
        true
    }

    /// Takes template `t` for class `i`: the next level keeps the templates disjoint from it.
    fn take(&mut self, depth: usize, taken: B, i: usize, t: B, solution: &mut [u8]) -> bool {
        self.need[i] -= 1;
        let taken = taken.or(t);
        let (here, below) = self.levels.split_at_mut(depth + 1);
        let (from, to) = (&here[depth], &mut below[0]);
        to.templates.clear();
        to.starts.clear();
        for j in 0..self.classes.len() {
            to.starts.push(to.templates.len());
            if self.need[j] > 0 {
                let class = &from.templates[from.starts[j]..from.starts[j + 1]];
                let kept = class.iter().filter(|u| u.and(taken).is_empty());
                to.templates.extend(kept);
            }
        }
        to.starts.push(to.templates.len());
        self.chosen.push((i, t));
        let settled = self.cover(depth + 1, taken, solution);
        self.chosen.pop();
        self.need[i] += 1;
        settled
    }

    /// Writes the cover taken as a grid: each class's templates get its digits in order.
    fn write(&self, solution: &mut [u8]) {
        let mut left = self.classes.clone();
        for &(i, t) in &self.chosen {
            let d = left[i].trailing_zeros() as usize;
            left[i] &= left[i] - 1;
            for cell in Cells(t) {
                solution[cell] = d as u8 + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::gen::{self, Rng};
    use testkit::{check, reference};

    /// The boards of `givens` before any inference: a given digit's cell on its board alone,
    /// every empty cell on every board. Digits no given names share one board.
    fn boards(size: usize, givens: &[u8]) -> Vec<u64> {
        (1..=size as u8)
            .map(|d| {
                let cells = givens.iter().enumerate();
                cells.fold(0, |b, (cell, &g)| b | u64::from(g == 0 || g == d) << cell)
            })
            .collect()
    }

    /// Checks a count against the reference on one grid: the count up to `limit` (or its
    /// limit reached), and the solution written, when there is one, a solution.
    fn agrees(size: usize, regions: &[u8], givens: &[u8], limit: usize) {
        let mut solution = vec![0u8; size * size];
        let b = boards(size, givens);
        let count = count_up_to(size, regions, &b, limit, &mut solution, u64::MAX);
        let found = count.0.expect("no budget to pass");
        let reference = reference::solutions_up_to(size, regions, givens, limit).len();
        assert_eq!(found.min(limit), reference, "{:?} {:?}", regions, givens);
        if found > 0 {
            let solved = check::is_solution(size, regions, givens, &solution);
            assert!(solved, "{:?} {:?}: {:?}", regions, givens, solution);
        }
        assert!(count.1 > 0);
    }

    #[test]
    fn counts_agree_with_the_reference_on_random_grids() {
        let mut rng = Rng::new(11);
        for size in [4, 5, 6] {
            for _ in 0..300 {
                let regions = gen::random_regions(&mut rng, size);
                let count = rng.below(2 * size);
                let givens = gen::random_givens(&mut rng, size, &regions, count);
                agrees(size, &regions, &givens, 2);
            }
        }
    }

    /// Exact counts, not only up to two: a cover of interchangeable digits counts once for
    /// each way to name them, and a grid whose givens name a digit or two counts the rest.
    #[test]
    fn exact_counts_weigh_interchangeable_digits() {
        let mut rng = Rng::new(12);
        for _ in 0..200 {
            let size = 4 + rng.below(2);
            let regions = gen::random_regions(&mut rng, size);
            let count = rng.below(4);
            let givens = gen::random_givens(&mut rng, size, &regions, count);
            agrees(size, &regions, &givens, 100_000);
        }
        // 4x4 boxes: 288 full grids.
        let regions = gen::boxes(4);
        let count = count_up_to(
            4,
            &regions,
            &boards(4, &[0; 16]),
            usize::MAX,
            &mut [0; 16],
            u64::MAX,
        );
        assert_eq!(count.0, Some(288));
    }

    /// Solutions of 9x9 grids on boards as wide as the jigsaw binary's: the first one
    /// written, when only one exists, is the grid the givens came from.
    #[test]
    fn a_unique_solution_is_written_on_9x9() {
        let mut rng = Rng::new(13);
        let regions = gen::boxes(9);
        let solution = gen::random_solution(&mut rng, 9, &regions).expect("9x9 boxes fill");
        let givens = gen::unique_givens(&mut rng, 9, &regions, &solution, 30, false);
        let boards: Vec<u128> = (1..=9u8)
            .map(|d| {
                let cells = givens.iter().enumerate();
                cells.fold(0, |b, (cell, &g)| b | u128::from(g == 0 || g == d) << cell)
            })
            .collect();
        let mut written = [0u8; 81];
        let count = count_up_to(9, &regions, &boards, 2, &mut written, u64::MAX);
        assert_eq!(count.0, Some(1));
        assert_eq!(written.to_vec(), solution);
    }

    #[test]
    fn gives_up_past_its_steps() {
        let regions = gen::boxes(4);
        let b = boards(4, &[0; 16]);
        let given_up = count_up_to(4, &regions, &b, usize::MAX, &mut [0; 16], 10);
        assert_eq!(given_up.0, None);
        assert!(given_up.1 > 10);
        let settled = count_up_to(4, &regions, &b, usize::MAX, &mut [0; 16], given_up.1 * 1000);
        assert_eq!(settled.0, Some(288));
    }

    /// Rows as regions: every permutation is a template, 9! of them, and the listing stops
    /// at its steps.
    #[test]
    fn gives_up_while_listing_past_its_steps() {
        let regions: Vec<u8> = (0..81).map(|cell| (cell / 9) as u8).collect();
        let boards = vec![(1u128 << 81) - 1; 9];
        let count = count_up_to(9, &regions, &boards, 2, &mut [0; 81], 100_000);
        assert_eq!(count.0, None);
        assert!(count.1 > 100_000 && count.1 < 100_100, "{}", count.1);
    }

    /// The steps of a listing that gives up: each call of the walk is a step, and a call
    /// past the budget walks no further, though the calls above it go on making theirs.
    /// With rows as regions and every digit free, the walk is the tree of partial
    /// permutations, without dead ends: this model counts its steps. Every budget below the
    /// whole listing's steps (326 on 5x5) gives up with the model's steps.
    #[test]
    fn a_listing_gives_up_with_the_steps_of_its_walk() {
        fn walk(size: usize, row: usize, columns: u32, steps: &mut u64, budget: u64) {
            *steps += 1;
            if row == size || *steps > budget {
                return;
            }
            for column in (0..size).filter(|&c| columns >> c & 1 == 0) {
                walk(size, row + 1, columns | 1 << column, steps, budget);
            }
        }
        let regions: Vec<u8> = (0..25).map(|cell| (cell / 5) as u8).collect();
        let boards = vec![(1u64 << 25) - 1; 5];
        let mut whole = 0;
        walk(5, 0, 0, &mut whole, u64::MAX);
        assert_eq!(whole, 326);
        for budget in 0..whole {
            let mut steps = 0;
            walk(5, 0, 0, &mut steps, budget);
            let count = count_up_to(5, &regions, &boards, 2, &mut [0; 25], budget);
            assert_eq!(count, (None, steps), "{}", budget);
        }
    }

    /// A count gives up only past its steps: a budget of exactly the steps a count takes
    /// settles it, at the same count. On random 4x4 and 5x5 grids, half of them with digit
    /// 1's board missing a row, which leaves it no template: the count, 0, then ends with the
    /// listing, whose steps are the last.
    #[test]
    fn a_budget_of_exactly_its_steps_settles_a_count() {
        let mut rng = Rng::new(14);
        for round in 0..60 {
            let size = 4 + rng.below(2);
            let regions = gen::random_regions(&mut rng, size);
            let count = rng.below(4);
            let givens = gen::random_givens(&mut rng, size, &regions, count);
            let mut b = boards(size, &givens);
            if round % 2 == 0 {
                let row = rng.below(size);
                b[0] &= !(((1 << size) - 1) << (row * size));
            }
            let mut solution = vec![0u8; size * size];
            let (found, steps) = count_up_to(size, &regions, &b, 100, &mut solution, u64::MAX);
            assert!(found.is_some());
            let again = count_up_to(size, &regions, &b, 100, &mut solution, steps);
            assert_eq!(again, (found, steps), "{:?} {:?}", regions, b);
        }
    }
}
