//! The Kattis packages' own programs under `judge/<problem>/`: input validators, latin6's
//! output validator and the flawed submissions. Each is one std-only Rust file, compiled here
//! as problemtools compiles it (`rustc -C opt-level=3 --crate-type bin --edition 2021`), with
//! warnings denied, and run as problemtools runs it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use crate::Problem;
use testkit::process::{self, Output};

/// `judge/<problem>` in the workspace.
pub fn judge_dir(problem: Problem) -> PathBuf {
    testkit::workspace_root().join("judge").join(problem.name())
}

/// The source of `judge/<relative>` as a package holds it: copied into a folder of its own
/// under `<target>/judge/src/`, with `judge/input_lines.rs` beside it as `cargo xtask
/// package` puts it beside each input validator. Returns the copy's path.
pub fn assembled(relative: &str) -> PathBuf {
    let judge = testkit::workspace_root().join("judge");
    let dir = crate::target_dir()
        .join("judge/src")
        .join(relative.replace(['/', '.'], "_"));
    std::fs::create_dir_all(&dir).expect("create <target>/judge/src/<program>");
    let source = judge.join(relative);
    let copy = dir.join(source.file_name().expect("a program is a file"));
    std::fs::copy(&source, &copy).unwrap_or_else(|e| panic!("{}: {}", source.display(), e));
    std::fs::copy(judge.join("input_lines.rs"), dir.join("input_lines.rs"))
        .expect("copy judge/input_lines.rs");
    copy
}

/// The executable of `judge/<relative>` (e.g. `jigsaw/input_validators/main.rs`), compiled
/// once per test process into `<target>/judge/` from its [`assembled`] source. Panics with the
/// compiler's message if it does not compile without warnings.
pub fn compiled(relative: &str) -> PathBuf {
    static BUILT: Mutex<Vec<(String, PathBuf)>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, exe)) = built.iter().find(|(r, _)| r == relative) {
        return exe.clone();
    }
    let source = assembled(relative);
    let out_dir = crate::target_dir().join("judge");
    std::fs::create_dir_all(&out_dir).expect("create <target>/judge");
    let exe = out_dir.join(relative.replace(['/', '.'], "_"));
    let output = Command::new(testkit::build::rustc())
        .args([
            "-C",
            "opt-level=3",
            "--crate-type",
            "bin",
            "--edition",
            "2021",
        ])
        .args(["-D", "warnings", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(
        output.status.success(),
        "{} does not compile:\n{}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    built.push((relative.to_string(), exe.clone()));
    exe
}

/// Every `.rs` file in `judge/<problem>/<folder>`, as paths relative to `judge/`, sorted.
pub fn programs_in(problem: Problem, folder: &str) -> Vec<String> {
    let dir = judge_dir(problem).join(folder);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
        .map(|entry| entry.expect("judge folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            let name = path.file_name().expect("file name").to_string_lossy();
            format!("{}/{}/{}", problem, folder, name)
        })
        .collect();
    names.sort();
    names
}

/// A verdict of an input validator: its exit code and its standard error.
pub struct Verdict {
    pub code: Option<i32>,
    pub message: String,
}

impl Verdict {
    /// Exit 42: the input is valid.
    pub fn valid(&self) -> bool {
        self.code == Some(42)
    }
}

/// Runs `problem`'s input validator on `input`.
pub fn validate(problem: Problem, input: &[u8]) -> Verdict {
    let exe = compiled(&format!("{}/input_validators/main.rs", problem));
    let run = run(&mut Command::new(exe), input, Duration::from_secs(60));
    Verdict {
        code: run.status.and_then(|s| s.code()),
        message: String::from_utf8_lossy(&run.stderr).into_owned(),
    }
}

/// Runs `command` on `input` under `limit`; panics only if it cannot be started.
pub fn run(command: &mut Command, input: &[u8], limit: Duration) -> Output {
    process::run(command, input, limit).expect("the judge program starts")
}

/// A new file under `<target>/judge/files/` holding `bytes`, for a program that takes file
/// names; `name` ends its file name. Each call makes a file of its own, so concurrent tests
/// never share one.
pub fn scratch_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = crate::target_dir().join("judge").join("files");
    std::fs::create_dir_all(&dir).expect("create <target>/judge/files");
    let path = dir.join(format!("{}-{}", unique(), name));
    std::fs::write(&path, bytes).expect("write a scratch file");
    path
}

/// A name no other call in any test process gets: the process id and a counter.
fn unique() -> String {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        CALLS.fetch_add(1, Ordering::Relaxed)
    )
}

/// The outcome of latin6's output validator: its exit code and `judgemessage.txt`.
pub struct Judgement {
    pub code: Option<i32>,
    pub message: String,
}

/// Runs latin6's output validator as the judge does, `check input answer feedback_dir/ <
/// output`, with a fresh feedback folder under `<target>/judge/feedback/`.
pub fn check_latin6(input: &Path, answer: &Path, output: &[u8]) -> Judgement {
    let exe = compiled("latin6/output_validators/check.rs");
    let feedback = crate::target_dir()
        .join("judge")
        .join("feedback")
        .join(unique());
    std::fs::create_dir_all(&feedback).expect("create the feedback folder");
    let mut command = Command::new(exe);
    command
        .arg(input)
        .arg(answer)
        .arg(format!("{}/", feedback.display()));
    let run = run(&mut command, output, Duration::from_secs(60));
    Judgement {
        code: run.status.and_then(|s| s.code()),
        message: std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default(),
    }
}
