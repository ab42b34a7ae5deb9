//! The one-file submissions (`cargo xtask bundle <problem>`): `common` and the four binaries
//! keep to the rules the bundler relies on, and each bundle compiles with plain
//! `rustc --edition 2021 -O` without a warning, stays under 64 KiB and reproduces every fixture
//! byte for byte.
//!
//! xtask is a binary crate, so its bundler is compiled into this test from its source file and
//! run through its command-line entry, `bundle::main`, as `cargo xtask bundle` runs it.

#[path = "../../xtask/src/bundle.rs"]
mod bundle;

// `bundle.rs` finds the workspace as `crate::workspace_root()`, which xtask's main.rs defines.
use tests::workspace_root;

use std::fs::{self, File};
use std::path::PathBuf;
use std::process::Command;
use tests::{fixture_pairs, PROBLEMS};

#[test]
fn common_and_the_binaries_keep_the_bundling_rules() {
    for problem in PROBLEMS.iter() {
        let violations = bundle::rule_violations(&workspace_root(), problem).unwrap();
        assert!(
            violations.is_empty(),
            "{} or common breaks the rules of xtask/src/bundle.rs:\n{}",
            problem,
            violations.join("\n")
        );
    }
}

/// A fresh folder for one problem's bundle under the system's temporary folder.
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

/// Bundles `problem`, compiles the bundle alone and runs every fixture through it.
fn bundle_compiles_alone_and_passes_every_fixture(problem: &str) {
    let dir = scratch(problem);
    let source = dir.join(format!("{}.rs", problem));
    let args = [
        problem.to_string(),
        "-o".to_string(),
        source.display().to_string(),
    ];
    if let Err(e) = bundle::main(&args) {
        panic!("bundling {} failed: {}", problem, e);
    }
    let size = fs::metadata(&source).expect("the bundle is written").len();
    assert!(
        size < 64 * 1024,
        "the {} bundle has {} bytes",
        problem,
        size
    );

    let exe = dir.join(problem);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let compiled = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(
        compiled.status.success() && compiled.stderr.is_empty(),
        "rustc on the {} bundle ({}): {}",
        problem,
        compiled.status,
        String::from_utf8_lossy(&compiled.stderr)
    );

    let fixtures = fixture_pairs(problem);
    assert!(!fixtures.is_empty(), "no fixtures for {}", problem);
    for (input, expected) in fixtures {
        let run = Command::new(&exe)
            .stdin(File::open(&input).expect("fixture input"))
            .output()
            .expect("the bundle runs");
        let expected = fs::read(&expected).expect("fixture output");
        assert!(
            run.status.success() && run.stdout == expected,
            "the {} bundle on {}: status {}, stdout\n{}\nexpected\n{}\nstderr\n{}",
            problem,
            input.display(),
            run.status,
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(&run.stderr)
        );
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
