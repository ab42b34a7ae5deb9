//! The Kattis input validators under `judge/<problem>/input_validators/`: every sample and
//! generated input in the statements' form is valid (exit 42), and for each rule an input
//! that breaks only that rule is refused (exit 43) with one line that names it.

#![forbid(unsafe_code)]

use std::path::PathBuf;
use testkit::gen::{self, LayoutKind, Rng};
use tests::judge::validate;
use tests::{fixture_dir, fixture_pairs, Problem};

/// Asserts that `problem`'s validator accepts `input`.
fn assert_valid(problem: Problem, input: &str, what: &str) {
    let verdict = validate(problem, input.as_bytes());
    assert!(
        verdict.valid(),
        "{}: {} refused ({:?}): {}\n{}",
        problem,
        what,
        verdict.code,
        verdict.message,
        input
    );
}

/// Asserts that `problem`'s validator refuses `input` with one line containing `rule`.
fn assert_refused(problem: Problem, input: &str, rule: &str) {
    let verdict = validate(problem, input.as_bytes());
    assert_eq!(
        verdict.code,
        Some(43),
        "{}: accepted an input breaking {:?}:\n{}",
        problem,
        rule,
        input
    );
    assert!(
        verdict.message.contains(rule),
        "{}: refused for another reason than {:?}: {}",
        problem,
        rule,
        verdict.message
    );
    assert_eq!(
        verdict.message.lines().count(),
        1,
        "{}: more than one line: {}",
        problem,
        verdict.message
    );
}

/// Faults of layout every validator refuses, made from the valid `input`: a missing final
/// newline, CRLF line ends, a trailing blank, a doubled line break, text after the end.
fn assert_layout_faults_refused(problem: Problem, input: &str) {
    assert_refused(
        problem,
        input.trim_end_matches('\n'),
        "must end with a newline",
    );
    assert_refused(problem, &input.replace('\n', "\r\n"), "found \"");
    assert_refused(problem, &input.replacen('\n', " \n", 1), "line 1");
    assert_refused(problem, &format!("{}\n", input), "text after the end");
    assert_refused(problem, &format!("{}7\n", input), "text after the end");
    assert_refused(problem, "", "input ends where");
}

/// Asserts that each `(from, to, rule)` edit of the valid `input`, its first `from` made
/// `to`, is refused for `rule`.
fn assert_edits_refused(problem: Problem, input: &str, edits: &[(&str, &str, &str)]) {
    for &(from, to, rule) in edits {
        assert!(input.contains(from), "{}: no {:?} to edit", problem, from);
        assert_refused(problem, &input.replacen(from, to, 1), rule);
    }
}

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).expect("read a fixture")
}

// ---------------------------------------------------------------- jigsaw

/// The 81 cell values of a grid in the original's form (walls on both sides and the border).
fn jigsaw_values(regions: &[u8], givens: &[u8]) -> Vec<u32> {
    gen::jigsaw_case(regions, givens)
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("a cell value"))
        .collect()
}

/// A one-case jigsaw input holding `values`.
fn jigsaw_input(values: &[u32]) -> String {
    let rows: Vec<String> = values
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(u32::to_string).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    format!("1\n{}", rows.concat())
}

#[test]
fn jigsaw_sample_and_generated_cases_are_valid() {
    for (input, _) in fixture_pairs(Problem::Jigsaw) {
        assert_valid(Problem::Jigsaw, &read(&input), &input.display().to_string());
    }
    // Every kind of layout the package draws on: grown regions, Hamiltonian paths, swapped
    // boxes (its `tails`), the boxes, rows and columns as regions; empty grids too.
    let mut rng = Rng::new(4069);
    let mut cases = Vec::new();
    for k in 0..30 {
        let regions = match k % 6 {
            0 => LayoutKind::Grown.draw(&mut rng, 9),
            1 => LayoutKind::Path.draw(&mut rng, 9),
            2 => LayoutKind::Swapped.draw(&mut rng, 9),
            3 => gen::boxes(9),
            4 => (0..81).map(|c| (c / 9) as u8).collect(),
            _ => (0..81).map(|c| (c % 9) as u8).collect(),
        };
        let count = [0, 5, 40][k / 6 % 3];
        cases.push(gen::jigsaw_case(
            &regions,
            &gen::random_givens(&mut rng, 9, &regions, count),
        ));
    }
    let input = format!("{}\n{}", cases.len(), cases.join("\n"));
    assert_valid(Problem::Jigsaw, &input, "30 generated cases");
}

#[test]
fn jigsaw_refuses_each_broken_rule() {
    let sample = read(&fixture_dir(Problem::Jigsaw).join("sample.in"));
    assert_layout_faults_refused(Problem::Jigsaw, &sample);
    let edits = [
        ("3\n", "0\n", "1-2500"),
        ("3\n", "2501\n", "1-2500"),
        ("3\n", "03\n", "without leading zeros"),
        ("3\n", "4\n", "input ends where"),
        ("\n\n", "\n", "separated by one empty line"),
        ("\n\n", "\n\n\n", "single spaces"),
        (" 18 ", "  18 ", "single spaces"),
        (" 48\n", " 48 0\n", "single spaces"),
        (" 18 ", " 018 ", "0-255 without leading zeros"),
        (" 18 ", " +18 ", "0-255 without leading zeros"),
        (" 18 ", " 274 ", "0-255"),
    ];
    assert_edits_refused(Problem::Jigsaw, &sample, &edits);

    // Grids of the nine boxes, each changed at (cell, added value) places.
    let boxes = jigsaw_values(&gen::boxes(9), &[0; 81]);
    assert_valid(Problem::Jigsaw, &jigsaw_input(&boxes), "the boxes");
    let walls: [(&[(usize, i64)], &str); 7] = [
        (&[(40, 10)], "digit part 10"),
        (&[(4, -16)], "every border wall must be present"),
        (&[(80, -32)], "every border wall must be present"),
        // The wall between boxes 0 and 1 at (0, 2)|(0, 3), declared by one cell only, and
        // removed on both sides: boxes 0 and 1 merge into 18 cells.
        (&[(2, -32)], "declared by both its cells"),
        (&[(2, -32), (3, -128)], "nine regions of nine cells"),
        // A wall inside box 0 between (0, 0) and (0, 1), declared by both: the box stays whole.
        (&[(0, 32), (1, 128)], "lies inside its region"),
        // Box 0 walled into a corner cell and the other eight: ten regions.
        (&[(0, 96), (1, 128), (9, 16)], "has 1 cells"),
    ];
    for (changes, rule) in walls.iter() {
        let mut values = boxes.clone();
        for &(cell, add) in changes.iter() {
            values[cell] = (i64::from(values[cell]) + add) as u32;
        }
        assert_refused(Problem::Jigsaw, &jigsaw_input(&values), rule);
    }
}

// ---------------------------------------------------------------- sima4

#[test]
fn sima4_sample_and_generated_boards_are_valid() {
    let sample = fixture_pairs(Problem::Sima4)
        .into_iter()
        .find(|(input, _)| input.ends_with("sample.in"))
        .expect("sima4/sample.in");
    assert_valid(Problem::Sima4, &read(&sample.0), "sample.in");
    let mut rng = Rng::new(5547);
    let boxes = gen::boxes(4);
    let mut boards = String::new();
    for _ in 0..100 {
        let solution = gen::random_solution(&mut rng, 4, &boxes).expect("4x4 grids exist");
        boards.push_str(&gen::sima4_case(
            &gen::unique_givens(&mut rng, 4, &boxes, &solution, 0, true),
            true,
        ));
    }
    assert_valid(
        Problem::Sima4,
        &format!("100\n{}", boards),
        "100 generated boards",
    );
}

/// The copy of the sample without the empty lines is refused: the statement says "Each test
/// case starts with an empty line", and the packages' data keeps that form.
#[test]
fn sima4_sample_without_blank_lines_is_refused() {
    let sample = fixture_pairs(Problem::Sima4)
        .into_iter()
        .find(|(input, _)| input.ends_with("sample_no_blank_lines.in"))
        .expect("sima4/sample_no_blank_lines.in");
    assert_refused(
        Problem::Sima4,
        &read(&sample.0),
        "each board starts with an empty line",
    );
}

#[test]
fn sima4_refuses_each_broken_rule() {
    let sample = read(&fixture_pairs(Problem::Sima4)[0].0);
    assert!(
        sample.starts_with("3\n\n****\n2341\n4123\n3214\n"),
        "the sample with blank lines"
    );
    assert_layout_faults_refused(Problem::Sima4, &sample);
    let row = "exactly four characters 1-4 or *";
    let one = "the board must have exactly one completion";
    let edits = [
        ("3\n", "0\n", "1-100"),
        ("3\n", "101\n", "1-100"),
        ("3\n", "03\n", "without leading zeros"),
        ("3\n", "4\n", "input ends where"),
        ("2341\n", "234\n", row),
        ("2341\n", "23411\n", row),
        ("2341\n", "2 341\n", row),
        ("2341\n", "2305\n", row),
        ("\n\n*243", "\n*243", "starts with an empty line"),
        // The first board replaced by one whose givens agree but have no completion, by one
        // whose givens clash, and by two with several completions.
        (
            "****\n2341\n4123\n3214\n",
            "4***\n****\n***4\n*2**\n",
            "case 1: the board must have exactly one completion; it has none",
        ),
        ("****\n2341", "22**\n2341", "it has none"),
        (
            "****\n2341\n4123\n",
            "****\n2341\n****\n",
            "it has more than one",
        ),
        ("****\n2341\n4123\n3214\n", "****\n****\n****\n****\n", one),
    ];
    assert_edits_refused(Problem::Sima4, &sample, &edits);
}

// ---------------------------------------------------------------- latin6

#[test]
fn latin6_samples_and_generated_inputs_are_valid() {
    for (input, _) in fixture_pairs(Problem::Latin6) {
        assert_valid(Problem::Latin6, &read(&input), &input.display().to_string());
    }
    let mut rng = Rng::new(6);
    for _ in 0..30 {
        let groups = gen::random_groups(&mut rng, 6);
        let count = rng.between(0, 35);
        let givens = gen::random_givens(&mut rng, 6, &groups, count);
        assert_valid(
            Problem::Latin6,
            &gen::latin6_input(&groups, &givens, false),
            "a generated input",
        );
    }
    let all: Vec<(usize, usize, u8)> = (0..35).map(|c| (c / 6, c % 6, 1)).collect();
    let full = gen::latin6_input_list(&gen::boxes(6), &all, false);
    assert_valid(Problem::Latin6, &full, "35 givens (n < 36)");
}

#[test]
fn latin6_refuses_each_broken_rule() {
    let sample = read(&fixture_pairs(Problem::Latin6)[0].0);
    assert!(
        sample.starts_with("000011\n"),
        "sample1 starts with its groups"
    );
    assert_layout_faults_refused(Problem::Latin6, &sample);
    let groups = "exactly six digits 0-5";
    let given = "a row digit 0-5, a column digit 0-5 and a letter A-F written together";
    let once = "each cell may be given once";
    let edits = [
        ("000011\n", "00001\n", groups),
        ("000011\n", "0000111\n", groups),
        ("000011\n", "0 0 0 0 1 1\n", groups),
        ("000011\n", "000016\n", groups),
        ("000011\n", "000001\n", "group 0 has 7"),
        ("\n6\n", "\n06\n", "without leading zeros"),
        ("\n6\n", "\n36\n", "n < 36"),
        ("\n6\n", "\n-1\n", "n < 36"),
        ("\n6\n", "\n7\n", "input ends where a given"),
        ("\n6\n", "\n5\n", "text after the end"),
        ("02C\n", "0 2 C\n", given),
        ("02C\n", "62C\n", given),
        ("02C\n", "06C\n", given),
        ("02C\n", "02G\n", given),
        ("02C\n", "02c\n", given),
        ("02C\n", "02CC\n", given),
        ("03B\n", "02B\n", once),
        ("03B\n", "02C\n", once),
    ];
    assert_edits_refused(Problem::Latin6, &sample, &edits);
}

// ---------------------------------------------------------------- target9

/// target9's samples and official tests. The hunted fixtures are left out: they have fewer
/// givens than the original statement's 24, which the binaries take and the package refuses.
fn target9_statement_fixtures() -> Vec<(PathBuf, PathBuf)> {
    let hunted = fixture_dir(Problem::Target9).join("hunted");
    fixture_pairs(Problem::Target9)
        .into_iter()
        .filter(|(input, _)| !input.starts_with(&hunted))
        .collect()
}

#[test]
fn target9_samples_and_official_tests_are_valid() {
    let pairs = target9_statement_fixtures();
    assert_eq!(pairs.len(), 22, "two samples and 20 official tests");
    for (input, _) in pairs {
        assert_valid(
            Problem::Target9,
            &read(&input),
            &input.display().to_string(),
        );
    }
}

#[test]
fn target9_refuses_each_broken_rule() {
    let sample = read(&target9_statement_fixtures()[0].0);
    assert_layout_faults_refused(Problem::Target9, &sample);
    let rule = "nine digits 0-9 separated by single spaces";
    let first = sample.lines().next().expect("a first row").to_string();
    for bad in [
        first.replacen(' ', "  ", 1),
        first.replacen(' ', "\t", 1),
        format!(" {}", first),
        format!("{} 0", first),
        first[2..].to_string(),
        first.replacen('0', "10", 1),
        first.replacen('0', "00", 1),
        first.replacen('0', "a", 1),
        first.replacen('0', "-", 1),
    ] {
        assert_refused(Problem::Target9, &sample.replacen(&first, &bad, 1), rule);
    }
    assert_refused(
        Problem::Target9,
        &sample.replacen(&format!("{}\n", first), "", 1),
        "input ends where",
    );

    // Keep exactly 24 givens (valid), then 23 (refused).
    let mut grid: Vec<u8> = sample
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("a digit"))
        .collect();
    let mut givens = grid.iter().filter(|&&d| d != 0).count();
    assert!(givens > 24, "sample1 has more than 24 givens");
    for digit in grid.iter_mut().filter(|d| **d != 0) {
        if givens > 24 {
            *digit = 0;
            givens -= 1;
        }
    }
    assert_valid(Problem::Target9, &gen::target9_input(&grid), "24 givens");
    let last = grid.iter().rposition(|&d| d != 0).expect("a given");
    grid[last] = 0;
    assert_refused(
        Problem::Target9,
        &gen::target9_input(&grid),
        "at least 24 givens; it has 23",
    );
}
