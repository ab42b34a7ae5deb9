//! `cargo xtask hunt` on small budgets: what a short climb finds, run through the real
//! binaries and checked against the brute-force reference.

#![forbid(unsafe_code)]

use std::time::Duration;

use testkit::gen::Rng;
use xtask::hunt::instance::Rules;
use xtask::hunt::work::Engine;
use xtask::hunt::{climb, write_found, Budget, Checks, Shape};
use xtask::Problem;

/// A climb of `evaluations` on `rules`, its pool written and checked.
fn hunt_and_check(rules: Rules, evaluations: u64) {
    let problem = rules.problem;
    let mut engine = Engine::new(problem);
    let budget = Budget {
        evaluations: Some(evaluations),
        time: None,
    };
    let found = climb(
        &rules,
        11,
        Shape {
            pool: 4,
            mutations: 2,
        },
        budget,
        &mut |instance| Some(engine.work(instance)),
    );
    assert_eq!(found.evaluations, evaluations);
    let dir = std::env::temp_dir().join(format!(
        "hunt-test-{}-{}-{}",
        problem.name(),
        std::process::id(),
        Rng::new(0).next_u64()
    ));
    let binary = tests::binary(problem);
    let written = write_found(
        problem,
        &found.pool,
        &binary,
        &dir,
        &Checks {
            run_limit: Duration::from_secs(60),
            reference_steps: 200_000,
            milp: None,
        },
    )
    .expect("the found inputs are written");
    let checked = written
        .iter()
        .filter(|w| w.check == "the reference agrees")
        .count();
    for (w, f) in written.iter().zip(&found.pool) {
        assert!(
            w.check == "the reference agrees" || w.check.starts_with("not cross-checked"),
            "{}: {} on {:?}",
            w.name,
            w.check,
            f.instance
        );
        let input = std::fs::read_to_string(dir.join(format!("{}.in", w.name))).unwrap();
        assert_eq!(input, f.instance.input(problem));
    }
    assert!(
        checked > 0,
        "{:?}: none of {} settled",
        problem,
        written.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hunted_jigsaw_grids_match_the_reference() {
    hunt_and_check(Rules::new(Problem::Jigsaw, 20, 81).unwrap(), 8);
}

#[test]
fn hunted_sima4_boards_match_the_reference() {
    hunt_and_check(Rules::all(Problem::Sima4), 8);
}

#[test]
fn hunted_latin6_groupings_match_the_reference() {
    hunt_and_check(Rules::new(Problem::Latin6, 4, 35).unwrap(), 8);
}

#[test]
fn hunted_target9_grids_match_the_reference() {
    hunt_and_check(Rules::new(Problem::Target9, 30, 81).unwrap(), 8);
}
