//! Every fixture through the real binaries, stdout compared byte for byte.

#![forbid(unsafe_code)]

use assert_cmd::Command;
use tests::{binary, fixture_pairs, Problem};

fn check_fixtures(problem: Problem, at_least: usize) {
    let pairs = fixture_pairs(problem);
    assert!(
        pairs.len() >= at_least,
        "{}: expected at least {} fixtures, found {}",
        problem,
        at_least,
        pairs.len()
    );
    for (input, output) in pairs {
        let expected = std::fs::read(&output).expect("read .out");
        let run = Command::new(binary(problem))
            .pipe_stdin(&input)
            .expect("open .in")
            .assert()
            .success()
            .stderr("");
        assert_eq!(
            String::from_utf8_lossy(&run.get_output().stdout),
            String::from_utf8_lossy(&expected),
            "{} on {}",
            problem,
            input.display()
        );
    }
}

#[test]
fn jigsaw_sample_and_hunted() {
    check_fixtures(Problem::Jigsaw, 4);
}

#[test]
fn sima4_samples_with_and_without_blank_lines() {
    check_fixtures(Problem::Sima4, 2);
}

#[test]
fn latin6_samples() {
    check_fixtures(Problem::Latin6, 2);
}

#[test]
fn target9_samples_and_all_20_official_tests() {
    check_fixtures(Problem::Target9, 25);
}

#[test]
fn every_problem_has_fixtures() {
    for p in Problem::ALL {
        assert!(!fixture_pairs(p).is_empty(), "{} has no fixtures", p);
    }
}
