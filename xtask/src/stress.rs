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

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use testkit::gen::{self, Rng};
use testkit::process;
use testkit::reference;
use testkit::workspace_root;

/// The most search steps the reference may take on one instance (some milliseconds): harder
/// instances are drawn again, or left alone when shrinking.
const REFERENCE_STEPS: usize = 20_000;

/// Shrinking a failure stops after this long, with the smallest failing input so far.
const SHRINK_TIME: Duration = Duration::from_secs(120);

/// A process that has not ended after this long is killed.
const TIMEOUT: Duration = Duration::from_secs(10);

/// Runs the stress test as `options` say.
pub fn main(options: &Options) -> Result<(), String> {
    let binary = match &options.binary {
        Some(path) => path.clone(),
        None => build(&options.problem)?,
    };
    let start = Instant::now();
    let tally = match options.problem.as_str() {
        "jigsaw" => stress::<Jigsaw>(&binary, options)?,
        "sima4" => stress::<Sima4>(&binary, options)?,
        "latin6" => stress::<Latin6>(&binary, options)?,
        _ => stress::<Target9>(&binary, options)?,
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
    #[arg(value_parser = ["jigsaw", "sima4", "latin6", "target9"])]
    problem: String,
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

/// Builds the release binary of `problem` and returns its path.
pub fn build(problem: &str) -> Result<PathBuf, String> {
    let root = workspace_root();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", problem])
        .current_dir(&root)
        .status()
        .map_err(|e| format!("cannot run cargo: {}", e))?;
    if !status.success() {
        return Err(format!("cargo build --release -p {} failed", problem));
    }
    Ok(crate::target_dir().join("release").join(format!(
        "{}{}",
        problem,
        std::env::consts::EXE_SUFFIX
    )))
}

/// One random instance of a problem, as the stress loop sees it.
trait Case: Clone {
    /// The most cases in one input: 1 for the problems that read a single case.
    const BATCH: usize;
    /// The binary's name, which starts its error lines.
    const PROBLEM: &'static str;

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
    /// The output line(s) that come before the answer of case `number` (from 1).
    fn header(number: usize) -> String;
    /// The reference's answer, without the header; `None` if the binary must refuse the case.
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
                Some(answer) => {
                    stdout.push_str(&C::header(i + 1));
                    stdout.push_str(answer);
                }
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
        if input.mismatch(binary)?.is_none() {
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
    if let Some(failure) = first_failure {
        let (input, report) = shrink(binary, failure)?;
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

/// The smallest input reached from `input` by dropping cases, then givens, then writing the
/// cases more plainly and with LF line ends, one step at a time while the binary still fails
/// on it, with the report of that failure. Stops early after [`SHRINK_TIME`].
fn shrink<C: Case>(binary: &Path, mut input: Input<C>) -> Result<(Input<C>, String), String> {
    let deadline = Instant::now() + SHRINK_TIME;
    let mut report = input
        .mismatch(binary)?
        .ok_or("the failure did not repeat: is the binary deterministic?")?
        .report;
    // Tries `smaller` in place of `input`; true if it still fails (and is taken).
    let mut take = |input: &mut Input<C>, smaller: Input<C>| -> Result<bool, String> {
        if smaller.cases.is_empty() || Instant::now() >= deadline {
            return Ok(false);
        }
        Ok(match smaller.mismatch(binary)? {
            Some(failure) => {
                (*input, report) = (smaller, failure.report);
                true
            }
            None => false,
        })
    };
    let mut chunk = input.cases.len() / 2;
    while chunk >= 1 {
        let mut start = 0;
        while start < input.cases.len() && input.cases.len() > 1 {
            let mut smaller = input.clone();
            let end = (start + chunk).min(smaller.cases.len());
            smaller.cases.drain(start..end);
            if !take(&mut input, smaller)? {
                start += chunk;
            }
        }
        chunk /= 2;
    }
    let mut progress = true;
    while progress {
        progress = false;
        for i in 0..input.cases.len() {
            let mut given = 0;
            while given < input.cases[i].case.givens() {
                let case = input.cases[i].case.without_given(given);
                let mut smaller = input.clone();
                if case.affordable() {
                    smaller.cases[i] = Checked::new(case);
                    if take(&mut input, smaller)? {
                        progress = true;
                        continue;
                    }
                }
                given += 1;
            }
        }
    }
    for i in 0..input.cases.len() {
        // Each step taken makes one thing plain for good, so the list gets shorter.
        let mut k = 0;
        while let Some(case) = input.cases[i].case.plainer().into_iter().nth(k) {
            let mut plainer = input.clone();
            plainer.cases[i] = Checked::new(case);
            if !take(&mut input, plainer)? {
                k += 1;
            }
        }
    }
    let lf = Input {
        crlf: false,
        ..input.clone()
    };
    if input.crlf {
        take(&mut input, lf)?;
    }
    Ok((input, report))
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

/// The rows of a full grid, one line each: digits together, or letters A-F with spaces.
fn rows(size: usize, grid: &[u8], letters: bool) -> String {
    grid.chunks(size)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&d| match letters {
                    true => char::from(b'A' + d - 1).to_string(),
                    false => d.to_string(),
                })
                .collect();
            cells.join(if letters { " " } else { "" }) + "\n"
        })
        .collect()
}

/// Writes a digit other than `solution[cell]` into a random empty cell of `givens` (if one
/// is empty): no completion is left, though the givens may not clash.
fn wrong_digit(rng: &mut Rng, size: usize, solution: &[u8], givens: &mut [u8]) {
    let empty: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
    if !empty.is_empty() {
        let cell = empty[rng.below(empty.len())];
        givens[cell] = (solution[cell] + rng.between(1, size - 1) as u8 - 1) % size as u8 + 1;
    }
}

/// The `index`-th nonzero cell of `givens` emptied.
fn drop_given(givens: &[u8], index: usize) -> Vec<u8> {
    let cell = (0..givens.len())
        .filter(|&c| givens[c] != 0)
        .nth(index)
        .expect("index below the number of givens");
    let mut fewer = givens.to_vec();
    fewer[cell] = 0;
    fewer
}

/// A random 9x9 layout that has a full grid (a tenth of them the 3x3 boxes), and the grid.
fn layout_with_solution(rng: &mut Rng, size: usize, boxes_percent: usize) -> (Vec<u8>, Vec<u8>) {
    loop {
        let regions = match rng.percent(boxes_percent) {
            true => gen::boxes(size),
            false => gen::random_regions(rng, size),
        };
        if let Some(solution) = gen::random_solution(rng, size, &regions) {
            return (regions, solution);
        }
    }
}

#[derive(Clone)]
struct Jigsaw {
    regions: Vec<u8>,
    givens: Vec<u8>,
    blank_line: bool,
    /// The seed of [`gen::jigsaw_case_loose`]'s walls, or `None` for walls on both sides.
    loose_walls: Option<u64>,
}

impl Jigsaw {
    /// A grid on a layout of the kinds that make the bench's heavy tails: half the 3x3 boxes
    /// after 60-300 swaps of cells between neighbouring regions, half a Hamiltonian path cut
    /// every 9 cells. A layout with a full grid gets 22-40 of its digits; one where the quick
    /// search finds none (mostly a layout that has none) gets 12-30 givens that do not clash,
    /// mostly without a completion. The empty grids of the bench are out of the reference's
    /// reach; these givens keep it to some milliseconds.
    fn on_tail_layout(rng: &mut Rng) -> Self {
        let regions = if rng.percent(50) {
            let swaps = rng.between(60, 300);
            gen::swapped_boxes(rng, swaps)
        } else {
            gen::path_regions(rng)
        };
        let givens = match gen::random_solution(rng, 9, &regions) {
            Some(solution) => {
                let count = rng.between(22, 40);
                gen::some_givens(rng, &solution, count)
            }
            None => {
                let count = rng.between(12, 30);
                gen::random_givens(rng, 9, &regions, count)
            }
        };
        Jigsaw {
            regions,
            givens,
            blank_line: rng.percent(50),
            loose_walls: rng.percent(30).then(|| rng.next_u64()),
        }
    }
}

impl Case for Jigsaw {
    const BATCH: usize = 200;
    const PROBLEM: &'static str = "jigsaw";

    /// 15% on the layouts of the bench's heavy tails ([`Jigsaw::on_tail_layout`]). The rest on
    /// a layout with a full grid (a fifth of them 3x3 boxes): 35% unique (minimal on the
    /// boxes), 20% any number of completions from 0-30 givens of the grid, 35% unique givens
    /// plus a wrong digit, 10% 20-40 givens of the grid with one changed. Instances the
    /// reference cannot settle in [`REFERENCE_STEPS`] are drawn again.
    fn attempt(rng: &mut Rng) -> Self {
        if rng.percent(15) {
            return Jigsaw::on_tail_layout(rng);
        }
        let (regions, solution) = layout_with_solution(rng, 9, 20);
        let givens = match rng.below(100) {
            0..=34 => {
                // Minimal givens on irregular layouts go down to 14-18, where the plain
                // reference takes seconds per check: only the boxes get them.
                let minimal = regions == gen::boxes(9);
                let start = rng.between(20, 32);
                gen::unique_givens(rng, 9, &regions, &solution, start, minimal)
            }
            35..=54 => {
                let count = rng.between(0, 30);
                gen::some_givens(rng, &solution, count)
            }
            55..=89 => {
                let start = rng.between(20, 32);
                let mut givens = gen::unique_givens(rng, 9, &regions, &solution, start, false);
                wrong_digit(rng, 9, &solution, &mut givens);
                givens
            }
            _ => {
                let count = rng.between(20, 40);
                let mut givens = gen::some_givens(rng, &solution, count);
                let cell = (0..81).filter(|&c| givens[c] != 0).nth(rng.below(count));
                if let Some(cell) = cell {
                    givens[cell] = givens[cell] % 9 + 1;
                }
                givens
            }
        };
        Jigsaw {
            regions,
            givens,
            blank_line: rng.percent(50),
            loose_walls: rng.percent(30).then(|| rng.next_u64()),
        }
    }

    fn text(&self) -> String {
        let grid = match self.loose_walls {
            Some(seed) => gen::jigsaw_case_loose(&mut Rng::new(seed), &self.regions, &self.givens),
            None => gen::jigsaw_case(&self.regions, &self.givens),
        };
        if self.blank_line {
            format!("\n{}", grid)
        } else {
            grid
        }
    }

    fn header(number: usize) -> String {
        format!("Case {}:\n", number)
    }

    fn expected(&self) -> Option<String> {
        Some(
            match reference::count_solutions(9, &self.regions, &self.givens, 2) {
                (0, _) => "No solution\n".to_string(),
                (1, Some(grid)) => rows(9, &grid, false),
                _ => "Multiple Solutions\n".to_string(),
            },
        )
    }

    fn givens(&self) -> usize {
        self.givens.iter().filter(|&&d| d != 0).count()
    }

    fn without_given(&self, index: usize) -> Self {
        Jigsaw {
            givens: drop_given(&self.givens, index),
            ..self.clone()
        }
    }

    fn affordable(&self) -> bool {
        reference::settles_within(9, &self.regions, &self.givens, 2, REFERENCE_STEPS)
    }

    fn plainer(&self) -> Vec<Self> {
        let mut plainer = Vec::new();
        if self.loose_walls.is_some() {
            plainer.push(Jigsaw {
                loose_walls: None,
                ..self.clone()
            });
        }
        if self.blank_line {
            plainer.push(Jigsaw {
                blank_line: false,
                ..self.clone()
            });
        }
        plainer
    }
}

#[derive(Clone)]
struct Sima4 {
    givens: Vec<u8>,
    blank_line: bool,
}

impl Case for Sima4 {
    const BATCH: usize = 100;
    const PROBLEM: &'static str = "sima4";

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
                    97..=99 => wrong_digit(rng, 4, &solution, &mut givens),
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

    fn header(number: usize) -> String {
        format!("Case #{}:\n", number)
    }

    fn expected(&self) -> Option<String> {
        match reference::count_solutions(4, &gen::boxes(4), &self.givens, 2) {
            (1, Some(grid)) => Some(rows(4, &grid, false)),
            _ => None,
        }
    }

    fn givens(&self) -> usize {
        self.givens.iter().filter(|&&d| d != 0).count()
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

/// The most solutions a latin6 instance may have (the reference lists them all).
const LATIN6_SOLUTIONS: usize = 2000;

#[derive(Clone)]
struct Latin6 {
    groups: Vec<u8>,
    /// `(row, column, letter 1..=6)` in the input's order; repeats agree.
    givens: Vec<(usize, usize, u8)>,
    spaced: bool,
}

impl Latin6 {
    /// The givens as a grid.
    fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0; 36];
        for &(r, c, d) in &self.givens {
            grid[r * 6 + c] = d;
        }
        grid
    }
}

/// Whether the reference lists the solutions of `grid` quickly and there are at most
/// [`LATIN6_SOLUTIONS`].
fn latin6_fits(groups: &[u8], grid: &[u8]) -> bool {
    reference::settles_within(6, groups, grid, usize::MAX, REFERENCE_STEPS)
        && reference::count_solutions(6, groups, grid, LATIN6_SOLUTIONS + 1).0 <= LATIN6_SOLUTIONS
}

impl Latin6 {
    /// A grouping of the bench's heavy tails: rows, with one column's cells swapped between two
    /// rows (never solvable), and 4-16 givens that do not clash, in row order. The bench gives
    /// none; the givens keep the reference to some milliseconds.
    fn rows_swapped(rng: &mut Rng) -> Self {
        let column = rng.below(6);
        let a = rng.below(6);
        let b = (a + rng.between(1, 5)) % 6;
        let groups = gen::rows_swapped(column, a.min(b), a.max(b));
        let count = rng.between(4, 16);
        let grid = gen::random_givens(rng, 6, &groups, count);
        Latin6 {
            givens: (0..36)
                .filter(|&c| grid[c] != 0)
                .map(|c| (c / 6, c % 6, grid[c]))
                .collect(),
            groups,
            spaced: rng.percent(30),
        }
    }
}

impl Case for Latin6 {
    const BATCH: usize = 1;
    const PROBLEM: &'static str = "latin6";

    /// 10% [`Latin6::rows_swapped`]. Otherwise groups: 45% connected, 35% scattered, 20% 2x3
    /// boxes. Givens: 4-20 from a full grid,
    /// more until at most 2,000 solutions are left; then 15% a wrong letter in an empty cell,
    /// 5% a letter copied into a peer; 10% repeat a given; half listed in random order.
    fn attempt(rng: &mut Rng) -> Self {
        if rng.percent(10) {
            return Latin6::rows_swapped(rng);
        }
        let (groups, solution) = loop {
            let groups = match rng.below(100) {
                0..=44 => gen::random_regions(rng, 6),
                45..=79 => gen::random_groups(rng, 6),
                _ => gen::boxes(6),
            };
            if let Some(solution) = gen::random_solution(rng, 6, &groups) {
                break (groups, solution);
            }
        };
        let mut cells: Vec<usize> = (0..36).collect();
        rng.shuffle(&mut cells);
        let mut count = rng.between(4, 20);
        let mut grid = vec![0; 36];
        loop {
            for &cell in &cells[..count] {
                grid[cell] = solution[cell];
            }
            if latin6_fits(&groups, &grid) {
                break;
            }
            count += 1;
        }
        // At most 35 givens: the statement promises n < 36.
        match rng.below(100) {
            _ if count >= 35 => {}
            0..=14 => wrong_digit(rng, 6, &solution, &mut grid),
            15..=19 => {
                let from = cells[0];
                let to =
                    (0..36).find(|&c| grid[c] == 0 && (c / 6 == from / 6 || c % 6 == from % 6));
                if let Some(to) = to {
                    grid[to] = grid[from];
                }
            }
            _ => {}
        }
        let mut givens: Vec<(usize, usize, u8)> = (0..36)
            .filter(|&c| grid[c] != 0)
            .map(|c| (c / 6, c % 6, grid[c]))
            .collect();
        if rng.percent(10) && givens.len() < 35 {
            givens.push(givens[rng.below(givens.len())]);
        }
        if rng.percent(50) {
            rng.shuffle(&mut givens);
        }
        Latin6 {
            groups,
            givens,
            spaced: rng.percent(30),
        }
    }

    fn text(&self) -> String {
        gen::latin6_input_list(&self.groups, &self.givens, self.spaced)
    }

    fn header(_number: usize) -> String {
        String::new()
    }

    fn expected(&self) -> Option<String> {
        let solutions = reference::all_solutions(6, &self.groups, &self.grid());
        if solutions.is_empty() {
            return Some("无解\n".to_string());
        }
        Some(
            solutions
                .iter()
                .enumerate()
                .map(|(i, grid)| format!("{}\n{}", i + 1, rows(6, grid, true)))
                .collect(),
        )
    }

    fn givens(&self) -> usize {
        self.givens.len()
    }

    fn without_given(&self, index: usize) -> Self {
        let mut fewer = self.clone();
        fewer.givens.remove(index);
        fewer
    }

    fn affordable(&self) -> bool {
        latin6_fits(&self.groups, &self.grid())
    }

    fn plainer(&self) -> Vec<Self> {
        let mut plainer = Vec::new();
        if self.spaced {
            plainer.push(Latin6 {
                spaced: false,
                ..self.clone()
            });
        }
        let mut sorted = self.givens.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted != self.givens {
            plainer.push(Latin6 {
                givens: sorted,
                ..self.clone()
            });
        }
        plainer
    }
}

/// The most search steps the reference may take to score all completions of a target9
/// instance (a fraction of a second).
const TARGET9_STEPS: usize = 100_000;

#[derive(Clone)]
struct Target9 {
    givens: Vec<u8>,
}

impl Case for Target9 {
    const BATCH: usize = 1;
    const PROBLEM: &'static str = "target9";

    /// 24-45 givens of a full grid, more until the reference scores every completion within
    /// [`TARGET9_STEPS`]; then 10% a digit copied into a peer (a clash), 10% a wrong digit in
    /// an empty cell.
    fn attempt(rng: &mut Rng) -> Self {
        let regions = gen::boxes(9);
        let solution = loop {
            if let Some(solution) = gen::random_solution(rng, 9, &regions) {
                break solution;
            }
        };
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut count = rng.between(24, 45);
        let mut case = Target9 {
            givens: vec![0; 81],
        };
        loop {
            for &cell in &cells[..count] {
                case.givens[cell] = solution[cell];
            }
            if case.affordable() {
                break;
            }
            count += 1;
        }
        match rng.below(100) {
            0..=9 => {
                let from = cells[0];
                let to = (0..81)
                    .find(|&c| case.givens[c] == 0 && (c / 9 == from / 9 || c % 9 == from % 9));
                if let Some(to) = to {
                    case.givens[to] = case.givens[from];
                }
            }
            10..=19 => wrong_digit(rng, 9, &solution, &mut case.givens),
            _ => {}
        }
        case
    }

    fn text(&self) -> String {
        gen::target9_input(&self.givens)
    }

    fn header(_number: usize) -> String {
        String::new()
    }

    fn expected(&self) -> Option<String> {
        Some(match reference::max_target9_score(&self.givens) {
            Some(score) => format!("{}\n", score),
            None => "-1\n".to_string(),
        })
    }

    fn givens(&self) -> usize {
        self.givens.iter().filter(|&&d| d != 0).count()
    }

    fn without_given(&self, index: usize) -> Self {
        Target9 {
            givens: drop_given(&self.givens, index),
        }
    }

    fn affordable(&self) -> bool {
        reference::settles_within(9, &gen::boxes(9), &self.givens, usize::MAX, TARGET9_STEPS)
    }
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
            (options.problem.as_str(), options.cases, options.seed),
            ("latin6", 7, 9)
        );
        let defaults = parse("stress jigsaw").unwrap();
        assert_eq!((defaults.cases, defaults.seed), (2000, 1));
        assert!(parse("stress sudoku").is_err());
        assert!(parse("stress jigsaw --cases").is_err());
        assert!(parse("stress jigsaw sima4").is_err());
    }

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

    #[test]
    fn latin6_expected_lists_numbered_solutions_or_none() {
        let groups = gen::boxes(6);
        let solution = gen::random_solution(&mut Rng::new(4), 6, &groups).unwrap();
        let givens: Vec<(usize, usize, u8)> =
            (0..34).map(|c| (c / 6, c % 6, solution[c])).collect();
        let case = Latin6 {
            groups,
            givens,
            spaced: false,
        };
        let expected = case.expected().unwrap();
        assert!(expected.starts_with("1\n"));
        assert_eq!(expected.lines().count(), 7);
        let mut clash = case.clone();
        clash.givens[0] = (0, 0, solution[1]); // the letter of cell (0, 1) in the same row
        assert_eq!(clash.expected().unwrap(), "无解\n");
    }

    #[test]
    fn row_swap_groupings_have_no_solution() {
        let mut rng = Rng::new(6);
        for _ in 0..5 {
            let case = loop {
                let case = Latin6::rows_swapped(&mut rng);
                if case.affordable() {
                    break case;
                }
            };
            let rows: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
            let moved = (0..36).filter(|&c| case.groups[c] != rows[c]).count();
            assert_eq!(moved, 2);
            assert!(!case.givens.is_empty());
            assert_eq!(case.expected().unwrap(), "无解\n");
        }
    }

    #[test]
    fn tail_layout_cases_are_irregular_with_givens() {
        let mut rng = Rng::new(7);
        let boxes = gen::boxes(9);
        for _ in 0..5 {
            let case = Jigsaw::on_tail_layout(&mut rng);
            assert_ne!(case.regions, boxes);
            assert!(case.givens() >= 12);
        }
    }

    #[test]
    fn shrinking_steps_remove_givens_in_order() {
        let givens = [0, 3, 0, 4];
        assert_eq!(drop_given(&givens, 1), [0, 3, 0, 0]);
        let mut rng = Rng::new(2);
        let solution = [1, 2, 3, 4];
        let mut partial = [1, 0, 0, 0];
        wrong_digit(&mut rng, 4, &solution, &mut partial);
        let changed: Vec<usize> = (1..4).filter(|&c| partial[c] != 0).collect();
        assert_eq!(changed.len(), 1);
        assert_ne!(partial[changed[0]], solution[changed[0]]);
    }
}
