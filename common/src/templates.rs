//! Digit templates on a box layout, and the upper bound they give on the weighted sum of a
//! completion.
//!
//! A digit's cells in a completion take one cell of each row, each column and each box: a
//! template (the word of Sudoku solvers; [`crate::transversals`] calls the same thing on 6x6
//! groups a transversal). A completion is N disjoint templates, one per digit. Relaxing
//! "disjoint", that each cell holds exactly one digit, with a multiplier `u[cell]` per cell
//! leaves N independent problems, each digit's best template under the values
//! `gain(cell, digit) - u[cell]`, so that for every `u`
//!
//! ```text
//! max over completions of sum(gain) <= sum(u) + sum over digits of its best template's value
//! ```
//!
//! [`crate::weighted`]'s bound splits each house from the others, and the best it can reach
//! is the linear relaxation's; a template keeps a digit's rows, columns and boxes together,
//! and on sparse 9x9 grids weighted as NOIP's target the best `u` bounds the maximum several
//! points lower, mostly on the maximum itself.
//!
//! A digit's best template: the rows in order, the state the set of columns used so far. In a
//! box layout each band of rows takes each box column (the group of columns of a box) once,
//! so after `b` bands every group has `b` columns used, and row `r` may take a column that is
//! unused and whose group has exactly as many used as there are bands above `r`. The moves
//! are listed once, at the first search (9x9: 936).
//!
//! The multipliers: subgradient steps ([`Templates::bound`]). A cell that no best template
//! covers lowers its `u`, one that several cover raises it, by Polyak's step toward the aim.

use crate::layout::Layout;

/// The multipliers' resolution: `u` counts in units of `1 / SCALE` points.
pub const SCALE: i64 = 4096;
/// Rounds without a lower bound after which [`Templates::bound`] halves its steps.
const PATIENCE: usize = 40;
/// Rounds without a whole point off the bound after which [`Templates::bound`] gives up.
const STALL: usize = 100;

/// What [`Templates::best`] takes for a cell the digit may not go to: far below any sum of
/// values, and N of it still fits in an `i64`.
const FORBIDDEN: i64 = -(1 << 50);

/// The moves of a box layout's templates, and the work space of the search for the best.
#[derive(Clone, Default)]
#[cfg_attr(test, derive(Debug))]
pub struct Templates {
    /// N.
    size: usize,
    /// The height of a box.
    height: usize,
    /// The states are the sets of columns that the rows above some row take, numbered row by
    /// row: state 0 before the first row, then those after it, and so on; the last is the
    /// one after the last row. `ends[state - 1]`: where the moves into `state` end in
    /// `moves` (they begin where the previous state's end).
    ends: Vec<usize>,
    /// `(state before, cell)`: a row taking a cell from a state of the row above.
    moves: Vec<(u16, u16)>,
    /// `value[state]`: the best value of the rows above it taking its columns.
    value: Vec<i64>,
    /// `taken[state]`: the move on that best way.
    taken: Vec<usize>,
}

impl Templates {
    /// The templates of `layout`, if its regions are boxes (any height and width) and its
    /// side is at most 12; `None` otherwise. The moves are listed at the first search
    /// (`Templates::list_moves`): most grids never need them. O(N^3).
    pub fn new(layout: &Layout) -> Option<Self> {
        let size = layout.size();
        // The states are column sets, up to 2^N a row.
        if size > 12 {
            return None;
        }
        let boxes =
            |h: usize| size % h == 0 && Layout::boxes(h, size / h).regions() == layout.regions();
        let height = (1..=size).find(|&h| boxes(h))?;
        Some(Templates {
            size,
            height,
            ..Default::default()
        })
    }

    /// Lists the states and the moves between them. O(N^2 * 2^N), 289 states for 9x9.
    fn list_moves(&mut self) {
        let (size, height) = (self.size, self.height);
        let width = size / height;
        let used_in = |set: u32, column: usize| {
            let group = column / width * width;
            (set >> group & ((1 << width) - 1)).count_ones()
        };
        // The number of the state of each column set after the row above (`usize::MAX`: none).
        let mut number = vec![usize::MAX; 1 << size];
        number[0] = 0;
        let (ends, moves) = (&mut self.ends, &mut self.moves);
        let mut states = 1;
        for row in 0..size {
            let band = (row / height) as u32;
            let mut next = vec![usize::MAX; 1 << size];
            for to in (0..1u32 << size).filter(|to| to.count_ones() as usize == row + 1) {
                for column in (0..size).filter(|&c| to >> c & 1 != 0) {
                    let set = to & !(1 << column);
                    if number[set as usize] != usize::MAX && used_in(set, column) == band {
                        moves.push((number[set as usize] as u16, (row * size + column) as u16));
                    }
                }
                if ends.last().map_or(0, |&end| end) < moves.len() {
                    ends.push(moves.len());
                    next[to as usize] = states;
                    states += 1;
                }
            }
            number = next;
        }
        self.value = vec![0; states];
        self.taken = vec![0; states];
    }

    /// The best template of one digit: `value[cell]` is what the cell adds, [`FORBIDDEN`]
    /// where the digit may not go. Writes its cell in each row to `cells` and returns its
    /// value, or `None` if no template fits. Of templates that tie, it writes the one whose
    /// columns, read from the last row up, are least. Constraints: `value.len() == N * N`,
    /// every value within 2^40 of 0 or forbidden, `cells.len() >= N`. O(moves).
    fn best(&mut self, value: &[i64], cells: &mut [usize]) -> Option<i64> {
        if self.moves.is_empty() {
            self.list_moves();
        }
        self.value[0] = 0;
        let mut begin = 0;
        for state in 1..self.value.len() {
            let end = self.ends[state - 1];
            let (mut high, mut arg) = (i64::MIN, begin);
            for (m, &(from, cell)) in self.moves[begin..end].iter().enumerate() {
                let v = self.value[usize::from(from)] + value[usize::from(cell)];
                if v > high {
                    high = v;
                    arg = begin + m;
                }
            }
            self.value[state] = high;
            self.taken[state] = arg;
            begin = end;
        }
        let mut state = self.value.len() - 1;
        let best = self.value[state];
        if best < FORBIDDEN / 2 {
            return None;
        }
        for slot in cells[..self.size].iter_mut().rev() {
            let (from, cell) = self.moves[self.taken[state]];
            *slot = usize::from(cell);
            state = usize::from(from);
        }
        Some(best)
    }

    /// A bound on `sum(weights[cell] * digit)` over the completions that take each cell's
    /// digit from its `candidates` (bit `digit - 1`): up to `rounds` subgradient steps on the
    /// multipliers `u` (one per cell, in units of `1 / SCALE` points, zero to start with; a
    /// caller may keep them for a similar grid), stopping once the bound shows that no
    /// completion scores above `aim`. Returns the lowest bound met, rounded down to a whole
    /// point (any `u` gives a bound), or `None` if some digit has no template at all, and
    /// then no completion exists.
    ///
    /// The steps aim at `aim` (Polyak's step); while the bound stays above it they shrink,
    /// halved after `PATIENCE` rounds without a lower bound, and after `STALL` rounds
    /// without a whole point off the bound the search gives up.
    ///
    /// Constraints: `weights.len() == candidates.len() == u.len() == N^2`, `N` times every
    /// weight and `aim` below 2^20. O(rounds * moves * N).
    pub fn bound(
        &mut self,
        weights: &[u32],
        candidates: &[u16],
        aim: i64,
        rounds: usize,
        u: &mut [i64],
    ) -> Option<i64> {
        let n = self.size;
        let cells = n * n;
        let mut value = vec![FORBIDDEN; cells];
        // The round's best template of a digit, a cell a row.
        let mut template = vec![0; n];
        // The subgradient of the bound in `u[cell]`: 1 less the round's best templates that
        // cover the cell.
        let mut slack = vec![0i64; cells];
        let mut lowest = i64::MAX;
        let (mut halving, mut since, mut stalled) = (1, 0, 0);
        for _ in 0..rounds {
            let mut total: i64 = u.iter().sum();
            slack.iter_mut().for_each(|s| *s = 1);
            for d in 0..n {
                for (cell, v) in value.iter_mut().enumerate() {
                    *v = if candidates[cell] >> d & 1 != 0 {
                        i64::from(weights[cell]) * (d as i64 + 1) * SCALE - u[cell]
                    } else {
                        FORBIDDEN
                    };
                }
                total += self.best(&value, &mut template)?;
                for &cell in &template {
                    slack[cell] -= 1;
                }
            }
            let whole = total.div_euclid(SCALE) < lowest.div_euclid(SCALE);
            stalled = if whole { 0 } else { stalled + 1 };
            since = if total < lowest { 0 } else { since + 1 };
            if since == PATIENCE {
                halving *= 2;
                since = 0;
            }
            lowest = lowest.min(total);
            if lowest < (aim + 1) * SCALE || stalled == STALL {
                break;
            }
            let norm: i64 = slack.iter().map(|s| s * s).sum();
            if norm == 0 {
                // The templates are disjoint: a completion, whose sum is the bound.
                break;
            }
            let step = (total - aim * SCALE) / halving;
            for (cell, s) in slack.iter().enumerate() {
                u[cell] -= step * s / norm;
            }
        }
        Some(lowest.div_euclid(SCALE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::Backtracker;
    use itertools::Itertools;
    use testkit::gen;
    use testkit::rng::Rng;

    /// Every template of `layout` by brute force: each permutation of the columns whose
    /// cells lie in N different regions, as its column in each row.
    fn every_template(layout: &Layout) -> Vec<Vec<usize>> {
        let n = layout.size();
        (0..n)
            .permutations(n)
            .filter(|columns| {
                let regions = (0..n).map(|row| layout.region_of(row * n + columns[row]));
                regions.unique().count() == n
            })
            .collect()
    }

    /// Values of `cells` cells, a fifth forbidden, the others in `-spread / 2..spread / 2`.
    fn random_values(rng: &mut Rng, cells: usize, spread: usize) -> Vec<i64> {
        (0..cells)
            .map(|_| {
                if rng.percent(20) {
                    FORBIDDEN
                } else {
                    (rng.below(spread) as i64) - (spread / 2) as i64
                }
            })
            .collect()
    }

    /// The best template against every template by brute force, on random values, half of
    /// them in a narrow range so that several templates tie for the best: the value of the
    /// best, and the template written, one of the best. Of those it is the first that the
    /// search meets, each row's moves taken in the order of their columns, from the last row
    /// up: the least columns read from the last row up.
    #[test]
    fn the_best_template_is_the_best_of_every_template() {
        let mut rng = Rng::new(5);
        for (height, width) in [(2, 2), (2, 3), (3, 2)] {
            let layout = Layout::boxes(height, width);
            let n = layout.size();
            let all = every_template(&layout);
            let mut templates = Templates::new(&layout).expect("boxes have templates");
            for _ in 0..200 {
                let spread = if rng.percent(50) { 4 } else { 1000 };
                let value = random_values(&mut rng, n * n, spread);
                let fits = |columns: &Vec<usize>| {
                    (0..n).all(|row| value[row * n + columns[row]] != FORBIDDEN)
                };
                let worth = |columns: &[usize]| -> i64 {
                    (0..n).map(|row| value[row * n + columns[row]]).sum()
                };
                let expected = all.iter().filter(|c| fits(c)).map(|c| worth(c)).max();
                let mut cells = vec![0; n];
                let found = templates.best(&value, &mut cells);
                assert_eq!(found, expected, "{}x{} boxes", height, width);
                if found.is_some() {
                    assert!((0..n).all(|row| cells[row] / n == row), "a cell a row");
                    let columns: Vec<usize> = cells.iter().map(|cell| cell % n).collect();
                    assert!(all.contains(&columns), "{:?} is a template", columns);
                    assert_eq!(Some(worth(&columns)), found);
                    let first = all
                        .iter()
                        .filter(|c| fits(c) && Some(worth(c)) == found)
                        .min_by_key(|c| c.iter().rev().copied().collect::<Vec<_>>());
                    assert_eq!(Some(&columns), first, "the first best");
                }
            }
        }
    }

    #[test]
    fn a_9x9_digit_has_46656_templates() {
        let layout = Layout::boxes(3, 3);
        let mut t = Templates::new(&layout).expect("boxes have templates");
        t.list_moves();
        // Paths through the moves, state by state.
        let mut paths = vec![0u64; t.value.len()];
        paths[0] = 1;
        let mut begin = 0;
        for state in 1..paths.len() {
            let end = t.ends[state - 1];
            paths[state] = t.moves[begin..end]
                .iter()
                .map(|&(from, _)| paths[usize::from(from)])
                .sum();
            begin = end;
        }
        assert_eq!(paths[paths.len() - 1], 46656);
        assert_eq!(t.moves.len(), 936);
    }

    #[test]
    fn only_box_layouts_have_templates() {
        assert!(Templates::new(&Layout::boxes(3, 3)).is_some());
        assert!(Templates::new(&Layout::boxes(1, 4)).is_some());
        let mut regions = Layout::boxes(2, 2).regions().to_vec();
        regions.swap(1, 2);
        let swapped = Layout::new(4, regions).expect("four cells a region");
        assert!(Templates::new(&swapped).is_none());
        assert!(
            Templates::new(&Layout::boxes(4, 4)).is_none(),
            "sides above 12"
        );
    }

    /// A random box layout, 4x4 on even rounds and 6x6 on odd ones, and givens kept from one
    /// of its solutions: up to 7 of them on 4x4, 12 to 24 on 6x6.
    fn random_instance(rng: &mut Rng, round: usize) -> (Layout, Vec<u8>) {
        let (height, width) = if round % 2 == 0 { (2, 2) } else { (2, 3) };
        let layout = Layout::boxes(height, width);
        let n = layout.size();
        let solution = gen::random_solution(rng, n, layout.regions()).expect("a solution");
        let keep = if n == 4 {
            rng.below(8)
        } else {
            rng.between(12, 24)
        };
        let givens = gen::some_givens(rng, &solution, keep);
        (layout, givens)
    }

    /// The largest `sum(weights[cell] * digit)` over the completions of `givens`, by visiting
    /// every one; `None` without a completion.
    fn maximum(layout: &Layout, givens: &[u8], weights: &[u32]) -> Option<i64> {
        let mut best = None;
        Backtracker::<u64>::new(layout).visit_lex(givens, |grid| {
            let sum = (0..grid.len())
                .map(|cell| i64::from(weights[cell] * u32::from(grid[cell])))
                .sum::<i64>();
            best = best.max(Some(sum));
            true
        });
        best
    }

    /// Each cell's candidates (bit `digit - 1`) on a grid of side `n`: its given, or every
    /// digit.
    fn candidates_of(givens: &[u8], n: usize) -> Vec<u16> {
        let all = (1u16 << n) - 1;
        givens
            .iter()
            .map(|&g| if g == 0 { all } else { 1 << (g - 1) })
            .collect()
    }

    /// On random 4x4 and 6x6 grids with random weights, the bound is at least every
    /// completion's sum, `None` only without a completion, and nearly always the maximum
    /// itself when asked to beat one less (the multipliers' search can stop short).
    #[test]
    fn the_bound_holds_over_every_completion() {
        let mut rng = Rng::new(11);
        let (mut proved, mut solvable) = (0, 0);
        for round in 0..120 {
            let (layout, mut givens) = random_instance(&mut rng, round);
            let n = layout.size();
            let cells = n * n;
            if rng.percent(20) {
                // Most likely a clash, or a grid without a completion.
                givens[rng.below(cells)] = rng.between(1, n) as u8;
            }
            let weights: Vec<u32> = (0..cells).map(|_| rng.below(10) as u32).collect();
            let best = maximum(&layout, &givens, &weights);
            let candidates = candidates_of(&givens, n);
            let mut templates = Templates::new(&layout).expect("boxes have templates");
            let aim = best.map_or(0, |b| b - 1);
            let mut u = vec![0; cells];
            let bound = templates.bound(&weights, &candidates, aim, 400, &mut u);
            match (bound, best) {
                (Some(bound), Some(best)) => {
                    assert!(bound >= best, "bound {} below the maximum {}", bound, best);
                    proved += (bound == best) as usize;
                    solvable += 1;
                }
                (None, best) => assert_eq!(best, None, "no template, yet a completion"),
                (Some(_), None) => {}
            }
        }
        assert!(
            10 * proved >= 9 * solvable,
            "the bound met the maximum on {} grids of {}",
            proved,
            solvable
        );
    }

    /// The search stops once its bound shows that no completion scores above `aim`: on
    /// random 4x4 and 6x6 grids, aiming at the maximum or a few points above it, the fewest
    /// rounds whose bound is at most `aim` leave the same bound and multipliers as one round
    /// more and as a hundred more. Many proofs stop above the maximum, where the templates
    /// overlap and a further step would move the multipliers (at the maximum they may be
    /// disjoint, a completion, where the search stops anyway).
    #[test]
    fn the_bound_stops_once_it_proves_the_aim() {
        let mut rng = Rng::new(12);
        let (mut proved, mut above) = (0, 0);
        for round in 0..60 {
            let (layout, givens) = random_instance(&mut rng, round);
            let n = layout.size();
            let cells = n * n;
            let weights: Vec<u32> = (0..cells).map(|_| rng.below(10) as u32).collect();
            let best = maximum(&layout, &givens, &weights).expect("a completion");
            let candidates = candidates_of(&givens, n);
            let aim = best + rng.below(4) as i64;
            let mut templates = Templates::new(&layout).expect("boxes have templates");
            let mut run = |rounds: usize| {
                let mut u = vec![0; cells];
                let bound = templates.bound(&weights, &candidates, aim, rounds, &mut u);
                (bound.expect("a completion exists"), u)
            };
            let first = (1..=200).find(|&rounds| run(rounds).0 <= aim);
            if let Some(rounds) = first {
                let (bound, u) = run(rounds);
                assert_eq!(run(rounds + 1), (bound, u.clone()), "{:?}", givens);
                assert_eq!(run(rounds + 100), (bound, u), "{:?}", givens);
                proved += 1;
                above += (bound > best) as usize;
            }
        }
        assert!(
            proved >= 50 && above >= 20,
            "{} proofs, {} above",
            proved,
            above
        );
    }

    /// After `STALL` rounds without a whole point off its bound, the search gives up. Aiming
    /// at 0, below every completion's sum, nothing else ends it but a set of disjoint
    /// templates. The lowest bound after `r` rounds, from zero multipliers, falls with `r`
    /// until its last whole point off, the fewest rounds that reach the bound of many rounds;
    /// `STALL` rounds later the search has ended: the multipliers are those of one round
    /// fewer (the round that gives up takes no step) and those of many rounds more. Random
    /// 4x4 and 6x6 grids; on some of them the multipliers still moved in the round before,
    /// so that it was the stall that ended the search.
    #[test]
    fn the_search_gives_up_after_stall_rounds_without_a_whole_point_off() {
        const MANY: usize = 1000;
        let mut rng = Rng::new(14);
        let mut stalled = 0;
        for round in 0..30 {
            let (layout, givens) = random_instance(&mut rng, round);
            let n = layout.size();
            let weights: Vec<u32> = (0..n * n).map(|_| 1 + rng.below(10) as u32).collect();
            let candidates = candidates_of(&givens, n);
            let mut templates = Templates::new(&layout).expect("boxes have templates");
            let mut run = |rounds: usize| {
                let mut u = vec![0; n * n];
                let bound = templates.bound(&weights, &candidates, 0, rounds, &mut u);
                (bound.expect("a completion exists"), u)
            };
            let ended = run(MANY);
            // The bound never rises with more rounds: the last whole point off is the first
            // round with the final bound.
            let (mut low, mut high) = (1, MANY);
            while low < high {
                let middle = (low + high) / 2;
                if run(middle).0 == ended.0 {
                    high = middle;
                } else {
                    low = middle + 1;
                }
            }
            let gives_up = low + STALL;
            assert!(gives_up < MANY, "{:?}", givens);
            assert_eq!(run(gives_up - 1), ended, "{:?}", givens);
            stalled += (run(gives_up - 2).1 != ended.1) as usize;
        }
        assert!(stalled >= 3, "the stall ended {} searches", stalled);
    }

    /// A bound of `aim + 1` shows nothing about `aim`, so the search goes on. From zero
    /// multipliers the first round's bound is a whole number of points exactly; aiming one
    /// below it, at or above the maximum, on random 4x4 and 6x6 grids, the first round must
    /// take its step (the multipliers move), and the rounds after it prove the aim on nearly
    /// every grid.
    #[test]
    fn a_bound_one_above_the_aim_does_not_stop_the_search() {
        let mut rng = Rng::new(15);
        let (mut tried, mut proved) = (0, 0);
        for round in 0..40 {
            let (layout, givens) = random_instance(&mut rng, round);
            let n = layout.size();
            let weights: Vec<u32> = (0..n * n).map(|_| rng.below(10) as u32).collect();
            let best = maximum(&layout, &givens, &weights).expect("a completion");
            let candidates = candidates_of(&givens, n);
            let mut templates = Templates::new(&layout).expect("boxes have templates");
            let zero = vec![0; n * n];
            let mut run = |aim: i64, rounds: usize| {
                let mut u = zero.clone();
                let bound = templates.bound(&weights, &candidates, aim, rounds, &mut u);
                (bound.expect("a completion exists"), u)
            };
            let first = run(0, 1).0;
            if first <= best {
                continue;
            }
            let (bound, u) = run(first - 1, 1);
            assert_eq!(bound, first);
            assert_ne!(u, zero, "{:?}: the first round took no step", givens);
            let bound = run(first - 1, 400).0;
            assert!(bound >= best, "{:?}: {} below {}", givens, bound, best);
            tried += 1;
            proved += (bound < first) as usize;
        }
        assert!(
            tried >= 20 && 10 * proved >= 9 * tried,
            "{} proofs of {}",
            proved,
            tried
        );
    }

    /// The halving of the steps after `PATIENCE` rounds without a lower bound, on 2x2
    /// grids (rows as regions) where the steps swing between two points of the same bound.
    /// Each digit's two templates are the diagonals, cells 0 and 3 weighing `a` together,
    /// cells 1 and 2 `b < a - 1`; with `x` the multipliers of the first diagonal less the
    /// second's, in points, the bound is `3a - x` below `x = a - b`, where both digits take
    /// the first diagonal, the larger completion's score `2a + b` up to `x = 2(a - b)`, and
    /// `3b + x` above, where both take the second. From `x = 0` the first step, aiming at `3b < aim < a + 2b`, moves to
    /// `x = 3a - aim`, past both switches, the next back to `x = aim - 3b`, at the same
    /// bound, and so on; halved, a step lands midway, on the completion, where the search
    /// stops. (`2 aim < 3(a + b)` keeps the swing's bound above the aim.) So the bound is the
    /// swing's from the second round through round `PATIENCE + 2`, whose step is the first
    /// halved, and the maximum from the next.
    ///
    /// The multipliers a caller keeps show the halving itself, which the bound alone does
    /// not (a third of the step, say, lands on the completion as well): rounds `PATIENCE`
    /// and `PATIENCE + 1` leave the two ends of the swing, and round `PATIENCE + 2` moves
    /// each multiplier from the second end halfway back to the first, half as far as the
    /// full step, to within the rounding of the step and of its share in each cell.
    #[test]
    fn the_steps_halve_after_patience_rounds_without_a_lower_bound() {
        let layout = Layout::boxes(1, 2);
        let mut templates = Templates::new(&layout).expect("boxes have templates");
        let mut rng = Rng::new(13);
        for _ in 0..20 {
            let b = rng.below(4);
            let a = rng.between(b + 2, b + 12);
            let low = 3 * b + 1;
            let high = (a + 2 * b - 1).min((3 * (a + b) - 1) / 2);
            let aim = rng.between(low, high) as i64;
            let w0 = rng.below(a + 1);
            let w1 = rng.below(b + 1);
            let weights = [w0, w1, b - w1, a - w0].map(|w| w as u32);
            let maximum = [[1, 2, 2, 1], [2, 1, 1, 2]]
                .iter()
                .map(|grid| (0..4).map(|c| weights[c] * grid[c]).sum::<u32>())
                .max()
                .map(i64::from);
            let mut run = |rounds: usize| {
                let mut u = vec![0; 4];
                let bound = templates.bound(&weights, &[3; 4], aim, rounds, &mut u);
                (bound, u)
            };
            let mut bound = |rounds: usize| run(rounds).0;
            let swing = bound(2);
            assert!(
                swing < bound(1) && swing > maximum,
                "{:?} aiming at {}",
                weights,
                aim
            );
            for rounds in 3..=PATIENCE + 2 {
                assert_eq!(
                    bound(rounds),
                    swing,
                    "{:?} after {} rounds",
                    weights,
                    rounds
                );
            }
            assert_eq!(
                bound(PATIENCE + 3),
                maximum,
                "{:?} aiming at {}",
                weights,
                aim
            );
            assert_eq!(bound(400), maximum, "{:?} aiming at {}", weights, aim);
            let (first, second) = (run(PATIENCE).1, run(PATIENCE + 1).1);
            let halved = run(PATIENCE + 2).1;
            for cell in 0..4 {
                let full = first[cell] - second[cell];
                let half = halved[cell] - second[cell];
                assert!(
                    full != 0 && (2 * half - full).abs() <= 1,
                    "{:?} aiming at {}: cell {} moved {} of {}",
                    weights,
                    aim,
                    cell,
                    half,
                    full
                );
            }
        }
    }
}
