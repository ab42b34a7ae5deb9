//! Malformed input: every complete case before the fault is printed, then one line on stderr
//! says where and what, and the exit status is 1. Never a panic.

#![forbid(unsafe_code)]

use assert_cmd::Command;
use std::fs;
use tests::{binary, fixture_dir, Problem};

/// Runs `problem` on `input`; expects `stdout` exactly, one stderr line `problem: message`,
/// and exit status 1.
fn rejects(problem: Problem, input: &str, stdout: &str, message: &str) {
    Command::new(binary(problem))
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(stdout.to_string())
        .stderr(format!("{}: {}\n", problem, message));
}

fn fixture(problem: Problem, name: &str) -> String {
    fs::read_to_string(fixture_dir(problem).join(name)).expect("fixture")
}

/// The first case of the jigsaw sample (its 9 lines), and its expected output.
fn jigsaw_first_case() -> (String, String) {
    let input: Vec<String> = fixture(Problem::Jigsaw, "sample.in")
        .lines()
        .skip(1)
        .take(9)
        .map(str::to_string)
        .collect();
    let output: Vec<String> = fixture(Problem::Jigsaw, "sample.out")
        .lines()
        .take(10)
        .map(|l| format!("{}\n", l))
        .collect();
    (input.join("\n"), output.concat())
}

#[test]
fn jigsaw_bad_token() {
    rejects(
        Problem::Jigsaw,
        "1\nabc",
        "",
        "case 1, line 2, column 1: expected a cell value 0-255, found \"abc\"",
    );
}

#[test]
fn jigsaw_values_out_of_range() {
    rejects(
        Problem::Jigsaw,
        "1\n256",
        "",
        "case 1, line 2, column 1: expected a cell value 0-255, found \"256\"",
    );
    rejects(
        Problem::Jigsaw,
        "1\n  26",
        "",
        "case 1, line 2, column 3: cell value 26 has digit part 10; the digit (value & 15) must be 0-9",
    );
    rejects(
        Problem::Jigsaw,
        "-1",
        "",
        "line 1, column 1: expected the number of cases 0-4294967295, found \"-1\"",
    );
}

#[test]
fn jigsaw_cut_short_after_a_complete_case() {
    let (case, solved) = jigsaw_first_case();
    rejects(
        Problem::Jigsaw,
        &format!("2\n{}\n", case),
        &solved,
        "case 2, line 11, column 1: input ends where a cell value was expected",
    );
}

#[test]
fn jigsaw_walls_that_do_not_make_nine_regions() {
    let (case, solved) = jigsaw_first_case();
    let no_walls: String = case
        .split('\n')
        .map(|line| vec!["0"; line.split_whitespace().count()].join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    rejects(
        Problem::Jigsaw,
        &format!("2\n{}\n{}\n", case, no_walls),
        &solved,
        "case 2, line 11, column 1: the walls enclose a region of 81 cells starting at row 1, column 1; every region needs 9",
    );
}

#[test]
fn jigsaw_more_input_than_t_cases() {
    let (case, solved) = jigsaw_first_case();
    rejects(
        Problem::Jigsaw,
        &format!("1\n{}\n7\n", case),
        &solved,
        "line 11, column 1: expected the end of the input after the last case, found \"7\"",
    );
}

#[test]
fn sima4_bad_characters() {
    rejects(
        Problem::Sima4,
        "1\n\n**x*\n",
        "",
        "case 1, line 3, column 3: expected 1-4 or *, found \"x\"",
    );
    rejects(
        Problem::Sima4,
        "1\n5***\n",
        "",
        "case 1, line 2, column 1: expected 1-4 or *, found \"5\"",
    );
    rejects(
        Problem::Sima4,
        "1\n1é**\n",
        "",
        "case 1, line 2, column 2: expected 1-4 or *, found \"é\"",
    );
}

#[test]
fn sima4_cut_short_after_a_complete_case() {
    rejects(
        Problem::Sima4,
        "2\n****\n2341\n4123\n3214\n",
        "Case #1:\n1432\n2341\n4123\n3214\n",
        "case 2, line 6, column 1: input ends where a board row was expected",
    );
}

#[test]
fn sima4_rows_of_the_wrong_length() {
    rejects(
        Problem::Sima4,
        "1\n*****\n",
        "",
        "case 1, line 2, column 1: expected a board row of 4 cells (1-4 or *), found 5 cells",
    );
    rejects(
        Problem::Sima4,
        "1\n***\n*",
        "",
        "case 1, line 2, column 1: expected a board row of 4 cells (1-4 or *), found 3 cells",
    );
}

#[test]
fn sima4_broken_promise_of_exactly_one_completion() {
    rejects(
        Problem::Sima4,
        "2\n****\n2341\n4123\n3214\n\n****\n****\n****\n****\n",
        "Case #1:\n1432\n2341\n4123\n3214\n",
        "case 2, line 7, column 1: the board has more than one completion; the statement promises exactly one",
    );
    rejects(
        Problem::Sima4,
        "1\n11**\n****\n****\n****\n",
        "",
        "case 1, line 2, column 1: the board has no completion; the statement promises exactly one",
    );
}

#[test]
fn latin6_bad_group_rows() {
    rejects(
        Problem::Latin6,
        "00x011\n",
        "",
        "line 1, column 3: expected a group digit 0-5, found \"x\"",
    );
    rejects(
        Problem::Latin6,
        "000016\n",
        "",
        "line 1, column 6: expected a group digit 0-5, found \"6\"",
    );
    rejects(
        Problem::Latin6,
        "00011\n",
        "",
        "line 1, column 1: expected a row of 6 group digits 0-5, found 5 characters",
    );
}

#[test]
fn latin6_groups_of_the_wrong_size() {
    rejects(
        Problem::Latin6,
        "000000\n111111\n222222\n333333\n444444\n555554\n0\n",
        "",
        "line 5, column 1: group 4 has 7 cells; every group needs 6",
    );
}

#[test]
fn latin6_bad_givens() {
    let groups: String = fixture(Problem::Latin6, "sample1.in")
        .lines()
        .take(6)
        .map(|l| format!("{}\n", l))
        .collect();
    rejects(
        Problem::Latin6,
        &format!("{}1\n62C\n", groups),
        "",
        "line 8, column 1: expected a row digit 0-5, found \"6\"",
    );
    rejects(
        Problem::Latin6,
        &format!("{}1\n0 2 G\n", groups),
        "",
        "line 8, column 5: expected a letter A-F, found \"G\"",
    );
    rejects(
        Problem::Latin6,
        &format!("{}1\n02CC\n", groups),
        "",
        "line 8, column 1: expected a given of a row 0-5, a column 0-5 and a letter A-F, found 4 characters",
    );
    rejects(
        Problem::Latin6,
        &format!("{}x\n", groups),
        "",
        "line 7, column 1: expected the number of given letters 0-1000000, found \"x\"",
    );
}

#[test]
fn latin6_cut_short() {
    let groups: String = fixture(Problem::Latin6, "sample1.in")
        .lines()
        .take(6)
        .collect::<Vec<_>>()
        .join("\n");
    rejects(
        Problem::Latin6,
        &format!("{}\n3\n02C\n03B\n", groups),
        "",
        "line 10, column 1: input ends where a given (row, column, letter) was expected",
    );
}

#[test]
fn target9_bad_tokens_and_values() {
    rejects(
        Problem::Target9,
        "1 2 a",
        "",
        "line 1, column 5: expected a digit 0-9, found \"a\"",
    );
    rejects(
        Problem::Target9,
        "10",
        "",
        "line 1, column 1: expected a digit 0-9, found \"10\"",
    );
    rejects(
        Problem::Target9,
        "0 -1",
        "",
        "line 1, column 3: expected a digit 0-9, found \"-1\"",
    );
}

#[test]
fn target9_cut_short_and_too_long() {
    let eight_rows = "0 0 0 0 0 0 0 0 0\n".repeat(8);
    rejects(
        Problem::Target9,
        &format!("{}0 0", eight_rows),
        "",
        "line 9, column 4: input ends where a digit was expected",
    );
    let sample = fixture(Problem::Target9, "sample1.in");
    rejects(
        Problem::Target9,
        &format!("{} 5\n", sample.trim_end()),
        "",
        "line 9, column 19: expected the end of the input after the grid, found \"5\"",
    );
}

#[test]
fn empty_input_names_what_was_expected() {
    rejects(
        Problem::Jigsaw,
        "",
        "",
        "line 1, column 1: input ends where the number of cases was expected",
    );
    rejects(
        Problem::Target9,
        " \n",
        "",
        "line 2, column 1: input ends where a digit was expected",
    );
}
