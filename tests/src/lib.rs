//! Helpers for the integration tests in `tests/tests`: the fixtures, and the four binaries,
//! built fresh before any test runs them.
//!
//! `CARGO_BIN_EXE_*` only names binaries of the test's own package, so the first call to
//! [`binary`] runs `cargo build` for the four binary packages, in the profile and target
//! directory of the running test. Cargo rebuilds whatever changed, so no test runs a stale
//! binary, and a clean clone builds what it runs.

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Once;

pub mod judge;

pub use testkit::build::{target_and_profile, target_dir};
pub use testkit::{workspace_root, Problem};

/// `tests/fixtures/<problem>`.
pub fn fixture_dir(problem: Problem) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(problem.name())
}

/// Every `*.in` under `tests/fixtures/<problem>` (sub-folders too) with its `*.out`, sorted.
pub fn fixture_pairs(problem: Problem) -> Vec<(PathBuf, PathBuf)> {
    fn walk(dir: &Path, pairs: &mut Vec<(PathBuf, PathBuf)>) {
        for entry in std::fs::read_dir(dir).expect("fixture folder") {
            let path = entry.expect("fixture entry").path();
            if path.is_dir() {
                walk(&path, pairs);
            } else if path.extension().is_some_and(|e| e == "in") {
                let out = path.with_extension("out");
                assert!(out.exists(), "{} has no .out beside it", path.display());
                pairs.push((path, out));
            }
        }
    }
    let mut pairs = Vec::new();
    walk(&fixture_dir(problem), &mut pairs);
    pairs.sort();
    pairs
}

/// The path of a freshly built contest binary, `problem` the name of one of [`Problem::ALL`].
pub fn binary(problem: Problem) -> PathBuf {
    static BUILD: Once = Once::new();
    let (target, profile) = target_and_profile();
    BUILD.call_once(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        let mut cmd = Command::new(cargo);
        cmd.current_dir(workspace_root())
            .env("CARGO_TARGET_DIR", &target)
            .args(["build", "--quiet"]);
        for p in Problem::ALL {
            cmd.args(["-p", p.name()]);
        }
        if profile == "release" {
            cmd.arg("--release");
        } else if profile != "debug" {
            cmd.args(["--profile", &profile]);
        }
        let status = cmd.status().expect("cargo runs");
        assert!(status.success(), "cargo build of the binaries failed");
    });
    target.join(profile).join(problem.name())
}
