//! The flawed submissions under `judge/<problem>/submissions/`: each wrong answer is wrong on
//! an input of the kind its header names and right where its mistake does not matter, so it
//! is wrong for the stated reason; each slow one gives right answers on small inputs, so a
//! judge can only fail it on time. Their slowness is measured, not asserted here (no timing
//! in tests): the figures are in the commit that added them.
//!
//! Every program under `judge/` compiles without warnings and is formatted as rustfmt
//! formats it.

#![forbid(unsafe_code)]

use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tests::{binary, fixture_dir, Problem};

use testkit::gen::{self, LayoutKind, Rng};
use tests::judge::{
    assembled, check_latin6, compiled, judge_dir, programs_in, run, scratch_file, validate,
};

/// The standard output of `judge/<relative>` on `input`; it must exit with status 0.
fn output_of(relative: &str, input: &[u8]) -> String {
    let run = run(
        &mut Command::new(compiled(relative)),
        input,
        Duration::from_secs(120),
    );
    assert!(
        run.status.is_some_and(|s| s.success()),
        "{} failed ({:?}): {}",
        relative,
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).expect("UTF-8 output")
}

/// The contest binary's answer to `input`.
fn answer_of(problem: Problem, input: &[u8]) -> String {
    let run = assert_cmd::Command::new(binary(problem))
        .write_stdin(input)
        .assert()
        .success();
    String::from_utf8(run.get_output().stdout.clone()).expect("UTF-8 answer")
}

fn fixture(problem: Problem, name: &str) -> Vec<u8> {
    std::fs::read(fixture_dir(problem).join(name)).expect("read a fixture")
}

fn assert_right(relative: &str, problem: Problem, input: &[u8], what: &str) {
    assert_eq!(
        output_of(relative, input),
        answer_of(problem, input),
        "{} on {}",
        relative,
        what
    );
}

fn assert_wrong(relative: &str, problem: Problem, input: &[u8], what: &str) {
    assert_ne!(
        output_of(relative, input),
        answer_of(problem, input),
        "{} is right on {}",
        relative,
        what
    );
}

#[test]
fn every_judge_program_compiles_cleanly_and_is_formatted() {
    let mut programs = Vec::new();
    for problem in tests::Problem::ALL {
        programs.extend(programs_in(problem, "input_validators"));
        for verdict in ["wrong_answer", "time_limit_exceeded"] {
            if judge_dir(problem)
                .join("submissions")
                .join(verdict)
                .exists()
            {
                programs.extend(programs_in(problem, &format!("submissions/{}", verdict)));
            }
        }
        assert!(
            !judge_dir(problem).join("submissions/accepted").exists(),
            "accepted/ is filled by the packaging from the bundle"
        );
    }
    programs.extend(programs_in(Problem::Latin6, "output_validators"));
    assert_eq!(
        programs.len(),
        4 + 11 + 1,
        "validators, submissions, checker"
    );
    for program in programs {
        compiled(&program);
        let source = assembled(&program);
        let check = Command::new("rustfmt")
            .args(["--check", "--edition", "2021"])
            .arg(&source)
            .output()
            .expect("rustfmt runs");
        assert!(
            check.status.success(),
            "{} is not formatted:\n{}",
            program,
            String::from_utf8_lossy(&check.stdout)
        );
    }
}

// ---------------------------------------------------------------- jigsaw

/// `input`, after checking that the strict validator accepts it: the submissions are judged
/// on the packages' kind of data only.
fn valid(problem: Problem, input: Vec<u8>) -> Vec<u8> {
    let verdict = validate(problem, &input);
    assert!(verdict.valid(), "{}: {}", problem, verdict.message);
    input
}

/// `cases` joined into one input.
fn jigsaw_input(cases: &[String]) -> Vec<u8> {
    valid(
        Problem::Jigsaw,
        format!("{}\n{}", cases.len(), cases.join("\n")).into_bytes(),
    )
}

/// `n` grids with one solution each on layouts of `kind`, each from a random full grid.
fn unique_jigsaw_cases(rng: &mut Rng, kind: LayoutKind, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            let (regions, solution) = gen::layout_with_solution(rng, 9, |_| kind);
            let givens = gen::unique_givens(rng, 9, &regions, &solution, 30, false);
            gen::jigsaw_case(&regions, &givens)
        })
        .collect()
}

#[test]
fn jigsaw_boxes_3x3_is_wrong_on_irregular_regions_only() {
    let submission = "jigsaw/submissions/wrong_answer/boxes_3x3.rs";
    assert_wrong(
        submission,
        Problem::Jigsaw,
        &fixture(Problem::Jigsaw, "sample.in"),
        "the sample",
    );
    let mut rng = Rng::new(33);
    let boxes = unique_jigsaw_cases(&mut rng, LayoutKind::Boxes, 5);
    assert_right(
        submission,
        Problem::Jigsaw,
        &jigsaw_input(&boxes),
        "regions that are the boxes",
    );
}

#[test]
fn jigsaw_first_solution_is_wrong_on_several_solutions_only() {
    let submission = "jigsaw/submissions/wrong_answer/first_solution.rs";
    let sample = fixture(Problem::Jigsaw, "sample.in");
    let printed = output_of(submission, &sample);
    let expected = String::from_utf8(fixture(Problem::Jigsaw, "sample.out")).expect("UTF-8");
    let (one_and_none, several) = expected.split_at(expected.find("Case 3:").expect("case 3"));
    assert_eq!(
        several, "Case 3:\nMultiple Solutions\n",
        "case 3 has several"
    );
    assert!(
        printed.starts_with(one_and_none),
        "cases 1 and 2 are right:\n{}",
        printed
    );
    assert_eq!(
        printed.lines().count(),
        one_and_none.lines().count() + 10,
        "case 3 is a grid"
    );
    let mut rng = Rng::new(34);
    let irregular = unique_jigsaw_cases(&mut rng, LayoutKind::Grown, 5);
    assert_right(
        submission,
        Problem::Jigsaw,
        &jigsaw_input(&irregular),
        "unique irregular grids",
    );
}

#[test]
fn jigsaw_row_major_is_right_on_small_cases() {
    let submission = "jigsaw/submissions/time_limit_exceeded/row_major.rs";
    assert_right(
        submission,
        Problem::Jigsaw,
        &fixture(Problem::Jigsaw, "sample.in"),
        "the sample",
    );
    let mut rng = Rng::new(35);
    let mut cases = unique_jigsaw_cases(&mut rng, LayoutKind::Grown, 5);
    // Several solutions (the empty grid) and none: 1-8 along row 1 and a 9 in column 9.
    let regions = gen::random_regions(&mut rng, 9);
    cases.push(gen::jigsaw_case(&regions, &[0; 81]));
    let mut none = [0; 81];
    for (cell, digit) in none.iter_mut().zip(1..=8) {
        *cell = digit;
    }
    none[17] = 9;
    cases.push(gen::jigsaw_case(&regions, &none));
    assert_right(
        submission,
        Problem::Jigsaw,
        &jigsaw_input(&cases),
        "generated grids",
    );
}

// ---------------------------------------------------------------- sima4

/// A sima4 input of `boards` (each with its empty line first).
fn sima4_input(boards: &[Vec<u8>]) -> Vec<u8> {
    let text: String = boards.iter().map(|b| gen::sima4_case(b, true)).collect();
    valid(
        Problem::Sima4,
        format!("{}\n{}", boards.len(), text).into_bytes(),
    )
}

#[test]
fn sima4_echo_input_is_wrong_on_boards_with_blanks_only() {
    let submission = "sima4/submissions/wrong_answer/echo_input.rs";
    assert_wrong(
        submission,
        Problem::Sima4,
        &fixture(Problem::Sima4, "sample.in"),
        "the sample",
    );
    let mut rng = Rng::new(44);
    let full = gen::random_solution(&mut rng, 4, &gen::boxes(4)).expect("a full board");
    assert_right(
        submission,
        Problem::Sima4,
        &sima4_input(&[full]),
        "a full board",
    );
}

#[test]
fn sima4_row_fill_is_wrong_where_a_row_has_two_blanks_only() {
    let submission = "sima4/submissions/wrong_answer/row_fill.rs";
    assert_wrong(
        submission,
        Problem::Sima4,
        &fixture(Problem::Sima4, "sample.in"),
        "the sample",
    );
    // Each row of a full board loses one cell: the row alone tells the digit.
    let mut rng = Rng::new(45);
    let mut boards = Vec::new();
    for _ in 0..10 {
        let mut board = gen::random_solution(&mut rng, 4, &gen::boxes(4)).expect("a board");
        for row in 0..4 {
            board[row * 4 + rng.below(4)] = 0;
        }
        boards.push(board);
    }
    assert_right(
        submission,
        Problem::Sima4,
        &sima4_input(&boards),
        "one blank a row",
    );
}

// ---------------------------------------------------------------- latin6

/// The checker's exit code and message for `submission` on `input`, the binary's output
/// being the judge's answer.
fn judged_latin6(submission: &str, input: &[u8]) -> (Option<i32>, String) {
    let output = output_of(submission, input);
    let input_file = scratch_file("latin6.in", input);
    let answer = scratch_file("latin6.ans", answer_of(Problem::Latin6, input).as_bytes());
    let judged = check_latin6(&input_file, &answer, output.as_bytes());
    (judged.code, judged.message)
}

#[test]
fn latin6_only_first_is_wrong_on_several_solutions_only() {
    let submission = "latin6/submissions/wrong_answer/only_first.rs";
    let (code, message) = judged_latin6(submission, &fixture(Problem::Latin6, "sample2.in"));
    assert_eq!(code, Some(43), "sample2 has nine solutions");
    assert!(message.contains("only 1 of the 9 solutions"), "{}", message);
    assert_eq!(
        judged_latin6(submission, &fixture(Problem::Latin6, "sample1.in")).0,
        Some(42)
    );
}

#[test]
fn latin6_trailing_space_is_rejected_everywhere() {
    let submission = "latin6/submissions/wrong_answer/trailing_space.rs";
    for sample in ["sample1.in", "sample2.in"] {
        let (code, message) = judged_latin6(submission, &fixture(Problem::Latin6, sample));
        assert_eq!(code, Some(43), "{}", sample);
        assert!(
            message.contains("solution 1, row 1: expected six letters"),
            "{}",
            message
        );
        let output = output_of(submission, &fixture(Problem::Latin6, sample));
        let trimmed: Vec<&str> = output.lines().map(str::trim_end).collect();
        let input_file = scratch_file("latin6.in", &fixture(Problem::Latin6, sample));
        let answer = fixture_dir(Problem::Latin6).join(sample.replace(".in", ".out"));
        let judged = check_latin6(&input_file, &answer, (trimmed.join("\n") + "\n").as_bytes());
        assert_eq!(
            judged.code,
            Some(42),
            "without the spaces: {}",
            judged.message
        );
    }
}

#[test]
fn latin6_row_major_is_right_on_small_cases() {
    let submission = "latin6/submissions/time_limit_exceeded/row_major.rs";
    let mut rng = Rng::new(66);
    let mut inputs = vec![
        fixture(Problem::Latin6, "sample1.in"),
        fixture(Problem::Latin6, "sample2.in"),
    ];
    for _ in 0..10 {
        let groups = gen::random_regions(&mut rng, 6);
        let count = rng.between(4, 12);
        let givens = gen::random_givens(&mut rng, 6, &groups, count);
        inputs.push(valid(
            Problem::Latin6,
            gen::latin6_input(&groups, &givens, false).into_bytes(),
        ));
    }
    for input in inputs {
        assert_right(
            submission,
            Problem::Latin6,
            &input,
            &String::from_utf8_lossy(&input),
        );
    }
}

// ---------------------------------------------------------------- target9

fn official(name: &str) -> (Vec<u8>, String) {
    let dir = fixture_dir(Problem::Target9);
    let dir = if name.starts_with("sudoku") {
        dir.join("noip2009")
    } else {
        dir
    };
    let read = |p: &Path| std::fs::read(p).expect("read a target9 fixture");
    let answer = String::from_utf8(read(&dir.join(format!("{}.out", name)))).expect("UTF-8");
    (read(&dir.join(format!("{}.in", name))), answer)
}

#[test]
fn target9_first_completion_is_wrong_where_the_first_is_not_the_best() {
    let submission = "target9/submissions/wrong_answer/first_completion.rs";
    for name in ["sample2", "sudoku2", "sudoku10", "sudoku16"] {
        let (input, answer) = official(name);
        assert_ne!(output_of(submission, &input), answer, "{}", name);
    }
    for name in ["sample1", "sudoku1"] {
        let (input, answer) = official(name);
        assert_eq!(
            output_of(submission, &input),
            answer,
            "{}: one completion or none",
            name
        );
    }
}

#[test]
fn target9_never_minus_one_is_wrong_without_a_completion_only() {
    let submission = "target9/submissions/wrong_answer/never_minus_one.rs";
    let (input, answer) = official("sudoku1");
    assert_eq!(answer, "-1\n", "official test 1 has no completion");
    assert_eq!(output_of(submission, &input), "0\n");
    for name in ["sample1", "sample2", "sudoku2", "sudoku10", "sudoku16"] {
        let (input, answer) = official(name);
        assert_eq!(output_of(submission, &input), answer, "{}", name);
    }
}

#[test]
fn target9_row_major_is_right_on_the_quick_official_tests() {
    let submission = "target9/submissions/time_limit_exceeded/row_major.rs";
    for name in [
        "sample1", "sample2", "sudoku1", "sudoku2", "sudoku3", "sudoku4", "sudoku6",
    ] {
        let (input, answer) = official(name);
        assert_eq!(output_of(submission, &input), answer, "{}", name);
    }
}
