//! Project tooling, run as `cargo xtask <command>` (alias in `.cargo/config.toml`):
//!
//! - `bundle <problem> [-o FILE]`: one self-contained source file for a judge.
//! - `bench [...]`: whole-process timings of the four binaries against the peers.
//! - `stress <problem> --cases N --seed S`: the binary against a brute-force reference.
//! - `package <problem>|all [-o DIR]`: Kattis problem packages for the judges that take Rust.

mod bench;
mod package;
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
    /// One self-contained source file for a judge (`bundle <problem> [-o FILE]`)
    #[command(disable_help_flag = true)]
    Bundle {
        /// The arguments of the bundler
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Whole-process timings of the four binaries against the peers
    Bench(bench::Options),
    /// A binary against the brute-force reference on random instances
    Stress(stress::Options),
    /// Kattis problem packages (legacy format), checked against independent answers
    Package(package::Options),
}

fn main() {
    use clap::Parser;
    let result = match Cli::parse() {
        Cli::Bundle { args } => xtask::bundle::main(&args),
        Cli::Bench(options) => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            bench::main(&options, &args)
        }
        Cli::Stress(options) => stress::main(&options),
        Cli::Package(options) => package::main(&options),
    };
    if let Err(message) = result {
        eprintln!("xtask: {}", message);
        std::process::exit(1);
    }
}
