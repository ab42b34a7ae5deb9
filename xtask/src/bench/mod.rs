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
//! - A peer process is killed after `--peer-timeout` (a duration such as `90s` or `2m`, as
//!   `hunt` reads them; default 60 s, `--quick` 10 s) on a
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
//!   default run): one process per input, each killed after `--timeout` (default 10 s)
//!   and then reported as `> limit`; `--quick` times a tenth of each family, `--sample N` N
//!   inputs of each, evenly spaced.

mod measure;
mod peers;
mod report;
mod sets;
mod tails;

use std::fs::{self};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::plot;
use testkit::{workspace_root, Problem};
use xtask::hunt::duration;

use measure::{measure_set, SetResult};
use peers::build_peers;
use report::{commit, heading, report};
use sets::{make_set, SetSpec, SETS};

/// Runs the bench as `options` say; `args` (the command line after `bench`) heads the report.
pub fn main(options: &Options, args: &[String]) -> Result<(), String> {
    let Chosen {
        sets,
        families,
        mut skipped,
    } = choose(options)?;
    let paths = Paths::new(options.data.as_deref())?;
    let mut problems: Vec<Problem> = sets
        .iter()
        .map(|s| s.name)
        .chain(families.iter().copied())
        .map(|name| {
            Problem::named_in(name).expect("every set and family is named after its problem")
        })
        .collect();
    problems.sort_unstable_by_key(|p| p.name());
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
    let (results, notes) = measure_sets(&sets, peers.as_deref(), options, &paths, &mut skipped)?;
    let tails_results = measure_families(&families, options, &paths)?;
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

/// What a run measures.
struct Chosen {
    sets: Vec<&'static SetSpec>,
    families: Vec<&'static str>,
    /// The note on what is left out, if anything is.
    skipped: Vec<String>,
}

/// The sets and families `--only` asks for (by default every set and no family), and the
/// note on what is left out.
fn choose(options: &Options) -> Result<Chosen, String> {
    // The tails families run only when asked for: thousands of processes, each up to the
    // time limit.
    let chosen = |name: &&str| {
        options.only.iter().any(|w| name.starts_with(w.as_str()))
            || (options.only.is_empty() && !name.starts_with("tails"))
    };
    let names: Vec<&str> = SETS.iter().map(|s| s.name).collect();
    let sets: Vec<&SetSpec> = SETS.iter().filter(|s| chosen(&s.name)).collect();
    let families: Vec<&'static str> = tails::FAMILIES.iter().copied().filter(chosen).collect();
    if sets.is_empty() && families.is_empty() {
        return Err(format!(
            "--only matches no data set; the sets: {}, {}",
            names.join(", "),
            tails::FAMILIES.join(", ")
        ));
    }
    let mut skipped = Vec::new();
    let left_out: Vec<&str> = names
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
    Ok(Chosen {
        sets,
        families,
        skipped,
    })
}

/// Makes and measures each of `sets` (against the peers in `peers`, if any); a set that
/// fails becomes a note.
fn measure_sets(
    sets: &[&SetSpec],
    peers: Option<&Path>,
    options: &Options,
    paths: &Paths,
    skipped: &mut Vec<String>,
) -> Result<(Vec<SetResult>, Vec<String>), String> {
    let mut results = Vec::new();
    let mut notes = Vec::new();
    for spec in sets {
        let set = match make_set(spec, options, paths, skipped)? {
            Some(set) => set,
            None => continue,
        };
        let ours = xtask::release_binary(set.problem);
        let peer = peers
            .map(|dir| dir.join(set.problem.name()))
            .filter(|program| program.exists());
        eprintln!(
            "bench: {} ({} inputs, {} cases)",
            set.name,
            set.inputs.len(),
            set.cases
        );
        match measure_set(&set, &ours, peer.as_deref(), options, paths) {
            Ok(result) => results.push(result),
            Err(message) => notes.push(format!("{}: FAILED: {}", set.name, message)),
        }
    }
    Ok((results, notes))
}

/// Makes each of `families` and times the sample of it that `options` ask for.
fn measure_families(
    families: &[&'static str],
    options: &Options,
    paths: &Paths,
) -> Result<Vec<tails::FamilyResult>, String> {
    let mut results = Vec::new();
    for &name in families {
        let family = tails::make(name, &paths.root, &paths.data)?;
        let all = family.inputs.len();
        let count = match options.sample {
            Some(n) => n,
            None => options.size(all),
        };
        let inputs = tails::sample(&family.inputs, count);
        eprintln!("bench: {} ({} of {} inputs)", name, inputs.len(), all);
        let ours = xtask::release_binary(family.problem);
        results.push(tails::measure(&family, &inputs, &ours, options.timeout)?);
    }
    Ok(results)
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
    #[arg(long, value_name = "DURATION", value_parser = duration)]
    peer_timeout: Option<Duration>,
    /// Kill a process on a heavy-tail input after this long
    #[arg(long, value_name = "DURATION", value_parser = duration, default_value = "10s")]
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
fn build_ours(problems: &[Problem]) -> Result<(), String> {
    let names: Vec<&str> = problems.iter().map(|p| p.name()).collect();
    eprintln!("bench: cargo build --release -p {}", names.join(" -p "));
    xtask::build_releases(problems).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        // Durations read as hunt's do: with a unit, or bare seconds.
        let o = parse("bench --timeout 250ms --peer-timeout 2m").unwrap();
        assert_eq!(o.timeout, Duration::from_millis(250));
        assert_eq!(o.peer_timeout(), Duration::from_secs(120));
        assert!(parse("bench --runs 0").is_err());
        assert!(parse("bench --timeout -1").is_err());
        assert!(parse("bench --timeout 5weeks").is_err());
        assert!(parse("bench --bogus").is_err());
    }
}
