//! `cargo xtask bench`: whole-process timings of the four release binaries on the benchmark
//! data sets, side by side with the published peers measured in the same run.
//!
//! ```text
//! cargo xtask bench [--runs N] [--quick] [--only SET[,SET...]] [--no-peers] [--peer-timeout S]
//!                   [--timeout S] [--sample N] [--markdown FILE] [--plots DIR] [--data DIR]
//! ```
//!
//! - Builds the binaries with `cargo build --release -p ...` in the workspace (into
//!   `$CARGO_TARGET_DIR`, else `$CARGO_BUILD_TARGET_DIR`, else `target/`).
//! - Most sets are made here: `testkit::gen` draws them with fixed seeds, once, into
//!   `<target>/bench-data/` (delete the folder to draw them anew); the 20 official target9
//!   tests are in `tests/fixtures`. What the repository cannot hold comes from a data folder,
//!   `--data DIR` (default: `../shared` beside the workspace, if it is there):
//!   `DIR/bench/17_clue.txt` and `DIR/bench/forum_hardest_1905_11plus.txt`, tdoku's
//!   `puzzles2_17_clue` and `puzzles5_forum_hardest_1905_11+` from `data.zip` in the tdoku
//!   repository (t-dillon/tdoku on GitHub), shown as jigsaw grids on the 3x3 boxes; and
//!   `DIR/peers/<problem>_seed.cpp`, the C++ solutions published with the problems'
//!   write-ups, compiled with `g++ -O2` into `<target>/peers`. Whatever is missing is
//!   skipped, and the report's heading says what and where to get it.
//! - Every run is a whole process: standard input from the file, standard output to
//!   `/dev/null`, timed from spawn to exit. Ours runs `N` times (default 5, `--quick` 3) per
//!   input after one untimed check run; a peer runs up to `N` times, fewer once its time on one
//!   input passes [`PEER_BUDGET`] (the table says how many). Figures are medians.
//! - The check run sends our output through a pipe that counts lines and hashes the bytes, under
//!   `/usr/bin/time -f %M` for the peak resident memory (the column stays empty without it). The
//!   peer's first timed run does the same where its output format is ours (jigsaw, target9), so
//!   the table can say whether the two outputs are the same.
//! - A peer process is killed after `--peer-timeout` seconds (default 60, `--quick` 10) on a
//!   target9 grid, after ten times that on the other sets (the jigsaw peer can loop), and is
//!   then reported as `> T`.
//! - `--quick` cuts every large set to about a tenth. `--only` keeps the sets whose name starts
//!   with one of the given words (`jigsaw`, `target9-noip`, ...).
//! - The report goes to standard output as Markdown, headed by the date, the commit, the
//!   machine, the compiler and what was skipped and why; `--markdown FILE` writes it to FILE
//!   as well, so that the figures quoted in the docs are copied, never typed; `--plots DIR`
//!   draws the figures of `plot.rs` from the same runs into DIR.
//! - While a set runs, a bar on standard error shows the processes done and the time left,
//!   when standard error is a terminal; otherwise a line per input of a set says where it is.
//! - `--only tails` runs the heavy-tail families of `tails.rs` instead (they are not in the
//!   default run): one process per input, each killed after `--timeout` seconds (default 10)
//!   and then reported as `> limit`; `--quick` times a tenth of each family, `--sample N` N
//!   inputs of each, evenly spaced.

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;
use std::time::{Duration, SystemTime};

use crate::progress::{self, ProgressBar};
use crate::{plot, tails};
use testkit::digest::Digest;
use testkit::gen::{self, Rng};
use testkit::process::{self, Sink, Stdin};
use testkit::reference;
use testkit::{thousands, workspace_root};

/// A peer is run again on one input only while its time on that input stays under this.
const PEER_BUDGET: Duration = Duration::from_secs(30);

/// The data sets, in the order of the table.
const SETS: [&str; 8] = [
    "jigsaw-17clue",
    "jigsaw-hardest",
    "jigsaw-random",
    "target9-noip",
    "target9-sparse",
    "target9-empty",
    "latin6-empty",
    "sima4-unique",
];

/// The solutions of the empty 6x6 grid with 2x3 groups.
const LATIN6_EMPTY_SOLUTIONS: usize = 28_200_960;

/// The two jigsaw answers that are not a grid.
const JIGSAW_VERDICTS: [&str; 2] = ["No solution", "Multiple Solutions"];

/// The path of `/usr/bin/time`, which reports the peak resident memory with `-f %M`.
const GNU_TIME: &str = "/usr/bin/time";

/// Runs the bench as `options` say; `args` (the command line after `bench`) heads the report.
pub fn main(options: &Options, args: &[String]) -> Result<(), String> {
    // The tails families run only when asked for: thousands of processes, each up to the
    // time limit.
    let chosen = |name: &&str| {
        options.only.iter().any(|w| name.starts_with(w.as_str()))
            || (options.only.is_empty() && !name.starts_with("tails"))
    };
    let sets: Vec<&str> = SETS.iter().copied().filter(chosen).collect();
    let families: Vec<&'static str> = tails::FAMILIES.iter().copied().filter(chosen).collect();
    if sets.is_empty() && families.is_empty() {
        return Err(format!(
            "--only matches no data set; the sets: {}, {}",
            SETS.join(", "),
            tails::FAMILIES.join(", ")
        ));
    }
    let paths = Paths::new(options.data.as_deref())?;
    let mut notes = Vec::new();
    let mut skipped = Vec::new();
    let left_out: Vec<&str> = SETS
        .iter()
        .chain(tails::FAMILIES.iter())
        .copied()
        .filter(|name| !chosen(name))
        .collect();
    if !left_out.is_empty() {
        skipped.push(format!(
            "{}: not asked for ({})",
            left_out.join(", "),
            if options.only.is_empty() {
                "the heavy-tail families run with `--only tails`"
            } else {
                "`--only`"
            }
        ));
    }

    let mut problems: Vec<&str> = sets.iter().map(|s| xtask::problem_of(s)).collect();
    problems.extend(families.iter().map(|f| xtask::problem_of(f)));
    problems.sort_unstable();
    problems.dedup();
    build_ours(&problems)?;
    let peers = if sets.is_empty() {
        None
    } else if !options.no_peers {
        build_peers(&paths, &mut skipped)
    } else {
        skipped.push("the peers' columns: not asked for (`--no-peers`)".to_string());
        None
    };

    fs::create_dir_all(&paths.data).map_err(|e| format!("{}: {}", paths.data.display(), e))?;
    let mut results = Vec::new();
    for name in sets {
        let set = match make_set(name, options, &paths, &mut skipped)? {
            Some(set) => set,
            None => continue,
        };
        let ours = xtask::release_binary(set.problem);
        let peer = peers
            .as_ref()
            .map(|dir| dir.join(set.problem))
            .filter(|program| program.exists());
        eprintln!(
            "bench: {} ({} inputs, {} cases)",
            set.name,
            set.inputs.len(),
            set.cases
        );
        match measure_set(&set, &ours, peer.as_deref(), options, &paths) {
            Ok(result) => results.push(result),
            Err(message) => notes.push(format!("{}: FAILED: {}", set.name, message)),
        }
    }
    let mut tails_results = Vec::new();
    for name in families {
        let family = tails::make(name, &paths.data)?;
        let all = family.inputs.len();
        let count = match options.sample {
            Some(n) => n,
            None => options.size(all),
        };
        let inputs = tails::sample(&family.inputs, count);
        eprintln!("bench: {} ({} of {} inputs)", name, inputs.len(), all);
        let ours = xtask::release_binary(family.problem);
        tails_results.push(tails::measure(&family, &inputs, &ours, options.timeout)?);
    }
    let mut text = String::new();
    heading(args, &paths, &skipped, &mut text);
    report(options, &results, &notes, &mut text);
    if !tails_results.is_empty() {
        tails::report(&tails_results, options.timeout, &paths.root, &mut text);
    }
    print!("{}", text);
    if let Some(path) = &options.markdown {
        fs::write(path, &text).map_err(|e| format!("{}: {}", path.display(), e))?;
        eprintln!("bench: wrote {}", path.display());
    }
    if let Some(dir) = &options.plots {
        let sets: Vec<plot::SetTimes> = results.iter().map(SetResult::plot_times).collect();
        let families: Vec<plot::FamilyTimes> = tails_results
            .iter()
            .map(tails::FamilyResult::plot_times)
            .collect();
        let note = format!("commit {}", commit(&paths.root));
        for path in plot::write(dir, &sets, &families, options.timeout, &note)? {
            eprintln!("bench: wrote {}", path.display());
        }
    }
    Ok(())
}

/// The command line of `cargo xtask bench`.
#[derive(clap::Parser, Debug)]
#[command(
    name = "bench",
    about = "Whole-process timings of the release binaries, beside the published peers"
)]
pub struct Options {
    /// Timed runs of ours per input [default: 5, with --quick 3]
    #[arg(long, value_name = "N", value_parser = positive)]
    runs: Option<usize>,
    /// A tenth of each large set and of each heavy-tail family
    #[arg(long)]
    quick: bool,
    /// Only the sets whose names start with one of these words (`tails`: the heavy-tail
    /// families, which the default run leaves out)
    #[arg(long, value_name = "SET", value_delimiter = ',')]
    only: Vec<String>,
    /// Leave the peers out
    #[arg(long)]
    no_peers: bool,
    /// Kill a peer after this long on a target9 grid, ten times this elsewhere [default: 60,
    /// with --quick 10]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    peer_timeout: Option<Duration>,
    /// Kill a process on a heavy-tail input after this long
    #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value = "10")]
    timeout: Duration,
    /// Time N inputs of each heavy-tail family, evenly spaced [default: all, with --quick a
    /// tenth]
    #[arg(long, value_name = "N", value_parser = positive)]
    sample: Option<usize>,
    /// Write the report to FILE as well
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Draw the figures into DIR as well (SVG): bench-sets.svg, the sets' times beside the
    /// peers'; tails-<problem>.svg, each heavy-tail family's distribution of times
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
    /// The folder of the sets and peers kept outside the repository [default: ../shared beside
    /// the workspace, if it is there]
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
}

/// A count of at least 1.
pub fn positive(text: &str) -> Result<usize, String> {
    match text.parse() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("a positive integer, not {:?}", text)),
    }
}

/// A positive number of seconds.
fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("a positive number of seconds, not {:?}", text)),
    }
}

impl Options {
    fn runs(&self) -> usize {
        self.runs.unwrap_or(if self.quick { 3 } else { 5 })
    }

    fn peer_timeout(&self) -> Duration {
        self.peer_timeout
            .unwrap_or_else(|| Duration::from_secs(if self.quick { 10 } else { 60 }))
    }

    /// `full` cases, or a tenth of them with `--quick`.
    fn size(&self, full: usize) -> usize {
        if self.quick {
            (full / 10).max(1)
        } else {
            full
        }
    }
}

struct Paths {
    root: PathBuf,
    target: PathBuf,
    data: PathBuf,
    /// The folder of sets and peers kept outside the repository (`--data`), if there is one.
    shared: Option<PathBuf>,
}

impl Paths {
    /// The paths, with `data` (`--data DIR`) as the outside folder, else `../shared` beside the
    /// workspace if it is there.
    fn new(data: Option<&Path>) -> Result<Self, String> {
        let root = workspace_root();
        let target = crate::target_dir();
        let shared = match data {
            Some(dir) if dir.is_dir() => Some(dir.to_path_buf()),
            Some(dir) => return Err(format!("--data {}: no such folder", dir.display())),
            None => root
                .parent()
                .map(|up| up.join("shared"))
                .filter(|dir| dir.is_dir()),
        };
        Ok(Paths {
            data: target.join("bench-data"),
            root,
            target,
            shared,
        })
    }
}

/// Builds our release binaries of `problems`, saying so on standard error.
fn build_ours(problems: &[&str]) -> Result<(), String> {
    eprintln!("bench: cargo build --release -p {}", problems.join(" -p "));
    xtask::build_releases(problems).map(drop)
}

/// Where to get the peers: the sources `build_peers` compiles.
const PEERS_HELP: &str = "DIR/peers/<problem>_seed.cpp for jigsaw, sima4, latin6 and target9: \
                          the C++ solutions published with the problems' write-ups, compiled \
                          here with g++ -O2";

/// Compiles the peers `<data>/peers/<problem>_seed.cpp` with `g++ -O2` into `<target>/peers`
/// (again only when a source is newer than its program); `None`, with a note, when none can
/// be had. A problem whose source is missing has no peer.
fn build_peers(paths: &Paths, skipped: &mut Vec<String>) -> Option<PathBuf> {
    let sources = match &paths.shared {
        Some(dir) => dir.join("peers"),
        None => {
            skipped.push(format!(
                "the peers' columns: no data folder; they need {}",
                PEERS_HELP
            ));
            return None;
        }
    };
    let out = paths.target.join("peers");
    let modified = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let mut built = 0;
    let mut missing = Vec::new();
    for problem in xtask::PROBLEMS {
        let source = sources.join(format!("{}_seed.cpp", problem));
        let program = out.join(problem);
        let source_time = match modified(&source) {
            Some(time) => time,
            None => {
                missing.push(problem);
                continue;
            }
        };
        if modified(&program).is_some_and(|t| t >= source_time) {
            built += 1;
            continue;
        }
        fs::create_dir_all(&out).ok()?;
        eprintln!(
            "bench: g++ -O2 -o {} {}",
            program.display(),
            source.display()
        );
        match Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&program)
            .arg(&source)
            .status()
        {
            Ok(status) if status.success() => built += 1,
            Ok(status) => skipped.push(format!(
                "the {} peer: g++ failed on {} ({})",
                problem,
                source.display(),
                status
            )),
            Err(e) => skipped.push(format!("the {} peer: g++: {}", problem, e)),
        }
    }
    if !missing.is_empty() {
        skipped.push(format!(
            "the peers of {}: not in {} ({})",
            missing.join(", "),
            sources.display(),
            PEERS_HELP
        ));
    }
    (built > 0).then_some(out)
}

// ---------------------------------------------------------------------------------------------
// Data sets
// ---------------------------------------------------------------------------------------------

struct DataSet {
    name: String,
    problem: &'static str,
    cases: usize,
    /// One process per input.
    inputs: Vec<Input>,
    /// The peer prints what ours prints on these inputs, byte for byte.
    comparable: bool,
}

struct Input {
    label: String,
    ours: PathBuf,
    peer: PathBuf,
    expected: Option<PathBuf>,
}

impl Input {
    fn same(label: String, path: PathBuf) -> Self {
        Input {
            label,
            ours: path.clone(),
            peer: path,
            expected: None,
        }
    }
}

fn make_set(
    name: &str,
    options: &Options,
    paths: &Paths,
    skipped: &mut Vec<String>,
) -> Result<Option<DataSet>, String> {
    let data = &paths.data;
    let mut set = DataSet {
        name: name.to_string(),
        problem: xtask::problem_of(name),
        cases: 0,
        inputs: Vec::new(),
        comparable: false,
    };
    match name {
        "jigsaw-17clue" | "jigsaw-hardest" => {
            let (file, tdoku) = if name == "jigsaw-17clue" {
                ("17_clue.txt", "puzzles2_17_clue")
            } else {
                (
                    "forum_hardest_1905_11plus.txt",
                    "puzzles5_forum_hardest_1905_11+",
                )
            };
            let source = paths
                .shared
                .as_ref()
                .map(|dir| dir.join("bench").join(file));
            let source = match source {
                Some(source) if source.exists() => source,
                _ => {
                    skipped.push(format!(
                        "{}: needs DIR/bench/{} (`--data DIR`): tdoku's `{}`, in `data.zip` of \
                         the tdoku repository (t-dillon/tdoku on GitHub), one 81-character \
                         puzzle per line",
                        name, file, tdoku
                    ));
                    return Ok(None);
                }
            };
            let limit = if options.quick { 5_000 } else { usize::MAX };
            let path = data.join(format!("{}-{}.txt", name, limit_label(limit)));
            let cases = cached(&path, |out| classic_as_jigsaw(&source, limit, out))?;
            set.cases = cases;
            set.inputs.push(Input::same(name.to_string(), path));
            set.comparable = true;
        }
        "jigsaw-random" => {
            let cases = options.size(10_000);
            let path = data.join(format!("{}-{}-s1.txt", name, cases));
            set.cases = cached(&path, |out| random_jigsaw(cases, 1, out))?;
            set.inputs.push(Input::same(name.to_string(), path));
            set.comparable = true;
        }
        "target9-noip" => {
            let dir = paths.root.join("tests/fixtures/target9/noip2009");
            for k in 1..=20 {
                let path = dir.join(format!("sudoku{}.in", k));
                if !path.exists() {
                    return Err(format!("{} is missing", path.display()));
                }
                let mut input = Input::same(format!("sudoku{}", k), path);
                let expected = dir.join(format!("sudoku{}.out", k));
                input.expected = Some(expected).filter(|p| p.exists());
                set.inputs.push(input);
            }
            set.cases = set.inputs.len();
            set.comparable = true;
        }
        "target9-sparse" => {
            let grids = if options.quick { 7 } else { 21 };
            let dir = data.join(format!("{}-{}-s2", name, grids));
            set.inputs = sparse_target9(&dir, grids, 2)?;
            set.cases = set.inputs.len();
            set.comparable = true;
        }
        "target9-empty" => {
            let path = data.join("target9-empty.txt");
            cached(&path, |out| {
                out.write_all(gen::target9_input(&[0; 81]).as_bytes())?;
                Ok(1)
            })?;
            set.cases = 1;
            set.inputs.push(Input::same(name.to_string(), path));
            set.comparable = true;
        }
        "latin6-empty" => {
            let groups = gen::boxes(6);
            let empty = vec![0u8; 36];
            let ours = data.join("latin6-empty.txt");
            let peer = data.join("latin6-empty-spaced.txt");
            cached(&ours, |out| {
                out.write_all(gen::latin6_input(&groups, &empty, false).as_bytes())?;
                Ok(1)
            })?;
            cached(&peer, |out| {
                out.write_all(gen::latin6_input(&groups, &empty, true).as_bytes())?;
                Ok(1)
            })?;
            set.cases = LATIN6_EMPTY_SOLUTIONS;
            set.inputs.push(Input {
                label: name.to_string(),
                ours,
                peer,
                expected: None,
            });
        }
        "sima4-unique" => {
            let cases = options.size(100_000);
            let path = data.join(format!("{}-{}-s3.txt", name, cases));
            set.cases = cached(&path, |out| unique_sima4(cases, 3, out))?;
            set.inputs.push(Input::same(name.to_string(), path));
        }
        _ => unreachable!("a set of SETS"),
    }
    Ok(Some(set))
}

fn limit_label(limit: usize) -> String {
    if limit == usize::MAX {
        "all".to_string()
    } else {
        limit.to_string()
    }
}

/// Writes the file with `write` unless it exists, and returns its number of cases: what `write`
/// returned, or the first token of the cached file (meaningless for latin6 and target9-empty,
/// whose callers know).
fn cached(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<usize>,
) -> Result<usize, String> {
    let err = |e: std::io::Error| format!("{}: {}", path.display(), e);
    if path.exists() {
        let mut head = String::new();
        File::open(path)
            .and_then(|f| f.take(64).read_to_string(&mut head))
            .map_err(err)?;
        return head
            .split_whitespace()
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| format!("{}: no case count; delete it", path.display()));
    }
    eprintln!("bench: generating {}", path.display());
    let partial = path.with_extension("partial");
    let mut out = BufWriter::new(File::create(&partial).map_err(err)?);
    let cases = write(&mut out).map_err(err)?;
    out.flush().map_err(err)?;
    drop(out);
    fs::rename(&partial, path).map_err(err)?;
    Ok(cases)
}

/// The 81-character lines of `source` (digits, `.` or `0` for empty; lines starting with `#`,
/// as in tdoku's files, are comments), at most `limit`, as jigsaw cases with the 3x3 boxes
/// drawn as walls.
fn classic_as_jigsaw(
    source: &Path,
    limit: usize,
    out: &mut BufWriter<File>,
) -> std::io::Result<usize> {
    let text = fs::read_to_string(source)?;
    let regions = gen::boxes(9);
    let mut grids = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(limit)
    {
        let givens: Vec<u8> = line
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        if givens.len() != 81 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("a line of {} characters, not 81", givens.len()),
            ));
        }
        grids.push(givens);
    }
    writeln!(out, "{}", grids.len())?;
    for givens in &grids {
        writeln!(out)?;
        out.write_all(gen::jigsaw_case(&regions, givens).as_bytes())?;
    }
    Ok(grids.len())
}

/// `cases` random jigsaw layouts, each with a random solution and 22 to 40 of its digits as
/// givens; one case in 20 has one given changed to another digit (mostly no solution).
fn random_jigsaw(cases: usize, seed: u64, out: &mut BufWriter<File>) -> std::io::Result<usize> {
    let mut rng = Rng::new(seed);
    writeln!(out, "{}", cases)?;
    for case in 0..cases {
        let (regions, solution) = loop {
            let regions = gen::random_regions(&mut rng, 9);
            if let Some(solution) = gen::random_solution(&mut rng, 9, &regions) {
                break (regions, solution);
            }
        };
        let count = rng.between(22, 40);
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut givens = vec![0u8; 81];
        for &cell in &cells[..count] {
            givens[cell] = solution[cell];
        }
        if case % 20 == 19 {
            let cell = cells[0];
            givens[cell] = (givens[cell] + rng.below(8) as u8) % 9 + 1;
        }
        writeln!(out)?;
        out.write_all(gen::jigsaw_case(&regions, &givens).as_bytes())?;
    }
    Ok(cases)
}

/// `grids` target9 inputs in `dir`, each with 17 to 23 givens (in turn) taken from a random full
/// grid.
fn sparse_target9(dir: &Path, grids: usize, seed: u64) -> Result<Vec<Input>, String> {
    let err = |e: std::io::Error| format!("{}: {}", dir.display(), e);
    let regions = gen::boxes(9);
    let mut rng = Rng::new(seed);
    let mut inputs = Vec::new();
    let fresh = !dir.exists();
    if fresh {
        eprintln!("bench: generating {}", dir.display());
        fs::create_dir_all(dir).map_err(err)?;
    }
    for k in 0..grids {
        let count = 17 + k % 7;
        let label = format!("grid{:02} ({} givens)", k + 1, count);
        let path = dir.join(format!("grid{:02}.in", k + 1));
        if fresh {
            let solution = loop {
                if let Some(s) = gen::random_solution(&mut rng, 9, &regions) {
                    break s;
                }
            };
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut givens = vec![0u8; 81];
            for &cell in &cells[..count] {
                givens[cell] = solution[cell];
            }
            fs::write(&path, gen::target9_input(&givens)).map_err(err)?;
        }
        inputs.push(Input::same(label, path));
    }
    Ok(inputs)
}

/// `cases` random 4x4 boards with exactly one solution: 3 to 8 cells of a random full grid, then
/// cells added until the reference finds one completion only (`gen::unique_givens`), and in half
/// of the boards givens dropped again while the completion stays unique. Every other board has
/// the blank line before it.
fn unique_sima4(cases: usize, seed: u64, out: &mut BufWriter<File>) -> std::io::Result<usize> {
    let regions = gen::boxes(4);
    let mut rng = Rng::new(seed);
    writeln!(out, "{}", cases)?;
    for case in 0..cases {
        let solution = loop {
            if let Some(s) = gen::random_solution(&mut rng, 4, &regions) {
                break s;
            }
        };
        let start = rng.between(3, 8);
        let minimal = rng.percent(50);
        let givens = gen::unique_givens(&mut rng, 4, &regions, &solution, start, minimal);
        assert_eq!(
            reference::count_solutions(4, &regions, &givens, 2).0,
            1,
            "one completion"
        );
        out.write_all(gen::sima4_case(&givens, case % 2 == 0).as_bytes())?;
    }
    Ok(cases)
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

/// Runs `command` once with standard input from the file `input`, its output streams as
/// `stdout` and `stderr` say, killed after `timeout`.
fn run(
    mut command: Command,
    input: &Path,
    stdout: Sink,
    stderr: Sink,
    timeout: Option<Duration>,
) -> Result<process::Output, String> {
    process::run_with(&mut command, Stdin::File(input), stdout, stderr, timeout)
        .map_err(|e| format!("{:?} on {}: {}", command.get_program(), input.display(), e))
}

/// An exit status as a report shows it.
fn status_text(status: Option<std::process::ExitStatus>) -> String {
    status.map_or_else(
        || "no exit within the time limit".to_string(),
        |s| s.to_string(),
    )
}

/// Our figures on one input.
struct Ours {
    median: Duration,
    peak_kib: Option<u64>,
    digest: Digest,
}

/// A peer's figures on one input.
enum Peer {
    Median {
        median: Duration,
        runs: usize,
        digest: Option<Digest>,
    },
    TimedOut(Duration),
}

struct InputResult {
    label: String,
    input_bytes: u64,
    ours: Ours,
    peer: Option<Peer>,
    /// The output equals the `.out` file beside the input.
    matches_expected: Option<bool>,
}

struct SetResult {
    name: String,
    cases: usize,
    comparable: bool,
    inputs: Vec<InputResult>,
}

fn measure_set(
    set: &DataSet,
    ours: &Path,
    peer: Option<&Path>,
    options: &Options,
    paths: &Paths,
) -> Result<SetResult, String> {
    let patterns: &'static [&'static str] = if set.problem == "jigsaw" {
        &JIGSAW_VERDICTS
    } else {
        &[]
    };
    let timeout = if set.problem == "target9" {
        options.peer_timeout()
    } else {
        options.peer_timeout() * 10
    };
    let runs_per_input = 1 + options.runs() + peer.map_or(0, |_| options.runs());
    let progress = progress::bar(
        (set.inputs.len() * runs_per_input) as u64,
        &format!("bench: {}", set.name),
    );
    let mut inputs = Vec::new();
    for input in &set.inputs {
        if set.inputs.len() > 1 && progress.is_hidden() {
            eprintln!("bench:   {}", input.label);
        }
        progress.set_message(input.label.clone());
        let ours = measure_ours(ours, input, patterns, options.runs(), paths, &progress)?;
        let peer = match peer {
            Some(peer) => Some(measure_peer(
                peer,
                input,
                set.comparable,
                options.runs(),
                timeout,
                &progress,
            )?),
            None => None,
        };
        let matches_expected = match &input.expected {
            Some(path) => {
                let expected = fs::read(path).map_err(|e| format!("{}: {}", path.display(), e))?;
                Some(ours.digest.bytes as usize == expected.len() && ours.digest.head == expected)
            }
            None => None,
        };
        let input_bytes = fs::metadata(&input.ours).map(|m| m.len()).unwrap_or(0);
        inputs.push(InputResult {
            label: input.label.clone(),
            input_bytes,
            ours,
            peer,
            matches_expected,
        });
    }
    progress.finish_and_clear();
    Ok(SetResult {
        name: set.name.clone(),
        cases: set.cases,
        comparable: set.comparable,
        inputs,
    })
}

fn measure_ours(
    binary: &Path,
    input: &Input,
    patterns: &'static [&'static str],
    runs: usize,
    paths: &Paths,
    progress: &ProgressBar,
) -> Result<Ours, String> {
    let rss_path = paths.data.join("last-run.rss");
    let gnu_time = Path::new(GNU_TIME).exists();
    let check = if gnu_time {
        let _ = fs::remove_file(&rss_path);
        let mut c = Command::new(GNU_TIME);
        c.args(["-f", "%M", "-o"]).arg(&rss_path).arg(binary);
        c
    } else {
        Command::new(binary)
    };
    let outcome = run(
        check,
        &input.ours,
        Sink::Digest(patterns),
        Sink::Collect,
        None,
    )?;
    progress.inc(1);
    if !outcome.status.is_some_and(|s| s.success()) {
        let message = String::from_utf8_lossy(&outcome.stderr);
        return Err(format!(
            "{} exited with {} on {}: {}",
            binary.display(),
            status_text(outcome.status),
            input.ours.display(),
            message.lines().next().unwrap_or("")
        ));
    }
    let peak_kib = if gnu_time {
        fs::read_to_string(&rss_path)
            .ok()
            .and_then(|s| s.lines().last().and_then(|l| l.trim().parse().ok()))
    } else {
        None
    };
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let outcome = run(
            Command::new(binary),
            &input.ours,
            Sink::Discard,
            Sink::Discard,
            None,
        )?;
        if !outcome.status.is_some_and(|s| s.success()) {
            return Err(format!(
                "{} exited with {}",
                binary.display(),
                status_text(outcome.status)
            ));
        }
        times.push(outcome.elapsed);
        progress.inc(1);
    }
    Ok(Ours {
        median: median(&mut times),
        peak_kib,
        digest: outcome.digest.expect("the check run has a digest"),
    })
}

fn measure_peer(
    binary: &Path,
    input: &Input,
    comparable: bool,
    runs: usize,
    timeout: Duration,
    progress: &ProgressBar,
) -> Result<Peer, String> {
    let mut times = Vec::with_capacity(runs);
    let mut digest = None;
    let mut spent = Duration::ZERO;
    while times.len() < runs && (times.is_empty() || spent < PEER_BUDGET) {
        let sink = if comparable && times.is_empty() {
            Sink::Digest(&[])
        } else {
            Sink::Discard
        };
        let outcome = run(
            Command::new(binary),
            &input.peer,
            sink,
            Sink::Discard,
            Some(timeout),
        )?;
        progress.inc(1);
        if outcome.status.is_none() {
            progress.inc((runs - times.len() - 1) as u64);
            return Ok(Peer::TimedOut(timeout));
        }
        if outcome.digest.is_some() {
            digest = outcome.digest;
        }
        spent += outcome.elapsed;
        times.push(outcome.elapsed);
    }
    progress.inc((runs - times.len()) as u64);
    Ok(Peer::Median {
        runs: times.len(),
        median: median(&mut times),
        digest,
    })
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

/// The totals of a set over its inputs.
struct Totals {
    ours: Duration,
    peer: Option<Duration>,
    /// Some peer run was killed: `peer` is a lower bound.
    peer_lower_bound: bool,
    peer_runs: Option<(usize, usize)>,
    same: Option<(usize, usize)>,
    peak_kib: Option<u64>,
    input_bytes: u64,
}

impl SetResult {
    /// The set's times as its figure shows them.
    fn plot_times(&self) -> plot::SetTimes {
        let totals = self.totals();
        plot::SetTimes {
            name: self.name.clone(),
            ours: totals.ours,
            peer: totals.peer,
            peer_lower_bound: totals.peer_lower_bound,
        }
    }

    fn totals(&self) -> Totals {
        let mut t = Totals {
            ours: Duration::ZERO,
            peer: Some(Duration::ZERO),
            peer_lower_bound: false,
            peer_runs: None,
            same: None,
            peak_kib: Some(0),
            input_bytes: 0,
        };
        for input in &self.inputs {
            t.ours += input.ours.median;
            t.input_bytes = t.input_bytes.max(input.input_bytes);
            t.peak_kib = match (t.peak_kib, input.ours.peak_kib) {
                (Some(a), Some(b)) => Some(a.max(b)),
                _ => None,
            };
            match &input.peer {
                None => t.peer = None,
                Some(Peer::TimedOut(limit)) => {
                    t.peer = t.peer.map(|p| p + *limit);
                    t.peer_lower_bound = true;
                }
                Some(Peer::Median {
                    median,
                    runs,
                    digest,
                }) => {
                    t.peer = t.peer.map(|p| p + *median);
                    let (lo, hi) = t.peer_runs.unwrap_or((usize::MAX, 0));
                    t.peer_runs = Some((lo.min(*runs), hi.max(*runs)));
                    if let (true, Some(d)) = (self.comparable, digest) {
                        let (same, of) = t.same.unwrap_or((0, 0));
                        let equal =
                            d.hash == input.ours.digest.hash && d.bytes == input.ours.digest.bytes;
                        t.same = Some((same + equal as usize, of + 1));
                    }
                }
            }
        }
        t
    }
}

/// The report's title and what it was measured on: the date, the commit, the machine, the
/// compiler, and what the run left out and why.
fn heading(args: &[String], paths: &Paths, skipped: &[String], out: &mut String) {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = thread::available_parallelism().map_or(0, |n| n.get());
    let load = fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string());
    let seconds = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let _ = writeln!(out, "# cargo xtask bench {}", args.join(" "));
    let _ = writeln!(out);
    let _ = writeln!(out, "- date: {}", utc(seconds));
    let _ = writeln!(out, "- commit: {}", commit(&paths.root));
    let _ = writeln!(
        out,
        "- machine: {}, {} cores; load average {} at the end",
        cpu, cores, load
    );
    let _ = writeln!(out, "- compiler: {}", rustc_version(&paths.root));
    let _ = match &paths.shared {
        Some(dir) => writeln!(out, "- data folder: {}", dir.display()),
        None => writeln!(out, "- data folder: none (`--data DIR`, else `../shared`)"),
    };
    if skipped.is_empty() {
        let _ = writeln!(out, "- skipped: nothing");
    } else {
        let _ = writeln!(out, "- skipped:");
        for line in skipped {
            let _ = writeln!(out, "  - {}", line);
        }
    }
}

/// The commit checked out in `root`, and whether the work tree differs from it.
fn commit(root: &Path) -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .current_dir(root)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(hash) => match git(&["status", "--porcelain", "--untracked-files=no"]) {
            Some(changes) if changes.is_empty() => hash,
            _ => format!("{} with uncommitted changes", hash),
        },
        None => "unknown (no git repository)".to_string(),
    }
}

/// `rustc --version` as cargo would run it in `root`.
fn rustc_version(root: &Path) -> String {
    Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .current_dir(root)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map_or_else(
            || "unknown".to_string(),
            |o| String::from_utf8_lossy(&o.stdout).trim().to_string(),
        )
}

/// `seconds` after 1970-01-01 00:00 UTC as `YYYY-MM-DD HH:MM UTC` (the proleptic Gregorian
/// calendar, from the number of days as in Howard Hinnant's `civil_from_days`).
fn utc(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let m = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * m + 2) / 5 + 1;
    let month = if m < 10 { m + 3 } else { m - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    let minutes = seconds % 86_400 / 60;
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        year,
        month,
        day,
        minutes / 60,
        minutes % 60
    )
}

/// The throughput table of the data sets, the per-input tables of the sets with several
/// inputs, and the notes.
fn report(options: &Options, results: &[SetResult], notes: &[String], out: &mut String) {
    if results.is_empty() {
        return;
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Whole processes, medians of {} runs (the peers: see the runs column):",
        options.runs()
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| data set | cases | ours: median | cases/s | peak RSS | peer: median | cases/s | runs (peer) | peer / ours | same output |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    let mut memory_over = Vec::new();
    for set in results {
        let t = set.totals();
        let peer_time = match t.peer {
            Some(p) if t.peer_lower_bound => format!("> {}", duration(p)),
            Some(p) => duration(p),
            None => "-".to_string(),
        };
        let peer_rate = match t.peer {
            Some(p) if t.peer_lower_bound => format!("< {}", rate(set.cases, p)),
            Some(p) => rate(set.cases, p),
            None => "-".to_string(),
        };
        let ratio = match t.peer {
            Some(p) => format!(
                "{}{:.1}x",
                if t.peer_lower_bound { "> " } else { "" },
                p.as_secs_f64() / t.ours.as_secs_f64()
            ),
            None => "-".to_string(),
        };
        let runs = match t.peer_runs {
            Some((lo, hi)) if lo == hi => lo.to_string(),
            Some((lo, hi)) => format!("{}-{}", lo, hi),
            None => "-".to_string(),
        };
        let same = match t.same {
            Some((s, 1)) => if s == 1 { "yes" } else { "NO" }.to_string(),
            Some((s, of)) => format!("{}/{}", s, of),
            None => "-".to_string(),
        };
        let peak = match t.peak_kib {
            Some(k) => {
                if k * 1024 > t.input_bytes + 10 * 1024 * 1024 {
                    memory_over.push(set.name.clone());
                }
                format!("{:.1} MiB", k as f64 / 1024.0)
            }
            None => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            set.name,
            thousands(set.cases as u64),
            duration(t.ours),
            rate(set.cases, t.ours),
            peak,
            peer_time,
            peer_rate,
            runs,
            ratio,
            same
        );
    }
    for set in results.iter().filter(|s| s.inputs.len() > 1) {
        details(set, out);
    }
    let _ = writeln!(out);
    let mut all_notes: Vec<String> = notes.to_vec();
    for set in results {
        all_notes.extend(output_checks(set));
    }
    if results.iter().any(|s| s.inputs[0].ours.peak_kib.is_some()) {
        all_notes.push(if memory_over.is_empty() {
            "peak RSS (GNU time %M) <= input size + 10 MiB on every set".to_string()
        } else {
            format!(
                "peak RSS above input size + 10 MiB: {}",
                memory_over.join(", ")
            )
        });
    } else {
        all_notes.push(format!("peak RSS not measured: no {}", GNU_TIME));
    }
    for note in all_notes {
        let _ = writeln!(out, "- {}", note);
    }
}

fn details(set: &SetResult, out: &mut String) {
    let _ = writeln!(out);
    let _ = writeln!(out, "{}, one process per input:", set.name);
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| input | ours: median | peer: median | peer / ours | our answer, check |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---|");
    for input in &set.inputs {
        let ours = input.ours.median;
        let (peer, ratio, same) = match &input.peer {
            None => ("-".to_string(), "-".to_string(), None),
            Some(Peer::TimedOut(limit)) => (
                format!("> {}", duration(*limit)),
                format!("> {:.0}x", limit.as_secs_f64() / ours.as_secs_f64()),
                None,
            ),
            Some(Peer::Median { median, digest, .. }) => (
                duration(*median),
                format!("{:.1}x", median.as_secs_f64() / ours.as_secs_f64()),
                digest.as_ref().map(|d| {
                    d.hash == input.ours.digest.hash && d.bytes == input.ours.digest.bytes
                }),
            ),
        };
        let mut check = Vec::new();
        match input.matches_expected {
            Some(true) => check.push("= .out"),
            Some(false) => check.push("DIFFERS from .out"),
            None => {}
        }
        match same {
            Some(true) => check.push("= peer"),
            Some(false) => check.push("DIFFERS from peer"),
            None => {}
        }
        let answer = String::from_utf8_lossy(&input.ours.digest.head);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} {} |",
            input.label,
            duration(ours),
            peer,
            ratio,
            answer.trim(),
            check.join(", ")
        );
    }
    let slowest = set.inputs.iter().map(|i| i.ours.median).max();
    if let Some(slowest) = slowest {
        let _ = writeln!(out);
        let _ = writeln!(out, "{}: our slowest input {}", set.name, duration(slowest));
    }
}

/// What our check runs printed, against what the set implies.
fn output_checks(set: &SetResult) -> Vec<String> {
    let mut notes = Vec::new();
    let d = &set.inputs[0].ours.digest;
    let cases = set.cases as u64;
    match set.name.split('-').next() {
        Some("jigsaw") => {
            let (none, several) = (d.counts[0], d.counts[1]);
            let grid_lines = d.lines.saturating_sub(cases + none + several);
            let unique = grid_lines / 9;
            let consistent = grid_lines.is_multiple_of(9) && unique + none + several == cases;
            notes.push(format!(
                "{}: our answers: {} unique, {} several, {} none{}",
                set.name,
                thousands(unique),
                thousands(several),
                thousands(none),
                if consistent {
                    ""
                } else {
                    " (INCONSISTENT line count)"
                }
            ));
        }
        Some("latin6") => {
            let solutions = d.lines / 7;
            let mut note = String::new();
            let _ = write!(
                note,
                "{}: we printed {} solutions in {} lines, {} bytes",
                set.name,
                thousands(solutions),
                thousands(d.lines),
                thousands(d.bytes)
            );
            if d.lines != 7 * LATIN6_EMPTY_SOLUTIONS as u64 {
                note.push_str(" (EXPECTED 28,200,960 solutions)");
            }
            notes.push(note);
        }
        Some("sima4") if d.lines != 5 * cases => {
            notes.push(format!(
                "{}: {} output lines, EXPECTED {}",
                set.name,
                d.lines,
                5 * cases
            ));
        }
        _ => {}
    }
    notes
}

pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{:.2} s", s)
    } else if s >= 0.01 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.2} ms", s * 1e3)
    }
}

fn rate(cases: usize, d: Duration) -> String {
    let per_second = cases as f64 / d.as_secs_f64();
    if per_second < 100.0 {
        format!("{:.2}/s", per_second)
    } else {
        thousands(per_second.round() as u64) + "/s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_follow_the_calendar() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc(1_700_000_000), "2023-11-14 22:13 UTC");
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(
            median(&mut [ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
    }

    #[test]
    fn options_parse_flags() {
        use clap::Parser;
        let parse = |line: &str| Options::try_parse_from(line.split(' '));
        let o =
            parse("bench --quick --only jigsaw,target9-noip --no-peers --markdown out.md").unwrap();
        assert_eq!(o.runs(), 3);
        assert_eq!(o.only, vec!["jigsaw", "target9-noip"]);
        assert!(o.no_peers);
        assert_eq!(o.peer_timeout(), Duration::from_secs(10));
        assert_eq!(o.timeout, Duration::from_secs(10));
        assert_eq!(o.markdown, Some(PathBuf::from("out.md")));
        let o = parse("bench --timeout 2.5 --sample 7 --peer-timeout 90").unwrap();
        assert_eq!((o.runs(), o.sample), (5, Some(7)));
        assert_eq!(o.timeout, Duration::from_millis(2500));
        assert_eq!(o.peer_timeout(), Duration::from_secs(90));
        assert!(parse("bench --runs 0").is_err());
        assert!(parse("bench --timeout -1").is_err());
        assert!(parse("bench --bogus").is_err());
    }
}
