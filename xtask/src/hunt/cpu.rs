//! The CPU time a process spends on an input: what a judge charges, and what the engine's own
//! counts miss where time goes to set-up, allocation or a proof that ends without nodes.

use nix::sys::resource::{getrusage, UsageWho};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use testkit::process;

/// The least user plus system CPU time of `runs` runs of `binary` on `input`, or `None` if a
/// run fails or is killed after `limit`. The least of a few runs is the steadiest figure on a
/// shared machine: load only ever adds time.
///
/// The time is the rise of this process's reaped children's CPU time over one run, so no
/// other child may end while it runs. Microsecond resolution (`getrusage`).
pub fn least_cpu_time(
    binary: &Path,
    input: &[u8],
    runs: usize,
    limit: Duration,
) -> Option<Duration> {
    (0..runs)
        .map(|_| {
            let before = children_cpu_time();
            let output = process::run(&mut Command::new(binary), input, limit).ok()?;
            output.status.filter(|s| s.success())?;
            Some(children_cpu_time().saturating_sub(before))
        })
        .try_fold(Duration::MAX, |least, time| time.map(|t| least.min(t)))
}

/// User plus system CPU time of every child of this process that has ended and been waited
/// for.
fn children_cpu_time() -> Duration {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage of the children");
    [usage.user_time(), usage.system_time()]
        .iter()
        .map(|t| Duration::from_secs(t.tv_sec() as u64) + Duration::from_micros(t.tv_usec() as u64))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(script: &str) -> Vec<u8> {
        script.as_bytes().to_vec()
    }

    #[test]
    fn a_busy_run_costs_more_than_an_idle_one_and_a_killed_one_is_none() {
        let sh = Path::new("/bin/sh");
        let limit = Duration::from_secs(20);
        let idle = least_cpu_time(sh, &shell("exit 0\n"), 3, limit).expect("sh runs");
        let busy = least_cpu_time(
            sh,
            &shell("i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done\n"),
            3,
            limit,
        )
        .expect("sh runs");
        assert!(
            busy > idle + Duration::from_millis(20),
            "{:?} against {:?}",
            busy,
            idle
        );
        // Sleeping costs no CPU, but a run killed at its limit is no figure.
        assert_eq!(
            least_cpu_time(sh, &shell("sleep 5\n"), 1, Duration::from_millis(200)),
            None
        );
        assert_eq!(least_cpu_time(sh, &shell("exit 3\n"), 1, limit), None);
    }
}
