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

/// A count of the solutions of a `size x size` grid whose digit `d + 1` lies within
/// `boards[d]` for every `d`, up to a limit (which it may pass), that can stop at a budget of
/// steps and go on later from where it stopped. Its steps are the templates it listed and
/// read: its work in a measure that does not depend on the machine (a digit of an empty 9x9
/// grid alone has 46,656 templates, of rows as regions 9!).
pub struct TemplateCount<B> {
    size: usize,
    boards: Vec<B>,
    /// Every cell.
    full: B,
    /// Per row: its cells.
    rows: Vec<B>,
    /// Per cell: its region.
    region_of: Vec<u8>,
    /// The states of the walk that lists a board's templates (columns, then regions, as
    /// bits) that lead to no template: see [`TemplateCount::list_below`].
    dead: HashSet<u32>,
    /// Per class: the digits (bit `d`) whose boards are the same.
    classes: Vec<u32>,
    /// Per class: the templates it still needs, one per digit not yet given one.
    need: Vec<usize>,
    /// The templates taken on the current path, with their classes.
    chosen: Vec<(usize, B)>,
    /// Empty until every class's templates are listed: a count that gave up while listing
    /// lists them all again.
    levels: Vec<Level<B>>,
    count: usize,
    /// The count once settled.
    settled: Option<usize>,
    /// The solutions one cover stands for: the ways to name each class's templates.
    weight: usize,
    limit: usize,
    steps: u64,
    most_steps: u64,
    /// Per depth of the current path: the class and the index in its list of the template
    /// taken. Left as it is when the search gives up: the way back to where it stopped.
    path: Vec<(usize, usize)>,
    /// The path of the last stop, and whether the search is still on its way back down it:
    /// each node on it first takes again the template it had taken, skipping those it had
    /// tried before, whose covers are counted.
    resume: Vec<(usize, usize)>,
    resuming: bool,
}

/// The templates left at one depth of the search: class `i`'s are
/// `templates[starts[i]..starts[i + 1]]`.
struct Level<B> {
    templates: Vec<B>,
    starts: Vec<usize>,
}

impl<B: Bitset> TemplateCount<B> {
    /// The count of `boards` up to `limit`, nothing listed yet. `region_of[cell]` is the
    /// cell's region `0..size`, row by row.
    ///
    /// # Constraints
    ///
    /// - `boards.len() == size`, `region_of.len() == size * size`
    /// - `size * size <= B::CAPACITY`, `size <= 16`
    ///
    /// # Complexity
    ///
    /// O(size^2).
    pub fn new(size: usize, region_of: Vec<u8>, boards: Vec<B>, limit: usize) -> Self {
        let (mut full, mut rows) = (B::EMPTY, vec![B::EMPTY; size]);
        for cell in 0..size * size {
            full = full.or(B::cell(cell));
            rows[cell / size] = rows[cell / size].or(B::cell(cell));
        }
        TemplateCount {
            size,
            boards,
            full,
            rows,
            region_of,
            dead: HashSet::new(),
            classes: Vec::new(),
            need: Vec::new(),
            chosen: Vec::new(),
            levels: Vec::new(),
            count: 0,
            settled: None,
            weight: 1,
            limit,
            steps: 0,
            most_steps: 0,
            path: Vec::new(),
            resume: Vec::new(),
            resuming: false,
        }
    }

    /// Counts on from where the last call stopped: the count once settled, the first
    /// solution found written to `solution` (`solution[cell]` a digit `1..=size`,
    /// `solution.len() == size * size`); `None` once its steps since [`TemplateCount::new`]
    /// pass `most_steps` without settling it. Steps taken again after a stop: the listing, if
    /// it stopped there, and the nodes on the way back down to where it stopped.
    ///
    /// # Complexity
    ///
    /// Exponential in the worst case; each node reads the templates left, `O(templates)`.
    pub fn count(&mut self, solution: &mut [u8], most_steps: u64) -> Option<usize> {
        self.most_steps = most_steps;
        if self.settled.is_some() || self.levels.is_empty() && !self.list_templates() {
            return self.settled;
        }
        self.resume = std::mem::take(&mut self.path);
        self.resuming = true;
        if self.cover(0, B::EMPTY, solution) {
            self.settled = Some(self.count);
        } else if self.resuming {
            // It stopped before it got back to where it last stopped: the way there is
            // still the one to take next time.
            self.path = std::mem::take(&mut self.resume);
        }
        self.settled
    }

    /// The steps since [`TemplateCount::new`]. O(1).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Groups the digits by board and lists each group's templates into the first level,
    /// with a level for each depth below; false if it gave up.
    fn list_templates(&mut self) -> bool {
        self.classes.clear();
        self.need.clear();
        self.levels.clear();
        self.weight = 1;
        let (mut templates, mut starts) = (Vec::new(), Vec::new());
        for d in 0..self.size {
            let (board, boards) = (self.boards[d], &self.boards);
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
        if depth == self.resume.len() {
            self.resuming = false;
        }
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

    /// Tries each template left that covers `cell`, from the one the path of the last stop
    /// took at this depth while the search is on its way back there.
    fn try_cell(&mut self, depth: usize, taken: B, cell: usize, solution: &mut [u8]) -> bool {
        let resume_at = if self.resuming {
            Some(self.resume[depth])
        } else {
            None
        };
        let first_class = resume_at.map_or(0, |(i, _)| i);
        for i in first_class..self.classes.len() {
            if self.need[i] == 0 {
                continue;
            }
            let (start, end) = (
                self.levels[depth].starts[i],
                self.levels[depth].starts[i + 1],
            );
            let from = match resume_at {
                Some((class, k)) if class == i => k,
                _ => start,
            };
            for k in from..end {
                let t = self.levels[depth].templates[k];
                if t.contains(cell) {
                    self.path.push((i, k));
                    if !self.take(depth, taken, i, t, solution) {
                        return false;
                    }
                    self.path.pop();
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

    /// A count by templates in one call: the count (`None` past `most_steps`) and its steps.
    fn count_up_to<B: Bitset>(
        size: usize,
        regions: &[u8],
        boards: &[B],
        limit: usize,
        solution: &mut [u8],
        most_steps: u64,
    ) -> (Option<usize>, u64) {
        let mut count = TemplateCount::new(size, regions.to_vec(), boards.to_vec(), limit);
        (count.count(solution, most_steps), count.steps())
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

    /// A count cut into many short calls, each allowed a few more steps than the last: it
    /// stops in the listing, in the search and on its way back to where it stopped, and
    /// still ends with the count and the first solution of one call without a budget, in
    /// at least as many steps (those taken again besides).
    #[test]
    fn a_count_goes_on_where_it_stopped() {
        let mut rng = Rng::new(14);
        let (mut stops, mut stops_below_the_root) = (0, 0);
        for round in 0..150 {
            let size = 4 + round % 3;
            let regions = gen::random_regions(&mut rng, size);
            let count = rng.below(size);
            let givens = gen::random_givens(&mut rng, size, &regions, count);
            let b = boards(size, &givens);
            let limit = if round % 2 == 0 { 2 } else { usize::MAX };
            let mut whole = vec![0u8; size * size];
            let (expected, steps) = count_up_to(size, &regions, &b, limit, &mut whole, u64::MAX);
            let mut cut = TemplateCount::new(size, regions.clone(), b.clone(), limit);
            let mut solution = vec![0u8; size * size];
            let mut most = 0;
            let found = loop {
                if let Some(found) = cut.count(&mut solution, most) {
                    break found;
                }
                stops += 1;
                stops_below_the_root += cut.path.len().min(1);
                // A few more steps at first, then a share of those taken, so that the
                // calls stay few however long the count.
                let steps = cut.steps();
                most = steps + 1 + rng.below(60 + steps as usize / 4) as u64;
            };
            assert_eq!(Some(found), expected, "{:?} {:?}", regions, givens);
            assert_eq!(solution, whole, "{:?} {:?}", regions, givens);
            assert!(cut.steps() >= steps, "{} {}", cut.steps(), steps);
            assert_eq!(cut.count(&mut solution, 0), Some(found), "settled for good");
        }
        assert!(stops > 1000, "{}", stops);
        assert!(stops_below_the_root > 100, "{}", stops_below_the_root);
    }
}
