//! What a bundle tells of its binary's package (`cargo metadata`, git): the opening comment
//! and the values of the `env!` calls it writes out.

use proc_macro2::{Delimiter, Literal, TokenStream, TokenTree};
use std::path::Path;
use std::process::Command;

use super::syntax::map_group;
use testkit::build::Commit;

/// How the workspace is named where its manifest gives no `repository` URL.
const WORKSPACE: &str = "the sudoku-variants workspace (no public URL)";

/// What a bundle tells of its binary's package, from `cargo metadata`.
pub(super) struct Package {
    name: String,
    version: String,
    license: String,
    repository: Option<String>,
}

impl Package {
    /// The value of `env!(variable)` for the variables the bundle writes out (`variable` as
    /// written in the source, quotes included).
    fn variable(&self, variable: &str) -> Option<&str> {
        match variable {
            "\"CARGO_PKG_NAME\"" => Some(&self.name),
            "\"CARGO_PKG_VERSION\"" => Some(&self.version),
            _ => None,
        }
    }
}

/// The package `problem` of the workspace at `root`, which must state its licence.
pub(super) fn package(root: &Path, problem: &str) -> Result<Package, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {}", e))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("cannot read cargo metadata's output: {}", e))?;
    let found = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == problem)
        .ok_or_else(|| format!("the workspace has no package {}", problem))?;
    let text = |key: &str| found[key].as_str().map(str::to_string);
    Ok(Package {
        name: problem.to_string(),
        version: text("version").unwrap_or_default(),
        license: text("license")
            .ok_or_else(|| format!("the manifest of {} states no licence", problem))?,
        repository: text("repository"),
    })
}

/// The commit of the workspace at `root`, followed by `-dirty` if `git status` shows changes
/// or new files; `unknown` outside git.
fn commit(root: &Path) -> String {
    match Commit::of(root) {
        Some(commit) => format!(
            "{}{}",
            commit.hash,
            if commit.dirty { "-dirty" } else { "" }
        ),
        None => "unknown".to_string(),
    }
}

/// The comment a bundle opens with: what it is (`has_lib` if the binary has its own
/// `src/lib.rs`), where and from which commit it comes, and its licence.
pub(super) fn header(root: &Path, problem: &str, package: &Package, has_lib: bool) -> String {
    let from = package.repository.as_deref().unwrap_or(WORKSPACE);
    let lib = if has_lib {
        format!("{}/src/lib.rs and ", problem)
    } else {
        String::new()
    };
    format!(
        "// {name} {version}: {name}/src/main.rs and what it uses of {lib}common/src, in one file\n\
         // (`cargo xtask bundle {name}`).\n\
         // From {from}, commit {commit}.\n\
         // Licence: {license}.\n",
        name = problem,
        version = package.version,
        lib = lib,
        from = from,
        commit = commit(root),
        license = package.license,
    )
}

/// `tokens` with `env!("CARGO_PKG_NAME")` and `env!("CARGO_PKG_VERSION")` written out as
/// `package`'s values, at any depth, since a judge compiles without cargo's variables.
pub(super) fn with_package(tokens: TokenStream, package: &Package) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let (
            TokenTree::Ident(name),
            Some(TokenTree::Punct(bang)),
            Some(TokenTree::Group(args)),
        ) = (&trees[i], trees.get(i + 1), trees.get(i + 2))
        {
            let value = Some(args)
                .filter(|_| name == "env" && bang.as_char() == '!')
                .filter(|a| a.delimiter() == Delimiter::Parenthesis)
                .and_then(|a| package.variable(&a.stream().to_string()));
            if let Some(value) = value {
                let mut literal = Literal::string(value);
                literal.set_span(name.span());
                out.push(TokenTree::Literal(literal));
                i += 3;
                continue;
            }
        }
        out.push(map_group(&trees[i], |inner| with_package(inner, package)));
        i += 1;
    }
    out.into_iter().collect()
}
