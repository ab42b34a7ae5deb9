//! Project tooling as a library: what the tests call ([`bundle`], [`hunt`]) besides
//! `cargo xtask`.

pub mod bundle;
pub mod expected;
pub mod hunt;

use std::path::PathBuf;
use std::process::Command;

pub use testkit::workspace_root;

/// Cargo's target folder: `$CARGO_TARGET_DIR`, else `$CARGO_BUILD_TARGET_DIR` (relative ones
/// taken from the workspace root), else `target/` in the workspace.
pub fn target_dir() -> PathBuf {
    let root = workspace_root();
    ["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"]
        .iter()
        .find_map(std::env::var_os)
        .map_or_else(|| root.join("target"), |dir| root.join(dir))
}

/// Builds the release binary of `problem` with `cargo build --release -p <problem>` in the
/// workspace and returns its path.
pub fn build_release(problem: &str) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", problem])
        .current_dir(workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {}", e))?;
    if !status.success() {
        return Err(format!("cargo build --release -p {} failed", problem));
    }
    Ok(target_dir()
        .join("release")
        .join(format!("{}{}", problem, std::env::consts::EXE_SUFFIX)))
}
