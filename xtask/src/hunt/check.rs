//! What a found input's output must be, from the brute-force reference of
//! `testkit::reference`, when the reference settles it within a number of its search steps
//! (a step count, not a time, so that a hunt's report is the same on every machine), and for
//! target9 from an exact 0-1 program solver, `tools/target9_milp.py`, if asked for.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use testkit::expected;
use testkit::gen;
use testkit::process;
use testkit::reference;
use testkit::Problem;

use super::instance::Instance;

/// The latin6 solutions the reference lists at most: each costs it a search step anyway,
/// and the expected text is held in memory.
const LATIN6_SOLUTIONS: usize = 100_000;

/// The bytes the binary must print on `instance`, or `None` if the reference does not settle
/// it within `steps` search steps. As slow as `steps` steps of the reference (a few
/// microseconds each).
pub fn expected_output(problem: Problem, instance: &Instance, steps: usize) -> Option<String> {
    let (regions, givens) = (&instance.regions, &instance.givens);
    let answer = match problem {
        Problem::Jigsaw => reference::settles_within(9, regions, givens, 2, steps)
            .then(|| expected::jigsaw_by_reference(regions, givens)),
        Problem::Sima4 => expected::sima4_by_reference(givens),
        Problem::Latin6 => (reference::settles_within(6, regions, givens, LATIN6_SOLUTIONS, steps)
            && reference::count_solutions(6, regions, givens, LATIN6_SOLUTIONS).0
                < LATIN6_SOLUTIONS)
            .then(|| expected::latin6_by_reference(regions, givens)),
        Problem::Target9 => {
            let weights = testkit::target9_weights();
            match reference::best_score(9, &gen::boxes(9), givens, &weights, steps) {
                (best, true) => Some(expected::target9(best)),
                (_, false) => None,
            }
        }
    };
    answer.map(|answer| expected::case(problem, 1, &answer))
}

/// How a found input's output is checked.
pub struct Checks {
    /// How long the binary (and the MILP check) may run on one input.
    pub run_limit: Duration,
    /// The search steps the reference may take to settle an input.
    pub reference_steps: usize,
    /// A Python with SciPy for `tools/target9_milp.py`, for the target9 inputs the reference
    /// does not settle.
    pub milp: Option<PathBuf>,
}

impl Checks {
    /// How `stdout`, the binary's output on `instance` (written at `input`), compares with
    /// the reference, or else the MILP check: one line, starting `DIFFERS` if it differs.
    pub fn judge(
        &self,
        problem: Problem,
        instance: &Instance,
        input: &Path,
        stdout: &[u8],
    ) -> String {
        if let Some(expected) = expected_output(problem, instance, self.reference_steps) {
            return match expected.as_bytes() == stdout {
                true => "the reference agrees".to_string(),
                false => "DIFFERS from the reference".to_string(),
            };
        }
        let unsettled = format!(
            "the reference does not settle it in {} steps",
            self.reference_steps
        );
        let python = match (&self.milp, problem) {
            (Some(python), Problem::Target9) => python,
            _ => return format!("not cross-checked: {}", unsettled),
        };
        match milp_score(python, input, self.run_limit) {
            Ok(score) if score.as_bytes() == stdout => {
                format!("{}; HiGHS (tools/target9_milp.py) agrees", unsettled)
            }
            Ok(score) => format!(
                "DIFFERS from HiGHS (tools/target9_milp.py): {}",
                score.trim()
            ),
            Err(why) => format!(
                "not cross-checked: {}; tools/target9_milp.py: {}",
                unsettled, why
            ),
        }
    }
}

/// The score line `tools/target9_milp.py` proves for the target9 input at `input`, run with
/// `python` and killed after `limit`.
fn milp_score(python: &Path, input: &Path, limit: Duration) -> Result<String, String> {
    let script = testkit::workspace_root().join("tools/target9_milp.py");
    let mut command = Command::new(python);
    command.arg(script).arg(input);
    let run = process::run(&mut command, b"", limit).map_err(|e| e.to_string())?;
    match run.status {
        None => return Err(format!("killed after {:.0} s", limit.as_secs_f64())),
        Some(status) if !status.success() => {
            return Err(String::from_utf8_lossy(&run.stderr).trim().to_string())
        }
        Some(_) => {}
    }
    // `PATH: SCORE (T s)`
    let text = String::from_utf8_lossy(&run.stdout);
    let score = text
        .trim_end()
        .rsplit_once(": ")
        .and_then(|(_, rest)| rest.split(' ').next())
        .filter(|score| score.parse::<i64>().is_ok())
        .ok_or_else(|| format!("unexpected output {:?}", text))?;
    Ok(format!("{}\n", score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_settles_easy_inputs_and_gives_up_on_hard_ones() {
        let boxes = Instance {
            regions: gen::boxes(9),
            givens: vec![0; 81],
        };
        assert_eq!(
            expected_output(Problem::Jigsaw, &boxes, 1000).as_deref(),
            Some("Case 1:\nMultiple Solutions\n")
        );
        assert_eq!(expected_output(Problem::Target9, &boxes, 1000), None);
        let mut rng = testkit::gen::Rng::new(2);
        let groups = gen::boxes(6);
        let mut givens = gen::random_solution(&mut rng, 6, &groups).expect("a full square");
        for cell in [0, 7, 14, 21, 28, 35] {
            givens[cell] = 0;
        }
        let few = Instance {
            regions: groups,
            givens,
        };
        let text = expected_output(Problem::Latin6, &few, 10_000).expect("settled");
        assert!(text.starts_with("1\n"), "{}", text);
        assert_eq!(
            text,
            expected::latin6_by_reference(&few.regions, &few.givens)
        );
    }
}
