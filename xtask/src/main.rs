//! Project tooling, run as `cargo xtask <command>` (alias in `.cargo/config.toml`):
//!
//! - `bundle <problem> [-o FILE]`: one self-contained source file for a judge.
//! - `bench [...]`: whole-process timings of the four binaries against the peers.
//! - `stress <problem> --cases N --seed S`: the binary against a brute-force reference.

mod bench;
mod plot;
mod progress;
mod stress;
mod tails;

use std::path::PathBuf;

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

/// `cargo xtask <command>`.
#[derive(clap::Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "Project tooling"
)]
enum Cli {
    /// One self-contained source file for a judge
    Bundle(xtask::bundle::Options),
    /// Whole-process timings of the four binaries against the peers
    Bench(bench::Options),
    /// A binary against the brute-force reference on random instances
    Stress(stress::Options),
}

fn main() {
    use clap::Parser;
    let result = match Cli::parse() {
        Cli::Bundle(options) => xtask::bundle::main(&options),
        Cli::Bench(options) => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            bench::main(&options, &args)
        }
        Cli::Stress(options) => stress::main(&options),
    };
    if let Err(message) = result {
        eprintln!("xtask: {}", message);
        std::process::exit(1);
    }
}
