//! Project tooling, run as `cargo xtask <command>` (alias in `.cargo/config.toml`):
//!
//! - `bundle <problem> [-o FILE]`: one self-contained source file for a judge.
//! - `bench [...]`: whole-process timings of the four binaries against the peers.
//! - `stress <problem> --cases N --seed S`: the binary against a brute-force reference.

mod bench;
mod gen;
mod reference;
mod stress;

use std::path::PathBuf;

/// The workspace root: the folder above this crate.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// Cargo's target folder: `$CARGO_TARGET_DIR`, else `$CARGO_BUILD_TARGET_DIR` (relative ones
/// taken from the workspace root), else `target/` in the workspace.
pub fn target_dir() -> PathBuf {
    let root = workspace_root();
    ["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"]
        .iter()
        .find_map(std::env::var_os)
        .map_or_else(|| root.join("target"), |dir| root.join(dir))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bundle") => xtask::bundle::main(&args[1..]),
        Some("bench") => bench::main(&args[1..]),
        Some("stress") => stress::main(&args[1..]),
        _ => Err("usage: cargo xtask <bundle|bench|stress> ...".to_string()),
    };
    if let Err(message) = result {
        eprintln!("xtask: {}", message);
        std::process::exit(1);
    }
}
