//! A proof that a grid has no solution: its digits' templates cannot cover it, not even
//! fractionally.
//!
//! A digit's cells in a solution take one cell of each row, each column and each region: a
//! template (as in [`crate::templates`], there on box layouts only). A solution is N
//! templates, one per digit, that cover every cell once. Give each cell a weight `y[cell]`:
//! the N templates of a solution then weigh `sum(y)` together, so
//!
//! ```text
//! sum over cells of y  <=  sum over digits of the heaviest template the digit has
//! ```
//!
//! and a `y` that breaks this proves that no solution exists. By Farkas' lemma such a `y`
//! exists exactly when the templates admit no fractional cover (weights on each digit's
//! templates, summing to one per digit and per cell). The jigsaw layouts without a filling
//! that adversarial searches find are of this kind: they fail by counting (bands of rows or
//! columns against the regions inside them), which clause learning or a search without
//! learning only finds after thousands of conflicts or nodes.
//!
//! The weights come from subgradient steps on `f(y) = sum of heaviest templates - sum(y)`,
//! positively homogeneous, so any `y` with `f(y) < 0` will do: a cell that no heaviest
//! template covers gains weight, one that several cover loses it. Weights are integers, so
//! the final test is exact. Where a fractional cover exists the steps' heaviest templates,
//! averaged, come to be one, and the steps stop early.
//!
//! A digit's heaviest template: the rows in order, the state the sets of columns and of
//! regions used so far, and a move a cell that neither uses. The states that lead to a whole
//! template are found once per digit, a few hundred on the layouts that matter where the
//! templates are thousands, and each step is one pass over their moves. Digits with the same
//! candidate cells (those no given names) share them.

use std::collections::HashMap;

use crate::bitset::Bitset;

/// The most states [`refutes`] lists, over all digits: past it, it gives up (the 9x9 boxes
/// have 289 per digit).
pub const MOST_STATES: usize = 40_000;

/// The most subgradient steps [`refutes`] takes.
pub const MOST_STEPS: u32 = 300;

/// The first step's length, in weight units; step `k` is this over the square root of `k`.
const FIRST_STEP: f64 = 1024.0;

/// From this step on, every ten steps, [`refutes`] gives up once the heaviest templates so
/// far, on average, cover every cell within `NEAR` of once: a fractional cover is near.
/// On the grids without one, the average stays further off (a third, on those the hunts
/// find), and the proof comes within a few hundred steps.
pub const FIRST_LOOK: u32 = 30;
const NEAR: f64 = 0.15;

/// Whether the digits' templates, drawn from `boards`, admit no fractional cover of the grid,
/// and after how many subgradient steps. `Ok(steps)` proves that no grid of `size x size`
/// whose digit `d + 1` lies within `boards[d]` for every `d` takes one cell of each row,
/// column and region per digit, so no solution exists there. `Err(steps)` proves nothing: the
/// test gave up (more than [`MOST_STATES`] states, [`MOST_STEPS`] steps without a proof, or a
/// fractional cover near at a look, every ten steps from [`FIRST_LOOK`]) or a fractional
/// cover exists. No steps are taken when the states overflow or a digit has no template.
///
/// `region_of[cell]` is the cell's region `0..size`, row by row; `boards[d]`: the cells where
/// digit `d + 1` is placed or may go.
///
/// # Constraints
///
/// `size <= 16`, `region_of.len() == size * size`, `boards.len() == size`.
///
/// # Complexity
///
/// O(moves) a step, at most [`MOST_STEPS`] steps, after listing the states in
/// O(states * size).
///
/// # Example
///
/// ```
/// use common::bitset::Bitset;
/// use common::fractional_cover::refutes;
/// use common::layout::Layout;
///
/// let layout = Layout::boxes(2, 2);
/// let anywhere = (0..16).fold(0u64, |set, cell| set | u64::cell(cell));
/// // Every digit free everywhere: the empty 4x4 grid has fillings, so no proof.
/// assert!(refutes(4, layout.regions(), &[anywhere; 4]).is_err());
///
/// // Digit 1 barred from the whole first row has no template: a proof at once.
/// let first_row = (0..4).fold(0u64, |set, cell| set | u64::cell(cell));
/// let boards = [anywhere & !first_row, anywhere, anywhere, anywhere];
/// assert_eq!(refutes(4, layout.regions(), &boards), Ok(0));
/// ```
pub fn refutes<B: Bitset>(size: usize, region_of: &[u8], boards: &[B]) -> Result<u32, u32> {
    let cells = size * size;
    assert!(size <= 16 && region_of.len() == cells && boards.len() == size);
    // The distinct boards, each with the number of digits that share it, and its moves.
    let mut walks: Vec<(B, i64, Walk)> = Vec::new();
    let mut room = MOST_STATES;
    for &board in boards {
        if let Some(walk) = walks.iter_mut().find(|w| w.0 == board) {
            walk.1 += 1;
            continue;
        }
        match Walk::new(size, region_of, board, room) {
            None => return Err(0),
            Some(walk) if walk.moves.is_empty() => return Ok(0),
            Some(walk) => {
                room -= walk.states;
                walks.push((board, 1, walk));
            }
        }
    }
    // Indexed by a cell's `u8`, so that no index needs a check.
    let mut y = [0i64; 256];
    // The heaviest templates so far, weighed by their steps' lengths: on a grid that has a
    // fractional cover, they come to cover every cell about once (ergodic primal recovery).
    let mut average = [0i64; 256];
    let mut lengths = 0;
    for step in 1..=MOST_STEPS {
        let mut covered = [0i64; 256];
        let mut heaviest = 0;
        for (_, share, walk) in &mut walks {
            heaviest += *share * walk.heaviest(&y);
            for cell in walk.path() {
                covered[cell as usize] += *share;
            }
        }
        if heaviest < y[..cells].iter().sum::<i64>() {
            return Ok(step);
        }
        let length = (FIRST_STEP / f64::from(step).sqrt()).ceil() as i64;
        for (w, &c) in y[..cells].iter_mut().zip(&covered[..cells]) {
            *w -= length * (c - 1);
        }
        lengths += length;
        for (a, &c) in average[..cells].iter_mut().zip(&covered[..cells]) {
            *a += length * c;
        }
        if step >= FIRST_LOOK && step % 10 == 0 && nearly_covered(&average[..cells], lengths) {
            return Err(step);
        }
    }
    Err(MOST_STEPS)
}

/// Whether `average / lengths` covers every cell strictly within `NEAR` of once. O(cells).
fn nearly_covered(average: &[i64], lengths: i64) -> bool {
    average
        .iter()
        .all(|&a| ((a - lengths).abs() as f64) < NEAR * lengths as f64)
}

/// One move of a [`Walk`]: from a state of one row to one of the next, taking `cell`.
#[derive(Clone, Copy)]
struct Move {
    from: u32,
    to: u32,
    cell: u8,
}

/// The states of one board's templates that lead to a whole template, and their moves, row
/// by row; and the work space of the search for the heaviest.
struct Walk {
    /// How many states there are; state 0 is before the first row, the last after the last.
    states: usize,
    /// The moves, those out of a row's states after those into them.
    moves: Vec<Move>,
    /// Per state: the heaviest way to it, and the move it ends with.
    value: Vec<i64>,
    taken: Vec<u32>,
}

impl Walk {
    /// The walk of `board`'s templates; `None` past `room` states. No moves when the board
    /// holds no template. O(states * size) with hashing.
    fn new<B: Bitset>(size: usize, region_of: &[u8], board: B, room: usize) -> Option<Self> {
        // States by their columns and regions used, one row after another.
        let mut row_states: Vec<(u32, u32)> = vec![(0, 0)];
        let mut first = 0u32;
        let mut moves = Vec::new();
        for row in 0..size {
            let mut next: HashMap<(u32, u32), u32> = HashMap::new();
            let next_first = first + row_states.len() as u32;
            let mut next_states = Vec::new();
            for (i, &(columns, regions)) in row_states.iter().enumerate() {
                for column in 0..size {
                    let cell = row * size + column;
                    let region = u32::from(region_of[cell]);
                    if columns >> column & 1 != 0
                        || regions >> region & 1 != 0
                        || !board.contains(cell)
                    {
                        continue;
                    }
                    let state = (columns | 1 << column, regions | 1 << region);
                    let to = *next.entry(state).or_insert_with(|| {
                        next_states.push(state);
                        next_first + next_states.len() as u32 - 1
                    });
                    moves.push(Move {
                        from: first + i as u32,
                        to,
                        cell: cell as u8,
                    });
                }
            }
            first = next_first;
            row_states = next_states;
            if first as usize + row_states.len() > room {
                return None;
            }
        }
        let states = first as usize + row_states.len();
        // Only the states that lead to the end: back from it, move by move.
        let mut alive = vec![false; states];
        if !row_states.is_empty() {
            alive[states - 1] = true;
        }
        for m in moves.iter().rev() {
            if alive[m.to as usize] {
                alive[m.from as usize] = true;
            }
        }
        moves.retain(|m| alive[m.to as usize]);
        Some(Walk {
            states,
            moves,
            value: vec![0; states],
            taken: vec![0; states],
        })
    }

    /// The weight under `y` of the heaviest template, which [`Walk::path`] then lists.
    /// Constraint: the board holds a template. O(moves).
    fn heaviest(&mut self, y: &[i64; 256]) -> i64 {
        self.value.iter_mut().for_each(|v| *v = i64::MIN);
        self.value[0] = 0;
        for (i, m) in self.moves.iter().enumerate() {
            let through = self.value[m.from as usize] + y[m.cell as usize];
            if through > self.value[m.to as usize] {
                self.value[m.to as usize] = through;
                self.taken[m.to as usize] = i as u32;
            }
        }
        self.value[self.states - 1]
    }

    /// The cells of the template [`Walk::heaviest`] found, last row first.
    fn path(&self) -> impl Iterator<Item = u8> + '_ {
        let mut state = self.states - 1;
        std::iter::from_fn(move || {
            (state != 0).then(|| {
                let m = self.moves[self.taken[state] as usize];
                state = m.from as usize;
                m.cell
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitset::Bits256;
    use testkit::gen::{self, Rng};
    use testkit::reference;

    /// The boards of `givens` as a search's root has them before any inference: a given
    /// digit's cell on its board alone, every empty cell on every board.
    fn boards(size: usize, givens: &[u8]) -> Vec<u64> {
        (1..=size as u8)
            .map(|d| {
                givens.iter().enumerate().fold(
                    0,
                    |b, (cell, &g)| {
                        if g == 0 || g == d {
                            b | 1 << cell
                        } else {
                            b
                        }
                    },
                )
            })
            .collect()
    }

    /// Each template of `board` by brute force over the permutations (rows to columns).
    fn brute_templates(size: usize, region_of: &[u8], board: u64) -> usize {
        use itertools::Itertools;
        (0..size)
            .permutations(size)
            .filter(|columns| {
                let cells = columns.iter().enumerate().map(|(r, &c)| r * size + c);
                let regions: Vec<u8> = cells.clone().map(|cell| region_of[cell]).collect();
                cells.clone().all(|cell| board >> cell & 1 != 0) && regions.iter().all_unique()
            })
            .count()
    }

    #[test]
    fn the_walk_leads_to_every_template_and_no_other() {
        let mut rng = Rng::new(7);
        for size in [4, 5, 6] {
            for _ in 0..20 {
                let regions = gen::random_regions(&mut rng, size);
                let count = rng.below(4);
                let givens = gen::random_givens(&mut rng, size, &regions, count);
                for &board in &boards(size, &givens) {
                    let walk = Walk::new(size, &regions, board, MOST_STATES).unwrap();
                    // Paths from the start to the end, counted over the moves in order.
                    let mut paths = vec![0usize; walk.states];
                    paths[0] = 1;
                    for m in &walk.moves {
                        paths[m.to as usize] += paths[m.from as usize];
                    }
                    let expected = brute_templates(size, &regions, board);
                    let found = if walk.moves.is_empty() {
                        0
                    } else {
                        paths[walk.states - 1]
                    };
                    assert_eq!(found, expected, "{:?} {:?}", regions, givens);
                }
            }
        }
    }

    #[test]
    fn the_heaviest_template_is_the_heaviest_listed() {
        let mut rng = Rng::new(8);
        for _ in 0..20 {
            let regions = gen::random_regions(&mut rng, 6);
            let mut walk = Walk::new(6, &regions, u64::MAX >> 28, MOST_STATES).unwrap();
            let mut y = [0i64; 256];
            y[..36]
                .iter_mut()
                .for_each(|w| *w = rng.below(100) as i64 - 50);
            let weight = walk.heaviest(&y);
            let path: Vec<u8> = walk.path().collect();
            assert_eq!(path.iter().map(|&c| y[c as usize]).sum::<i64>(), weight);
            let rows: Vec<usize> = path.iter().rev().map(|&c| c as usize / 6).collect();
            assert_eq!(rows, (0..6).collect::<Vec<_>>(), "one cell a row, in order");
            use itertools::Itertools;
            let best = (0..6)
                .permutations(6)
                .filter(|cs| {
                    cs.iter()
                        .enumerate()
                        .map(|(r, &c)| regions[r * 6 + c])
                        .all_unique()
                })
                .map(|cs| {
                    cs.iter()
                        .enumerate()
                        .map(|(r, &c)| y[r * 6 + c])
                        .sum::<i64>()
                })
                .max()
                .unwrap();
            assert_eq!(weight, best);
        }
    }

    /// Never a proof where a solution exists; a proof for most of the sparse layouts that
    /// have none (random 5x5 layouts, 0-2 givens, against the brute-force reference).
    #[test]
    fn proves_only_what_has_no_solution_and_most_of_that() {
        let mut rng = Rng::new(9);
        let (mut without, mut proved) = (0, 0);
        for _ in 0..5000 {
            let size = 5;
            let regions = gen::random_regions(&mut rng, size);
            let count = rng.below(3);
            let givens = gen::random_givens(&mut rng, size, &regions, count);
            let proof = refutes(size, &regions, &boards(size, &givens)).is_ok();
            let solutions = reference::solutions_up_to(size, &regions, &givens, 1).len();
            if solutions > 0 {
                assert!(
                    !proof,
                    "a proof on a grid with a solution: {:?} {:?}",
                    regions, givens
                );
            } else {
                without += 1;
                proved += usize::from(proof);
            }
        }
        assert!(without >= 60, "{} grids without a solution", without);
        assert!(
            proved * 10 >= without * 9,
            "{} of {} proved",
            proved,
            without
        );
    }

    #[test]
    fn a_digit_without_a_template_is_a_proof_at_once() {
        let regions = gen::boxes(4);
        let mut givens = vec![0u8; 16];
        givens[1] = 1;
        givens[6] = 2;
        let mut b = boards(4, &givens);
        assert!(
            refutes(4, &regions, &b).is_err(),
            "4x4 boxes with two givens complete"
        );
        // Digit 1 struck from row 2: it has no template, and no step is needed.
        b[0] &= !(0xf << 8);
        assert_eq!(refutes(4, &regions, &b), Ok(0));
    }

    #[test]
    fn the_shrinking_steps_find_proofs_that_growing_ones_miss() {
        // Two 6x6 layouts with three givens and no solution, among the four of 20,000 random
        // 6x6 grids (0-3 givens, `Rng::new(15)`) whose proof needs the steps to shrink as
        // `1 / sqrt(k)`: steps growing as `sqrt(k)` instead find none within the 300 allowed.
        let cases = [
            (
                [
                    0, 0, 0, 1, 1, 1, 0, 2, 0, 1, 1, 3, 0, 2, 2, 1, 3, 3, 4, 2, 2, 2, 3, 3, 4, 4,
                    4, 5, 3, 5, 4, 4, 5, 5, 5, 5,
                ],
                [(4, 6), (17, 6), (33, 6)],
            ),
            (
                [
                    0, 0, 0, 0, 1, 1, 0, 2, 0, 1, 1, 1, 3, 2, 2, 4, 4, 1, 3, 3, 2, 2, 4, 4, 3, 3,
                    2, 4, 4, 5, 3, 5, 5, 5, 5, 5,
                ],
                [(13, 4), (25, 1), (28, 4)],
            ),
        ];
        for (regions, given) in cases {
            let mut givens = [0u8; 36];
            for (cell, digit) in given {
                givens[cell] = digit;
            }
            assert!(reference::solutions_up_to(6, &regions, &givens, 1).is_empty());
            assert!(
                refutes(6, &regions, &boards(6, &givens)).is_ok(),
                "{:?}",
                given
            );
        }
    }

    /// The distinct boards' walks share one budget of [`MOST_STATES`] states: on the empty
    /// 16x16 grid each digit's board less one cell lists about 19,400, so two distinct
    /// boards (the others the same as the second) fit and three do not, and the test then
    /// gives up before any step.
    #[test]
    fn the_walks_share_one_budget_of_states() {
        let regions = crate::layout::Layout::boxes(4, 4).regions().to_vec();
        let all = (1..256).fold(Bits256::cell(0), |set, cell| set.or(Bits256::cell(cell)));
        let mut boards = [all.and_not(Bits256::cell(1)); 16];
        boards[0] = all.and_not(Bits256::cell(0));
        let states = |board| Walk::new(16, &regions, board, usize::MAX).unwrap().states;
        let (first, second) = (states(boards[0]), states(boards[1]));
        assert!(first + second <= MOST_STATES, "{} and {}", first, second);
        assert_ne!(refutes(16, &regions, &boards), Err(0));
        boards[2] = all.and_not(Bits256::cell(2));
        assert!(first + second + states(boards[2]) > MOST_STATES);
        assert_eq!(refutes(16, &regions, &boards), Err(0));
    }

    /// Where a fractional cover exists, the steps' heaviest templates come to cover every
    /// cell about once, and the test gives up at a look before its last step: on the
    /// grids with a solution (random 6x6 layouts, 0-3 givens, and the empty 6x6 boxes).
    #[test]
    fn a_near_fractional_cover_ends_the_steps_early() {
        let mut rng = Rng::new(16);
        let mut grids = vec![(6, gen::boxes(6), vec![0u8; 36])];
        while grids.len() < 40 {
            let regions = gen::random_regions(&mut rng, 6);
            let count = rng.below(4);
            let givens = gen::random_givens(&mut rng, 6, &regions, count);
            if !reference::solutions_up_to(6, &regions, &givens, 1).is_empty() {
                grids.push((6, regions, givens));
            }
        }
        for (size, regions, givens) in grids {
            let steps = match refutes(size, &regions, &boards(size, &givens)) {
                Err(steps) => steps,
                Ok(steps) => panic!("a proof after {} steps: {:?} {:?}", steps, regions, givens),
            };
            assert!(
                steps >= FIRST_LOOK && steps % 10 == 0 && steps < MOST_STEPS,
                "gave up after {} steps: {:?} {:?}",
                steps,
                regions,
                givens
            );
        }
    }

    /// A cell is near only strictly within `NEAR` of once, above or below: at 100 units of
    /// length, an average 15 units off is not near, 14 off is.
    #[test]
    fn near_means_strictly_within_near_of_once() {
        let lengths = 100;
        let off = (NEAR * lengths as f64) as i64;
        assert_eq!(off as f64, NEAR * lengths as f64);
        let within = [lengths + off - 1, lengths - off + 1];
        assert!(nearly_covered(&within, lengths));
        assert!(!nearly_covered(&[lengths, lengths + off], lengths));
        assert!(!nearly_covered(&[lengths - off, lengths], lengths));
    }
}
