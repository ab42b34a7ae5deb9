//! `cargo xtask stress`: a release binary against the brute-force reference on random
//! instances, byte for byte, in the tradition of checking a fast solution against a slow one.
//!
//! ```text
//! cargo xtask stress <jigsaw|sima4|latin6|target9> [--cases N] [--seed S] [--binary PATH]
//! ```
//!
//! - Builds the binary with `cargo build --release -p <problem>` in the workspace (into
//!   `$CARGO_TARGET_DIR`, else `$CARGO_BUILD_TARGET_DIR`, else `target/`), unless `--binary`
//!   names an executable to test instead. Defaults: 2,000 cases, seed 1.
//! - The instances (see each problem's `attempt`): jigsaw grids on random connected layouts
//!   (a fifth on 3x3 boxes) with unique, minimal-unique, several and no completions, walls
//!   declared on both sides or loosely (one side, border gaps), and on the layouts of the
//!   bench's heavy tails (swapped boxes, Hamiltonian paths) with givens; sima4 boards with
//!   exactly one completion, and boards that break that promise, which the binary must refuse;
//!   latin6 on connected, scattered and boxed groups, with up to 2,000 solutions or none,
//!   written tight or spaced, givens in any order and sometimes repeated, and on the bench's
//!   row-swap groupings with givens; target9 grids of 24 to 45 givens with up to some
//!   thousands of completions, and grids with clashes or no completion. target9 has no
//!   counterpart of the bench's sparse grids: the reference's search, cut only by a plain
//!   bound, meets a good part of the completions, and a grid with 8 givens has some 10^14 of
//!   them (6.7 * 10^21 grids, 9^8 ways to fill 8 cells). Instances whose completions the plain
//!   reference cannot list within some milliseconds are drawn again, so a run's time stays
//!   predictable.
//! - jigsaw and sima4 go up to 200 (sima4: 100) cases per process, latin6 and target9 one;
//!   a tenth of the inputs have CRLF line ends.
//! - Every input's expected output comes from `testkit::reference`. A refused sima4 case must
//!   end the output after the cases before it, with exit status 1 and one stderr line
//!   `sima4: case K, line L, column C: ...` where L is a line of case K.
//! - On a mismatch the first failing input is shrunk (fewer cases, fewer givens, LF line
//!   ends, while it still fails) and printed with both outputs; the exit status is then 1.
//!   A process that runs longer than 10 s is killed and counts as a mismatch.
//! - While it runs, a bar on standard error shows the cases done and the time left, when
//!   standard error is a terminal (and is left out where it is not, as in CI logs).

mod givens;
mod jigsaw;
mod latin6;
mod shrink;
mod sima4;
mod target9;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use xtask::Problem;

use testkit::expected;
use testkit::gen::Rng;
use testkit::process;

use jigsaw::Jigsaw;
use latin6::Latin6;
use sima4::Sima4;
use target9::Target9;

/// The most search steps the reference may take on one instance (some milliseconds): harder
/// instances are drawn again, or left alone when shrinking.
const REFERENCE_STEPS: usize = 20_000;

/// A process that has not ended after this long is killed.
const TIMEOUT: Duration = Duration::from_secs(10);

/// Runs the stress test as `options` say.
pub fn main(options: &Options) -> Result<(), String> {
    let binary = match &options.binary {
        Some(path) => path.clone(),
        None => xtask::build_release(options.problem)?,
    };
    let start = Instant::now();
    let tally = match options.problem {
        Problem::Jigsaw => stress::<Jigsaw>(&binary, options)?,
        Problem::Sima4 => stress::<Sima4>(&binary, options)?,
        Problem::Latin6 => stress::<Latin6>(&binary, options)?,
        Problem::Target9 => stress::<Target9>(&binary, options)?,
    };
    println!(
        "{}: {} cases, {} mismatches (seed {}) in {:.1} s",
        options.problem,
        tally.cases,
        tally.mismatches,
        options.seed,
        start.elapsed().as_secs_f64()
    );
    if tally.mismatches == 0 {
        Ok(())
    } else {
        Err(format!("{} does not match the reference", options.problem))
    }
}

/// The command line of `cargo xtask stress`.
#[derive(clap::Parser, Debug)]
#[command(
    name = "stress",
    about = "A release binary against the brute-force reference on random instances"
)]
pub struct Options {
    /// The problem
    #[arg(value_parser = xtask::problem_parser())]
    problem: Problem,
    /// How many cases
    #[arg(long, value_name = "N", default_value_t = 2000)]
    cases: usize,
    /// The seed of the random instances
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Test this executable instead of building the problem's binary
    #[arg(long, value_name = "PATH")]
    binary: Option<PathBuf>,
}

/// One random instance of a problem, as the stress loop sees it.
trait Case: Clone {
    /// The most cases in one input: 1 for the problems that read a single case.
    const BATCH: usize;
    /// The problem, whose binary's name starts its error lines.
    const PROBLEM: Problem;

    /// One random instance, which may be too hard for the reference.
    fn attempt(rng: &mut Rng) -> Self;
    /// A random instance the reference can settle: attempts until one is
    /// [`Case::affordable`].
    fn generate(rng: &mut Rng) -> Self {
        loop {
            let case = Self::attempt(rng);
            if case.affordable() {
                return case;
            }
        }
    }
    /// The case's text inside the input (for a batch problem, without the count `T`).
    fn text(&self) -> String;
    /// The reference's answer, without the `Case` line ([`expected::header`]); `None` if the
    /// binary must refuse the case.
    fn expected(&self) -> Option<String>;
    /// How many givens the case has: shrinking drops them one at a time.
    fn givens(&self) -> usize;
    /// The case without its `index`-th given (counted from 0 in the case's own order).
    fn without_given(&self, index: usize) -> Self;
    /// Plainer ways to write the same case (tidier walls, fewer blank lines, ...), tried
    /// when shrinking so that the report shows the simplest input that still fails.
    fn plainer(&self) -> Vec<Self> {
        Vec::new()
    }
    /// Whether the reference answers this case in reasonable time (shrinking can make the
    /// number of completions explode).
    fn affordable(&self) -> bool {
        true
    }
}

/// A case with the reference's answer, computed once.
#[derive(Clone)]
struct Checked<C> {
    case: C,
    expected: Option<String>,
}

impl<C: Case> Checked<C> {
    fn new(case: C) -> Self {
        let expected = case.expected();
        Checked { case, expected }
    }
}

/// One input: some cases, with LF or CRLF line ends.
#[derive(Clone)]
struct Input<C> {
    cases: Vec<Checked<C>>,
    crlf: bool,
}

impl<C: Case> Input<C> {
    fn text(&self) -> String {
        let mut text = String::new();
        if C::BATCH > 1 {
            text = format!("{}\n", self.cases.len());
        }
        for checked in &self.cases {
            text.push_str(&checked.case.text());
        }
        if self.crlf {
            text.replace('\n', "\r\n")
        } else {
            text
        }
    }

    /// The expected standard output and, if a case must be refused, that case's number and
    /// the first and last line of its text.
    fn expected(&self) -> (String, Option<(usize, usize, usize)>) {
        let mut stdout = String::new();
        let mut line = if C::BATCH > 1 { 2 } else { 1 };
        for (i, checked) in self.cases.iter().enumerate() {
            let lines = checked.case.text().matches('\n').count();
            match &checked.expected {
                Some(answer) => stdout.push_str(&expected::case(C::PROBLEM, i + 1, answer)),
                None => return (stdout, Some((i + 1, line, line + lines - 1))),
            }
            line += lines;
        }
        (stdout, None)
    }

    /// Runs the binary on this input; `Some(failure)` if it does not do what it must.
    fn mismatch(&self, binary: &Path) -> Result<Option<Failure>, String> {
        let input = self.text();
        let run = execute(binary, &input)?;
        let (stdout, refused) = self.expected();
        let fault = if run.timed_out {
            Some(format!("no exit within {} s", TIMEOUT.as_secs()))
        } else if run.stdout != stdout.as_bytes() {
            Some("standard output differs".to_string())
        } else {
            match refused {
                None if run.status != Some(0) || !run.stderr.is_empty() => {
                    Some("expected exit status 0 and nothing on stderr".to_string())
                }
                None => None,
                Some((case, first, last)) => refusal_fault::<C>(&run, case, first, last),
            }
        };
        Ok(fault.map(|fault| {
            let mut report = format!("{}\n--- input ---\n{}", fault, input);
            let _ = write!(report, "--- expected stdout ---\n{}", stdout);
            if let Some((case, first, last)) = refused {
                let _ = writeln!(
                    report,
                    "--- expected: exit status 1, one stderr line \"{}: case {}, line {}..={}, column C: ...\"",
                    C::PROBLEM,
                    case,
                    first,
                    last
                );
            }
            let _ = write!(
                report,
                "--- actual stdout ---\n{}--- actual stderr ---\n{}--- actual exit status: {}",
                String::from_utf8_lossy(&run.stdout),
                String::from_utf8_lossy(&run.stderr),
                run.status.map_or_else(|| "none (killed by a signal)".to_string(), |s| s.to_string())
            );
            Failure {
                report,
                timed_out: run.timed_out,
            }
        }))
    }
}

/// What is wrong with the way the binary refused case `case` (lines `first..=last`), if
/// anything: it must exit with status 1 after one stderr line
/// `<problem>: case K, line L, column C: <message>` with L in `first..=last`.
fn refusal_fault<C: Case>(run: &Run, case: usize, first: usize, last: usize) -> Option<String> {
    let stderr = String::from_utf8_lossy(&run.stderr);
    let prefix = format!("{}: case {}, line ", C::PROBLEM, case);
    let well_formed = stderr.ends_with('\n') && stderr.matches('\n').count() == 1;
    let position = stderr.strip_prefix(&prefix).and_then(|rest| {
        let (line, rest) = rest.split_once(", column ")?;
        let (column, message) = rest.split_once(": ")?;
        let line: usize = line.parse().ok()?;
        let column: usize = column.parse().ok()?;
        (column >= 1 && !message.trim().is_empty()).then_some(line)
    });
    if run.status != Some(1) {
        Some("expected exit status 1 for a board without exactly one completion".to_string())
    } else if !well_formed || position.is_none() {
        Some(format!(
            "expected one stderr line \"{}K, column C: ...\"",
            prefix
        ))
    } else if !position.is_some_and(|line| (first..=last).contains(&line)) {
        Some(format!("the error names a line outside case {}", case))
    } else {
        None
    }
}

/// How the binary failed on an input.
struct Failure {
    /// What went wrong, the input, and the expected and actual results.
    report: String,
    /// Whether it was killed after [`TIMEOUT`].
    timed_out: bool,
}

/// The counts of one stress run.
struct Tally {
    cases: usize,
    mismatches: usize,
}

/// Generates and checks `options.cases` cases; prints the first failing input, shrunk.
fn stress<C: Case>(binary: &Path, options: &Options) -> Result<Tally, String> {
    let mut rng = Rng::new(options.seed);
    let mut tally = Tally {
        cases: 0,
        mismatches: 0,
    };
    let mut first_failure: Option<Input<C>> = None;
    let progress = crate::progress::bar(options.cases as u64, &format!("stress {}", C::PROBLEM));
    while tally.cases < options.cases {
        let wanted = rng.between(1, C::BATCH).min(options.cases - tally.cases);
        let mut cases = Vec::with_capacity(wanted);
        while cases.len() < wanted {
            let checked = Checked::new(C::generate(&mut rng));
            let refused = checked.expected.is_none();
            cases.push(checked);
            if refused {
                break;
            }
        }
        tally.cases += cases.len();
        if cases.last().is_some_and(|c| c.expected.is_none()) {
            // Cases after a refused one must not be answered at all.
            for _ in 0..rng.below(3).min(C::BATCH - cases.len()) {
                cases.push(Checked::new(C::generate(&mut rng)));
            }
        }
        let input = Input {
            cases,
            crlf: rng.percent(10),
        };
        let failed = input.mismatch(binary)?.is_some();
        progress.set_position(tally.cases as u64);
        if !failed {
            continue;
        }
        // Count the failing cases one by one; a batch that fails only as a whole counts once.
        // A case that hangs ends the count: each costs the whole timeout.
        let mut alone = 0;
        for checked in &input.cases {
            let single = Input {
                cases: vec![checked.clone()],
                crlf: input.crlf,
            };
            let failure = single.mismatch(binary)?;
            let timed_out = failure.as_ref().is_some_and(|f| f.timed_out);
            if failure.is_some() {
                alone += 1;
                if first_failure.is_none() {
                    first_failure = Some(single);
                }
            }
            if timed_out || checked.expected.is_none() {
                break;
            }
        }
        tally.mismatches += alone.max(1);
        if first_failure.is_none() {
            first_failure = Some(input);
        }
    }
    progress.finish_and_clear();
    if let Some(failure) = first_failure {
        let (input, report) = shrink::shrink(binary, failure)?;
        println!(
            "{}: mismatch, shrunk to {} case(s) with {} given(s): {}",
            C::PROBLEM,
            input.cases.len(),
            input.cases.iter().map(|c| c.case.givens()).sum::<usize>(),
            report
        );
    }
    Ok(tally)
}

/// What one process did.
struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// The exit status, `None` if killed by a signal or for taking too long.
    status: Option<i32>,
    timed_out: bool,
}

/// Runs `binary` with `input` on standard input, killing it after [`TIMEOUT`].
fn execute(binary: &Path, input: &str) -> Result<Run, String> {
    let ended = process::run(&mut Command::new(binary), input.as_bytes(), TIMEOUT)
        .map_err(|e| format!("running {}: {}", binary.display(), e))?;
    Ok(Run {
        stdout: ended.stdout,
        stderr: ended.stderr,
        status: ended.status.and_then(|s| s.code()),
        timed_out: ended.status.is_none(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_reject() {
        use clap::Parser;
        let parse = |line: &str| Options::try_parse_from(line.split(' '));
        let options = parse("stress latin6 --cases 7 --seed 9").unwrap();
        assert_eq!(
            (options.problem, options.cases, options.seed),
            (Problem::Latin6, 7, 9)
        );
        let defaults = parse("stress jigsaw").unwrap();
        assert_eq!((defaults.cases, defaults.seed), (2000, 1));
        assert!(parse("stress sudoku").is_err());
        assert!(parse("stress jigsaw --cases").is_err());
        assert!(parse("stress jigsaw sima4").is_err());
    }
}
