//! The one-file submissions (`cargo xtask bundle <problem>`): each bundle compiles alone with
//! `rustc --edition 2018 -O` and `--edition 2021` without a word on stderr, under the pinned
//! rustc and every judge compiler named in `JUDGE_RUSTC` (paths separated by `:`), without
//! cargo's variables, stays within the size limit, reproduces every fixture byte for byte and
//! prints the version its package states, says where it comes from, and carries only what its
//! program reaches.

#![forbid(unsafe_code)]

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::Command;
use testkit::build::Commit;
use tests::{binary, fixture_pairs, Problem};
use xtask::bundle::{without_cargo_variables, Options, SIZE_LIMIT};

/// The editions a judge may compile with.
const EDITIONS: [&str; 2] = ["2018", "2021"];

/// A fresh folder for one problem's files under the system's temporary folder.
fn scratch(problem: Problem) -> PathBuf {
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
fn bundle_into(dir: &Path, problem: Problem) -> PathBuf {
    let source = dir.join("judge").join(format!("{}.rs", problem));
    let options = Options {
        problem: problem.to_string(),
        output: Some(source.clone()),
    };
    if let Err(e) = xtask::bundle::main(&options) {
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

/// Bundles `problem`, compiles the bundle alone with each compiler under each edition and runs
/// every fixture, and `--version`, through each build.
fn bundle_compiles_alone_and_passes_every_fixture(problem: Problem) {
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

    let version = Command::new(binary(problem))
        .arg("--version")
        .output()
        .expect("the binary runs");
    let builds = compilers().into_iter().flat_map(|rustc| {
        EDITIONS
            .iter()
            .map(move |&edition| (rustc.clone(), edition))
    });
    for (k, (rustc, edition)) in builds.enumerate() {
        let exe = dir.join(format!("{}-{}", problem, k));
        let compiled = without_cargo_variables(&mut Command::new(&rustc))
            .args(["--edition", edition, "-O", "-o"])
            .arg(&exe)
            .arg(&source)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {}", rustc, e));
        assert!(
            compiled.status.success() && compiled.stderr.is_empty(),
            "{} --edition {} on the {} bundle ({}): {}",
            rustc,
            edition,
            problem,
            compiled.status,
            String::from_utf8_lossy(&compiled.stderr)
        );
        let bundled = Command::new(&exe)
            .arg("--version")
            .output()
            .expect("the bundle runs");
        assert_eq!(
            String::from_utf8_lossy(&bundled.stdout),
            String::from_utf8_lossy(&version.stdout),
            "--version of the {} bundle built by {} --edition {}",
            problem,
            rustc,
            edition
        );
        assert!(bundled.status.success());
        for (input, expected) in &fixtures {
            let run = Command::new(&exe)
                .stdin(File::open(input).expect("fixture input"))
                .output()
                .expect("the bundle runs");
            let expected = fs::read(expected).expect("fixture output");
            assert!(
                run.status.success() && run.stdout == expected,
                "the {} bundle built by {} --edition {} on {}: status {}, stdout\n{}\nexpected\n{}\nstderr\n{}",
                problem,
                rustc,
                edition,
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
    bundle_compiles_alone_and_passes_every_fixture(Problem::Jigsaw);
}

#[test]
fn sima4_bundle() {
    bundle_compiles_alone_and_passes_every_fixture(Problem::Sima4);
}

#[test]
fn latin6_bundle() {
    bundle_compiles_alone_and_passes_every_fixture(Problem::Latin6);
}

#[test]
fn target9_bundle() {
    bundle_compiles_alone_and_passes_every_fixture(Problem::Target9);
}

/// The bundle's text for `problem`.
fn bundle_text(problem: Problem) -> String {
    let root = tests::workspace_root();
    match xtask::bundle::bundle(&root, problem.name()) {
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
    let jigsaw = bundle_text(Problem::Jigsaw);
    assert!(defines_fn(&jigsaw, "count_up_to"));
    assert!(
        !defines_fn(&jigsaw, "visit_lex"),
        "jigsaw's bundle has visit_lex"
    );
    // target9 maximises with its own engine: no backtracker, no code that reads rows of
    // characters.
    let target9 = bundle_text(Problem::Target9);
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

#[test]
fn bundles_open_with_their_commit_licence_and_origin_and_keep_no_docs() {
    let root = tests::workspace_root();
    let head = Commit::of(&root).expect("the workspace is a git clone");
    let commit = format!("{}{}", head.hash, if head.dirty { "-dirty" } else { "" });
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("the workspace manifest");
    assert!(manifest.contains("license = \"MIT\""), "{}", manifest);
    for problem in tests::Problem::ALL {
        let source = bundle_text(problem);
        let header: Vec<&str> = source
            .lines()
            .take_while(|l| l.starts_with("// "))
            .collect();
        let header = header.join("\n");
        let origin = format!("{}/src/main.rs", problem);
        for said in [
            &origin,
            "sudoku-variants workspace",
            &commit,
            "Licence: MIT.",
        ] {
            assert!(
                header.contains(said),
                "{} not in the header\n{}",
                said,
                header
            );
        }
        // Doc comments, their examples included, are left out.
        for doc in ["///", "//!", "#[doc", "# Example", "```"] {
            assert!(!source.contains(doc), "{} in the {} bundle", doc, problem);
        }
    }
}
