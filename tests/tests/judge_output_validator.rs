//! latin6's Kattis output validator, `judge/latin6/output_validators/check.rs`: the judge's
//! answer and any reordering of it are accepted (exit 42); each fault a team output can have
//! is rejected (exit 43) with a `judgemessage.txt` that names it.

#![forbid(unsafe_code)]

use std::path::PathBuf;
use tests::{binary, fixture_dir, Problem};

use testkit::gen::{self, Rng};
use tests::judge::{check_latin6, scratch_file};

/// An input with the judge's answer (the latin6 binary's output) as files, and the answer's
/// solutions as blocks of six rows.
struct Case {
    input: PathBuf,
    answer: PathBuf,
    solutions: Vec<Vec<String>>,
}

impl Case {
    fn new(input: &[u8]) -> Case {
        let run = assert_cmd::Command::new(binary(Problem::Latin6))
            .write_stdin(input)
            .assert()
            .success();
        let answer = run.get_output().stdout.clone();
        let text = String::from_utf8(answer.clone()).expect("UTF-8 answer");
        let lines: Vec<&str> = text.lines().collect();
        let solutions = if text == "无解\n" {
            Vec::new()
        } else {
            lines
                .chunks(7)
                .map(|block| block[1..].iter().map(|row| row.to_string()).collect())
                .collect()
        };
        Case {
            input: scratch_file("latin6.in", input),
            answer: scratch_file("latin6.ans", &answer),
            solutions,
        }
    }

    /// `solutions` numbered 1, 2, ... in the order given.
    fn output(solutions: &[Vec<String>]) -> String {
        solutions
            .iter()
            .enumerate()
            .map(|(i, rows)| format!("{}\n{}\n", i + 1, rows.join("\n")))
            .collect()
    }

    fn assert_accepted(&self, output: &str, what: &str) {
        let judged = check_latin6(&self.input, &self.answer, output.as_bytes());
        assert_eq!(
            judged.code,
            Some(42),
            "{} rejected: {}",
            what,
            judged.message
        );
    }

    fn assert_rejected(&self, output: &[u8], reason: &str) {
        let judged = check_latin6(&self.input, &self.answer, output);
        assert_eq!(
            judged.code,
            Some(43),
            "accepted an output with {:?}:\n{}",
            reason,
            String::from_utf8_lossy(output)
        );
        assert!(
            judged.message.contains(reason),
            "rejected for another reason than {:?}: {}",
            reason,
            judged.message
        );
    }
}

fn sample(n: usize) -> Case {
    let input = std::fs::read(fixture_dir(Problem::Latin6).join(format!("sample{}.in", n)))
        .expect("read a latin6 sample");
    Case::new(&input)
}

#[test]
fn the_judges_answer_and_its_reorderings_are_accepted() {
    for n in [1, 2] {
        let case = sample(n);
        let answer = std::fs::read_to_string(&case.answer).expect("read the answer");
        assert_eq!(
            Case::output(&case.solutions),
            answer,
            "the blocks rebuild the answer"
        );
        case.assert_accepted(&answer, "the judge's answer");
    }
    let case = sample(2);
    assert_eq!(case.solutions.len(), 9, "sample 2 has nine solutions");
    let mut reversed = case.solutions.clone();
    reversed.reverse();
    case.assert_accepted(&Case::output(&reversed), "the solutions in reverse");
    let mut rng = Rng::new(36);
    for _ in 0..5 {
        let mut shuffled = case.solutions.clone();
        rng.shuffle(&mut shuffled);
        case.assert_accepted(&Case::output(&shuffled), "the solutions shuffled");
    }
}

#[test]
fn generated_inputs_are_judged_like_the_binary() {
    let mut rng = Rng::new(606);
    let mut several = 0;
    for i in 0..20 {
        // Connected groups mostly have solutions; a random deal of cells seldom has any.
        let groups = if i % 4 == 0 {
            gen::random_groups(&mut rng, 6)
        } else {
            gen::random_regions(&mut rng, 6)
        };
        let count = rng.between(2, 8);
        let givens = gen::random_givens(&mut rng, 6, &groups, count);
        let case = Case::new(gen::latin6_input(&groups, &givens, false).as_bytes());
        let mut shuffled = case.solutions.clone();
        rng.shuffle(&mut shuffled);
        if shuffled.is_empty() {
            case.assert_accepted("无解\n", "无解 where there is no solution");
        } else {
            case.assert_accepted(&Case::output(&shuffled), "the solutions shuffled");
            case.assert_rejected(b"\xe6\x97\xa0\xe8\xa7\xa3\n", "printed 无解");
        }
        if shuffled.len() > 1 {
            several += 1;
            shuffled.pop();
            case.assert_rejected(Case::output(&shuffled).as_bytes(), "only");
        }
    }
    assert!(
        several > 5,
        "only {} generated inputs have several solutions",
        several
    );
}

#[test]
fn each_fault_is_rejected() {
    let case = sample(2);
    let good = &case.solutions;

    let mut twice = good.clone();
    twice[8] = good[3].clone();
    case.assert_rejected(
        Case::output(&twice).as_bytes(),
        "solution 9 repeats solution 4",
    );

    case.assert_rejected(
        Case::output(&good[..8]).as_bytes(),
        "only 8 of the 9 solutions",
    );
    case.assert_rejected(b"", "empty output");

    let mut extra = good.clone();
    extra.push(good[0].clone());
    case.assert_rejected(Case::output(&extra).as_bytes(), "text after the last");

    let right = Case::output(good);
    for (from, to) in [
        ("\n2\n", "\n3\n"),
        ("1\n", "0\n"),
        ("\n2\n", "\n02\n"),
        ("\n2\n", "\n2 \n"),
    ] {
        let wrong = right.replacen(from, to, 1);
        case.assert_rejected(wrong.as_bytes(), "expected its number");
    }

    // Solution 1, row 1 is `D C E F B A`; its second cell is not given, its fifth is (`04B`).
    assert_eq!(good[0][0], "D C E F B A");
    let mut changed = good.clone();
    changed[0][0] = "D E E F B A".to_string();
    case.assert_rejected(
        Case::output(&changed).as_bytes(),
        "E appears twice in a row",
    );
    changed[0][0] = "D C E F A B".to_string();
    case.assert_rejected(
        Case::output(&changed).as_bytes(),
        "row 1, column 5 is given B but holds A",
    );

    for bad in [
        "D C E F B A ",
        "D C E F B",
        "D  C E F B A",
        "D,C,E,F,B,A",
        "DCEFBA",
        "d c e f b a",
        "D C E F B G",
    ] {
        let mut spoilt = good.clone();
        spoilt[0][0] = bad.to_string();
        case.assert_rejected(
            Case::output(&spoilt).as_bytes(),
            "solution 1, row 1: expected six letters",
        );
    }

    case.assert_rejected(right.trim_end().as_bytes(), "must end with a newline");
    case.assert_rejected(format!("{}\n", right).as_bytes(), "text after the last");
    case.assert_rejected(format!("{}junk\n", right).as_bytes(), "text after the last");
    case.assert_rejected(
        right.replace('\n', "\r\n").as_bytes(),
        "expected its number",
    );
}

#[test]
fn no_solution_is_exactly_the_line_wu_jie() {
    // Sample 1 with its givens and A twice in row 1: there is no solution.
    let text =
        std::fs::read_to_string(fixture_dir(Problem::Latin6).join("sample1.in")).expect("sample1");
    let input = text
        .replacen("6\n", "7\n00A\n", 1)
        .replacen("02C", "01A", 1);
    let case = Case::new(input.as_bytes());
    assert!(case.solutions.is_empty(), "the binary prints 无解");
    case.assert_accepted("无解\n", "无解");
    let solved = Case::output(&sample(1).solutions);
    for wrong in [
        "无解",
        "无解\n\n",
        " 无解\n",
        "no solution\n",
        "",
        solved.as_str(),
    ] {
        case.assert_rejected(wrong.as_bytes(), "the output must be the line 无解");
    }
}

#[test]
fn junk_never_crashes_the_checker() {
    let case = sample(1);
    let junk: [&[u8]; 8] = [
        b"-1",
        b"2147483648",
        b"0",
        b"1",
        b"1\na",
        b"\x00",
        b"\x80",
        b"1\n\xff\xfe\n",
    ];
    for output in junk.iter() {
        let judged = check_latin6(&case.input, &case.answer, output);
        assert_eq!(judged.code, Some(43), "{:?}: {}", output, judged.message);
        assert!(!judged.message.is_empty(), "{:?}: no judge message", output);
    }
}
