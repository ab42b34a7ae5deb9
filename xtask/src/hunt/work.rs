//! What an input costs the engine, measured in-process in units that do not depend on the
//! machine: the engine is called as the binary's `main.rs` calls it, and its counters are
//! read afterwards.
//!
//! | problem | call | fitness |
//! |---|---|---|
//! | jigsaw | walls to regions, `Backtracker::count_up_to(givens, 2)` | `nodes + template_steps * TEMPLATE_STEP + sat_propagations * PROPAGATION` |
//! | sima4 | `Backtracker::count_up_to(givens, 2)` | `nodes` |
//! | latin6 | `RowLex6::visit` | `RowLex6::work() / (solutions + 1)` |
//! | target9 | `target9::search::best_score`, the 17 deciding cells first | `nodes` |
//!
//! jigsaw's counts past a few thousand nodes go to the count by templates, whose work is the
//! templates it lists and reads, each about [`TEMPLATE_STEP`] search nodes, and past its
//! budget to the SAT solver, whose work is its propagations; one of them, with its share of
//! the decisions and of the conflict analysis around it, costs about [`PROPAGATION`] search
//! nodes. latin6's fitness is the work
//! per solution: the binary prints every solution, so an input with many of them is slow
//! for its output alone, and what the hunt looks for is work that prints nothing.
//! `RowLex6::work` already weighs the walk's list entries against the bitset backtracker's
//! nodes after a hand-over.

use common::backtrack::Backtracker;
use common::layout::Layout;
use common::regions::regions_from_walls;
use common::row_lex6::RowLex6;
use common::weighted::Maximiser;
use testkit::Problem;

use super::instance::Instance;

/// Search nodes of the backtracker that cost about as much as one SAT propagation: on the
/// jigsaw inputs of `../shared/worst`, 5-13 us a propagation (the more the learnt clauses,
/// the dearer), against well under a microsecond a node.
pub const PROPAGATION: u64 = 20;

/// Search nodes that cost about as much as one step of the count by templates (a template
/// read, its cells counted): on the hunted grids it hands over to the SAT solver, about 230
/// instructions a step.
pub const TEMPLATE_STEP: u64 = 4;

/// What one input cost and what the engine answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Work {
    /// What the hunt maximises (see the module docs).
    pub fitness: u64,
    /// The counters it comes from, by name.
    pub counters: Vec<(&'static str, u64)>,
    /// The answer in short: `No solution`, `unique`, `multiple`, a score, `-1`, or a number of
    /// solutions.
    pub answer: String,
}

/// The engine of one problem, built once and reused for every input.
pub enum Engine {
    Jigsaw(Layout, Box<Backtracker<u128>>),
    Sima4(Box<Backtracker<u64>>),
    Latin6,
    Target9(Box<Maximiser<u128>>),
}

impl Engine {
    /// The engine `problem`'s binary builds. O(N^3).
    pub fn new(problem: Problem) -> Self {
        match problem {
            Problem::Jigsaw => {
                let layout = Layout::boxes(3, 3);
                let backtracker = Box::new(Backtracker::new(&layout));
                Engine::Jigsaw(layout, backtracker)
            }
            Problem::Sima4 => Engine::Sima4(Box::new(Backtracker::new(&Layout::boxes(2, 2)))),
            Problem::Latin6 => Engine::Latin6,
            Problem::Target9 => Engine::Target9(Box::new(target9::search::maximiser())),
        }
    }

    /// Runs the engine on `instance` as the binary would and reads its counters. As slow as
    /// the binary on that input, without reading or printing.
    pub fn work(&mut self, instance: &Instance) -> Work {
        self.work_within(instance, u64::MAX)
            .expect("no cap to pass")
    }

    /// [`Engine::work`], but `None` once jigsaw's SAT solver meets more than `most_conflicts`
    /// conflicts, where it stops: an evaluation's cap in a count, so that where a hunt ends
    /// does not depend on the machine. The other engines have no count to stop at and run to
    /// the end.
    pub fn work_within(&mut self, instance: &Instance, most_conflicts: u64) -> Option<Work> {
        Some(match self {
            Engine::Jigsaw(layout, backtracker) => {
                let (walls, givens) = jigsaw_cells(&instance.input(Problem::Jigsaw));
                let mut regions = [0u8; 81];
                regions_from_walls(9, &walls, &mut regions).expect("legal walls");
                layout.set_regions(&regions).expect("regions of nine cells");
                backtracker.set_layout(layout);
                backtracker.cap_sat_conflicts(most_conflicts);
                let count = backtracker.count_up_to(&givens, 2, &mut [0; 81]);
                let (nodes, steps, conflicts, propagations) = (
                    backtracker.nodes(),
                    backtracker.template_steps(),
                    backtracker.sat_conflicts(),
                    backtracker.sat_propagations(),
                );
                if conflicts > most_conflicts {
                    return None;
                }
                Work {
                    fitness: nodes + steps * TEMPLATE_STEP + propagations * PROPAGATION,
                    counters: vec![
                        ("nodes", nodes),
                        ("template_steps", steps),
                        ("sat_conflicts", conflicts),
                        ("sat_propagations", propagations),
                    ],
                    answer: counted(count),
                }
            }
            Engine::Sima4(backtracker) => {
                let count = backtracker.count_up_to(&instance.givens, 2, &mut [0; 16]);
                let nodes = backtracker.nodes();
                Work {
                    fitness: nodes,
                    counters: vec![("nodes", nodes), ("guesses", backtracker.guesses())],
                    answer: counted(count),
                }
            }
            Engine::Latin6 => {
                let layout = Layout::new(6, instance.regions.clone()).expect("groups of six");
                let mut walk = RowLex6::new(&layout);
                let mut solutions = 0u64;
                walk.visit(&instance.givens, |_, below| {
                    solutions += below.len() as u64;
                    true
                });
                let work = walk.work();
                Work {
                    fitness: work / (solutions + 1),
                    counters: vec![("work", work), ("solutions", solutions)],
                    answer: format!("{} solutions", solutions),
                }
            }
            Engine::Target9(solver) => {
                let best = target9::search::best_score(solver, &instance.givens);
                let nodes = solver.nodes();
                Work {
                    fitness: nodes,
                    counters: vec![("nodes", nodes)],
                    answer: best.map_or("-1".to_string(), |b| b.to_string()),
                }
            }
        })
    }
}

/// A jigsaw count up to 2 as the binary prints it, in short.
fn counted(count: usize) -> String {
    match count {
        0 => "No solution",
        1 => "unique",
        _ => "multiple",
    }
    .to_string()
}

/// The wall bits and givens of the one case of a jigsaw input, read from its text as the
/// binary reads them.
fn jigsaw_cells(text: &str) -> ([u8; 81], [u8; 81]) {
    let (mut walls, mut givens) = ([0u8; 81], [0u8; 81]);
    let values = text.split_whitespace().skip(1);
    for (cell, value) in values.enumerate() {
        let value: u8 = value.parse().expect("a cell value 0-255");
        walls[cell] = value >> 4;
        givens[cell] = value & 15;
    }
    (walls, givens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::gen;

    #[test]
    fn work_is_counted_and_repeats() {
        let empty = |size: usize| Instance {
            regions: gen::boxes(size),
            givens: vec![0; size * size],
        };
        let mut jigsaw = Engine::new(Problem::Jigsaw);
        let first = jigsaw.work(&empty(9));
        assert_eq!(first.answer, "multiple");
        assert!(first.fitness > 0);
        assert_eq!(
            jigsaw.work(&empty(9)),
            first,
            "the same input costs the same"
        );
        // Capped below what it needs, the count stops and is no answer; then it runs whole.
        // A hunted grid (`sat_second_turn.in` among the fixtures) whose solutions are rare:
        // the SAT solver's first turn gives up, then the templates', then the solver's
        // second turn meets a solution.
        let digits = |text: &str| -> Vec<u8> {
            let cells = text.bytes().filter(|b| !b.is_ascii_whitespace());
            cells
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect()
        };
        let sparse = Instance {
            regions: digits("000111222 300011242 303015442 303115422 333315462 775555466 755788466 777778466 888888466"),
            givens: digits("..5...... ......... .31...... ......... 4........ ......... ......... 3........ ........."),
        };
        let whole = jigsaw.work(&sparse);
        assert_eq!(whole.answer, "multiple");
        assert!(whole.counters[1].1 > 0, "{:?}", whole.counters);
        let conflicts = whole.counters[2].1;
        assert_eq!(jigsaw.work_within(&sparse, conflicts - 1), None);
        assert_eq!(jigsaw.work_within(&sparse, conflicts), Some(whole.clone()));
        assert_eq!(jigsaw.work(&sparse), whole);
        let mut target9 = Engine::new(Problem::Target9);
        let work = target9.work(&empty(9));
        assert!(work.answer.parse::<u32>().is_ok(), "{}", work.answer);
        assert!(work.fitness > 0);
        let mut latin6 = Engine::new(Problem::Latin6);
        let swapped = Instance {
            regions: gen::rows_swapped(2, 1, 4),
            givens: vec![0; 36],
        };
        let work = latin6.work(&swapped);
        assert_eq!(work.answer, "0 solutions");
        // No solution: the fitness is the whole work.
        assert_eq!(work.counters[0], ("work", work.fitness));
        assert!(work.fitness > 0);
    }
}
