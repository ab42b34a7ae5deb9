//! `cargo xtask bundle <problem> [-o FILE]`: the binary as one source file that a judge compiles
//! alone with `rustc --edition 2021 -O`, std only.
//!
//! The approach of ac-library-rs's `expand.py`: the file holds `<problem>/src/main.rs` (its own
//! `mod x;` files inlined where they are declared), then `mod common { pub mod scanner { ... }
//! ... }` with the modules of `common` it uses: those its `common::x` paths name and, in turn,
//! those their `crate::x` paths name. Paths are rewritten to resolve inside the one file:
//! `crate::` becomes `crate::common::` in common, `common::` becomes `crate::common::` in the
//! binary. Tests (`#[cfg(test)]` items), doc comments and `#[doc]` attributes are left out, and
//! so are common's inner attributes other than lint levels (crate-level ones would warn inside a
//! module). `mod common` carries `#[allow(dead_code)]`: a binary uses only part of each module.
//! The result goes through rustfmt when rustfmt is on PATH.
//!
//! The bundler rewrites tokens, not a syntax tree, so the code keeps to rules that make the
//! rewrite exact. [`rule_violations`] checks them, and the bundler refuses code that breaks one:
//!
//! - everywhere: no `#[path]`, `include!`, `include_str!`, `include_bytes!`, `env!`,
//!   `option_env!`, `extern crate`, `$crate` or `#[macro_export]`;
//! - in common: `lib.rs` declares the modules (`pub mod x;`) and nothing else, each module is
//!   the file `common/src/x.rs` and declares no module file of its own, imports are
//!   `use std::...` or `use crate::...`, and there are no `self::` or `super::` paths outside
//!   tests;
//! - in the binary: `common` appears only at the head of a `common::...` path.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The largest source Codeforces takes is 64 KiB; a bundle must stay below it.
pub const SIZE_LIMIT: usize = 64 * 1024;

const USAGE: &str = "usage: cargo xtask bundle <problem> [-o FILE]";

/// Runs `bundle <problem> [-o FILE]`: writes the bundle to FILE, or to standard output, and
/// says its size on standard error. Errs, writing nothing, if the code breaks a bundling rule or
/// the bundle reaches [`SIZE_LIMIT`].
pub fn main(args: &[String]) -> Result<(), String> {
    let mut problem = None;
    let mut output = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-o" => output = Some(args.next().ok_or(USAGE)?.clone()),
            option if option.starts_with('-') => {
                return Err(format!("unknown option {}; {}", option, USAGE))
            }
            name if problem.is_none() => problem = Some(name.to_string()),
            _ => return Err(USAGE.to_string()),
        }
    }
    let problem = problem.ok_or(USAGE)?;
    let bundle = bundle(&crate::workspace_root(), &problem)?;
    let size = bundle.source.len();
    if size >= SIZE_LIMIT {
        return Err(format!(
            "the bundle of {} has {} bytes, over the limit of {}",
            problem, size, SIZE_LIMIT
        ));
    }
    match &output {
        Some(path) => {
            fs::write(path, &bundle.source).map_err(|e| format!("cannot write {}: {}", path, e))?
        }
        None => io::stdout()
            .write_all(bundle.source.as_bytes())
            .map_err(|e| format!("cannot write the bundle: {}", e))?,
    }
    eprintln!(
        "bundle {}: {} bytes, with the modules {} of common{}",
        problem,
        size,
        bundle.modules.join(", "),
        if bundle.formatted {
            ""
        } else {
            " (rustfmt is not on PATH: left unformatted)"
        }
    );
    Ok(())
}

/// Every place where `common` or the binary `problem` breaks a bundling rule, as
/// `path:line: what`, paths relative to `root`. Errs if a file cannot be read or lexed.
pub fn rule_violations(root: &Path, problem: &str) -> Result<Vec<String>, String> {
    let main_path = binary_main(root, problem)?;
    let mut violations = Vec::new();
    let common = root.join("common").join("src");
    let lib_path = common.join("lib.rs");
    let lib = SourceFile::read(root, &lib_path)?;
    violations.extend(lib.violations(Role::Lib));
    for decl in lib.mod_decls() {
        if !common.join(format!("{}.rs", decl.name)).is_file() {
            violations.push(format!(
                "{}: mod {}; has no file common/src/{}.rs",
                lib.place(decl.start),
                decl.name,
                decl.name
            ));
        }
    }
    for path in rust_files(&common)? {
        if path == lib_path {
            continue;
        }
        if path.parent() != Some(common.as_path()) {
            violations.push(format!(
                "{}: the modules of common are files directly in common/src",
                relative(root, &path)
            ));
        }
        violations.extend(SourceFile::read(root, &path)?.violations(Role::Module));
    }
    for path in rust_files(main_path.parent().expect("main.rs is in src"))? {
        violations.extend(SourceFile::read(root, &path)?.violations(Role::Binary));
    }
    Ok(violations)
}

/// A finished bundle.
struct Bundle {
    source: String,
    /// The modules of common inlined, in `lib.rs` order.
    modules: Vec<String>,
    /// Whether rustfmt formatted it.
    formatted: bool,
}

fn bundle(root: &Path, problem: &str) -> Result<Bundle, String> {
    let violations = rule_violations(root, problem)?;
    if !violations.is_empty() {
        return Err(format!(
            "{} cannot be bundled, it breaks the rules of xtask/src/bundle.rs:\n{}",
            problem,
            violations.join("\n")
        ));
    }
    let main_path = binary_main(root, problem)?;
    let mut wanted = Vec::new();
    let binary = render_binary(
        root,
        &main_path,
        main_path.parent().expect("main.rs is in src"),
        &mut wanted,
    )?;

    let common = root.join("common").join("src");
    let lib = SourceFile::read(root, &common.join("lib.rs"))?;
    let names: Vec<String> = lib.mod_decls().into_iter().map(|d| d.name).collect();
    let mut modules = BTreeMap::new();
    let mut uses = BTreeMap::new();
    for name in &names {
        let file = SourceFile::read(root, &common.join(format!("{}.rs", name)))?;
        uses.insert(name.clone(), file.path_refs("crate")?);
        let text = file.render(Role::Module, &mut |decl| {
            Err(format!("unexpected mod {}; in {}", decl.name, file.name))
        })?;
        modules.insert(name.clone(), text);
    }
    let mut needed = BTreeSet::new();
    while let Some(wanted_ref) = wanted.pop() {
        let targets = if wanted_ref.name == "*" {
            names.clone()
        } else if names.contains(&wanted_ref.name) {
            vec![wanted_ref.name]
        } else {
            return Err(format!(
                "{}: common has no module {}",
                wanted_ref.place, wanted_ref.name
            ));
        };
        for name in targets {
            if needed.insert(name.clone()) {
                wanted.extend(uses[&name].iter().cloned());
            }
        }
    }
    let lib_text = lib.render(Role::Lib, &mut |decl| {
        Ok(if needed.contains(&decl.name) {
            Some(modules[&decl.name].clone())
        } else {
            None
        })
    })?;

    let in_order: Vec<String> = names.into_iter().filter(|n| needed.contains(n)).collect();
    let mut source = format!(
        "// {p}: `{p}/src/main.rs` and the modules of the `common` crate it uses, in one file\n\
         // made by `cargo xtask bundle {p}`. Compile with `rustc --edition 2021 -O`; std only.\n\n",
        p = problem
    );
    source.push_str(&binary);
    source.push('\n');
    if !in_order.is_empty() {
        source.push_str(&format!(
            "\n// The modules of the `common` crate this program uses: {}.\n\
             // Not every item in them is used here.\n\
             #[allow(dead_code)]\nmod common {{\n{}\n}}\n",
            in_order.join(", "),
            indent(&lib_text)?
        ));
    }
    let (source, formatted) = match rustfmt(root, &source)? {
        Some(formatted) => (formatted, true),
        None => (source, false),
    };
    Ok(Bundle {
        source,
        modules: in_order,
        formatted,
    })
}

/// `<problem>/src/main.rs`, checked to exist.
fn binary_main(root: &Path, problem: &str) -> Result<PathBuf, String> {
    let plain = !problem.is_empty()
        && problem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    let path = root.join(problem).join("src").join("main.rs");
    if plain && path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "no binary {:?}: expected {}/src/main.rs in the workspace",
            problem, problem
        ))
    }
}

/// The binary file `path` rendered, its `mod x;` files (looked up in `dir`) inlined; the
/// `common::x` paths it takes are added to `wanted`.
fn render_binary(
    root: &Path,
    path: &Path,
    dir: &Path,
    wanted: &mut Vec<PathRef>,
) -> Result<String, String> {
    let file = SourceFile::read(root, path)?;
    wanted.extend(file.path_refs("common")?);
    file.render(Role::Binary, &mut |decl| {
        let flat = dir.join(format!("{}.rs", decl.name));
        let nested = dir.join(&decl.name).join("mod.rs");
        let (found, children) = if flat.is_file() {
            (flat, dir.join(&decl.name))
        } else if nested.is_file() {
            (nested, dir.join(&decl.name))
        } else {
            return Err(format!(
                "{}: mod {}; has no file {} or {}",
                file.place(decl.start),
                decl.name,
                relative(root, &flat),
                relative(root, &nested)
            ));
        };
        render_binary(root, &found, &children, wanted).map(Some)
    })
}

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries =
            fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {}", dir.display(), e))?;
        for entry in entries {
            let path = entry
                .map_err(|e| format!("cannot list {}: {}", dir.display(), e))?
                .path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// `source` formatted by `rustfmt --edition 2021`, or `None` if rustfmt is not on PATH.
fn rustfmt(root: &Path, source: &str) -> Result<Option<String>, String> {
    let child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot run rustfmt: {}", e)),
    };
    // rustfmt reads all of its input before it writes: no deadlock on the pipes.
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(source.as_bytes())
        .map_err(|e| format!("cannot feed rustfmt: {}", e))?;
    let output = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt failed: {}", e))?;
    if !output.status.success() {
        return Err(format!(
            "rustfmt rejects the bundle:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8(output.stdout)
        .map(Some)
        .map_err(|_| "rustfmt printed invalid UTF-8".to_string())
}

/// `text` indented by four spaces, except blank lines and lines that begin inside a string
/// literal (indenting those would change the string).
fn indent(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut next = 0;
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        while next < tokens.len() && tokens[next].end <= line_start {
            next += 1;
        }
        let in_literal = next < tokens.len()
            && tokens[next].kind == Kind::Literal
            && tokens[next].start < line_start;
        if !in_literal && !line.trim().is_empty() {
            out.push_str("    ");
        }
        out.push_str(line);
        line_start += line.len();
    }
    Ok(out)
}

/// What a file is to the bundler; the rules differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `common/src/lib.rs`.
    Lib,
    /// Another file of common.
    Module,
    /// A file of a binary.
    Binary,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Space,
    Comment,
    /// `///`, `//!`, `/** */` or `/*! */`.
    Doc,
    /// A string, byte string, raw string, character, byte or number.
    Literal,
    Lifetime,
    Ident,
    /// `::`, or one other character.
    Punct,
}

/// A token: its kind and byte span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
}

/// Splits Rust source into tokens that cover it exactly. Only what the bundler needs is told
/// apart: comments and literals (so that nothing inside them counts as code), identifiers and
/// punctuation. Errs on an unterminated comment or literal.
fn lex(src: &str) -> Result<Vec<Token>, String> {
    let b = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let rest = &b[i..];
        let kind = if b[i].is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            Kind::Space
        } else if rest.starts_with(b"//") {
            i += rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            let doc = (rest.starts_with(b"///") && !rest.starts_with(b"////"))
                || rest.starts_with(b"//!");
            if doc {
                Kind::Doc
            } else {
                Kind::Comment
            }
        } else if rest.starts_with(b"/*") {
            i = block_comment_end(b, i).ok_or_else(|| unterminated(src, start, "comment"))?;
            let doc = (rest.starts_with(b"/**")
                && !rest.starts_with(b"/***")
                && !rest.starts_with(b"/**/"))
                || rest.starts_with(b"/*!");
            if doc {
                Kind::Doc
            } else {
                Kind::Comment
            }
        } else if b[i] == b'"' {
            i = string_end(b, i + 1).ok_or_else(|| unterminated(src, start, "string"))?;
            Kind::Literal
        } else if b[i] == b'\'' {
            match char_end(src, i) {
                Some(end) => {
                    i = end;
                    Kind::Literal
                }
                None => {
                    i += 1;
                    while i < b.len() && is_ident_byte(b[i]) {
                        i += 1;
                    }
                    Kind::Lifetime
                }
            }
        } else if b[i].is_ascii_digit() {
            while i < b.len()
                && (is_ident_byte(b[i])
                    || (b[i] == b'.' && i + 1 < b.len() && b[i + 1].is_ascii_digit()))
            {
                i += 1;
            }
            Kind::Literal
        } else if is_ident_byte(b[i]) {
            match prefixed_literal_end(src, i) {
                Some(end) => {
                    i = end.ok_or_else(|| unterminated(src, start, "literal"))?;
                    Kind::Literal
                }
                None => {
                    if rest.starts_with(b"r#") {
                        i += 2;
                    }
                    while i < b.len() && is_ident_byte(b[i]) {
                        i += 1;
                    }
                    Kind::Ident
                }
            }
        } else if rest.starts_with(b"::") {
            i += 2;
            Kind::Punct
        } else {
            i += src[i..].chars().next().map_or(1, char::len_utf8);
            Kind::Punct
        };
        tokens.push(Token {
            kind,
            start,
            end: i,
        });
    }
    Ok(tokens)
}

fn unterminated(src: &str, at: usize, what: &str) -> String {
    format!("line {}: unterminated {}", line_of(src, at), what)
}

fn line_of(src: &str, at: usize) -> usize {
    src[..at].matches('\n').count() + 1
}

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// The end of the (nested) block comment starting at `i`.
fn block_comment_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// The end of a string whose contents start at `i`, after the opening quote.
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The end of a raw string whose `#`s start at `i`, just after the `r`.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let hashes = b[i..].iter().take_while(|&&c| c == b'#').count();
    let mut j = i + hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    j += 1;
    while j < b.len() {
        if b[j] == b'"'
            && b[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == b'#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    None
}

/// The end of the character literal opening with the quote at `i`, or `None` if the quote
/// opens a lifetime or label.
fn char_end(src: &str, i: usize) -> Option<usize> {
    let b = src.as_bytes();
    if b.get(i + 1) == Some(&b'\\') {
        let mut j = i + 3;
        while j < b.len() && b[j] != b'\'' && b[j] != b'\n' {
            j += 1;
        }
        return if b.get(j) == Some(&b'\'') {
            Some(j + 1)
        } else {
            None
        };
    }
    let c = src.get(i + 1..)?.chars().next()?;
    let j = i + 1 + c.len_utf8();
    if c != '\'' && b.get(j) == Some(&b'\'') {
        Some(j + 1)
    } else {
        None
    }
}

/// If a byte or raw literal (`b'x'`, `b"x"`, `r"x"`, `r#"x"#`, `br"x"`) starts at `i`,
/// `Some` of its end (`Some(None)` if unterminated); `None` if an identifier starts there.
fn prefixed_literal_end(src: &str, i: usize) -> Option<Option<usize>> {
    let b = src.as_bytes();
    let raw_at = |j: usize| {
        let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
        b.get(j + hashes) == Some(&b'"')
    };
    match (b[i], b.get(i + 1).copied(), b.get(i + 2).copied()) {
        (b'b', Some(b'\''), _) => Some(char_end(src, i + 1)),
        (b'b', Some(b'"'), _) => Some(string_end(b, i + 2)),
        (b'b', Some(b'r'), Some(b'"' | b'#')) if raw_at(i + 2) => Some(raw_string_end(b, i + 2)),
        (b'r', Some(b'"' | b'#'), _) if raw_at(i + 1) => Some(raw_string_end(b, i + 1)),
        _ => None,
    }
}

/// A `mod name;` declaration; `start` is where its attributes and visibility start.
struct ModDecl {
    name: String,
    start: usize,
    semicolon: Token,
}

/// A path into common seen in the code: the module it names (`*` for a glob) and where.
#[derive(Clone, Debug)]
struct PathRef {
    name: String,
    place: String,
}

/// A source file, lexed, with its tests located.
struct SourceFile {
    /// The path shown in messages.
    name: String,
    text: String,
    tokens: Vec<Token>,
    /// The code tokens (no spaces or comments) outside tests.
    code: Vec<Token>,
    /// The spans of `#[cfg(test)]` items, attributes included.
    tests: Vec<(usize, usize)>,
}

const LINT_LEVELS: [&str; 5] = ["allow", "warn", "deny", "forbid", "expect"];

impl SourceFile {
    fn read(root: &Path, path: &Path) -> Result<Self, String> {
        let name = relative(root, path);
        let text = fs::read_to_string(path).map_err(|e| format!("cannot read {}: {}", name, e))?;
        SourceFile::new(name, text)
    }

    /// Lexes `text` and finds its `#[cfg(test)]` items.
    fn new(name: String, text: String) -> Result<Self, String> {
        let tokens = lex(&text).map_err(|e| format!("{}: {}", name, e))?;
        let mut file = SourceFile {
            name,
            text,
            code: tokens
                .iter()
                .copied()
                .filter(|t| !matches!(t.kind, Kind::Space | Kind::Comment | Kind::Doc))
                .collect(),
            tokens,
            tests: Vec::new(),
        };
        let mut p = 0;
        while p < file.code.len() {
            if file.at_seq(p, &["#", "[", "cfg", "(", "test", ")", "]"]) {
                let start = file.attributes_start(p);
                let end = file.item_end(p + 7).ok_or_else(|| {
                    format!(
                        "{}: a #[cfg(test)] item never ends",
                        file.place(file.code[p].start)
                    )
                })?;
                file.tests
                    .push((file.code[start].start, file.code[end].end));
                p = end + 1;
            } else {
                p += 1;
            }
        }
        let tests = file.tests.clone();
        file.code
            .retain(|t| !tests.iter().any(|&(s, e)| s <= t.start && t.end <= e));
        Ok(file)
    }

    /// The text of code token `p`, or "" past the end.
    fn at(&self, p: usize) -> &str {
        self.code.get(p).map_or("", |t| &self.text[t.start..t.end])
    }

    fn at_seq(&self, p: usize, texts: &[&str]) -> bool {
        texts.iter().enumerate().all(|(k, t)| self.at(p + k) == *t)
    }

    fn is_ident(&self, p: usize) -> bool {
        self.code.get(p).is_some_and(|t| t.kind == Kind::Ident)
    }

    fn place(&self, offset: usize) -> String {
        format!("{}:{}", self.name, line_of(&self.text, offset))
    }

    /// The code token that closes the bracket opened at `p`.
    fn close(&self, p: usize) -> Option<usize> {
        let mut depth = 0usize;
        for q in p..self.code.len() {
            if self.code[q].kind != Kind::Punct {
                continue;
            }
            match self.at(q) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(q);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The code token that opens the bracket closed at `p`.
    fn open(&self, p: usize) -> Option<usize> {
        let mut depth = 0usize;
        for q in (0..=p).rev() {
            if self.code[q].kind != Kind::Punct {
                continue;
            }
            match self.at(q) {
                ")" | "]" | "}" => depth += 1,
                "(" | "[" | "{" => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(q);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Where the outer attributes written just before code token `p` start.
    fn attributes_start(&self, mut p: usize) -> usize {
        while p >= 1 && self.at(p - 1) == "]" {
            match self.open(p - 1) {
                Some(o) if o >= 1 && self.at(o - 1) == "#" => p = o - 1,
                _ => break,
            }
        }
        p
    }

    /// The last token of the item starting at `p` (after any attributes): its `;` or the `}`
    /// closing its body.
    fn item_end(&self, mut p: usize) -> Option<usize> {
        while self.at_seq(p, &["#", "["]) {
            p = self.close(p + 1)? + 1;
        }
        while p < self.code.len() {
            match self.at(p) {
                ";" => return Some(p),
                "{" => return self.close(p),
                "(" | "[" => p = self.close(p)? + 1,
                _ => p += 1,
            }
        }
        None
    }

    /// The `mod name;` declarations outside tests.
    fn mod_decls(&self) -> Vec<ModDecl> {
        let mut decls = Vec::new();
        for p in 0..self.code.len() {
            if self.at(p) == "mod" && self.is_ident(p + 1) && self.at(p + 2) == ";" {
                let mut start = p;
                if start >= 1 && self.at(start - 1) == "pub" {
                    start -= 1;
                } else if start >= 1 && self.at(start - 1) == ")" {
                    if let Some(o) = self.open(start - 1) {
                        if o >= 1 && self.at(o - 1) == "pub" {
                            start = o - 1;
                        }
                    }
                }
                decls.push(ModDecl {
                    name: self.at(p + 1).to_string(),
                    start: self.code[self.attributes_start(start)].start,
                    semicolon: self.code[p + 2],
                });
            }
        }
        decls
    }

    /// The span of the inner attribute `#![...]` starting at `p`, if one does.
    fn inner_attribute(&self, p: usize) -> Option<usize> {
        if self.at_seq(p, &["#", "!", "["]) {
            self.close(p + 2)
        } else {
            None
        }
    }

    /// Where the code breaks a rule for `role`, as `path:line: what`.
    fn violations(&self, role: Role) -> Vec<String> {
        let mut found = Vec::new();
        let common = role != Role::Binary;
        for p in 0..self.code.len() {
            let next = self.at(p + 1);
            let call = next == "!" && matches!(self.at(p + 2), "(" | "[" | "{");
            let what = match self.at(p) {
                "#" if self.at_seq(p + 1, &["[", "path"]) => {
                    "#[path] (the bundle has no other files)".to_string()
                }
                "#" if self.at_seq(p + 1, &["[", "macro_export"]) => {
                    "#[macro_export] (the macro would move to the bundle's root)".to_string()
                }
                name @ ("include" | "include_str" | "include_bytes" | "env" | "option_env")
                    if call && self.is_ident(p) =>
                {
                    format!("{}! (a judge compiles one file, without cargo)", name)
                }
                "extern" if next == "crate" => "extern crate".to_string(),
                "$" if next == "crate" => "$crate in a macro".to_string(),
                keyword @ ("self" | "super") if common && next == "::" && self.is_ident(p) => {
                    format!("{}:: path in common (write crate::...)", keyword)
                }
                "use" if common && self.is_ident(p) && !matches!(next, "std" | "crate") => {
                    format!(
                        "use {} in common (only use std::... and use crate::...)",
                        next
                    )
                }
                "mod" if role == Role::Module && self.is_ident(p + 1) && self.at(p + 2) == ";" => {
                    "mod x; in a module of common (declare modules in lib.rs only)".to_string()
                }
                "common" if role == Role::Binary && self.is_ident(p) && next != "::" => {
                    "common not at the head of a common::... path".to_string()
                }
                "common" if role == Role::Binary && p >= 1 && self.at(p - 1) == "::" => {
                    "::common (write common::... without the leading ::)".to_string()
                }
                _ => continue,
            };
            found.push(format!("{}: {}", self.place(self.code[p].start), what));
        }
        if role == Role::Lib {
            found.extend(self.lib_violations());
        }
        found
    }

    /// Code in `lib.rs` other than inner attributes and `mod x;` declarations.
    fn lib_violations(&self) -> Vec<String> {
        let decls = self.mod_decls();
        let mut found = Vec::new();
        let mut p = 0;
        while p < self.code.len() {
            let start = self.code[p].start;
            if let Some(end) = self.inner_attribute(p) {
                p = end + 1;
            } else if let Some(decl) = decls.iter().find(|d| d.start == start) {
                p = self
                    .code
                    .iter()
                    .position(|t| *t == decl.semicolon)
                    .expect("the semicolon is code")
                    + 1;
            } else {
                found.push(format!(
                    "{}: lib.rs holds only mod x; declarations, found {}",
                    self.place(start),
                    self.at(p)
                ));
                p = self.item_end(p).unwrap_or(self.code.len()) + 1;
            }
        }
        found
    }

    /// The first segments of the paths `head::x` (`head::{x, y::z}`, `head::*`) in the code.
    fn path_refs(&self, head: &str) -> Result<Vec<PathRef>, String> {
        let mut refs = Vec::new();
        for p in 0..self.code.len() {
            if !self.is_path_head(p, head) {
                continue;
            }
            let place = self.place(self.code[p].start);
            let mut push = |name: &str| {
                refs.push(PathRef {
                    name: name.to_string(),
                    place: place.clone(),
                })
            };
            let q = p + 2;
            if self.at(q) == "{" {
                let end = self
                    .close(q)
                    .ok_or_else(|| format!("{}: unclosed {{", place))?;
                let mut depth = 0;
                let mut entry_start = true;
                for r in q + 1..end {
                    match self.at(r) {
                        "{" | "(" | "[" => depth += 1,
                        "}" | ")" | "]" => depth -= 1,
                        "," if depth == 0 => entry_start = true,
                        name if entry_start && depth == 0 => {
                            if name != "self" {
                                push(name);
                            }
                            entry_start = false;
                        }
                        _ => {}
                    }
                }
            } else {
                push(self.at(q));
            }
        }
        Ok(refs)
    }

    /// Whether code token `p` is `head` at the start of a path `head::...`.
    fn is_path_head(&self, p: usize, head: &str) -> bool {
        self.at(p) == head
            && self.is_ident(p)
            && self.at(p + 1) == "::"
            && (p == 0 || !matches!(self.at(p - 1), "::" | "."))
    }

    /// The file as it goes into the bundle: tests, doc comments and `#[doc]` attributes left
    /// out, paths rewritten for `role`, and each `mod x;` given the body `inline` returns for
    /// it (or left out if `None`).
    fn render(
        &self,
        role: Role,
        inline: &mut dyn FnMut(&ModDecl) -> Result<Option<String>, String>,
    ) -> Result<String, String> {
        let mut cuts = self.tests.clone();
        let in_tests = |at: usize| self.tests.iter().any(|&(s, e)| s <= at && at < e);
        cuts.extend(
            self.tokens
                .iter()
                .filter(|t| t.kind == Kind::Doc && !in_tests(t.start))
                .map(|t| (t.start, t.end)),
        );
        let (head, replacement) = match role {
            Role::Binary => ("common", "crate::common"),
            Role::Lib | Role::Module => ("crate", "crate::common"),
        };
        let mut edits = Vec::new();
        for p in 0..self.code.len() {
            if let Some(end) = self.inner_attribute(p) {
                if role != Role::Binary && !LINT_LEVELS.contains(&self.at(p + 3)) {
                    cuts.push((self.code[p].start, self.code[end].end));
                }
            } else if self.at_seq(p, &["#", "[", "doc"]) {
                let end = self
                    .close(p + 1)
                    .ok_or_else(|| format!("{}: unclosed #[", self.place(self.code[p].start)))?;
                cuts.push((self.code[p].start, self.code[end].end));
            } else if self.is_path_head(p, head) {
                let t = self.code[p];
                edits.push((t.start, t.end, replacement.to_string()));
            }
        }
        for decl in self.mod_decls() {
            match inline(&decl)? {
                Some(body) => edits.push((
                    decl.semicolon.start,
                    decl.semicolon.end,
                    format!(" {{\n{}\n}}", indent(&body)?),
                )),
                None => cuts.push((decl.start, decl.semicolon.end)),
            }
        }
        let cuts = merge(
            merge(cuts)
                .into_iter()
                .map(|(s, e)| whole_lines(&self.text, s, e))
                .collect(),
        );
        edits.retain(|&(s, _, _)| !cuts.iter().any(|&(cs, ce)| cs <= s && s < ce));
        edits.extend(cuts.into_iter().map(|(s, e)| (s, e, String::new())));
        edits.sort_by_key(|&(s, _, _)| s);
        let mut out = String::with_capacity(self.text.len());
        let mut at = 0;
        for (s, e, text) in edits {
            out.push_str(&self.text[at..s]);
            out.push_str(&text);
            at = e;
        }
        out.push_str(&self.text[at..]);
        Ok(out.trim().to_string())
    }
}

/// Sorted spans, overlapping ones joined.
fn merge(mut spans: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    spans.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(spans.len());
    for (s, e) in spans {
        match merged.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    merged
}

/// The span `start..end` grown to whole lines, with the line end, if nothing but blanks
/// shares its lines.
fn whole_lines(text: &str, start: usize, end: usize) -> (usize, usize) {
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
    if text[line_start..start].trim().is_empty() && text[end..line_end].trim().is_empty() {
        (line_start, line_end)
    } else {
        (start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> SourceFile {
        SourceFile::new("x.rs".to_string(), text.to_string()).unwrap()
    }

    fn kinds(src: &str) -> Vec<(Kind, &str)> {
        lex(src)
            .unwrap()
            .into_iter()
            .filter(|t| t.kind != Kind::Space)
            .map(|t| (t.kind, &src[t.start..t.end]))
            .collect()
    }

    #[test]
    fn lexer_tells_literals_comments_and_lifetimes_apart() {
        use Kind::*;
        let src = r###"a::b '{' '\'' '\u{7b}' 'a fn f<'b>() "}//\"" r#"}"# br"{" b'}' /* /* } */ */
/// doc
//// not doc
//! inner /** doc */ /**/ 1.5 r#fn x"###;
        assert_eq!(
            kinds(src),
            vec![
                (Ident, "a"),
                (Punct, "::"),
                (Ident, "b"),
                (Literal, "'{'"),
                (Literal, r"'\''"),
                (Literal, r"'\u{7b}'"),
                (Lifetime, "'a"),
                (Ident, "fn"),
                (Ident, "f"),
                (Punct, "<"),
                (Lifetime, "'b"),
                (Punct, ">"),
                (Punct, "("),
                (Punct, ")"),
                (Literal, r#""}//\"""#),
                (Literal, r##"r#"}"#"##),
                (Literal, r#"br"{""#),
                (Literal, "b'}'"),
                (Comment, "/* /* } */ */"),
                (Doc, "/// doc"),
                (Comment, "//// not doc"),
                (Doc, "//! inner /** doc */ /**/ 1.5 r#fn x"),
            ]
        );
        assert_eq!(
            kinds("/** d */ /**/ '无' 1.5 r#fn"),
            vec![
                (Doc, "/** d */"),
                (Comment, "/**/"),
                (Literal, "'无'"),
                (Literal, "1.5"),
                (Ident, "r#fn"),
            ]
        );
        assert!(lex("\"open").is_err());
        assert!(lex("/* open").is_err());
    }

    #[test]
    fn render_drops_tests_and_docs_and_rewrites_paths() {
        let src = "//! Module doc.\n\nuse crate::error::Error;\n\n/// Doc.\n#[doc = \"more\"]\n\
                   pub fn f() -> &'static str {\n    // kept\n    \"/// not a doc } {\"\n}\n\n\
                   #[cfg(test)]\nmod tests {\n    use super::*;\n    const C: char = '}';\n    \
                   const S: &str = \"}}\";\n}\n";
        let out = file(src).render(Role::Module, &mut |_| Ok(None)).unwrap();
        assert_eq!(
            out,
            "use crate::common::error::Error;\n\npub fn f() -> &'static str {\n    // kept\n    \
             \"/// not a doc } {\"\n}"
        );
    }

    #[test]
    fn lib_keeps_the_needed_modules() {
        let lib = file("//! Doc.\n#![forbid(unsafe_code)]\n#![doc(html_root_url = \"x\")]\n\npub mod a;\npub mod b;\n");
        let out = lib
            .render(Role::Lib, &mut |d| {
                Ok(if d.name == "b" {
                    Some("pub fn g() {}".to_string())
                } else {
                    None
                })
            })
            .unwrap();
        assert_eq!(
            out,
            "#![forbid(unsafe_code)]\n\npub mod b {\n    pub fn g() {}\n}"
        );
        assert!(lib.violations(Role::Lib).is_empty());
        let bad = file("pub mod a;\npub use a::X;\nfn f() {}\n");
        let found = bad.violations(Role::Lib);
        assert_eq!(found.len(), 3, "{:#?}", found);
    }

    #[test]
    fn binary_paths_into_common_are_found_and_rewritten() {
        let bin = file(
            "use common::{scanner::Scanner, error::{Error, InputError}, self};\n\
             fn main() { common::output::run(\"common::x\", x.common::<u8>()) }\n",
        );
        let names: Vec<String> = bin
            .path_refs("common")
            .unwrap()
            .into_iter()
            .map(|r| r.name)
            .collect();
        assert_eq!(names, vec!["scanner", "error", "output"]);
        let out = bin.render(Role::Binary, &mut |_| Ok(None)).unwrap();
        assert!(out.starts_with("use crate::common::{scanner"));
        assert!(out.contains("crate::common::output::run(\"common::x\", x.common::<u8>())"));
    }

    #[test]
    fn every_rule_is_checked_outside_tests_only() {
        let module = file(
            "use itertools::Itertools;\nuse super::x;\nfn f() { self::g(); let s = \"super::\"; }\n\
             mod m;\n#[path = \"a.rs\"]\nmod n {}\nextern crate core;\nmacro_rules! m { () => { $crate::f() } }\n\
             const E: &str = env!(\"X\");\nfn g() -> bool { let env = 1; env != 2 }\n\
             #[cfg(test)]\nmod tests { use super::*; fn t() { self::f(); } }\n",
        );
        let found = module.violations(Role::Module);
        let lines: Vec<&str> = found.iter().map(|v| v.split(':').nth(1).unwrap()).collect();
        assert_eq!(
            lines,
            vec!["1", "2", "2", "3", "4", "5", "7", "8", "9"],
            "{:#?}",
            found
        );
        let binary = file("use common;\nfn f() { ::common::x::y(); }\nmod m;\n");
        assert_eq!(binary.violations(Role::Binary).len(), 2);
    }

    #[test]
    fn indent_leaves_multiline_strings_alone() {
        let text = "fn f() {\n    let s = \"a\nb\";\n\n}\n";
        assert_eq!(
            indent(text).unwrap(),
            "    fn f() {\n        let s = \"a\nb\";\n\n    }\n"
        );
    }
}
