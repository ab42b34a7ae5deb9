//! Timing whole processes, ours and the peers', on the inputs of a set.

use std::fs::{self};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::progress::{self, ProgressBar};
use testkit::digest::Digest;
use testkit::process::{self, Sink, Stdin};
use testkit::Problem;

use super::sets::{DataSet, Input, JIGSAW_VERDICTS};
use super::{Options, Paths};

/// A peer is run again on one input only while its time on that input stays under this.
pub(super) const PEER_BUDGET: Duration = Duration::from_secs(30);

/// The path of `/usr/bin/time`, which reports the peak resident memory with `-f %M`.
pub(super) const GNU_TIME: &str = "/usr/bin/time";

/// Runs `command` once with standard input from the file `input`, its output streams as
/// `stdout` and `stderr` say, killed after `timeout`.
pub(super) fn run(
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
pub(super) fn status_text(status: Option<std::process::ExitStatus>) -> String {
    status.map_or_else(
        || "no exit within the time limit".to_string(),
        |s| s.to_string(),
    )
}

/// Our figures on one input.
pub(super) struct Ours {
    pub(super) median: Duration,
    pub(super) peak_kib: Option<u64>,
    pub(super) digest: Digest,
}

/// A peer's figures on one input.
pub(super) enum Peer {
    Median {
        median: Duration,
        runs: usize,
        digest: Option<Digest>,
    },
    TimedOut(Duration),
}

pub(super) struct InputResult {
    pub(super) label: String,
    pub(super) input_bytes: u64,
    pub(super) ours: Ours,
    pub(super) peer: Option<Peer>,
    /// The output equals the `.out` file beside the input.
    pub(super) matches_expected: Option<bool>,
}

pub(super) struct SetResult {
    pub(super) name: String,
    pub(super) problem: Problem,
    pub(super) cases: usize,
    pub(super) comparable: bool,
    pub(super) inputs: Vec<InputResult>,
}

pub(super) fn measure_set(
    set: &DataSet,
    ours: &Path,
    peer: Option<&Path>,
    options: &Options,
    paths: &Paths,
) -> Result<SetResult, String> {
    let patterns: &'static [&'static str] = if set.problem == Problem::Jigsaw {
        &JIGSAW_VERDICTS
    } else {
        &[]
    };
    let timeout = if set.problem == Problem::Target9 {
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
        problem: set.problem,
        cases: set.cases,
        comparable: set.comparable,
        inputs,
    })
}

pub(super) fn measure_ours(
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

pub(super) fn measure_peer(
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

pub(super) fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(
            median(&mut [ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
    }
}
