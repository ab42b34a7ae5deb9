//! Project tooling as a library: what the tests call ([`bundle`], [`hunt`]) besides
//! `cargo xtask`.

#![forbid(unsafe_code)]

pub mod bundle;
pub mod expected;
pub mod hunt;

use std::path::PathBuf;
use std::process::Command;

pub use testkit::build::target_dir;
pub use testkit::{workspace_root, PROBLEMS};

/// The problem that a data set (`<problem>...`) or a heavy-tail family
/// (`tails-<problem>-...`) is named after. Panics on any other name: the names are the
/// tools' own constants.
pub fn problem_of(name: &str) -> &'static str {
    let rest = name.strip_prefix("tails-").unwrap_or(name);
    PROBLEMS
        .iter()
        .copied()
        .find(|p| rest.starts_with(p))
        .expect("every set and family is named after its problem")
}

/// Where `cargo build --release -p <problem>` puts the binary of `problem`.
pub fn release_binary(problem: &str) -> PathBuf {
    target_dir()
        .join("release")
        .join(format!("{}{}", problem, std::env::consts::EXE_SUFFIX))
}

/// Builds the release binaries of `problems` with one `cargo build --release -p <problem>...`
/// in the workspace and returns their paths, in order.
pub fn build_releases(problems: &[&str]) -> Result<Vec<PathBuf>, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["build", "--release"])
        .current_dir(workspace_root());
    for problem in problems {
        command.args(["-p", problem]);
    }
    let status = command
        .status()
        .map_err(|e| format!("cannot run cargo: {}", e))?;
    if !status.success() {
        return Err(format!(
            "cargo build --release -p {} failed",
            problems.join(" -p ")
        ));
    }
    Ok(problems.iter().map(|p| release_binary(p)).collect())
}

/// Builds the release binary of `problem` ([`build_releases`]) and returns its path.
pub fn build_release(problem: &str) -> Result<PathBuf, String> {
    let mut built = build_releases(&[problem])?;
    Ok(built.remove(0))
}
