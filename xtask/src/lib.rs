//! Project tooling as a library: what the tests call ([`bundle`], [`hunt`]) besides
//! `cargo xtask`.

#![forbid(unsafe_code)]

pub mod bundle;
pub mod hunt;

use std::path::PathBuf;
use std::process::Command;

pub use testkit::build::target_dir;
pub use testkit::{workspace_root, Problem};

/// How `cargo xtask`'s command lines read a problem: one of the four names, which `--help`
/// and the error for any other name list.
pub fn problem_parser() -> clap::builder::ValueParser {
    use clap::builder::TypedValueParser;
    clap::builder::ValueParser::new(
        clap::builder::PossibleValuesParser::new(Problem::ALL.map(Problem::name))
            .try_map(|name| name.parse::<Problem>()),
    )
}

/// Where `cargo build --release -p <problem>` puts the binary of `problem`.
pub fn release_binary(problem: Problem) -> PathBuf {
    target_dir()
        .join("release")
        .join(format!("{}{}", problem, std::env::consts::EXE_SUFFIX))
}

/// Builds the release binaries of `problems` with one `cargo build --release -p <problem>...`
/// in the workspace and returns their paths, in order.
pub fn build_releases(problems: &[Problem]) -> Result<Vec<PathBuf>, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["build", "--release"])
        .current_dir(workspace_root());
    for problem in problems {
        command.args(["-p", problem.name()]);
    }
    let status = command
        .status()
        .map_err(|e| format!("cannot run cargo: {}", e))?;
    if !status.success() {
        let names: Vec<&str> = problems.iter().map(|p| p.name()).collect();
        return Err(format!(
            "cargo build --release -p {} failed",
            names.join(" -p ")
        ));
    }
    Ok(problems.iter().map(|&p| release_binary(p)).collect())
}

/// Builds the release binary of `problem` ([`build_releases`]) and returns its path.
pub fn build_release(problem: Problem) -> Result<PathBuf, String> {
    let mut built = build_releases(&[problem])?;
    Ok(built.remove(0))
}
