//! What a found input's output must be, from the brute-force reference of
//! `testkit::reference`, when the reference settles it within a number of its search steps
//! (a step count, not a time, so that a hunt's report is the same on every machine).

use testkit::gen;
use testkit::reference;

use super::instance::{Instance, Problem};
use crate::expected;

/// The latin6 solutions the reference lists at most: each costs it a search step anyway,
/// and the expected text is held in memory.
const LATIN6_SOLUTIONS: usize = 100_000;

/// The bytes the binary must print on `instance`, or `None` if the reference does not settle
/// it within `steps` search steps. As slow as `steps` steps of the reference (a few
/// microseconds each).
pub fn expected_output(problem: Problem, instance: &Instance, steps: usize) -> Option<String> {
    let (regions, givens) = (&instance.regions, &instance.givens);
    match problem {
        Problem::Jigsaw => reference::settles_within(9, regions, givens, 2, steps)
            .then(|| format!("Case 1:\n{}", expected::jigsaw(regions, givens))),
        Problem::Sima4 => expected::sima4(givens).map(|board| format!("Case #1:\n{}", board)),
        Problem::Latin6 => (reference::settles_within(6, regions, givens, LATIN6_SOLUTIONS, steps)
            && reference::count_solutions(6, regions, givens, LATIN6_SOLUTIONS).0
                < LATIN6_SOLUTIONS)
            .then(|| expected::latin6(regions, givens)),
        Problem::Target9 => {
            let weights = testkit::target9_weights();
            match reference::best_score(9, &gen::boxes(9), givens, &weights, steps) {
                (best, true) => Some(expected::target9(best)),
                (_, false) => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_settles_easy_inputs_and_gives_up_on_hard_ones() {
        let boxes = Instance {
            regions: gen::boxes(9),
            givens: vec![0; 81],
        };
        assert_eq!(
            expected_output(Problem::Jigsaw, &boxes, 1000).as_deref(),
            Some("Case 1:\nMultiple Solutions\n")
        );
        assert_eq!(expected_output(Problem::Target9, &boxes, 1000), None);
        let mut rng = testkit::gen::Rng::new(2);
        let groups = gen::boxes(6);
        let mut givens = gen::random_solution(&mut rng, 6, &groups).expect("a full square");
        for cell in [0, 7, 14, 21, 28, 35] {
            givens[cell] = 0;
        }
        let few = Instance {
            regions: groups,
            givens,
        };
        let text = expected_output(Problem::Latin6, &few, 10_000).expect("settled");
        assert!(text.starts_with("1\n"), "{}", text);
        assert_eq!(text, expected::latin6(&few.regions, &few.givens));
    }
}
