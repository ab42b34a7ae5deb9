//! The inputs a hunt climbs over: one case of a problem as its layout and givens, the rules
//! that keep it legal, the mutations that keep it so, and the input text that carries it.
//!
//! Legal means what `docs/problems.md` accepts, narrowed where the original statement is:
//! jigsaw regions of nine connected cells (the statement's pictures have no other) with walls
//! declared on both sides and on the border; latin6 groups of six cells, connected or not,
//! and at most 35 givens (n < 36); sima4 boards with exactly one completion; target9 any
//! number of givens (the statement promises at least 24: `--min-givens 24` hunts there).
//! Givens never clash: clashing givens are answered before any search, so they cannot be
//! slow.

use testkit::gen::{self, LayoutKind, Rng};
use testkit::reference;
use testkit::Problem;

/// Whether an input of `problem` draws its own regions (jigsaw's walls, latin6's groups).
fn regions_vary(problem: Problem) -> bool {
    matches!(problem, Problem::Jigsaw | Problem::Latin6)
}

/// The most givens an input of `problem` may hold.
fn max_givens(problem: Problem) -> usize {
    match problem {
        Problem::Latin6 => 35,
        _ => problem.size() * problem.size(),
    }
}

/// The range of givens a hunt keeps to, within what the problem allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub problem: Problem,
    pub min_givens: usize,
    pub max_givens: usize,
}

impl Rules {
    /// The problem's whole range of givens cut to `min..=max`; `None` when nothing is left.
    pub fn new(problem: Problem, min: usize, max: usize) -> Option<Self> {
        let max = max.min(max_givens(problem));
        (min <= max).then_some(Rules {
            problem,
            min_givens: min,
            max_givens: max,
        })
    }

    /// Every input of the problem.
    pub fn all(problem: Problem) -> Self {
        Rules::new(problem, 0, usize::MAX).expect("0 givens is always allowed")
    }
}

/// One case: each cell's region (group) and given (0 for none), row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    pub regions: Vec<u8>,
    pub givens: Vec<u8>,
}

/// How many mutations a child takes from its parent at most before one is legal.
const TRIES: usize = 1000;

impl Instance {
    /// A random legal starting point: jigsaw the boxes after 60-300 swaps, latin6 a random
    /// deal of the cells into groups, the others the boxes; givens at random, as few as the
    /// rules allow (target9 up to 8 more; sima4 those of a random completion until it is the
    /// only one).
    /// Expected O(size^4) per given.
    pub fn start(rng: &mut Rng, rules: &Rules) -> Self {
        let size = rules.problem.size();
        loop {
            let regions = match rules.problem {
                Problem::Jigsaw => LayoutKind::Swapped,
                Problem::Latin6 => LayoutKind::Scattered,
                _ => LayoutKind::Boxes,
            }
            .draw(rng, size);
            let givens = match rules.problem {
                Problem::Sima4 => {
                    let solution = gen::random_solution(rng, size, &regions)
                        .expect("the 4x4 boxes always complete");
                    gen::unique_givens(rng, size, &regions, &solution, 0, false)
                }
                Problem::Target9 => {
                    let count =
                        rng.between(rules.min_givens, rules.max_givens.min(rules.min_givens + 8));
                    gen::random_givens(rng, size, &regions, count)
                }
                _ => gen::random_givens(rng, size, &regions, rules.min_givens),
            };
            let start = Instance { regions, givens };
            if start.is_legal(rules) {
                return start;
            }
        }
    }

    /// The number of givens.
    pub fn given_count(&self) -> usize {
        self.givens.iter().filter(|&&d| d != 0).count()
    }

    /// Whether the instance keeps to `rules`: regions of `size` cells (connected for jigsaw,
    /// the boxes where the problem fixes them), givens in range that do not clash, and for
    /// sima4 exactly one completion. O(size^4).
    pub fn is_legal(&self, rules: &Rules) -> bool {
        let problem = rules.problem;
        let size = problem.size();
        let cells = size * size;
        if self.regions.len() != cells || self.givens.len() != cells {
            return false;
        }
        let regions_fit = match problem {
            Problem::Jigsaw => (0..size as u8)
                .all(|r| self.cells_of(r) == size && gen::region_connected(size, &self.regions, r)),
            Problem::Latin6 => (0..size as u8).all(|r| self.cells_of(r) == size),
            _ => self.regions == gen::boxes(size),
        };
        let count = self.given_count();
        regions_fit
            && self.givens.iter().all(|&d| usize::from(d) <= size)
            && (rules.min_givens..=rules.max_givens).contains(&count)
            && !self.clashes()
            && (problem != Problem::Sima4
                || reference::count_solutions(size, &self.regions, &self.givens, 2).0 == 1)
    }

    fn cells_of(&self, region: u8) -> usize {
        self.regions.iter().filter(|&&r| r == region).count()
    }

    /// Whether two givens share a row, column or region and a digit. O(size^4).
    fn clashes(&self) -> bool {
        let size = (self.givens.len() as f64).sqrt() as usize;
        (0..self.givens.len()).any(|a| {
            self.givens[a] != 0
                && (0..a).any(|b| {
                    self.givens[b] == self.givens[a]
                        && (a / size == b / size
                            || a % size == b % size
                            || self.regions[a] == self.regions[b])
                })
        })
    }

    /// A legal child: one mutation of this instance (cells swapped between regions, a given
    /// added, removed or changed), drawn again until the child keeps to `rules`, at most
    /// `TRIES` times (then the child is the parent itself). O(TRIES * size^4).
    pub fn mutate(&self, rng: &mut Rng, rules: &Rules) -> Self {
        for _ in 0..TRIES {
            let mut child = self.clone();
            if child.mutate_once(rng, rules.problem) && child.is_legal(rules) {
                return child;
            }
        }
        self.clone()
    }

    /// One random mutation in place; false if the one drawn does not apply here.
    fn mutate_once(&mut self, rng: &mut Rng, problem: Problem) -> bool {
        let size = problem.size();
        let cells = size * size;
        let kinds = if regions_vary(problem) { 4 } else { 3 };
        let filled: Vec<usize> = (0..cells).filter(|&c| self.givens[c] != 0).collect();
        let digit = |rng: &mut Rng| rng.between(1, size) as u8;
        match rng.below(kinds) {
            0 => {
                let empty: Vec<usize> = (0..cells).filter(|&c| self.givens[c] == 0).collect();
                if empty.is_empty() {
                    return false;
                }
                self.givens[empty[rng.below(empty.len())]] = digit(rng);
            }
            1 if !filled.is_empty() => self.givens[filled[rng.below(filled.len())]] = 0,
            2 if !filled.is_empty() => {
                let cell = filled[rng.below(filled.len())];
                let other = digit(rng);
                if other == self.givens[cell] {
                    return false;
                }
                self.givens[cell] = other;
            }
            3 if problem == Problem::Jigsaw => {
                return gen::swap_neighbours(rng, size, &mut self.regions)
            }
            3 => {
                let (a, b) = (rng.below(cells), rng.below(cells));
                if self.regions[a] == self.regions[b] {
                    return false;
                }
                self.regions.swap(a, b);
            }
            _ => return false,
        }
        true
    }

    /// The input text in the binary's format, one case (jigsaw and sima4 with T = 1; walls on
    /// both sides of every inner wall and around the border; sima4's empty line before the
    /// board, as the statement has it).
    pub fn input(&self, problem: Problem) -> String {
        match problem {
            Problem::Jigsaw => format!("1\n{}", gen::jigsaw_case(&self.regions, &self.givens)),
            Problem::Sima4 => format!("1\n{}", gen::sima4_case(&self.givens, true)),
            Problem::Latin6 => gen::latin6_input(&self.regions, &self.givens, false),
            Problem::Target9 => gen::target9_input(&self.givens),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::regions::regions_from_walls;

    /// The regions a jigsaw input's walls draw, read as the binary reads them, and whether
    /// every wall between two regions is declared by both cells and the border is walled.
    fn walls_of(text: &str) -> (Vec<u8>, bool) {
        let values: Vec<u8> = text
            .split_whitespace()
            .skip(1)
            .map(|v| v.parse().expect("a cell value"))
            .collect();
        assert_eq!(values.len(), 81);
        let walls: Vec<u8> = values.iter().map(|v| v >> 4).collect();
        let mut regions = vec![0u8; 81];
        regions_from_walls(9, &walls, &mut regions).expect("nine regions of nine cells");
        let consistent = (0..81).all(|cell| {
            let (r, c) = (cell / 9, cell % 9);
            let wall = |bit: u8| walls[cell] & bit != 0;
            let apart = |other: usize| regions[other] != regions[cell];
            wall(1) == (r == 0 || apart(cell - 9))
                && wall(2) == (c == 8 || apart(cell + 1))
                && wall(4) == (r == 8 || apart(cell + 9))
                && wall(8) == (c == 0 || apart(cell - 1))
        });
        (regions, consistent)
    }

    /// Whether two layouts cut the grid into the same regions, whatever their numbers.
    fn same_partition(a: &[u8], b: &[u8]) -> bool {
        (0..a.len()).all(|x| (0..a.len()).all(|y| (a[x] == a[y]) == (b[x] == b[y])))
    }

    #[test]
    fn mutations_keep_every_input_legal() {
        let mut rng = Rng::new(5);
        for problem in Problem::ALL {
            let rules = Rules::all(problem);
            let mut instance = Instance::start(&mut rng, &rules);
            let mut changed = 0;
            for _ in 0..150 {
                let child = instance.mutate(&mut rng, &rules);
                assert!(child.is_legal(&rules), "{:?}: {:?}", problem, child);
                changed += usize::from(child != instance);
                if problem == Problem::Jigsaw {
                    let (regions, consistent) = walls_of(&child.input(problem));
                    assert!(consistent, "walls on both sides: {:?}", child);
                    assert!(same_partition(&regions, &child.regions));
                }
                instance = child;
            }
            assert!(
                changed > 100,
                "{:?}: {} of 150 children changed",
                problem,
                changed
            );
        }
    }

    #[test]
    fn legality_rejects_what_the_rules_forbid() {
        let rules = Rules::all(Problem::Jigsaw);
        let boxes = Instance {
            regions: gen::boxes(9),
            givens: vec![0; 81],
        };
        assert!(boxes.is_legal(&rules));
        let mut clash = boxes.clone();
        clash.givens[0] = 5;
        clash.givens[80] = 5;
        assert!(clash.is_legal(&rules));
        clash.givens[10] = 5;
        assert!(!clash.is_legal(&rules), "5 twice in the first box");
        let mut apart = boxes.clone();
        apart.regions.swap(0, 80);
        assert!(!apart.is_legal(&rules), "two regions cut in two");
        assert!(
            !apart.is_legal(&Rules::all(Problem::Target9)),
            "target9 keeps the boxes"
        );
        let latin = Instance {
            regions: gen::rows_swapped(0, 0, 5),
            givens: vec![0; 36],
        };
        assert!(
            latin.is_legal(&Rules::all(Problem::Latin6)),
            "groups need not connect"
        );
        let few = Rules::new(Problem::Target9, 24, 81).unwrap();
        assert!(!Instance::start(&mut Rng::new(1), &Rules::all(Problem::Target9)).is_legal(&few));
        assert!(Instance::start(&mut Rng::new(1), &few).given_count() >= 24);
        let empty_sima = Instance {
            regions: gen::boxes(4),
            givens: vec![0; 16],
        };
        assert!(
            !empty_sima.is_legal(&Rules::all(Problem::Sima4)),
            "several completions"
        );
        assert_eq!(Rules::new(Problem::Latin6, 36, 40), None);
    }

    #[test]
    fn the_same_seed_gives_the_same_children() {
        for problem in Problem::ALL {
            let rules = Rules::all(problem);
            let walk = |seed: u64| {
                let mut rng = Rng::new(seed);
                let mut instance = Instance::start(&mut rng, &rules);
                (0..20)
                    .map(|_| {
                        instance = instance.mutate(&mut rng, &rules);
                        instance.input(problem)
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(walk(3), walk(3));
            assert_ne!(walk(3), walk(4));
        }
    }
}
