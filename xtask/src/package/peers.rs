//! The published peer solutions (`../shared/peers`, one C++ file a problem) in the packages:
//! each is copied into `submissions/<verdict>/`, the folder of the verdict it gets on the
//! package's data, so that `verifyproblem` judges it like the package's own submissions.
//!
//! The verdicts are measured once and kept in [`PEERS`], with the SHA-256 of the source they
//! were measured on; docs/judging.md gives for each the test that decides it and its times.
//! `verifyproblem` fails a submission in the wrong folder, so CI, which has the peers, checks
//! every entry. A peer whose source is not the one measured is refused rather than guessed
//! at. The peers' code never enters the repository, only the packages written from it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use xtask::Problem;

/// A verdict of the Kattis legacy format, by the folder of `submissions/` that expects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    TimeLimitExceeded,
    RunTimeError,
}

impl Verdict {
    /// The folder of `submissions/` whose programs must get this verdict.
    pub fn folder(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::TimeLimitExceeded => "time_limit_exceeded",
            Verdict::RunTimeError => "run_time_error",
        }
    }
}

/// A peer solution and the verdict measured for it on its problem's package.
#[derive(Clone, Copy, Debug)]
pub struct Peer<'a> {
    /// The problem whose package gets it.
    pub problem: Problem,
    /// Its file name, in the peers' folder and in the package.
    pub file: &'a str,
    /// The SHA-256 of the source the verdict was measured on, in lower-case hex.
    pub sha256: &'a str,
    /// The verdict it gets on the package's data.
    pub verdict: Verdict,
}

/// The measured verdicts (docs/judging.md, "The peers"). target9's peer scores every
/// completion, without a bound: right on every test, but past twice the time limit on the
/// `vast` group's grid, whose completions are counted in millions.
pub const PEERS: [Peer<'static>; 4] = [
    Peer {
        problem: Problem::Jigsaw,
        file: "jigsaw_seed.cpp",
        sha256: "088b30a9e8a7af0e0c27606571805a339cc8757a35ebf03882fe03c931ef8292",
        verdict: Verdict::TimeLimitExceeded,
    },
    Peer {
        problem: Problem::Sima4,
        file: "sima4_seed.cpp",
        sha256: "d4ad5ca7351e125ae8a41eab4181ad7a461de5a994337135f0a60fedda3d8236",
        verdict: Verdict::Accepted,
    },
    Peer {
        problem: Problem::Latin6,
        file: "latin6_seed.cpp",
        sha256: "5b5a7afae43833155ae14b6deeee1c2819e715268cb55fc43e48056d441797d9",
        verdict: Verdict::RunTimeError,
    },
    Peer {
        problem: Problem::Target9,
        file: "target9_seed.cpp",
        sha256: "57a85e460fad2fb3989aa17f5f4f365ea2912ed4f8ef256dac58640ac65c788b",
        verdict: Verdict::TimeLimitExceeded,
    },
];

/// Where the peers are looked for unless `--peers` names a folder: `shared/peers` beside the
/// workspace `root`, as a checkout next to the project's shared data has it.
pub fn default_dir(root: &Path) -> PathBuf {
    root.join("../shared/peers")
}

/// The SHA-256 of `bytes` in lower-case hex.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{:02x}", b))
        .collect()
}

/// Adds to `files`, a package of `problem` by path, each peer of `table` for `problem` whose
/// file is in `dir`, at `submissions/<verdict>/<file>`, and returns those paths. Leaves
/// `files` as it is if `dir` is not a folder. Errs, adding nothing, if a peer's file cannot be
/// read or its SHA-256 is not the one its verdict was measured on. Time: one read and one hash
/// of each peer's file.
pub fn add(
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
    problem: Problem,
    dir: &Path,
    table: &[Peer<'_>],
) -> Result<Vec<PathBuf>, String> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    for peer in table.iter().filter(|p| p.problem == problem) {
        let path = dir.join(peer.file);
        if !path.is_file() {
            continue;
        }
        let source = super::read(&path)?;
        let digest = sha256_hex(&source);
        if digest != peer.sha256 {
            return Err(format!(
                "{}: SHA-256 {}, not {}, the source whose verdict was measured; measure it \
                 again (docs/judging.md) or package with --no-peers; no package written",
                path.display(),
                digest,
                peer.sha256
            ));
        }
        let at = Path::new("submissions")
            .join(peer.verdict.folder())
            .join(peer.file);
        found.push((at, source));
    }
    let paths = found.iter().map(|(at, _)| at.clone()).collect();
    files.extend(found);
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A fresh empty folder under the system's temporary one, named after `name`.
    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-peers-{}-{}", name, std::process::id()));
        if dir.exists() {
            fs::remove_dir_all(&dir).unwrap();
        }
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn package() -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        files.insert(
            PathBuf::from("problem.yaml"),
            b"validation: default\n".to_vec(),
        );
        files.insert(
            PathBuf::from("submissions/accepted/sima4.rs"),
            b"fn main() {}\n".to_vec(),
        );
        files
    }

    const CRASH: &[u8] = b"int main() { return *(volatile int *)0; }\n";
    const SLOW: &[u8] = b"int main() { for (;;) {} }\n";

    /// Peers of sima4 and latin6 with the verdicts of their names, given the digests of
    /// [`CRASH`] and [`SLOW`].
    fn fake_table<'a>(crash: &'a str, slow: &'a str) -> [Peer<'a>; 3] {
        [
            Peer {
                problem: Problem::Sima4,
                file: "sima4_crash.cpp",
                sha256: crash,
                verdict: Verdict::RunTimeError,
            },
            Peer {
                problem: Problem::Sima4,
                file: "sima4_slow.cpp",
                sha256: slow,
                verdict: Verdict::TimeLimitExceeded,
            },
            Peer {
                problem: Problem::Latin6,
                file: "latin6_crash.cpp",
                sha256: crash,
                verdict: Verdict::RunTimeError,
            },
        ]
    }

    #[test]
    fn sha256_is_the_standard_one() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn without_the_folder_the_package_is_unchanged() {
        let mut files = package();
        let absent = std::env::temp_dir().join("xtask-peers-no-such-folder");
        assert!(!absent.exists());
        assert_eq!(
            add(&mut files, Problem::Sima4, &absent, &PEERS).unwrap(),
            Vec::<PathBuf>::new()
        );
        assert_eq!(files, package());
    }

    #[test]
    fn each_peer_lands_in_the_folder_of_its_verdict() {
        let dir = fresh_dir("land");
        fs::write(dir.join("sima4_crash.cpp"), CRASH).unwrap();
        fs::write(dir.join("sima4_slow.cpp"), SLOW).unwrap();
        fs::write(dir.join("latin6_crash.cpp"), CRASH).unwrap();
        let mut files = package();
        let (crash, slow) = (sha256_hex(CRASH), sha256_hex(SLOW));
        let added = add(&mut files, Problem::Sima4, &dir, &fake_table(&crash, &slow)).unwrap();
        let crash = PathBuf::from("submissions/run_time_error/sima4_crash.cpp");
        let slow = PathBuf::from("submissions/time_limit_exceeded/sima4_slow.cpp");
        assert_eq!(added, vec![crash.clone(), slow.clone()]);
        let mut expected = package();
        expected.insert(crash, CRASH.to_vec());
        expected.insert(slow, SLOW.to_vec());
        assert_eq!(
            files, expected,
            "latin6's peer stays out of sima4's package"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_peer_missing_from_the_folder_is_left_out() {
        let dir = fresh_dir("missing");
        fs::write(dir.join("sima4_slow.cpp"), SLOW).unwrap();
        let mut files = package();
        let (crash, slow) = (sha256_hex(CRASH), sha256_hex(SLOW));
        let added = add(&mut files, Problem::Sima4, &dir, &fake_table(&crash, &slow)).unwrap();
        assert_eq!(
            added,
            vec![PathBuf::from(
                "submissions/time_limit_exceeded/sima4_slow.cpp"
            )]
        );
        assert_eq!(files.len(), package().len() + 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_source_other_than_the_measured_one_is_refused() {
        let dir = fresh_dir("changed");
        fs::write(dir.join("sima4_crash.cpp"), CRASH).unwrap();
        fs::write(dir.join("sima4_slow.cpp"), b"int main() { for (;;); }\n").unwrap();
        let mut files = package();
        let (crash, slow) = (sha256_hex(CRASH), sha256_hex(SLOW));
        let refused =
            add(&mut files, Problem::Sima4, &dir, &fake_table(&crash, &slow)).unwrap_err();
        assert!(refused.contains("sima4_slow.cpp"), "{}", refused);
        assert!(refused.contains("no package written"), "{}", refused);
        assert_eq!(
            files,
            package(),
            "nothing added, not even the matching peer"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_measured_sources_are_those_in_the_shared_folder_where_it_is_present() {
        let dir = default_dir(&xtask::workspace_root());
        if !dir.is_dir() {
            return;
        }
        for peer in PEERS {
            let source = fs::read(dir.join(peer.file)).unwrap();
            assert_eq!(sha256_hex(&source), peer.sha256, "{:?}", peer);
        }
    }

    #[test]
    fn the_table_names_each_peer_after_its_problem_with_a_full_digest() {
        for peer in PEERS {
            assert_eq!(peer.file, format!("{}_seed.cpp", peer.problem));
            assert_eq!(peer.sha256.len(), 64, "{:?}", peer);
            assert!(peer
                .sha256
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
        }
    }
}
