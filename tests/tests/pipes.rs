//! Writing: a reader that closes the pipe early (`latin6 < big.in | head`) ends the program
//! quietly with success; any other write error is reported on stderr with a non-zero status.

#![forbid(unsafe_code)]

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use testkit::process::wait_or_kill;
use tests::{binary, fixture_dir, Problem};

/// The empty 6x6 grid with 2x3 groups: 28,200,960 solutions, about 2.4 GB of output.
const LATIN6_EMPTY: &str = "000111\n000111\n222333\n222333\n444555\n444555\n0\n";

/// Generous: a binary that ignores a closed pipe prints all 28 million solutions instead.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Starts `problem` with `input` on stdin (from a file, so the child reads it all at once),
/// stderr piped and stdout as given.
fn start(problem: Problem, input: &[u8], stdout: Stdio) -> Child {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("pipes-{}-{}-{}", problem, std::process::id(), run));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("input");
    std::fs::write(&path, input).expect("write the input");
    let child = Command::new(binary(problem))
        .stdin(File::open(&path).expect("open the input"))
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the binary");
    std::fs::remove_dir_all(&dir).expect("remove the temp dir");
    child
}

fn stderr_of(child: &mut Child) -> String {
    let mut text = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut text)
        .expect("read stderr");
    text
}

#[test]
fn a_closed_pipe_ends_quietly_with_success() {
    let mut child = start(Problem::Latin6, LATIN6_EMPTY.as_bytes(), Stdio::piped());
    let mut stdout = child.stdout.take().expect("stdout");
    let mut head = [0u8; 64];
    stdout.read_exact(&mut head).expect("the first solutions");
    assert!(head.starts_with(b"1\nA B C D E F\n"), "{:?}", head);
    drop(stdout);
    let status = wait_or_kill(&mut child, "latin6 after its reader left", TIME_LIMIT);
    let stderr = stderr_of(&mut child);
    assert_eq!(stderr, "", "latin6 complained about a closed pipe");
    assert_eq!(status.code(), Some(0), "latin6 after a closed pipe");
}

/// Any other write error: a non-zero status and one stderr line `<problem>: ...`.
fn fails_on_a_full_disk(problem: Problem, input: &[u8]) {
    let full = match OpenOptions::new().write(true).open("/dev/full") {
        Ok(f) => f,
        Err(e) => {
            eprintln!("skipped: /dev/full cannot be opened ({})", e);
            return;
        }
    };
    let mut child = start(problem, input, Stdio::from(full));
    let status = wait_or_kill(&mut child, problem.name(), TIME_LIMIT);
    let stderr = stderr_of(&mut child);
    assert!(
        !matches!(status.code(), Some(0) | None),
        "{} writing to /dev/full ended with {:?}",
        problem,
        status
    );
    assert!(!stderr.contains("panicked"), "{}: {}", problem, stderr);
    assert_eq!(stderr.lines().count(), 1, "{}: {:?}", problem, stderr);
    assert!(
        stderr.starts_with(&format!("{}: ", problem)) && stderr.ends_with('\n'),
        "{}: {:?}",
        problem,
        stderr
    );
}

#[test]
fn a_full_disk_is_an_error() {
    for problem in Problem::ALL {
        let name = if problem == Problem::Jigsaw || problem == Problem::Sima4 {
            "sample.in"
        } else {
            "sample1.in"
        };
        let input = std::fs::read(Path::new(&fixture_dir(problem)).join(name)).expect("fixture");
        fails_on_a_full_disk(problem, &input);
    }
}

#[test]
fn a_full_disk_stops_a_long_output_early() {
    fails_on_a_full_disk(Problem::Latin6, LATIN6_EMPTY.as_bytes());
}
