//! The bench's report: its heading (date, commit, machine, compiler, what was skipped) and
//! the tables of the sets.

use std::fmt::Write as _;
use std::fs::{self};
use std::path::Path;
use std::thread;
use std::time::{Duration, SystemTime};

use crate::figures::{duration, rate};
use crate::plot;
use testkit::build::{rustc_version, Commit};
use testkit::thousands;
use testkit::Problem;

use super::measure::{Peer, SetResult, GNU_TIME};
use super::sets::LATIN6_EMPTY_SOLUTIONS;
use super::{Options, Paths};

/// The totals of a set over its inputs.
pub(super) struct Totals {
    pub(super) ours: Duration,
    pub(super) peer: Option<Duration>,
    /// Some peer run was killed: `peer` is a lower bound.
    pub(super) peer_lower_bound: bool,
    pub(super) peer_runs: Option<(usize, usize)>,
    pub(super) same: Option<(usize, usize)>,
    pub(super) peak_kib: Option<u64>,
    pub(super) input_bytes: u64,
}

impl SetResult {
    /// The set's times as its figure shows them.
    pub(super) fn plot_times(&self) -> plot::SetTimes {
        let totals = self.totals();
        plot::SetTimes {
            name: self.name.clone(),
            ours: totals.ours,
            peer: totals.peer,
            peer_lower_bound: totals.peer_lower_bound,
        }
    }

    pub(super) fn totals(&self) -> Totals {
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
pub(super) fn heading(args: &[String], paths: &Paths, skipped: &[String], out: &mut String) {
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
    let _ = writeln!(out, "- compiler: {}", rustc_version());
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

/// The commit checked out in `root`, short, and whether the work tree differs from it.
pub(super) fn commit(root: &Path) -> String {
    match Commit::of(root) {
        Some(commit) if commit.dirty => format!("{} with uncommitted changes", commit.short(12)),
        Some(commit) => commit.short(12).to_string(),
        None => "unknown (no git repository)".to_string(),
    }
}

/// `seconds` after 1970-01-01 00:00 UTC as `YYYY-MM-DD HH:MM UTC` (the proleptic Gregorian
/// calendar, from the number of days as in Howard Hinnant's `civil_from_days`).
pub(super) fn utc(seconds: u64) -> String {
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
pub(super) fn report(options: &Options, results: &[SetResult], notes: &[String], out: &mut String) {
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
        set_row(set, &mut memory_over, out);
    }
    for set in results.iter().filter(|s| s.inputs.len() > 1) {
        details(set, out);
    }
    let _ = writeln!(out);
    for note in all_notes(results, notes, &memory_over) {
        let _ = writeln!(out, "- {}", note);
    }
}

/// The row of `set` in the throughput table; the set's name goes to `memory_over` if its
/// peak memory passes its input's size by more than 10 MiB.
fn set_row(set: &SetResult, memory_over: &mut Vec<String>, out: &mut String) {
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

/// The notes under the tables: `notes`, the output checks of each set and what the peak
/// memory was (`memory_over`: the sets over their input size + 10 MiB).
fn all_notes(results: &[SetResult], notes: &[String], memory_over: &[String]) -> Vec<String> {
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
    all_notes
}

pub(super) fn details(set: &SetResult, out: &mut String) {
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
pub(super) fn output_checks(set: &SetResult) -> Vec<String> {
    let mut notes = Vec::new();
    let d = &set.inputs[0].ours.digest;
    let cases = set.cases as u64;
    match set.problem {
        Problem::Jigsaw => {
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
        Problem::Latin6 => {
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
        Problem::Sima4 if d.lines != 5 * cases => {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_follow_the_calendar() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc(1_700_000_000), "2023-11-14 22:13 UTC");
    }
}
