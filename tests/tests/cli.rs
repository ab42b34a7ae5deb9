//! The command line of every binary (docs/problems.md, "Running"): `-h`/`--help` prints the
//! usage and exits 0; one path argument is read instead of standard input; anything else is a
//! usage error, one line on stderr and exit status 2. Without arguments (as judges run them)
//! the binaries read standard input, which the other tests cover.

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::is_match;
use std::fs;
use std::path::PathBuf;
use tests::{binary, fixture_pairs, workspace_root, PROBLEMS};

/// Exactly one line on stderr, `<program>: <message>`.
fn one_line_from(program: &str) -> impl Predicate<str> {
    is_match(format!(r"^{}: [^\n]+\n$", program)).expect("a valid pattern")
}

fn run(problem: &str) -> Command {
    Command::new(binary(problem))
}

#[test]
fn help_prints_the_usage_and_where_the_contract_is() {
    let contract = "docs/problems.md";
    assert!(
        workspace_root().join(contract).is_file(),
        "the usage names {}, which must exist",
        contract
    );
    for problem in PROBLEMS {
        for flag in ["-h", "--help"] {
            run(problem)
                .arg(flag)
                .write_stdin("not read")
                .assert()
                .success()
                .stderr("")
                .stdout(predicate::str::starts_with(format!(
                    "usage: {} [FILE]\n",
                    problem
                )))
                .stdout(predicate::str::contains(contract))
                .stdout(predicate::str::contains("Exit status"));
        }
    }
}

#[test]
fn a_path_argument_is_read_instead_of_standard_input() {
    for problem in PROBLEMS {
        for (input, output) in fixture_pairs(problem) {
            let expected = fs::read(&output).expect("read .out");
            // Standard input holds garbage: only the file may be read.
            run(problem)
                .arg(&input)
                .write_stdin("garbage")
                .assert()
                .success()
                .stderr("")
                .stdout(expected);
        }
    }
}

/// A file of its own under the system's temporary folder, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &str) -> Self {
        let path = std::env::temp_dir().join(format!("sudoku-cli-{}-{}", std::process::id(), name));
        fs::write(&path, contents).expect("write the temporary file");
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

#[test]
fn malformed_input_in_a_file_is_reported_as_on_standard_input() {
    for (problem, input) in [
        ("jigsaw", "1\n1 2 abc\n"),
        ("sima4", "1\n\n**x*\n"),
        ("latin6", "00x011\n"),
        ("target9", "0 0\n12\n"),
    ] {
        let piped = run(problem).write_stdin(input).assert().code(1);
        let file = TempFile::new(problem, input);
        run(problem)
            .arg(&file.0)
            .assert()
            .code(1)
            .stdout(piped.get_output().stdout.clone())
            .stderr(String::from_utf8_lossy(&piped.get_output().stderr).into_owned())
            .stderr(one_line_from(problem));
    }
}

#[test]
fn a_file_that_cannot_be_read_is_one_line_and_status_2() {
    let missing = workspace_root().join("tests/fixtures/no-such-file.in");
    assert!(!missing.exists());
    for problem in PROBLEMS {
        run(problem)
            .arg(&missing)
            .assert()
            .code(2)
            .stdout("")
            .stderr(one_line_from(problem))
            .stderr(predicate::str::contains("no-such-file.in"));
        run(problem)
            .arg(workspace_root().join("tests/fixtures"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(one_line_from(problem));
    }
}

#[test]
fn unknown_options_and_a_second_file_are_usage_errors() {
    let sample = workspace_root().join("tests/fixtures/target9/sample1.in");
    for problem in PROBLEMS {
        for bad in [
            vec!["--frobnicate".to_string()],
            vec!["-x".to_string()],
            vec!["-".to_string()],
            vec![sample.display().to_string(), sample.display().to_string()],
        ] {
            run(problem)
                .args(&bad)
                .write_stdin("")
                .assert()
                .code(2)
                .stdout("")
                .stderr(one_line_from(problem))
                .stderr(predicate::str::contains("--help"));
        }
    }
}
