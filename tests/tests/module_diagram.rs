//! The diagram "which binary uses which module of `common`" in docs/design.md is drawn from
//! the bundler's reach (`xtask::bundle::bundle(..).modules`: the modules a binary's bundle
//! carries), so it cannot drift from the code: this test draws it anew and compares it with
//! the block between the markers in design.md, and on a difference prints the block to paste.

#![forbid(unsafe_code)]

use std::fs;
use tests::Problem;

const BEGIN: &str = "<!-- BEGIN GENERATED: tests/tests/module_diagram.rs -->";
const END: &str = "<!-- END GENERATED: tests/tests/module_diagram.rs -->";

/// common's modules, as `pub mod NAME;` in common/src/lib.rs declares them.
fn common_modules(lib_rs: &str) -> Vec<String> {
    lib_rs
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The diagram: a row per module of `modules` (those most binaries use first, then by name),
/// a column per binary, `●` where the binary's bundle carries the module (`carried[b]` the
/// modules of the bundle of `Problem::ALL[b]`), and the modules no bundle carries marked as such.
fn diagram(modules: &[String], carried: &[Vec<String>]) -> String {
    let users = |m: &String| carried.iter().filter(|c| c.contains(m)).count();
    let mut rows: Vec<&String> = modules.iter().collect();
    rows.sort_by(|a, b| users(b).cmp(&users(a)).then(a.cmp(b)));
    let width = rows.iter().map(|m| m.len() + 3).max().unwrap_or(0).max(6);
    let mut out = format!("{:width$}", "common/src", width = width);
    for binary in Problem::ALL {
        out.push_str(&format!("  {:^7}", binary.name()));
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for module in rows {
        let mut line = format!("{:width$}", format!("{}.rs", module), width = width);
        for used in carried {
            let mark = if used.contains(module) { "●" } else { "·" };
            line.push_str(&format!("  {:^7}", mark));
        }
        if users(module) == 0 {
            line.push_str("  in no bundle: the tests' reference");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn the_diagram_marks_what_each_bundle_carries() {
    let modules: Vec<String> = ["a", "b", "c"].iter().map(|m| m.to_string()).collect();
    let carried = vec![
        vec!["a".to_string()],
        vec!["a".to_string(), "c".to_string()],
        vec![],
        vec!["a".to_string()],
    ];
    let text = diagram(&modules, &carried);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("common/src") && lines[0].ends_with(Problem::Target9.name()));
    assert_eq!(lines[1].matches('●').count(), 3, "a: three users, first");
    assert!(lines[2].starts_with("c.rs") && lines[2].matches('●').count() == 1);
    assert!(lines[3].starts_with("b.rs") && lines[3].ends_with("the tests' reference"));
    assert_eq!(
        common_modules("//! doc\npub mod x;\nmod private;\npub mod y;\n"),
        ["x", "y"]
    );
}

#[test]
fn design_md_shows_the_modules_each_bundle_carries() {
    let root = tests::workspace_root();
    let lib_rs = fs::read_to_string(root.join("common/src/lib.rs")).expect("common/src/lib.rs");
    let modules = common_modules(&lib_rs);
    assert!(
        modules.len() > 5,
        "common/src/lib.rs declares {:?}",
        modules
    );
    let carried: Vec<Vec<String>> = Problem::ALL
        .iter()
        .map(|binary| match xtask::bundle::bundle(&root, binary.name()) {
            Ok(bundle) => bundle.modules,
            Err(e) => panic!("bundling {} failed: {}", binary, e),
        })
        .collect();
    let expected = format!(
        "{}\n```text\n{}```\n{}",
        BEGIN,
        diagram(&modules, &carried),
        END
    );
    let design = fs::read_to_string(root.join("docs/design.md")).expect("docs/design.md");
    let shown = match (design.find(BEGIN), design.find(END)) {
        (Some(begin), Some(end)) if begin < end => &design[begin..end + END.len()],
        _ => panic!("docs/design.md lacks the markers {} and {}", BEGIN, END),
    };
    assert!(
        shown == expected,
        "docs/design.md shows another diagram than the bundles' reach; replace its block \
         with:\n{}",
        expected
    );
}
