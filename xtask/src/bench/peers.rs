//! The peers: the C++ solutions published with the problems' write-ups, compiled here.

use std::fs::{self};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::Paths;

/// Where to get the peers: the sources `build_peers` compiles.
pub(super) const PEERS_HELP: &str =
    "DIR/peers/<problem>_seed.cpp for jigsaw, sima4, latin6 and target9: \
                          the C++ solutions published with the problems' write-ups, compiled \
                          here with g++ -O2";

/// Compiles the peers `<data>/peers/<problem>_seed.cpp` with `g++ -O2` into `<target>/peers`
/// (again only when a source is newer than its program); `None`, with a note, when none can
/// be had. A problem whose source is missing has no peer.
pub(super) fn build_peers(paths: &Paths, skipped: &mut Vec<String>) -> Option<PathBuf> {
    let sources = match &paths.shared {
        Some(dir) => dir.join("peers"),
        None => {
            skipped.push(format!(
                "the peers' columns: no data folder; they need {}",
                PEERS_HELP
            ));
            return None;
        }
    };
    let out = paths.target.join("peers");
    let modified = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let mut built = 0;
    let mut missing = Vec::new();
    for problem in xtask::Problem::ALL {
        let source = sources.join(format!("{}_seed.cpp", problem));
        let program = out.join(problem.name());
        let source_time = match modified(&source) {
            Some(time) => time,
            None => {
                missing.push(problem.name());
                continue;
            }
        };
        if modified(&program).is_some_and(|t| t >= source_time) {
            built += 1;
            continue;
        }
        fs::create_dir_all(&out).ok()?;
        eprintln!(
            "bench: g++ -O2 -o {} {}",
            program.display(),
            source.display()
        );
        match Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&program)
            .arg(&source)
            .status()
        {
            Ok(status) if status.success() => built += 1,
            Ok(status) => skipped.push(format!(
                "the {} peer: g++ failed on {} ({})",
                problem,
                source.display(),
                status
            )),
            Err(e) => skipped.push(format!("the {} peer: g++: {}", problem, e)),
        }
    }
    if !missing.is_empty() {
        skipped.push(format!(
            "the peers of {}: not in {} ({})",
            missing.join(", "),
            sources.display(),
            PEERS_HELP
        ));
    }
    (built > 0).then_some(out)
}
