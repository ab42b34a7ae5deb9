//! Valid but unusual input reads the same as the tidy original: CRLF, tabs, everything on one
//! line, no final newline, spaced characters, T = 0, walls declared on one side only.

#![forbid(unsafe_code)]

use assert_cmd::Command;
use std::fs;
use tests::{binary, fixture_dir, Problem};

fn output_of(problem: Problem, input: &str) -> String {
    let run = Command::new(binary(problem))
        .write_stdin(input)
        .assert()
        .success()
        .stderr("");
    String::from_utf8_lossy(&run.get_output().stdout).into_owned()
}

fn fixture(problem: Problem, name: &str) -> String {
    fs::read_to_string(fixture_dir(problem).join(name)).expect("fixture")
}

/// Whitespace variants that keep line structure: CRLF, tabs for spaces, no final newline,
/// blank lines and trailing blanks around every line.
fn line_variants(input: &str) -> Vec<String> {
    vec![
        input.replace('\n', "\r\n"),
        input.replace(' ', "\t"),
        input.trim_end().to_string(),
        input
            .lines()
            .map(|l| format!(" \t{}  \n\n", l))
            .collect::<String>(),
    ]
}

#[test]
fn number_inputs_read_the_same_whatever_the_whitespace() {
    for (problem, name) in [
        (Problem::Jigsaw, "sample.in"),
        (Problem::Target9, "sample1.in"),
        (Problem::Target9, "sample2.in"),
    ] {
        let input = fixture(problem, name);
        let expected = fixture(problem, &name.replace(".in", ".out"));
        let mut variants = line_variants(&input);
        // Numbers do not care about lines at all.
        variants.push(input.split_whitespace().collect::<Vec<_>>().join(" "));
        for v in variants {
            assert_eq!(output_of(problem, &v), expected, "{} on {:?}", problem, v);
        }
    }
}

#[test]
fn grid_inputs_read_the_same_whatever_the_whitespace() {
    for (problem, name) in [
        (Problem::Sima4, "sample.in"),
        (Problem::Sima4, "sample_no_blank_lines.in"),
        (Problem::Latin6, "sample1.in"),
        (Problem::Latin6, "sample2.in"),
    ] {
        let input = fixture(problem, name);
        let expected = fixture(problem, &name.replace(".in", ".out"));
        let mut variants = line_variants(&input);
        // Spaces between the characters of a row or a given.
        variants.push(
            input
                .lines()
                .map(|l| {
                    let spaced: Vec<String> = l.chars().map(|c| c.to_string()).collect();
                    format!("{}\n", spaced.join(" "))
                })
                .collect(),
        );
        for v in variants {
            assert_eq!(output_of(problem, &v), expected, "{} on {:?}", problem, v);
        }
    }
}

#[test]
fn zero_cases_print_nothing() {
    assert_eq!(output_of(Problem::Jigsaw, "0\n"), "");
    assert_eq!(output_of(Problem::Sima4, "0"), "");
}

#[test]
fn jigsaw_walls_on_one_side_only_and_no_border() {
    let input = fixture(Problem::Jigsaw, "sample.in");
    let expected = fixture(Problem::Jigsaw, "sample.out");
    let mut tokens = input.split_whitespace();
    let t = tokens.next().expect("T");
    let values: Vec<u32> = tokens.map(|v| v.parse().expect("number")).collect();
    // Keep only the walls to the right and below, and none on the outer border.
    let one_sided: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let (r, c) = (i % 81 / 9, i % 9);
            let mut w = v & (32 | 64);
            if c == 8 {
                w &= !32;
            }
            if r == 8 {
                w &= !64;
            }
            ((v & 15) | w).to_string()
        })
        .collect();
    let text = format!("{}\n{}\n", t, one_sided.join(" "));
    assert_eq!(output_of(Problem::Jigsaw, &text), expected);
}

#[test]
fn latin6_duplicate_givens_that_agree() {
    let input = fixture(Problem::Latin6, "sample1.in");
    let expected = fixture(Problem::Latin6, "sample1.out");
    let doubled = input.replacen("\n6\n", "\n7\n", 1) + "02C\n";
    assert!(doubled.contains("\n7\n"));
    assert_eq!(output_of(Problem::Latin6, &doubled), expected);
}

#[test]
fn latin6_givens_that_disagree_have_no_solution() {
    let input = fixture(Problem::Latin6, "sample1.in");
    let clash = input.replacen("\n6\n", "\n7\n", 1) + "02D\n";
    assert_eq!(output_of(Problem::Latin6, &clash), "无解\n");
}
