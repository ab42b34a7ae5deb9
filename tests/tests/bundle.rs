//! The one-file submissions (`cargo xtask bundle <problem>`): each bundle compiles alone with
//! `rustc --edition 2021 -O` without a word on stderr, under the pinned rustc and every judge
//! compiler named in `JUDGE_RUSTC` (paths separated by `:`), stays within the size limit,
//! reproduces every fixture byte for byte, and carries only what its program reaches.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::Command;
use tests::fixture_pairs;
use xtask::bundle::SIZE_LIMIT;

/// A fresh folder for one problem's files under the system's temporary folder.
fn scratch(problem: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sudoku-bundle-test-{}-{}",
        std::process::id(),
        problem
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

/// Runs `cargo xtask bundle <problem> -o <dir>/judge/<problem>.rs`, the folder not yet there.
fn bundle_into(dir: &Path, problem: &str) -> PathBuf {
    let source = dir.join("judge").join(format!("{}.rs", problem));
    let args = [
        problem.to_string(),
        "-o".to_string(),
        source.display().to_string(),
    ];
    if let Err(e) = xtask::bundle::main(&args) {
        panic!("bundling {} failed: {}", problem, e);
    }
    source
}

/// The compilers a judge may run: the pinned rustc, then those of `JUDGE_RUSTC`.
fn compilers() -> Vec<String> {
    let mut compilers = vec![xtask::bundle::rustc()];
    if let Ok(extra) = std::env::var("JUDGE_RUSTC") {
        compilers.extend(extra.split(':').filter(|p| !p.is_empty()).map(String::from));
    }
    compilers
}

/// Bundles `problem`, compiles the bundle alone with each compiler and runs every fixture
/// through each build.
fn bundle_compiles_alone_and_passes_every_fixture(problem: &str) {
    let dir = scratch(problem);
    let source = bundle_into(&dir, problem);
    let size = fs::metadata(&source).expect("the bundle is written").len();
    assert!(
        size <= SIZE_LIMIT as u64,
        "the {} bundle has {} bytes, over {}",
        problem,
        size,
        SIZE_LIMIT
    );
    let fixtures = fixture_pairs(problem);
    assert!(!fixtures.is_empty(), "no fixtures for {}", problem);

    for (k, rustc) in compilers().iter().enumerate() {
        let exe = dir.join(format!("{}-{}", problem, k));
        let compiled = Command::new(rustc)
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&exe)
            .arg(&source)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {}", rustc, e));
        assert!(
            compiled.status.success() && compiled.stderr.is_empty(),
            "{} on the {} bundle ({}): {}",
            rustc,
            problem,
            compiled.status,
            String::from_utf8_lossy(&compiled.stderr)
        );
        for (input, expected) in &fixtures {
            let run = Command::new(&exe)
                .stdin(File::open(input).expect("fixture input"))
                .output()
                .expect("the bundle runs");
            let expected = fs::read(expected).expect("fixture output");
            assert!(
                run.status.success() && run.stdout == expected,
                "the {} bundle built by {} on {}: status {}, stdout\n{}\nexpected\n{}\nstderr\n{}",
                problem,
                rustc,
                input.display(),
                run.status,
                String::from_utf8_lossy(&run.stdout),
                String::from_utf8_lossy(&expected),
                String::from_utf8_lossy(&run.stderr)
            );
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn jigsaw_bundle() {
    bundle_compiles_alone_and_passes_every_fixture("jigsaw");
}

#[test]
fn sima4_bundle() {
    bundle_compiles_alone_and_passes_every_fixture("sima4");
}

#[test]
fn latin6_bundle() {
    bundle_compiles_alone_and_passes_every_fixture("latin6");
}

#[test]
fn target9_bundle() {
    bundle_compiles_alone_and_passes_every_fixture("target9");
}

/// The bundle's text for `problem`.
fn bundle_text(problem: &str) -> String {
    let root = tests::workspace_root();
    match xtask::bundle::bundle(&root, problem) {
        Ok(bundle) => bundle.source,
        Err(e) => panic!("bundling {} failed: {}", problem, e),
    }
}

/// Whether `source` defines a function named `name`.
fn defines_fn(source: &str, name: &str) -> bool {
    source.contains(&format!("fn {}(", name)) || source.contains(&format!("fn {}<", name))
}

#[test]
fn bundles_leave_out_what_their_program_never_reaches() {
    // jigsaw counts solutions: the backtracker's lexicographic listing is never called.
    let jigsaw = bundle_text("jigsaw");
    assert!(defines_fn(&jigsaw, "count_up_to"));
    assert!(
        !defines_fn(&jigsaw, "visit_lex"),
        "jigsaw's bundle has visit_lex"
    );
    // target9 maximises with its own engine: no backtracker, no code that reads rows of
    // characters.
    let target9 = bundle_text("target9");
    assert!(target9.contains("Maximiser"));
    assert!(
        !target9.contains("Backtracker"),
        "target9's bundle has the backtracker"
    );
    assert!(
        !target9.contains("RowChar"),
        "target9's bundle reads rows of characters"
    );
}
