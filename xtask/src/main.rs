//! Project tooling, run as `cargo xtask <command>` (alias in `.cargo/config.toml`):
//!
//! - `bundle <problem> [-o FILE]`: one self-contained source file for a judge.
//! - `bench [...]`: whole-process timings of the four binaries against the peers.
//! - `stress <problem> --cases N --seed S`: the binary against a brute-force reference.
//! - `hunt <problem> [--fitness counts|cpu] [--seed S] [--evaluations N | --budget DURATION]`: an adversarial
//!   search for slow legal inputs.
//! - `package <problem>|all [-o DIR] [--peers DIR | --no-peers]`: Kattis problem packages for
//!   the judges that take Rust, with the published peer solutions where they are at hand.
//! - `draw <problem> FILE [--case K] [-o OUT.svg]`: one case of an input as an SVG picture:
//!   regions, givens and the binary's answer.
//! - `figure bound [--grid FILE] [-o FILE]`: target9's bound and best score against the
//!   search nodes on one grid, as an SVG.

#![forbid(unsafe_code)]

mod bench;
mod draw;
mod figure;
mod figures;
mod package;
mod plot;
mod progress;
mod stress;

pub use xtask::target_dir;

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
    /// An adversarial search for legal inputs that cost the engine the most work
    Hunt(xtask::hunt::Options),
    /// Kattis problem packages (legacy format), checked against independent answers
    Package(package::Options),
    /// A figure of the docs drawn from a recorded search
    Figure(figure::Options),
    /// One case of an input as an SVG picture: regions, givens and the answer
    Draw(draw::Options),
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
        Cli::Hunt(options) => xtask::hunt::main(&options),
        Cli::Package(options) => package::main(&options),
        Cli::Figure(options) => figure::main(&options),
        Cli::Draw(options) => draw::main(&options),
    };
    if let Err(message) = result {
        eprintln!("xtask: {}", message);
        std::process::exit(1);
    }
}
