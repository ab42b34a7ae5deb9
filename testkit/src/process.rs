//! Running a child process under a time limit: the one way `bench`, `stress`, the tails
//! families and the tests do it.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use crate::digest::{digest, Digest};

/// How a waited-for process ended.
pub struct Ended {
    /// The exit status, or `None` if the process was killed for passing the time limit.
    pub status: Option<ExitStatus>,
    /// From `started` to the end of the process (or to the kill).
    pub elapsed: Duration,
}

/// Waits for `child`, spawned at `started`, and kills it once `limit` (counted from
/// `started`) has passed. The child is killed through its own handle before it is reaped, so
/// the signal cannot reach another process that reused its id.
pub fn wait(child: &mut Child, started: Instant, limit: Option<Duration>) -> io::Result<Ended> {
    let limit = match limit {
        Some(limit) => limit,
        None => {
            let status = child.wait()?;
            return Ok(Ended {
                status: Some(status),
                elapsed: started.elapsed(),
            });
        }
    };
    let left = limit.saturating_sub(started.elapsed());
    match child.wait_timeout(left)? {
        Some(status) => Ok(Ended {
            status: Some(status),
            elapsed: started.elapsed(),
        }),
        None => {
            let elapsed = started.elapsed();
            // The child may have exited between the timeout and the kill: then it is reaped
            // below and still counts as over the limit.
            let _ = child.kill();
            child.wait()?;
            Ok(Ended {
                status: None,
                elapsed,
            })
        }
    }
}

/// Waits for `child` for up to `limit`; kills it and panics (naming `what`) once it has run
/// longer. For tests, where a process that hangs is a failure.
pub fn wait_or_kill(child: &mut Child, what: &str, limit: Duration) -> ExitStatus {
    let ended = wait(child, Instant::now(), Some(limit))
        .unwrap_or_else(|e| panic!("waiting for {}: {}", what, e));
    ended
        .status
        .unwrap_or_else(|| panic!("{} still running after {:?}: killed", what, limit))
}

/// Where a run's standard input comes from.
pub enum Stdin<'a> {
    /// These bytes, written through a pipe by a thread of their own.
    Bytes(&'a [u8]),
    /// This file, opened and handed to the process (no copy through the harness).
    File(&'a Path),
}

/// What a run keeps of one output stream.
pub enum Sink<'a> {
    /// Nothing: the stream goes to the null device.
    Discard,
    /// All its bytes.
    Collect,
    /// Its [`Digest`], counting the lines equal to each of these patterns (standard output
    /// only; on standard error it keeps nothing).
    Digest(&'a [&'a str]),
}

/// What [`run`] and [`run_with`] collected.
pub struct Output {
    /// The exit status, or `None` if the process was killed for passing the time limit.
    pub status: Option<ExitStatus>,
    /// Standard output, under [`Sink::Collect`] (else empty).
    pub stdout: Vec<u8>,
    /// Standard error, under [`Sink::Collect`] (else empty).
    pub stderr: Vec<u8>,
    /// Standard output's digest, under [`Sink::Digest`].
    pub digest: Option<Digest>,
    /// From the spawn to the end of the process (or to the kill).
    pub elapsed: Duration,
}

/// Runs `command` with `input` on its standard input, collects its standard output and
/// error, and kills it once `limit` has passed: [`run_with`] with bytes in and both streams
/// collected.
pub fn run(command: &mut Command, input: &[u8], limit: Duration) -> io::Result<Output> {
    run_with(
        command,
        Stdin::Bytes(input),
        Sink::Collect,
        Sink::Collect,
        Some(limit),
    )
}

/// Runs `command` once with standard input from `stdin`, keeps what `stdout` and `stderr`
/// say of its output streams, and kills it once `limit` (if any) has passed. The time counts
/// from just before the spawn. A process that stops reading its input early (after an error,
/// say) closes the pipe: that is not a failure of the run.
pub fn run_with(
    command: &mut Command,
    stdin: Stdin,
    stdout: Sink,
    stderr: Sink,
    limit: Option<Duration>,
) -> io::Result<Output> {
    let pipe_or_null = |sink: &Sink| match sink {
        Sink::Discard => Stdio::null(),
        Sink::Collect | Sink::Digest(_) => Stdio::piped(),
    };
    let input = match stdin {
        Stdin::Bytes(bytes) => {
            command.stdin(Stdio::piped());
            Some(bytes.to_vec())
        }
        Stdin::File(path) => {
            command.stdin(File::open(path)?);
            None
        }
    };
    command.stdout(pipe_or_null(&stdout));
    command.stderr(pipe_or_null(&stderr));
    let started = Instant::now();
    let mut child = command.spawn()?;
    let writer = match (input, child.stdin.take()) {
        (Some(input), Some(mut pipe)) => Some(thread::spawn(move || drop(pipe.write_all(&input)))),
        _ => None,
    };
    let out = child.stdout.take().map(|pipe| read(pipe, &stdout));
    let err = child.stderr.take().map(|pipe| read(pipe, &stderr));
    let ended = wait(&mut child, started, limit)?;
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    let (stdout, digest) = out.map_or((Vec::new(), None), |r| r.join().unwrap_or_default());
    let (stderr, _) = err.map_or((Vec::new(), None), |r| r.join().unwrap_or_default());
    Ok(Output {
        status: ended.status,
        stdout,
        stderr,
        digest,
        elapsed: ended.elapsed,
    })
}

/// A thread reading `pipe` to its end as `sink` says: all the bytes, or the digest.
fn read(
    mut pipe: impl Read + Send + 'static,
    sink: &Sink,
) -> thread::JoinHandle<(Vec<u8>, Option<Digest>)> {
    let patterns: Option<Vec<String>> = match sink {
        Sink::Digest(patterns) => Some(patterns.iter().map(|p| p.to_string()).collect()),
        Sink::Discard | Sink::Collect => None,
    };
    thread::spawn(move || match patterns {
        Some(patterns) => {
            let patterns: Vec<&str> = patterns.iter().map(String::as_str).collect();
            (Vec::new(), Some(digest(pipe, &patterns)))
        }
        None => {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            (bytes, None)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    #[test]
    fn a_quick_process_ends_and_a_slow_one_is_killed() {
        let spawn = |seconds: &str| {
            Command::new("sleep")
                .arg(seconds)
                .stdin(Stdio::null())
                .spawn()
                .expect("sleep runs")
        };
        let started = Instant::now();
        let mut quick = spawn("0");
        let ended = wait(&mut quick, started, Some(Duration::from_secs(20))).unwrap();
        assert!(ended.status.is_some_and(|s| s.success()));

        let started = Instant::now();
        let mut slow = spawn("30");
        let ended = wait(&mut slow, started, Some(Duration::from_millis(100))).unwrap();
        assert!(ended.status.is_none());
        assert!(
            slow.try_wait().unwrap().is_some(),
            "the slow one was reaped"
        );
    }

    #[test]
    fn run_feeds_stdin_and_collects_both_outputs() {
        let mut cat = Command::new("sh");
        cat.args(["-c", "cat; echo oops >&2; exit 3"]);
        let out = run(&mut cat, b"hello\n", Duration::from_secs(20)).unwrap();
        assert_eq!(out.stdout, b"hello\n");
        assert_eq!(out.stderr, b"oops\n");
        assert_eq!(out.status.and_then(|s| s.code()), Some(3));
        let mut slow = Command::new("sleep");
        slow.arg("30");
        let out = run(&mut slow, b"", Duration::from_millis(100)).unwrap();
        assert!(out.status.is_none());
    }

    #[test]
    fn run_with_reads_a_file_and_digests_the_output() {
        let path = std::env::temp_dir().join(format!("testkit-process-{}.in", std::process::id()));
        std::fs::write(&path, "No solution\nx\nNo solution\n").unwrap();
        let out = run_with(
            &mut Command::new("cat"),
            Stdin::File(&path),
            Sink::Digest(&["No solution"]),
            Sink::Discard,
            None,
        )
        .unwrap();
        std::fs::remove_file(&path).unwrap();
        let digest = out.digest.expect("a digest");
        assert_eq!((digest.lines, digest.counts), (3, vec![2]));
        assert!(out.stdout.is_empty() && out.stderr.is_empty());
        assert!(out.status.is_some_and(|s| s.success()));
    }

    #[test]
    #[should_panic(expected = "still running")]
    fn wait_or_kill_fails_on_a_slow_process() {
        let mut slow = Command::new("sleep").arg("30").spawn().unwrap();
        wait_or_kill(&mut slow, "sleep", Duration::from_millis(100));
    }
}
