//! sima4 instances for `cargo xtask stress`: boards with one completion, and boards that
//! break that promise, which the binary must refuse.

use testkit::gen::{self, Rng};
use testkit::Problem;

use testkit::expected;

use super::givens::{drop_given, given_count};
use super::Case;

#[derive(Clone)]
pub(super) struct Sima4 {
    givens: Vec<u8>,
    blank_line: bool,
}

impl Case for Sima4 {
    const BATCH: usize = 100;
    const PROBLEM: Problem = Problem::Sima4;

    /// 88% unique (half of them minimal), 6% any number of completions from 0-6 givens of a
    /// grid (mostly several), 3% a clash, 3% unique givens plus a wrong digit.
    fn attempt(rng: &mut Rng) -> Self {
        let regions = gen::boxes(4);
        let solution = gen::random_solution(rng, 4, &regions).expect("4x4 grids exist");
        let start = rng.between(0, 8);
        let minimal = rng.percent(50);
        let kind = rng.below(100);
        let givens = match kind {
            88..=93 => {
                let count = rng.between(0, 6);
                gen::some_givens(rng, &solution, count)
            }
            _ => {
                let mut givens = gen::unique_givens(rng, 4, &regions, &solution, start, minimal);
                match kind {
                    94..=96 => {
                        let from = (0..16).rev().find(|&c| givens[c] != 0).unwrap_or(0);
                        let to = (0..16).find(|&c| {
                            c != from && (c / 4 == from / 4 || regions[c] == regions[from])
                        });
                        givens[to.unwrap_or(0)] = solution[from];
                    }
                    97..=99 => gen::wrong_digit(rng, 4, &solution, &mut givens),
                    _ => {}
                }
                givens
            }
        };
        Sima4 {
            givens,
            blank_line: rng.percent(50),
        }
    }

    fn text(&self) -> String {
        gen::sima4_case(&self.givens, self.blank_line)
    }

    fn expected(&self) -> Option<String> {
        expected::sima4_by_reference(&self.givens)
    }

    fn givens(&self) -> usize {
        given_count(&self.givens)
    }

    fn without_given(&self, index: usize) -> Self {
        Sima4 {
            givens: drop_given(&self.givens, index),
            ..self.clone()
        }
    }

    fn plainer(&self) -> Vec<Self> {
        match self.blank_line {
            true => vec![Sima4 {
                blank_line: false,
                ..self.clone()
            }],
            false => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{refusal_fault, Checked, Input, Run};
    use super::*;

    #[test]
    fn expected_output_stops_at_a_refused_case() {
        let unique = Sima4 {
            givens: vec![0, 2, 4, 3, 0, 3, 1, 2, 0, 4, 2, 1, 0, 1, 3, 4],
            blank_line: true,
        };
        let open = Sima4 {
            givens: vec![0; 16],
            blank_line: false,
        };
        let input = Input {
            cases: vec![
                Checked::new(unique.clone()),
                Checked::new(open),
                Checked::new(unique),
            ],
            crlf: true,
        };
        assert!(input.text().starts_with("3\r\n\r\n*243\r\n"));
        let (stdout, refused) = input.expected();
        assert_eq!(stdout, "Case #1:\n1243\n4312\n3421\n2134\n");
        // Line 1: T; lines 2-6: the blank line and case 1; lines 7-10: case 2.
        assert_eq!(refused, Some((2, 7, 10)));
    }

    #[test]
    fn refusals_are_judged_by_status_and_position() {
        let run = |stderr: &str, status| Run {
            stdout: Vec::new(),
            stderr: stderr.as_bytes().to_vec(),
            status: Some(status),
            timed_out: false,
        };
        let good = run("sima4: case 2, line 8, column 1: no completion\n", 1);
        assert_eq!(refusal_fault::<Sima4>(&good, 2, 7, 10), None);
        assert!(refusal_fault::<Sima4>(&good, 2, 9, 10).is_some());
        assert!(refusal_fault::<Sima4>(&good, 3, 7, 10).is_some());
        assert!(
            refusal_fault::<Sima4>(&run("sima4: case 2, line 8, column 1: x\n", 0), 2, 7, 10)
                .is_some()
        );
        assert!(refusal_fault::<Sima4>(
            &run("sima4: case 2, line 8, column 1: x\nmore\n", 1),
            2,
            7,
            10
        )
        .is_some());
    }
}
