//! Running a child process under a time limit: the one way `bench`, `stress` and the tests
//! do it.

use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

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

/// What [`run`] collected.
pub struct Output {
    /// The exit status, or `None` if the process was killed for passing the time limit.
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// From the spawn to the end of the process (or to the kill).
    pub elapsed: Duration,
}

/// Runs `command` with `input` on its standard input, collects its standard output and
/// error, and kills it once `limit` has passed. A process that stops reading its input early
/// (after an error, say) closes the pipe: that is not a failure of the run.
pub fn run(command: &mut Command, input: &[u8], limit: Duration) -> io::Result<Output> {
    let started = Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || drop(stdin.write_all(&input)));
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = read_all(Box::new(child.stderr.take().expect("stderr is piped")));
    let ended = wait(&mut child, started, Some(limit))?;
    let _ = writer.join();
    Ok(Output {
        status: ended.status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        elapsed: ended.elapsed,
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
    #[should_panic(expected = "still running")]
    fn wait_or_kill_fails_on_a_slow_process() {
        let mut slow = Command::new("sleep").arg("30").spawn().unwrap();
        wait_or_kill(&mut slow, "sleep", Duration::from_millis(100));
    }
}
