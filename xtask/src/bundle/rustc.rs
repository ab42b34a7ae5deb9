//! Running rustc on a bundle as a judge builds it, and reading its warnings, for step 2 of the
//! bundler (`prune.rs`).

use proc_macro2::LineColumn;
use std::fs;
use std::path::Path;
use std::process::Command;

pub use testkit::build::rustc;

/// A warning of rustc (or an unresolved import): its lint or error code, its primary spans (start and end, lines from 1 and columns
/// from 0, as `proc_macro2` counts), its text.
pub(super) struct Warning {
    pub(super) code: String,
    pub(super) spans: Vec<(LineColumn, LineColumn)>,
    pub(super) rendered: String,
}

/// Makes `command` run without the variables cargo sets for a build, as a judge runs rustc:
/// an `env!` of one of them then fails to compile rather than take xtask's value.
pub fn without_cargo_variables(command: &mut Command) -> &mut Command {
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let cargos = [
            "CARGO_PKG_",
            "CARGO_MANIFEST_",
            "CARGO_CRATE_",
            "CARGO_BIN_",
            "CARGO_PRIMARY_PACKAGE",
            "CARGO_TARGET_TMPDIR",
            "OUT_DIR",
        ];
        if cargos.iter().any(|prefix| name.starts_with(prefix)) {
            command.env_remove(name.as_ref());
        }
    }
    command
}

/// Checks `source` as a judge would build it (`--emit=metadata`: no code generation) under
/// `edition` in the scratch folder `dir`; its warnings, or Err with rustc's errors.
/// `after_removal`: an unresolved import (E0432) counts as a warning, as the import of an item
/// just removed (which only code removed with it used) is left dangling.
pub(super) fn rustc_warnings(
    source: &str,
    dir: &Path,
    edition: &str,
    after_removal: bool,
) -> Result<Vec<Warning>, String> {
    let path = dir.join("bundle.rs");
    fs::write(&path, source).map_err(|e| format!("cannot write {}: {}", path.display(), e))?;
    let output = without_cargo_variables(&mut Command::new(rustc()))
        .args([
            "--edition",
            edition,
            "--crate-type",
            "bin",
            "--emit=metadata",
        ])
        .args(["--error-format=json", "--out-dir"])
        .arg(dir)
        .arg(&path)
        .output()
        .map_err(|e| format!("cannot run {}: {}", rustc(), e))?;
    let mut warnings = Vec::new();
    let mut errors = String::new();
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        let Ok(d) = serde_json::from_str::<serde_json::Value>(line) else {
            errors.push_str(line);
            continue;
        };
        let rendered = d["rendered"].as_str().unwrap_or_default().to_string();
        let spans: Vec<_> = d["spans"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|s| s["is_primary"].as_bool() == Some(true))
            .map(|s| {
                let at = |line: &str, column: &str| LineColumn {
                    line: s[line].as_u64().unwrap_or(0) as usize,
                    column: (s[column].as_u64().unwrap_or(1) as usize).saturating_sub(1),
                };
                (
                    at("line_start", "column_start"),
                    at("line_end", "column_end"),
                )
            })
            .collect();
        let code = d["code"]["code"].as_str().unwrap_or_default().to_string();
        let message = d["message"].as_str().unwrap_or_default();
        match d["level"].as_str() {
            Some("error") if after_removal && code == "E0432" => warnings.push(Warning {
                code,
                spans,
                rendered,
            }),
            Some("error") if !message.starts_with("aborting due to") => errors.push_str(&rendered),
            Some("warning") if !spans.is_empty() => warnings.push(Warning {
                code,
                spans,
                rendered,
            }),
            _ => {}
        }
    }
    if !output.status.success() && warnings.is_empty() && errors.is_empty() {
        errors = String::from_utf8_lossy(&output.stderr).into_owned();
    }
    if !errors.is_empty() {
        return Err(format!("rustc rejects the bundle:\n{}", errors));
    }
    Ok(warnings)
}
