//! Running a child process under a time limit, for `bench` and `stress`.

use std::io;
use std::process::{Child, ExitStatus};
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
}
