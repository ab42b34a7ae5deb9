//! The command line of every binary (docs/problems.md, "Running"): `-h`/`--help` prints the
//! usage and `-V`/`--version` the name and version, and both exit 0; one path argument is read
//! instead of standard input, `-` is standard input, and `--` ends the options; malformed input
//! in a file is told as `program: FILE:LINE:COLUMN: ...`; anything else is a usage error, one
//! line on stderr and exit status 2. Without arguments (as judges run them) the binaries read
//! standard input, which the other tests cover.

#![forbid(unsafe_code)]

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::is_match;
use std::fs;
use std::path::PathBuf;
use tests::{binary, fixture_pairs, workspace_root, Problem};

/// Exactly one line on stderr, `<program>: <message>`.
fn one_line_from(program: &str) -> impl Predicate<str> {
    is_match(format!(r"^{}: [^\n]+\n$", program)).expect("a valid pattern")
}

fn run(problem: Problem) -> Command {
    Command::new(binary(problem))
}

/// Runs `problem flag` with standard input it must not read: success, nothing on stderr.
fn informs(problem: Problem, flag: &str) -> assert_cmd::assert::Assert {
    run(problem)
        .arg(flag)
        .write_stdin("not read")
        .assert()
        .success()
        .stderr("")
}

#[test]
fn help_prints_the_usage_and_where_the_contract_is() {
    let contract = "docs/problems.md";
    assert!(
        workspace_root().join(contract).is_file(),
        "the usage names {}, which must exist",
        contract
    );
    for problem in Problem::ALL {
        for flag in ["-h", "--help"] {
            informs(problem, flag)
                .stdout(predicate::str::starts_with(format!(
                    "usage: {} [FILE]\n",
                    problem
                )))
                .stdout(predicate::str::contains(format!(
                    "{} -V | --version\n",
                    problem
                )))
                .stdout(predicate::str::contains("\n  --  "))
                .stdout(predicate::str::contains("FILE is -"))
                .stdout(predicate::str::contains(format!(
                    "{}: FILE:LINE:COLUMN: ",
                    problem
                )))
                .stdout(predicate::str::contains(contract))
                .stdout(predicate::str::contains("Exit status"));
        }
    }
}

/// The version `<problem>/Cargo.toml` states.
fn manifest_version(problem: Problem) -> String {
    let manifest = workspace_root().join(problem.name()).join("Cargo.toml");
    let text = fs::read_to_string(&manifest).expect("the binary's manifest");
    let line = text
        .lines()
        .find(|l| l.starts_with("version = \""))
        .unwrap_or_else(|| panic!("no version line in {}", manifest.display()));
    line.trim_start_matches("version = \"")
        .trim_end_matches('"')
        .to_string()
}

#[test]
fn version_prints_the_name_and_the_manifests_version() {
    for problem in Problem::ALL {
        let expected = format!("{} {}\n", problem, manifest_version(problem));
        for flag in ["-V", "--version"] {
            informs(problem, flag).stdout(expected.clone());
        }
    }
}

#[test]
fn a_dash_reads_standard_input() {
    for problem in Problem::ALL {
        for (input, output) in fixture_pairs(problem) {
            for args in [&["-"][..], &["--", "-"]] {
                run(problem)
                    .args(args)
                    .pipe_stdin(&input)
                    .expect("open .in")
                    .assert()
                    .success()
                    .stderr("")
                    .stdout(fs::read(&output).expect("read .out"));
            }
        }
    }
}

#[test]
fn a_double_dash_lets_a_file_start_with_a_dash() {
    let dir = std::env::temp_dir().join(format!("sudoku-cli-dashes-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a temporary folder");
    for problem in Problem::ALL {
        let (input, output) = fixture_pairs(problem).remove(0);
        fs::copy(&input, dir.join("-file")).expect("copy the fixture");
        run(problem)
            .current_dir(&dir)
            .args(["--", "-file"])
            .write_stdin("garbage")
            .assert()
            .success()
            .stderr("")
            .stdout(fs::read(&output).expect("read .out"));
        run(problem)
            .current_dir(&dir)
            .arg("-file")
            .assert()
            .code(2)
            .stdout("")
            .stderr(one_line_from(problem.name()))
            .stderr(predicate::str::contains("unknown option \"-file\""));
    }
    fs::remove_dir_all(&dir).expect("remove the temporary folder");
}

#[test]
fn a_path_argument_is_read_instead_of_standard_input() {
    for problem in Problem::ALL {
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
fn malformed_input_in_a_file_names_the_file_line_and_column_first() {
    for (problem, input, piped_message, file_message) in [
        (
            Problem::Jigsaw,
            "1\n1 2 abc\n",
            "case 1, line 2, column 5: expected a cell value 0-255, found \"abc\"",
            "2:5: case 1: expected a cell value 0-255, found \"abc\"",
        ),
        (
            Problem::Sima4,
            "1\n\n**x*\n",
            "case 1, line 3, column 3: expected 1-4 or *, found \"x\"",
            "3:3: case 1: expected 1-4 or *, found \"x\"",
        ),
        (
            Problem::Latin6,
            "00x011\n",
            "line 1, column 3: expected a group digit 0-5, found \"x\"",
            "1:3: expected a group digit 0-5, found \"x\"",
        ),
        (
            Problem::Target9,
            "0 0\n12\n",
            "line 2, column 1: expected a digit 0-9, found \"12\"",
            "2:1: expected a digit 0-9, found \"12\"",
        ),
    ] {
        // Standard input, without an argument or as `-`, keeps the form without a file.
        for args in [&[][..], &["-"]] {
            run(problem)
                .args(args)
                .write_stdin(input)
                .assert()
                .code(1)
                .stdout("")
                .stderr(format!("{}: {}\n", problem, piped_message));
        }
        let file = TempFile::new(problem.name(), input);
        run(problem)
            .arg(&file.0)
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!(
                "{}: {}:{}\n",
                problem,
                file.0.display(),
                file_message
            ));
    }
}

#[test]
fn a_file_fault_after_complete_cases_prints_them_first() {
    let (input, output) = fixture_pairs(Problem::Sima4).remove(0);
    let mut text = fs::read_to_string(&input).expect("read .in");
    text.push_str("7\n");
    let lines = text.lines().count();
    let file = TempFile::new("sima4-trailing", &text);
    run(Problem::Sima4)
        .arg(&file.0)
        .assert()
        .code(1)
        .stdout(fs::read(&output).expect("read .out"))
        .stderr(format!(
            "sima4: {}:{}:1: expected the end of the input after the last case, found \"7\"\n",
            file.0.display(),
            lines
        ));
}

#[test]
fn a_file_that_cannot_be_read_is_one_line_and_status_2() {
    let missing = workspace_root().join("tests/fixtures/no-such-file.in");
    assert!(!missing.exists());
    for problem in Problem::ALL {
        run(problem)
            .arg(&missing)
            .assert()
            .code(2)
            .stdout("")
            .stderr(one_line_from(problem.name()))
            .stderr(predicate::str::contains("no-such-file.in"));
        run(problem)
            .arg(workspace_root().join("tests/fixtures"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(one_line_from(problem.name()));
    }
}

#[test]
fn unknown_options_and_a_second_file_are_usage_errors() {
    let sample = workspace_root().join("tests/fixtures/target9/sample1.in");
    for problem in Problem::ALL {
        let sample = sample.display().to_string();
        for bad in [
            vec!["--frobnicate".to_string()],
            vec!["-x".to_string()],
            vec![sample.clone(), sample.clone()],
            vec!["-".to_string(), sample.clone()],
            vec!["--".to_string(), sample.clone(), "-".to_string()],
        ] {
            run(problem)
                .args(&bad)
                .write_stdin("")
                .assert()
                .code(2)
                .stdout("")
                .stderr(one_line_from(problem.name()))
                .stderr(predicate::str::contains("--help"));
        }
    }
}
