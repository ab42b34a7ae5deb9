//! The heavy-tail families of `cargo xtask bench --only tails`: legal inputs on which a
//! search can go astray for minutes, each family drawn whole (seeded) or read from the
//! fixtures, and timed one whole process per input, so that the table shows the median, the
//! 99th percentile and the slowest.
//!
//! - `tails-jigsaw-swapped`: 1,000 empty grids on the 3x3 boxes after 60-300 random swaps of
//!   cells between neighbouring regions (every region stays connected, 9 cells).
//! - `tails-jigsaw-path`: 1,000 empty grids whose regions are a random Hamiltonian path through
//!   the grid cut every 9 cells.
//! - `tails-jigsaw-givens`: 1,000 layouts of those two kinds, in turn, with 1-5 random givens
//!   that do not clash.
//! - `tails-target9-diagonal`: every grid with exactly two givens on one diagonal of one box
//!   (9 boxes, 2 diagonals, 3 pairs of cells, 72 ordered pairs of distinct digits: 3,888).
//! - `tails-target9-sparse`: 1,000 grids with 0-8 random givens that do not clash.
//! - `tails-latin6-rowswap`: the 90 groupings "group = row" with one column's cells swapped
//!   between two rows, no givens; none has a solution ([`gen::rows_swapped`] says why).
//! - `tails-latin6-groups`: 1,000 random partitions of the 36 cells into 6 groups of 6, with
//!   0-3 random givens that do not clash. Such a partition rarely admits many squares, so the
//!   time is the time to the decision; every input's number of solutions is counted, and the
//!   inputs with more than 1,000 get a row of their own.
//! - `tails-jigsaw-hunted`, `tails-target9-hunted`, `tails-latin6-hunted`: what
//!   `cargo xtask hunt` finds, the five costliest inputs of each of four hunts (seeds 1-4)
//!   of a fixed number of evaluations ([`HUNTS`]), so that they are the same on every
//!   machine. A hunt follows the engine's counters, so another engine finds other inputs:
//!   the folder, once made, is kept (delete it to hunt again). sima4 has none: every 4x4
//!   board is settled in a few dozen search nodes.
//! - `tails-jigsaw-fixtures`, `tails-target9-fixtures`: the hunted inputs kept as fixtures,
//!   the `*.in` files of `tests/fixtures/<problem>/hunted/` in name order, read in place:
//!   each was found by a hunt against a weak spot of the engine of its day, and the fixture
//!   tests check its output byte for byte. latin6 and sima4 keep no such folder.
//!
//! Each input holds one case (jigsaw's T is 1). A process that passes the time limit is killed
//! and counted as `> limit`, in the percentiles too. Standard output goes through a pipe to
//! the harness, which keeps its first lines to classify the answer.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use testkit::gen::{self, LayoutKind, Rng};
use testkit::process::{self, Sink, Stdin};
use xtask::hunt::instance::Rules;
use xtask::hunt::work::Engine;
use xtask::hunt::{climb, Budget, Shape};
use xtask::Problem;

/// The families, in the order of the table.
pub const FAMILIES: [&str; 12] = [
    "tails-jigsaw-swapped",
    "tails-jigsaw-path",
    "tails-jigsaw-givens",
    "tails-jigsaw-hunted",
    "tails-jigsaw-fixtures",
    "tails-target9-diagonal",
    "tails-target9-sparse",
    "tails-target9-hunted",
    "tails-target9-fixtures",
    "tails-latin6-rowswap",
    "tails-latin6-groups",
    "tails-latin6-hunted",
];

/// The hunted families: the problem, and the evaluations of each hunt.
const HUNTS: [(&str, Problem, u64); 3] = [
    ("tails-jigsaw-hunted", Problem::Jigsaw, 300),
    ("tails-target9-hunted", Problem::Target9, 200),
    ("tails-latin6-hunted", Problem::Latin6, 300),
];

/// The families of the hunted fixtures, one for each problem with a folder
/// `tests/fixtures/<problem>/hunted/`.
const FIXTURES: [(&str, Problem); 2] = [
    ("tails-jigsaw-fixtures", Problem::Jigsaw),
    ("tails-target9-fixtures", Problem::Target9),
];

/// The seeds of the hunts of a hunted family, and the inputs kept from each.
const HUNT_SEEDS: std::ops::RangeInclusive<u64> = 1..=4;
const HUNT_KEEP: usize = 5;
/// The pool of each hunt, and the most mutations a child takes.
const HUNT_SHAPE: Shape = Shape {
    pool: 8,
    mutations: 1,
};

/// The latin6 inputs with more solutions than this are shown apart.
const LATIN6_MANY: u64 = 1000;

/// One family's inputs, all of them; a run may time an evenly spaced sample of them.
pub struct Family {
    pub name: &'static str,
    pub problem: Problem,
    pub inputs: Vec<PathBuf>,
}

/// The family `name`: the fixtures under the workspace `root`, or generated into a folder of
/// `data` unless it is there already.
pub fn make(name: &'static str, root: &Path, data: &Path) -> Result<Family, String> {
    if let Some(&(_, problem)) = FIXTURES.iter().find(|f| f.0 == name) {
        return fixtures(name, problem, root);
    }
    if let Some(&(_, problem, evaluations)) = HUNTS.iter().find(|h| h.0 == name) {
        let count = HUNT_SEEDS.count() * HUNT_KEEP;
        let seeds = format!(
            "s{}-{}e{}",
            HUNT_SEEDS.start(),
            HUNT_SEEDS.end(),
            evaluations
        );
        return generated(name, count, &seeds, data, || hunted(problem, evaluations));
    }
    let (count, seed, write): (usize, u64, fn(&mut Rng, usize) -> String) = match name {
        "tails-jigsaw-swapped" => (1000, 11, |rng, _| {
            empty_jigsaw(&LayoutKind::Swapped.draw(rng, 9))
        }),
        "tails-jigsaw-path" => (1000, 12, |rng, _| empty_jigsaw(&gen::path_regions(rng))),
        "tails-jigsaw-givens" => (1000, 13, |rng, k| {
            let regions = match k % 2 {
                0 => LayoutKind::Swapped,
                _ => LayoutKind::Path,
            }
            .draw(rng, 9);
            let count = rng.between(1, 5);
            let givens = gen::random_givens(rng, 9, &regions, count);
            format!("1\n{}", gen::jigsaw_case(&regions, &givens))
        }),
        "tails-target9-diagonal" => (9 * 6 * 72, 0, |_, k| gen::target9_input(&diagonal_pair(k))),
        "tails-target9-sparse" => (1000, 15, |rng, _| {
            let count = rng.between(0, 8);
            gen::target9_input(&gen::random_givens(rng, 9, &gen::boxes(9), count))
        }),
        "tails-latin6-rowswap" => (6 * 15, 0, |_, k| {
            gen::latin6_input(&swapped_rows(k), &[0; 36], false)
        }),
        "tails-latin6-groups" => (1000, 17, |rng, _| {
            let groups = gen::random_groups(rng, 6);
            let count = rng.between(0, 3);
            let givens = gen::random_givens(rng, 6, &groups, count);
            gen::latin6_input(&groups, &givens, false)
        }),
        _ => unreachable!("a family of FAMILIES"),
    };
    generated(name, count, &format!("s{}", seed), data, || {
        let mut rng = Rng::new(seed);
        (0..count).map(|k| write(&mut rng, k)).collect()
    })
}

/// The family `name` of the `count` inputs `generate` makes, in a folder of `data` named
/// after `count` and `seeds`, generated unless it is there already.
fn generated(
    name: &'static str,
    count: usize,
    seeds: &str,
    data: &Path,
    generate: impl FnOnce() -> Vec<String>,
) -> Result<Family, String> {
    let dir = data.join(format!("{}-{}-{}", name, count, seeds));
    let path = |dir: &Path, k: usize| dir.join(format!("{:04}.in", k + 1));
    if !dir.exists() {
        eprintln!("bench: generating {}", dir.display());
        let err = |e: std::io::Error| format!("{}: {}", dir.display(), e);
        let partial = dir.with_extension("partial");
        if partial.exists() {
            fs::remove_dir_all(&partial).map_err(err)?;
        }
        fs::create_dir_all(&partial).map_err(err)?;
        for (k, text) in generate().iter().enumerate() {
            fs::write(path(&partial, k), text).map_err(err)?;
        }
        fs::rename(&partial, &dir).map_err(err)?;
    }
    Ok(Family {
        name,
        problem: Problem::named_in(name).expect("every family is named after its problem"),
        inputs: (0..count).map(|k| path(&dir, k)).collect(),
    })
}

/// The folder of `problem`'s hunted fixtures under the workspace `root`.
fn hunted_fixtures(root: &Path, problem: Problem) -> PathBuf {
    root.join("tests/fixtures")
        .join(problem.name())
        .join("hunted")
}

/// The family `name` of the `*.in` files of `problem`'s hunted fixtures under `root`, in name
/// order.
fn fixtures(name: &'static str, problem: Problem, root: &Path) -> Result<Family, String> {
    let dir = hunted_fixtures(root, problem);
    let err = |e: std::io::Error| format!("{}: {}", dir.display(), e);
    let mut inputs = Vec::new();
    for entry in fs::read_dir(&dir).map_err(err)? {
        let path = entry.map_err(err)?.path();
        if path.extension().is_some_and(|e| e == "in") {
            inputs.push(path);
        }
    }
    if inputs.is_empty() {
        return Err(format!("{}: no *.in files", dir.display()));
    }
    inputs.sort();
    Ok(Family {
        name,
        problem,
        inputs,
    })
}

/// The [`HUNT_KEEP`] costliest inputs of each hunt of `problem` from [`HUNT_SEEDS`], of
/// `evaluations` each.
fn hunted(problem: Problem, evaluations: u64) -> Vec<String> {
    let mut engine = Engine::new(problem);
    let budget = Budget {
        evaluations: Some(evaluations),
        time: None,
    };
    let mut inputs = Vec::new();
    for seed in HUNT_SEEDS {
        eprintln!("bench:   hunting {} with seed {}", problem.name(), seed);
        let found = climb(
            &Rules::all(problem),
            seed,
            HUNT_SHAPE,
            budget,
            &mut |instance| Some(engine.work(instance)),
        );
        let costliest = found.pool.iter().take(HUNT_KEEP);
        inputs.extend(costliest.map(|f| f.instance.input(problem)));
    }
    inputs
}

/// One jigsaw input: T = 1 and the empty grid on `regions`.
fn empty_jigsaw(regions: &[u8]) -> String {
    format!("1\n{}", gen::jigsaw_case(regions, &[0; 81]))
}

/// The `k`-th grid (of 3,888) with two givens on one diagonal of one box: box `k / 432`,
/// then the pair of cells (three on each diagonal), then the ordered pair of digits.
fn diagonal_pair(k: usize) -> Vec<u8> {
    let (cells, digits) = (k / 72, k % 72);
    let (b, diagonal) = (cells / 6, cells % 6);
    let (top, left) = (b / 3 * 3, b % 3 * 3);
    let cell = |i: usize| match diagonal / 3 {
        0 => (top + i) * 9 + left + i,
        _ => (top + i) * 9 + left + 2 - i,
    };
    let (i, j) = [(0, 1), (0, 2), (1, 2)][diagonal % 3];
    let first = (digits / 8 + 1) as u8;
    let second = (digits % 8 + 1) as u8;
    let second = if second >= first { second + 1 } else { second };
    let mut grid = vec![0u8; 81];
    grid[cell(i)] = first;
    grid[cell(j)] = second;
    grid
}

/// The `k`-th (of 90) grouping "group = row" with the cells of column `k / 15` swapped
/// between the `k % 15`-th pair of rows.
fn swapped_rows(k: usize) -> Vec<u8> {
    let pairs: Vec<(usize, usize)> = (0..6)
        .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
        .collect();
    let (a, b) = pairs[k % 15];
    gen::rows_swapped(k / 15, a, b)
}

/// At most `n` of `inputs`, evenly spaced.
pub fn sample(inputs: &[PathBuf], n: usize) -> Vec<PathBuf> {
    let n = n.min(inputs.len());
    (0..n)
        .map(|i| inputs[i * inputs.len() / n].clone())
        .collect()
}

/// What one process did with one input.
struct Timed {
    input: PathBuf,
    /// `None` if it was killed at the time limit.
    elapsed: Option<Duration>,
    answer: Answer,
}

/// The kind of answer, ordered as the table lists them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Answer {
    Unique,
    Multiple,
    NoSolution,
    Score(u32),
    Minus1,
    Solutions(u64),
    TimedOut,
    Failed(String),
    Unreadable,
}

impl Answer {
    /// The row of the table this answer counts in.
    fn class(&self) -> String {
        match self {
            Answer::Unique => "unique".to_string(),
            Answer::Multiple => "multiple".to_string(),
            Answer::NoSolution => "none".to_string(),
            Answer::Score(_) => "a score".to_string(),
            Answer::Minus1 => "-1".to_string(),
            Answer::Solutions(0) => "无解".to_string(),
            Answer::Solutions(n) if *n <= LATIN6_MANY => {
                format!("1-{} solutions", testkit::thousands(LATIN6_MANY))
            }
            Answer::Solutions(_) => {
                format!("over {} solutions", testkit::thousands(LATIN6_MANY))
            }
            Answer::TimedOut => "timed out".to_string(),
            Answer::Failed(why) => format!("failed: {}", why),
            Answer::Unreadable => "unreadable output".to_string(),
        }
    }

    /// The answer shown by the output `head` (its first bytes) of `lines` lines.
    fn read(problem: Problem, head: &[u8], lines: u64) -> Answer {
        let text = String::from_utf8_lossy(head);
        let mut rows = text.lines();
        match problem {
            Problem::Jigsaw => match (rows.next(), rows.next()) {
                (Some("Case 1:"), Some("No solution")) if lines == 2 => Answer::NoSolution,
                (Some("Case 1:"), Some("Multiple Solutions")) if lines == 2 => Answer::Multiple,
                (Some("Case 1:"), Some(row)) if lines == 10 && row.len() == 9 => Answer::Unique,
                _ => Answer::Unreadable,
            },
            Problem::Target9 => match rows.next() {
                Some("-1") if lines == 1 => Answer::Minus1,
                Some(score) if lines == 1 => {
                    score.parse().map_or(Answer::Unreadable, Answer::Score)
                }
                _ => Answer::Unreadable,
            },
            _ => match rows.next() {
                Some("无解") if lines == 1 => Answer::Solutions(0),
                Some("1") if lines.is_multiple_of(7) => Answer::Solutions(lines / 7),
                _ => Answer::Unreadable,
            },
        }
    }
}

/// Whether an answer is one a family's inputs may get.
type Allowed = fn(&Answer) -> bool;

/// The answers a family's inputs must get, and why, where that is known; `None` for any.
fn allowed(family: &str) -> Option<(&'static str, Allowed)> {
    match family {
        "tails-jigsaw-swapped" | "tails-jigsaw-path" => {
            Some(("an empty grid has no solution or several", |a| {
                matches!(a, Answer::Multiple | Answer::NoSolution)
            }))
        }
        "tails-target9-diagonal" => {
            Some(("two different digits in one box always complete", |a| {
                matches!(a, Answer::Score(_))
            }))
        }
        "tails-latin6-rowswap" => Some(("a row-swap grouping has no solution", |a| {
            *a == Answer::Solutions(0)
        })),
        _ => None,
    }
}

/// One family's runs.
pub struct FamilyResult {
    name: &'static str,
    problem: Problem,
    /// How many inputs the family has; `timed` may hold a sample of them.
    inputs: usize,
    timed: Vec<Timed>,
}

/// Runs `binary` once on each of `inputs`, killing a process after `limit`.
pub fn measure(
    family: &Family,
    inputs: &[PathBuf],
    binary: &Path,
    limit: Duration,
) -> Result<FamilyResult, String> {
    let mut timed = Vec::with_capacity(inputs.len());
    let progress = crate::progress::bar(inputs.len() as u64, &format!("bench: {}", family.name));
    for (k, input) in inputs.iter().enumerate() {
        if k % 100 == 0 && k > 0 && progress.is_hidden() {
            eprintln!("bench:   {} {}/{}", family.name, k, inputs.len());
        }
        timed.push(run(family.problem, binary, input, limit)?);
        progress.inc(1);
    }
    progress.finish_and_clear();
    Ok(FamilyResult {
        name: family.name,
        problem: family.problem,
        inputs: family.inputs.len(),
        timed,
    })
}

/// One process on `input`: its time and its answer.
fn run(problem: Problem, binary: &Path, input: &Path, limit: Duration) -> Result<Timed, String> {
    let ran = process::run_with(
        &mut Command::new(binary),
        Stdin::File(input),
        Sink::Digest(&[]),
        Sink::Collect,
        Some(limit),
    )
    .map_err(|e| format!("{} on {}: {}", binary.display(), input.display(), e))?;
    let answer = match ran.status {
        None => Answer::TimedOut,
        Some(status) if !status.success() => Answer::Failed(format!(
            "{}, {}",
            status,
            String::from_utf8_lossy(&ran.stderr)
                .lines()
                .next()
                .unwrap_or("")
        )),
        Some(_) => {
            let digest = ran.digest.expect("standard output is digested");
            Answer::read(problem, &digest.head, digest.lines)
        }
    };
    Ok(Timed {
        input: input.to_path_buf(),
        elapsed: ran.status.map(|_| ran.elapsed),
        answer,
    })
}

/// The `q`-th quantile (nearest rank) of `times`, where `None` (killed) is above every time.
fn quantile(times: &[Option<Duration>], q: f64, limit: Duration) -> String {
    let mut sorted: Vec<Option<Duration>> = times.to_vec();
    sorted.sort_by_key(|t| t.map_or((1, Duration::ZERO), |d| (0, d)));
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    match sorted[rank - 1] {
        Some(d) => crate::figures::duration(d),
        None => format!("> {}", crate::figures::duration(limit)),
    }
}

/// The tables of the tails families: one row per family, then one per family and kind of
/// answer, then each family's slowest inputs. Paths are shown relative to `base`.
pub fn report(results: &[FamilyResult], limit: Duration, base: &Path, out: &mut String) {
    let _ = writeln!(
        out,
        "\nHeavy-tail families: one process per input, killed after {} (`--timeout`):\n",
        crate::figures::duration(limit)
    );
    let _ = writeln!(
        out,
        "| family | inputs | median | p99 | max | over the limit | answers |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---|");
    let mut notes = Vec::new();
    for r in results {
        let classes = answer_classes(r);
        family_row(r, &classes, limit, out);
        notes.extend(family_notes(r, limit, base));
        r.classes_table(classes, limit, out);
    }
    let _ = writeln!(out);
    for note in notes {
        let _ = writeln!(out, "- {}", note);
    }
}

/// The times of a family's inputs by the class of their answer (all scores one class, any
/// number of latin6 solutions up to [`LATIN6_MANY`] one, more another), each with its name.
type Classes = BTreeMap<Answer, (String, Vec<Option<Duration>>)>;

/// The [`Classes`] of `r`'s answers.
fn answer_classes(r: &FamilyResult) -> Classes {
    let mut classes = Classes::new();
    for x in &r.timed {
        let key = match x.answer {
            Answer::Score(_) => Answer::Score(0),
            Answer::Solutions(n) if n > LATIN6_MANY => Answer::Solutions(LATIN6_MANY + 1),
            Answer::Solutions(n) if n > 0 => Answer::Solutions(1),
            Answer::Failed(_) => Answer::Failed(String::new()),
            ref a => a.clone(),
        };
        classes
            .entry(key)
            .or_insert_with(|| (x.answer.class(), Vec::new()))
            .1
            .push(x.elapsed);
    }
    classes
}

/// The row of `r` in the families' table.
fn family_row(r: &FamilyResult, classes: &Classes, limit: Duration, out: &mut String) {
    let t = testkit::thousands;
    let times: Vec<Option<Duration>> = r.timed.iter().map(|x| x.elapsed).collect();
    let answers: Vec<String> = classes
        .values()
        .map(|(class, v)| format!("{} {}", t(v.len() as u64), class))
        .collect();
    let inputs = if r.timed.len() == r.inputs {
        t(r.inputs as u64)
    } else {
        format!("{} of {}", t(r.timed.len() as u64), t(r.inputs as u64))
    };
    let _ = writeln!(
        out,
        "| {} | {} | {} | {} | {} | {} | {} |",
        r.name,
        inputs,
        quantile(&times, 0.5, limit),
        quantile(&times, 0.99, limit),
        quantile(&times, 1.0, limit),
        t(times.iter().filter(|x| x.is_none()).count() as u64),
        answers.join(", ")
    );
}

/// The notes on `r` under the table: the range of scores, latin6's solutions, wrong answers
/// (a family that allows only some) and the slowest inputs, named from `base`.
fn family_notes(r: &FamilyResult, limit: Duration, base: &Path) -> Vec<String> {
    let t = testkit::thousands;
    let mut notes = Vec::new();
    let scores: Vec<u32> = r
        .timed
        .iter()
        .filter_map(|x| match x.answer {
            Answer::Score(s) => Some(s),
            _ => None,
        })
        .collect();
    if let (Some(low), Some(high)) = (scores.iter().min(), scores.iter().max()) {
        notes.push(format!(
            "{}: scores {} to {}",
            r.name,
            t(*low as u64),
            t(*high as u64)
        ));
    }
    let solutions: Vec<u64> = r
        .timed
        .iter()
        .filter_map(|x| match x.answer {
            Answer::Solutions(n) => Some(n),
            _ => None,
        })
        .collect();
    if r.name.starts_with("tails-latin6") {
        notes.push(format!(
            "{}: {} solutions printed in all, at most {} on one input",
            r.name,
            t(solutions.iter().sum()),
            t(solutions.iter().copied().max().unwrap_or(0))
        ));
    }
    if let Some((why, ok)) = allowed(r.name) {
        let wrong: Vec<&Timed> = r
            .timed
            .iter()
            .filter(|x| !matches!(x.answer, Answer::TimedOut) && !ok(&x.answer))
            .collect();
        if let Some(first) = wrong.first() {
            notes.push(format!(
                "{}: {} WRONG answers ({}), e.g. {}: {}",
                r.name,
                wrong.len(),
                why,
                relative(&first.input, base),
                first.answer.class()
            ));
        }
    }
    let mut slowest: Vec<&Timed> = r.timed.iter().collect();
    slowest.sort_by_key(|x| x.elapsed.map_or((1, Duration::ZERO), |d| (0, d)));
    let shown: Vec<String> = slowest
        .iter()
        .rev()
        .take(3)
        .map(|x| {
            let time = x.elapsed.map_or_else(
                || format!("> {}", crate::figures::duration(limit)),
                crate::figures::duration,
            );
            format!("`{}` {}", relative(&x.input, base), time)
        })
        .collect();
    notes.push(format!("{}: slowest {}", r.name, shown.join(", ")));
    notes
}

impl FamilyResult {
    /// The family's times as its figure shows them.
    pub fn plot_times(&self) -> crate::plot::FamilyTimes {
        crate::plot::FamilyTimes {
            name: self.name.to_string(),
            problem: self.problem,
            times: self.timed.iter().map(|x| x.elapsed).collect(),
        }
    }

    /// Rows by kind of answer, when the family has more than one kind.
    fn classes_table(
        &self,
        classes: BTreeMap<Answer, (String, Vec<Option<Duration>>)>,
        limit: Duration,
        out: &mut String,
    ) {
        if classes.len() < 2 {
            return;
        }
        for (class, times) in classes.values() {
            let _ = writeln!(
                out,
                "| {}: {} | {} | {} | {} | {} | {} | |",
                self.name,
                class,
                testkit::thousands(times.len() as u64),
                quantile(times, 0.5, limit),
                quantile(times, 0.99, limit),
                quantile(times, 1.0, limit),
                testkit::thousands(times.iter().filter(|x| x.is_none()).count() as u64),
            );
        }
    }
}

fn relative(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_pairs_are_all_distinct_two_givens_in_one_box() {
        let grids: Vec<Vec<u8>> = (0..3888).map(diagonal_pair).collect();
        let mut sorted = grids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 3888);
        for grid in &grids {
            let cells: Vec<usize> = (0..81).filter(|&c| grid[c] != 0).collect();
            assert_eq!(cells.len(), 2);
            let (a, b) = (cells[0], cells[1]);
            assert_ne!(grid[a], grid[b]);
            assert_eq!(gen::boxes(9)[a], gen::boxes(9)[b], "one box");
            let (ra, ca, rb, cb) = (a / 9 % 3, a % 9 % 3, b / 9 % 3, b % 9 % 3);
            assert!(
                ra == ca && rb == cb || ra + ca == 2 && rb + cb == 2,
                "one diagonal"
            );
        }
    }

    #[test]
    fn row_swaps_are_90_distinct_groupings_of_six() {
        let mut all: Vec<Vec<u8>> = (0..90).map(swapped_rows).collect();
        for groups in &all {
            for g in 0..6 {
                assert_eq!(groups.iter().filter(|&&x| x == g).count(), 6);
            }
        }
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 90);
    }

    #[test]
    fn fixture_families_are_the_hunted_folders_each_after_its_hunted() {
        let root = testkit::workspace_root();
        for problem in Problem::ALL {
            let family = FIXTURES.iter().find(|f| f.1 == problem);
            let dir = hunted_fixtures(&root, problem);
            assert_eq!(family.is_some(), dir.is_dir(), "{}", dir.display());
            if let Some(&(name, _)) = family {
                let at = FAMILIES.iter().position(|&f| f == name).expect(name);
                assert_eq!(FAMILIES[at - 1], format!("tails-{}-hunted", problem));
                let inputs = fixtures(name, problem, &root).unwrap().inputs;
                assert!(inputs.windows(2).all(|w| w[0] < w[1]), "{:?}", inputs);
                assert!(inputs.iter().all(|p| p.starts_with(&dir)));
            }
        }
    }

    #[test]
    fn answers_are_read_from_the_output() {
        let read = |p, s: &str| Answer::read(p, s.as_bytes(), s.matches('\n').count() as u64);
        assert_eq!(
            read(Problem::Jigsaw, "Case 1:\nNo solution\n"),
            Answer::NoSolution
        );
        assert_eq!(
            read(Problem::Jigsaw, "Case 1:\nMultiple Solutions\n"),
            Answer::Multiple
        );
        let grid = format!("Case 1:\n{}", "123456789\n".repeat(9));
        assert_eq!(read(Problem::Jigsaw, &grid), Answer::Unique);
        assert_eq!(
            read(Problem::Jigsaw, "Case 2:\nNo solution\n"),
            Answer::Unreadable
        );
        assert_eq!(read(Problem::Target9, "2893\n"), Answer::Score(2893));
        assert_eq!(read(Problem::Target9, "-1\n"), Answer::Minus1);
        assert_eq!(read(Problem::Latin6, "无解\n"), Answer::Solutions(0));
        let two = "1\nA\nB\nC\nD\nE\nF\n2\nA\nB\nC\nD\nE\nF\n";
        assert_eq!(read(Problem::Latin6, two), Answer::Solutions(2));
        assert_eq!(read(Problem::Latin6, ""), Answer::Unreadable);
    }

    #[test]
    fn quantiles_count_killed_runs_as_slowest() {
        let ms = |n| Some(Duration::from_millis(n));
        let limit = Duration::from_secs(10);
        let times = [ms(3), None, ms(1), ms(2)];
        assert_eq!(quantile(&times, 0.5, limit), "2.00 ms");
        assert_eq!(quantile(&times, 0.75, limit), "3.00 ms");
        assert_eq!(quantile(&times, 1.0, limit), "> 10.00 s");
        let sample = sample(
            &(0..10)
                .map(|k| PathBuf::from(k.to_string()))
                .collect::<Vec<_>>(),
            3,
        );
        assert_eq!(sample, ["0", "3", "6"].map(PathBuf::from));
    }
}
