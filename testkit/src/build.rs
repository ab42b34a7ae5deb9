//! Where the workspace's builds go and what they are built from: one lookup each for the
//! target folder, the compiler and the commit, shared by the tests and `cargo xtask`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The target folder and profile folder of the running executable: cargo puts a binary in
/// `<target>/<profile>/` and a test in `<target>/<profile>/deps/`, wherever `--target-dir`,
/// `$CARGO_TARGET_DIR` or the configuration sent the build.
///
/// # Panics
///
/// If the running executable does not live in a cargo target folder.
pub fn target_and_profile() -> (PathBuf, String) {
    let exe = std::env::current_exe().expect("the running executable's path");
    let mut profile_dir = exe.parent().expect("an executable lives in a folder");
    if profile_dir.file_name().is_some_and(|name| name == "deps") {
        profile_dir = profile_dir
            .parent()
            .expect("deps lives in a profile folder");
    }
    let profile = profile_dir
        .file_name()
        .and_then(|n| n.to_str())
        .expect("the profile folder's name")
        .to_string();
    let target = profile_dir
        .parent()
        .expect("the target folder")
        .to_path_buf();
    (target, profile)
}

/// Cargo's target folder, the one the running executable was built into.
pub fn target_dir() -> PathBuf {
    target_and_profile().0
}

/// The rustc that cargo runs: `$RUSTC`, else the one on `PATH`.
pub fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

/// `rustc --version` of [`rustc`], or `unknown`.
pub fn rustc_version() -> String {
    Command::new(rustc())
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map_or_else(
            || "unknown".to_string(),
            |o| String::from_utf8_lossy(&o.stdout).trim().to_string(),
        )
}

/// The commit a work tree has checked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commit {
    /// The full hash of `HEAD`.
    pub hash: String,
    /// Whether `git status` shows any change, a new file included: a build may read it.
    pub dirty: bool,
}

impl Commit {
    /// The commit of the work tree at `root`; None outside git.
    pub fn of(root: &Path) -> Option<Commit> {
        let git = |args: &[&str]| {
            let output = Command::new("git").arg("-C").arg(root).args(args).output();
            let output = output.ok().filter(|o| o.status.success())?;
            Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
        };
        let hash = git(&["rev-parse", "HEAD"]).filter(|h| !h.is_empty())?;
        let dirty = git(&["status", "--porcelain"]).is_none_or(|s| !s.is_empty());
        Some(Commit { hash, dirty })
    }

    /// The hash cut to `digits` hex digits.
    pub fn short(&self, digits: usize) -> &str {
        &self.hash[..digits.min(self.hash.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_folder_holds_the_running_test() {
        let (target, profile) = target_and_profile();
        let exe = std::env::current_exe().unwrap();
        assert!(exe.starts_with(target.join(&profile).join("deps")));
    }

    #[test]
    fn the_workspace_is_at_a_commit_of_forty_hex_digits() {
        let commit = Commit::of(&crate::workspace_root()).expect("the workspace is a git clone");
        assert_eq!(commit.hash.len(), 40);
        assert!(commit.hash.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(commit.short(12), &commit.hash[..12]);
    }

    #[test]
    fn a_folder_outside_git_has_no_commit() {
        assert_eq!(Commit::of(Path::new("/")), None);
    }
}
