//! The Kattis input validators under `judge/<problem>/input_validators/`: every sample and
//! generated input in the statements' form is valid (exit 42), and for each rule an input
//! that breaks only that rule is refused (exit 43) with one line that names it.

use testkit::gen::{self, Rng};
use tests::fixture_pairs;
use tests::judge::validate;

/// Asserts that `problem`'s validator accepts `input`.
fn assert_valid(problem: &str, input: &str, what: &str) {
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
fn assert_refused(problem: &str, input: &str, rule: &str) {
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
fn assert_layout_faults_refused(problem: &str, input: &str) {
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
    for (input, _) in fixture_pairs("jigsaw") {
        assert_valid("jigsaw", &read(&input), &input.display().to_string());
    }
    let mut rng = Rng::new(4069);
    let mut cases = Vec::new();
    for _ in 0..20 {
        let regions = gen::random_regions(&mut rng, 9);
        let count = rng.between(0, 40);
        cases.push(gen::jigsaw_case(
            &regions,
            &gen::random_givens(&mut rng, 9, &regions, count),
        ));
    }
    let input = format!("{}\n{}", cases.len(), cases.join("\n"));
    assert_valid("jigsaw", &input, "20 generated cases");
}

#[test]
fn jigsaw_refuses_each_broken_rule() {
    let sample = read(&fixture_pairs("jigsaw")[0].0);
    assert_layout_faults_refused("jigsaw", &sample);
    assert_refused("jigsaw", &sample.replacen("3\n", "0\n", 1), "1-2500");
    assert_refused("jigsaw", &sample.replacen("3\n", "2501\n", 1), "1-2500");
    assert_refused(
        "jigsaw",
        &sample.replacen("3\n", "03\n", 1),
        "without leading zeros",
    );
    assert_refused(
        "jigsaw",
        &sample.replacen("3\n", "4\n", 1),
        "input ends where",
    );
    assert_refused(
        "jigsaw",
        &sample.replacen("\n\n", "\n", 1),
        "separated by one empty line",
    );
    assert_refused(
        "jigsaw",
        &sample.replacen("\n\n", "\n\n\n", 1),
        "single spaces",
    );
    assert_refused(
        "jigsaw",
        &sample.replacen(" 18 ", "  18 ", 1),
        "single spaces",
    );
    assert_refused(
        "jigsaw",
        &sample.replacen(" 48\n", " 48 0\n", 1),
        "single spaces",
    );
    assert_refused(
        "jigsaw",
        &sample.replacen(" 18 ", " 018 ", 1),
        "0-255 without leading zeros",
    );
    assert_refused(
        "jigsaw",
        &sample.replacen(" 18 ", " +18 ", 1),
        "0-255 without leading zeros",
    );
    assert_refused("jigsaw", &sample.replacen(" 18 ", " 274 ", 1), "0-255");

    let boxes = gen::boxes(9);
    let mut values = jigsaw_values(&boxes, &[0; 81]);
    assert_valid("jigsaw", &jigsaw_input(&values), "the boxes");
    values[40] += 10;
    assert_refused("jigsaw", &jigsaw_input(&values), "digit part 10");

    let mut values = jigsaw_values(&boxes, &[0; 81]);
    values[4] -= 16;
    assert_refused(
        "jigsaw",
        &jigsaw_input(&values),
        "every border wall must be present",
    );
    let mut values = jigsaw_values(&boxes, &[0; 81]);
    values[80] -= 32;
    assert_refused(
        "jigsaw",
        &jigsaw_input(&values),
        "every border wall must be present",
    );

    // The wall between boxes 0 and 1 at (0, 2)|(0, 3), declared by one cell only.
    let mut values = jigsaw_values(&boxes, &[0; 81]);
    values[2] -= 32;
    assert_refused(
        "jigsaw",
        &jigsaw_input(&values),
        "declared by both its cells",
    );
    // The same wall removed on both sides: boxes 0 and 1 merge into 18 cells.
    values[3] -= 128;
    assert_refused(
        "jigsaw",
        &jigsaw_input(&values),
        "nine regions of nine cells",
    );
    // A wall inside box 0, between (0, 0) and (0, 1), declared by both: the box stays whole.
    let mut values = jigsaw_values(&boxes, &[0; 81]);
    values[0] += 32;
    values[1] += 128;
    assert_refused("jigsaw", &jigsaw_input(&values), "lies inside its region");
    // Box 0 walled off into a corner cell and the other eight: ten regions.
    let mut values = jigsaw_values(&boxes, &[0; 81]);
    values[0] += 32 + 64;
    values[1] += 128;
    values[9] += 16;
    assert_refused("jigsaw", &jigsaw_input(&values), "has 1 cells");
}

// ---------------------------------------------------------------- sima4

#[test]
fn sima4_sample_and_generated_boards_are_valid() {
    let sample = fixture_pairs("sima4")
        .into_iter()
        .find(|(input, _)| input.ends_with("sample.in"))
        .expect("sima4/sample.in");
    assert_valid("sima4", &read(&sample.0), "sample.in");
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
    assert_valid("sima4", &format!("100\n{}", boards), "100 generated boards");
}

/// The copy of the sample without the empty lines is refused: the statement says "Each test
/// case starts with an empty line", and the packages' data keeps that form.
#[test]
fn sima4_sample_without_blank_lines_is_refused() {
    let sample = fixture_pairs("sima4")
        .into_iter()
        .find(|(input, _)| input.ends_with("sample_no_blank_lines.in"))
        .expect("sima4/sample_no_blank_lines.in");
    assert_refused(
        "sima4",
        &read(&sample.0),
        "each board starts with an empty line",
    );
}

#[test]
fn sima4_refuses_each_broken_rule() {
    let sample = read(&fixture_pairs("sima4")[0].0);
    assert!(
        sample.starts_with("3\n\n****\n"),
        "the sample with blank lines"
    );
    assert_layout_faults_refused("sima4", &sample);
    assert_refused("sima4", &sample.replacen("3\n", "0\n", 1), "1-100");
    assert_refused("sima4", &sample.replacen("3\n", "101\n", 1), "1-100");
    assert_refused(
        "sima4",
        &sample.replacen("3\n", "03\n", 1),
        "without leading zeros",
    );
    assert_refused(
        "sima4",
        &sample.replacen("3\n", "4\n", 1),
        "input ends where",
    );
    let rule = "exactly four characters 1-4 or *";
    assert_refused("sima4", &sample.replacen("2341\n", "234\n", 1), rule);
    assert_refused("sima4", &sample.replacen("2341\n", "23411\n", 1), rule);
    assert_refused("sima4", &sample.replacen("2341\n", "2 341\n", 1), rule);
    assert_refused("sima4", &sample.replacen("2341\n", "2305\n", 1), rule);
    assert_refused(
        "sima4",
        &sample.replacen("\n\n*243", "\n*243", 1),
        "starts with an empty line",
    );
    // The first board replaced by one whose givens agree but have no completion, by one
    // whose givens clash, and by two with several completions.
    let first = "****\n2341\n4123\n3214\n";
    let none = "4***\n****\n***4\n*2**\n";
    assert_refused(
        "sima4",
        &sample.replacen(first, none, 1),
        "case 1: the board must have exactly one completion; it has none",
    );
    assert_refused(
        "sima4",
        &sample.replacen("****\n2341", "22**\n2341", 1),
        "it has none",
    );
    let several = "****\n2341\n****\n3214\n";
    assert_refused(
        "sima4",
        &sample.replacen(first, several, 1),
        "it has more than one",
    );
    let empty = "****\n****\n****\n****\n";
    assert_refused(
        "sima4",
        &sample.replacen(first, empty, 1),
        "it has more than one",
    );
}

// ---------------------------------------------------------------- latin6

#[test]
fn latin6_samples_and_generated_inputs_are_valid() {
    for (input, _) in fixture_pairs("latin6") {
        assert_valid("latin6", &read(&input), &input.display().to_string());
    }
    let mut rng = Rng::new(6);
    for _ in 0..30 {
        let groups = gen::random_groups(&mut rng, 6);
        let count = rng.between(0, 35);
        let givens = gen::random_givens(&mut rng, 6, &groups, count);
        assert_valid(
            "latin6",
            &gen::latin6_input(&groups, &givens, false),
            "a generated input",
        );
    }
    let all: Vec<(usize, usize, u8)> = (0..35).map(|c| (c / 6, c % 6, 1)).collect();
    let full = gen::latin6_input_list(&gen::boxes(6), &all, false);
    assert_valid("latin6", &full, "35 givens (n < 36)");
}

#[test]
fn latin6_refuses_each_broken_rule() {
    let sample = read(&fixture_pairs("latin6")[0].0);
    assert!(
        sample.starts_with("000011\n"),
        "sample1 starts with its groups"
    );
    assert_layout_faults_refused("latin6", &sample);
    let rule = "exactly six digits 0-5";
    assert_refused("latin6", &sample.replacen("000011\n", "00001\n", 1), rule);
    assert_refused("latin6", &sample.replacen("000011\n", "0000111\n", 1), rule);
    assert_refused(
        "latin6",
        &sample.replacen("000011\n", "0 0 0 0 1 1\n", 1),
        rule,
    );
    assert_refused("latin6", &sample.replacen("000011\n", "000016\n", 1), rule);
    assert_refused(
        "latin6",
        &sample.replacen("000011\n", "000001\n", 1),
        "group 0 has 7",
    );
    assert_refused(
        "latin6",
        &sample.replacen("\n6\n", "\n06\n", 1),
        "without leading zeros",
    );
    assert_refused("latin6", &sample.replacen("\n6\n", "\n36\n", 1), "n < 36");
    assert_refused("latin6", &sample.replacen("\n6\n", "\n-1\n", 1), "n < 36");
    assert_refused(
        "latin6",
        &sample.replacen("\n6\n", "\n7\n", 1),
        "input ends where a given",
    );
    assert_refused(
        "latin6",
        &sample.replacen("\n6\n", "\n5\n", 1),
        "text after the end",
    );
    let rule = "a row digit 0-5, a column digit 0-5 and a letter A-F written together";
    assert_refused("latin6", &sample.replacen("02C\n", "0 2 C\n", 1), rule);
    assert_refused("latin6", &sample.replacen("02C\n", "62C\n", 1), rule);
    assert_refused("latin6", &sample.replacen("02C\n", "06C\n", 1), rule);
    assert_refused("latin6", &sample.replacen("02C\n", "02G\n", 1), rule);
    assert_refused("latin6", &sample.replacen("02C\n", "02c\n", 1), rule);
    assert_refused("latin6", &sample.replacen("02C\n", "02CC\n", 1), rule);
    assert_refused(
        "latin6",
        &sample.replacen("03B\n", "02B\n", 1),
        "each cell may be given once",
    );
    assert_refused(
        "latin6",
        &sample.replacen("03B\n", "02C\n", 1),
        "each cell may be given once",
    );
}

// ---------------------------------------------------------------- target9

#[test]
fn target9_samples_and_official_tests_are_valid() {
    let pairs = fixture_pairs("target9");
    assert_eq!(pairs.len(), 22, "two samples and 20 official tests");
    for (input, _) in pairs {
        assert_valid("target9", &read(&input), &input.display().to_string());
    }
}

#[test]
fn target9_refuses_each_broken_rule() {
    let sample = read(&fixture_pairs("target9")[0].0);
    assert_layout_faults_refused("target9", &sample);
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
        assert_refused("target9", &sample.replacen(&first, &bad, 1), rule);
    }
    assert_refused(
        "target9",
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
    assert_valid("target9", &gen::target9_input(&grid), "24 givens");
    let last = grid.iter().rposition(|&d| d != 0).expect("a given");
    grid[last] = 0;
    assert_refused(
        "target9",
        &gen::target9_input(&grid),
        "at least 24 givens; it has 23",
    );
}
