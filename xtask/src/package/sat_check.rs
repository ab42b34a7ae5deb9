//! A third engine for jigsaw's answers: the grid as a CNF formula, solved by batsat (MiniSat's
//! design in Rust, a crate that shares no code with this project's engines), with a cap on
//! its conflicts.
//!
//! It settles what neither testkit's reference nor the exact-cover engine can in seconds:
//! empty or nearly empty irregular grids, above all those with no filling, where a search
//! that learns nothing meets the same dead ends over and over. Two things keep it quick
//! there. A solver that learns clauses proves most such grids empty in some hundred
//! conflicts; and the digits that no given uses can be renamed among themselves in any
//! solution, so the formula asks for them in increasing order along the first row, which
//! leaves one solution of each class of renamings and cuts the search as much. Every model
//! the solver returns is checked against the rules by [`testkit::check::is_solution`] before
//! it counts.

use std::cell::Cell;

use batsat::callbacks::Callbacks;
use batsat::clause::Kind;
use batsat::{lbool, Lit, Solver, SolverInterface};
use testkit::check;
use testkit::expected::Completions;

/// The side of a jigsaw grid.
const N: usize = 9;

/// Counts the solver's conflicts (one learnt clause each) and stops it at a cap.
struct Capped {
    conflicts: Cell<u64>,
    cap: u64,
}

impl Callbacks for Capped {
    fn on_new_clause(&mut self, _clause: &[Lit], kind: Kind) {
        if matches!(kind, Kind::Learnt) {
            self.conflicts.set(self.conflicts.get() + 1);
        }
    }

    fn stop(&self) -> bool {
        self.conflicts.get() >= self.cap
    }
}

/// The completions of the jigsaw grid `givens` (81 cells, 0 empty) on `regions` (81 region
/// numbers `0..9`, nine cells each), counted to two, or `None` if the solver meets `cap`
/// conflicts first. The same inputs give the same answer on every run (the solver's choices
/// are seeded). Errs if the solver returns a grid that breaks the rules.
///
/// When two digits or more are not given, a completion gives another by swapping them, so
/// one model settles `Several`; otherwise a second model is sought that differs from the
/// first. 729 variables and some 12,000 clauses: milliseconds on most grids, exponential in
/// the worst case.
pub fn completions(regions: &[u8], givens: &[u8], cap: u64) -> Result<Option<Completions>, String> {
    assert_eq!((regions.len(), givens.len()), (N * N, N * N), "81 cells");
    let (mut solver, vars, free) = formula(regions, givens, cap);
    let is = |cell: usize, digit: usize| vars[cell * N + digit - 1];
    let mut models = Vec::new();
    while models.len() < 2 {
        match solver.solve_limited(&[]) {
            status if status == lbool::FALSE => break,
            status if status == lbool::TRUE => {}
            _ => return Ok(None),
        }
        let grid: Vec<u8> = (0..N * N)
            .map(|cell| {
                (1..=N)
                    .find(|&d| solver.value_lit(is(cell, d)) == lbool::TRUE)
                    .unwrap_or(0) as u8
            })
            .collect();
        if !check::is_solution(N, regions, givens, &grid) {
            return Err(format!(
                "batsat returned {:?}, not a completion of {:?}",
                grid, givens
            ));
        }
        if free.len() >= 2 {
            return Ok(Some(Completions::Several));
        }
        let mut other: Vec<Lit> = (0..N * N).map(|c| !is(c, grid[c] as usize)).collect();
        solver.add_clause_reuse(&mut other);
        models.push(grid);
    }
    Ok(Some(match models.len() {
        0 => Completions::None,
        1 => Completions::One(models.remove(0)),
        _ => Completions::Several,
    }))
}

/// The solver holding the rules, the givens and the order of the free digits along the first
/// row, capped at `cap` conflicts; the literal of each (cell, digit), and the free digits.
fn formula(regions: &[u8], givens: &[u8], cap: u64) -> (Solver<Capped>, Vec<Lit>, Vec<usize>) {
    let mut solver = Solver::new(
        Default::default(),
        Capped {
            conflicts: Cell::new(0),
            cap,
        },
    );
    let vars: Vec<Lit> = (0..N * N * N)
        .map(|_| Lit::new(solver.new_var_default(), true))
        .collect();
    let is = |cell: usize, digit: usize| vars[cell * N + digit - 1];
    let mut houses: Vec<Vec<usize>> = Vec::new();
    for k in 0..N {
        houses.push((0..N).map(|c| k * N + c).collect());
        houses.push((0..N).map(|r| r * N + k).collect());
        houses.push((0..N * N).filter(|&c| regions[c] as usize == k).collect());
    }
    let exactly_one = |solver: &mut Solver<Capped>, lits: Vec<Lit>| {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                solver.add_clause_reuse(&mut vec![!a, !b]);
            }
        }
        solver.add_clause_reuse(&mut lits.clone());
    };
    for cell in 0..N * N {
        exactly_one(&mut solver, (1..=N).map(|d| is(cell, d)).collect());
    }
    for house in &houses {
        for digit in 1..=N {
            exactly_one(&mut solver, house.iter().map(|&c| is(c, digit)).collect());
        }
    }
    for (cell, &digit) in givens.iter().enumerate() {
        if digit != 0 {
            solver.add_clause_reuse(&mut vec![is(cell, digit as usize)]);
        }
    }
    // The digits no given uses appear in the first row in increasing order: no b before a
    // for a < b.
    let free: Vec<usize> = (1..=N).filter(|d| !givens.contains(&(*d as u8))).collect();
    for (i, &a) in free.iter().enumerate() {
        for &b in &free[i + 1..] {
            for left in 0..N {
                for right in left + 1..N {
                    solver.add_clause_reuse(&mut vec![!is(left, b), !is(right, a)]);
                }
            }
        }
    }

    (solver, vars, free)
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::backtrack::Backtracker;
    use common::layout::Layout;
    use testkit::gen::{self, LayoutKind, Rng};
    use testkit::reference;

    /// On grids of every kind that the reference settles quickly, batsat's answer is the
    /// reference's.
    #[test]
    fn agrees_with_the_reference() {
        let mut rng = Rng::new(17);
        let mut seen = [false; 3];
        for k in 0..60 {
            let regions = gen::random_regions(&mut rng, 9);
            let Some(solution) = gen::random_solution(&mut rng, 9, &regions) else {
                continue;
            };
            let count = rng.between(0, 30);
            let mut givens = gen::some_givens(&mut rng, &solution, 81 - count);
            if k % 3 == 0 {
                // An empty cell given a wrong digit that clashes with no given: no completion
                // left where `solution` was the only one.
                let wrong = (0..81).find_map(|cell| {
                    (1..=9u8)
                        .filter(|&d| givens[cell] == 0 && d != solution[cell])
                        .map(|d| {
                            let mut wrong = givens.clone();
                            wrong[cell] = d;
                            wrong
                        })
                        .find(|wrong| !check::clashes(9, &regions, wrong))
                });
                match wrong {
                    Some(wrong) => givens = wrong,
                    None => continue,
                }
            }
            if !reference::settles_within(9, &regions, &givens, 2, 20_000) {
                continue;
            }
            let expected = Completions::by_reference(9, &regions, &givens);
            let found = completions(&regions, &givens, 100_000).unwrap();
            assert_eq!(
                found.as_ref(),
                Some(&expected),
                "{:?} on {:?}",
                givens,
                regions
            );
            seen[match expected {
                Completions::None => 0,
                Completions::One(_) => 1,
                Completions::Several => 2,
            }] = true;
        }
        assert_eq!(seen, [true; 3], "none, one and several were all met");
    }

    /// On empty irregular grids, the kind it is for, batsat's answer is the engine's, both
    /// answers occur, and a cap of one conflict stops it on some.
    #[test]
    fn agrees_with_the_engine_on_empty_irregular_grids() {
        let mut layout = Layout::boxes(3, 3);
        let mut engine: Backtracker<u128> = Backtracker::new(&layout);
        let mut rng = Rng::new(4069);
        let (mut none, mut stopped) = (0, 0);
        for k in 0..100 {
            let regions = match k % 2 {
                0 => LayoutKind::Swapped,
                _ => LayoutKind::Path,
            }
            .draw(&mut rng, 9);
            layout.set_regions(&regions).expect("nine cells a region");
            engine.set_layout(&layout);
            let expected = match engine.count_up_to(&[0; 81], 2, &mut [0; 81]) {
                0 => Completions::None,
                _ => Completions::Several,
            };
            let found = completions(&regions, &[0; 81], 100_000).unwrap();
            assert_eq!(found.as_ref(), Some(&expected), "{:?}", regions);
            if expected == Completions::None {
                none += 1;
                stopped += usize::from(completions(&regions, &[0; 81], 1).unwrap().is_none());
            }
        }
        assert!(
            none > 0 && stopped > 0,
            "{} without a filling, {} stopped",
            none,
            stopped
        );
    }
}
