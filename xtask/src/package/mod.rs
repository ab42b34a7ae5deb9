//! `cargo xtask package <problem>|all [-o DIR] [--peers DIR | --no-peers]`: a problem package
//! in the Kattis (ICPC) legacy problem package format for each problem, ready for
//! `verifyproblem`, DOMjudge or Kattis.
//!
//! ```text
//! DIR/<problem>/problem.yaml             judge/<problem>/problem.yaml
//! DIR/<problem>/problem_statement/       judge/<problem>/problem_statement/ (English, Chinese),
//!                                        and sample.pdf, the first sample drawn (jigsaw, latin6)
//! DIR/<problem>/data/sample/             the statement's samples (tests/fixtures/<problem>/)
//! DIR/<problem>/data/secret/<group>/     generated tests, in groups (data.rs)
//! DIR/<problem>/input_validators/validate/  judge/<problem>/input_validators/main.rs and
//!                                        judge/input_lines.rs, one program
//! DIR/<problem>/output_validators/       judge/<problem>/output_validators/ (where there is one)
//! DIR/<problem>/submissions/accepted/    the bundle (`cargo xtask bundle <problem>`)
//! DIR/<problem>/submissions/<verdict>/   judge/<problem>/submissions/, and the peers (peers.rs)
//! ```
//!
//! Everything comes from the repository, fixed seeds and, where `../shared/peers` (or the
//! folder `--peers` names) is present, the peers' sources with their measured verdicts
//! ([`peers`]), so two runs write the same bytes; without the peers' folder, or with
//! `--no-peers`, the package holds no peer at all. Each test's answer is worked out by
//! engines that share no code with the binary ([`answers`]) and must equal what the release
//! binary prints, byte for byte; on any difference, or if a statement's sample does not match,
//! nothing is written. The default DIR is `package/` in cargo's target folder. A package is
//! replaced whole: it is written beside its place and renamed.

mod answers;
mod data;
mod peers;
mod sat_check;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use xtask::Problem;

use testkit::process;

/// A run of the binary on one test longer than this is a failure of the package.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The command line of `cargo xtask package`.
#[derive(clap::Parser, Debug)]
#[command(
    name = "package",
    about = "A Kattis problem package (legacy format) for a problem, or for all four"
)]
pub struct Options {
    /// The problem, or all four
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(Problem::ALL.map(Problem::name).into_iter().chain(["all"])))]
    problem: String,
    /// The folder the packages go in, one subfolder each [default: <target>/package]
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    output: Option<PathBuf>,
    /// The folder of the published peer solutions, each put in the submissions folder of its
    /// measured verdict [default: ../shared/peers beside the workspace, if there]
    #[arg(long = "peers", value_name = "DIR", conflicts_with = "no_peers")]
    peers: Option<PathBuf>,
    /// Leave the peer solutions out, as when their folder is absent
    #[arg(long = "no-peers")]
    no_peers: bool,
}

/// Runs `package` as `options` say.
pub fn main(options: &Options) -> Result<(), String> {
    let root = xtask::workspace_root();
    let out = options
        .output
        .clone()
        .unwrap_or_else(|| crate::target_dir().join("package"));
    let problems = match options.problem.as_str() {
        "all" => Problem::ALL.to_vec(),
        one => vec![one.parse::<Problem>()?],
    };
    let peers_dir = match &options.peers {
        Some(dir) if !dir.is_dir() => {
            return Err(format!("--peers {}: no such folder", dir.display()));
        }
        Some(dir) => Some(dir.clone()),
        None if options.no_peers => None,
        None => Some(peers::default_dir(&root)),
    };
    for problem in problems {
        let binary = xtask::build_release(problem)?;
        let mut files = package_files(&root, problem, &binary)?;
        if let Some(dir) = &peers_dir {
            for path in peers::add(&mut files, problem, dir, &peers::PEERS)? {
                eprintln!("package {}: the peer {}", problem, path.display());
            }
        }
        let dir = out.join(problem.name());
        write_tree(&dir, &files)?;
        let bytes: usize = files.values().map(Vec::len).sum();
        eprintln!(
            "package {}: {} files, {} bytes, in {}",
            problem,
            files.len(),
            testkit::thousands(bytes as u64),
            dir.display()
        );
    }
    Ok(())
}

/// Every file of `problem`'s package but the peers', by its path inside the package.
/// `binary` is the release binary whose outputs are checked against the answers. Errs on
/// the first answer that is not matched, and if a file of the repository cannot be read.
pub fn package_files(
    root: &Path,
    problem: Problem,
    binary: &Path,
) -> Result<BTreeMap<PathBuf, Vec<u8>>, String> {
    let judge = root.join("judge").join(problem.name());
    let mut files = BTreeMap::new();
    files.insert(
        PathBuf::from("problem.yaml"),
        read(&judge.join("problem.yaml"))?,
    );
    for (name, text) in tree(&judge.join("problem_statement"))? {
        files.insert(
            Path::new("problem_statement").join(&name),
            with_cjk_fonts(&name, text),
        );
    }
    // The input validator is a program of two files, so it gets a folder of its own: its
    // main.rs, and beside it the reader the four validators share.
    let validator = Path::new("input_validators/validate");
    for (name, bytes) in tree(&judge.join("input_validators"))? {
        files.insert(validator.join(name), bytes);
    }
    files.insert(
        validator.join("input_lines.rs"),
        read(&root.join("judge/input_lines.rs"))?,
    );
    for folder in ["output_validators", "submissions"] {
        let from = judge.join(folder);
        if from.is_dir() {
            for (name, bytes) in tree(&from)? {
                files.insert(Path::new(folder).join(name), bytes);
            }
        }
    }
    let bundle = xtask::bundle::bundle(root, problem.name())?;
    files.insert(
        Path::new("submissions/accepted").join(format!("{}.rs", problem)),
        bundle.source.into_bytes(),
    );

    let fixtures = root.join("tests/fixtures").join(problem.name());
    if let Some(sample) = drawn_sample(problem) {
        let input = read(&fixtures.join(format!("{}.in", sample)))?;
        let answer = read(&fixtures.join(format!("{}.out", sample)))?;
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).map_err(|e| e.to_string());
        let drawing = crate::draw::sample_pdf(problem, &text(input)?, &text(answer)?)
            .map_err(|e| format!("{} {}: {}", problem, sample, e))?;
        files.insert(PathBuf::from("problem_statement/sample.pdf"), drawing);
    }
    for sample in samples(problem) {
        let input = read(&fixtures.join(format!("{}.in", sample)))?;
        let answer = read(&fixtures.join(format!("{}.out", sample)))?;
        let what = format!("{} {}", problem, sample);
        check(binary, &what, &input, &answer)?;
        let at = Path::new("data/sample");
        files.insert(at.join(format!("{}.in", sample)), input);
        files.insert(at.join(format!("{}.ans", sample)), answer);
    }
    for group in data::groups(problem)? {
        if group.tests.is_empty() {
            return Err(format!("{}: the group {} is empty", problem, group.name));
        }
        let at = Path::new("data/secret").join(group.name);
        for test in group.tests {
            let what = format!("{} {}/{}", problem, group.name, test.name);
            check(binary, &what, test.input.as_bytes(), test.answer.as_bytes())?;
            files.insert(
                at.join(format!("{}.in", test.name)),
                test.input.into_bytes(),
            );
            files.insert(
                at.join(format!("{}.ans", test.name)),
                test.answer.into_bytes(),
            );
        }
    }
    Ok(files)
}

/// The statement's samples of `problem`, as named in `tests/fixtures/<problem>/`. sima4's
/// sample is the form with the empty lines the statement asks for.
fn samples(problem: Problem) -> &'static [&'static str] {
    match problem {
        Problem::Latin6 | Problem::Target9 => &["sample1", "sample2"],
        Problem::Jigsaw | Problem::Sima4 => &["sample"],
    }
}

/// The sample whose picture the statement shows, for the problems whose layout is hard to read
/// as numbers: jigsaw's walls and latin6's groups.
fn drawn_sample(problem: Problem) -> Option<&'static str> {
    match problem {
        Problem::Jigsaw => Some("sample"),
        Problem::Latin6 => Some("sample1"),
        Problem::Sima4 | Problem::Target9 => None,
    }
}

/// Errs unless `binary` prints exactly `answer` on `input`, with status 0 and nothing on
/// standard error.
fn check(binary: &Path, what: &str, input: &[u8], answer: &[u8]) -> Result<(), String> {
    let run = process::run(&mut Command::new(binary), input, TIMEOUT)
        .map_err(|e| format!("{}: {}", binary.display(), e))?;
    let fine = run.status.is_some_and(|s| s.success()) && run.stderr.is_empty();
    if fine && run.stdout == answer {
        return Ok(());
    }
    let first_difference = run
        .stdout
        .iter()
        .zip(answer)
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| run.stdout.len().min(answer.len()));
    let line = answer[..first_difference.min(answer.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1;
    Err(format!(
        "cross-check failed on {}: the binary ({}, {} bytes of output{}) differs from the \
         independent answer ({} bytes) from line {}; no package written",
        what,
        run.status
            .map_or_else(|| "killed".to_string(), |s| s.to_string()),
        run.stdout.len(),
        match run.stderr.is_empty() {
            true => String::new(),
            false => format!(", stderr {:?}", String::from_utf8_lossy(&run.stderr)),
        },
        answer.len(),
        line
    ))
}

/// The Chinese text of a statement needs a font that has it, and line breaks between its
/// characters, which LuaLaTeX (what problemtools runs) gives neither of by itself. This part,
/// put before a statement that is not pure ASCII, takes the glyphs from AR PL UMing (Debian's
/// `fonts-arphic-uming`) and lets a line break after any CJK character; plasTeX, which writes
/// the HTML, skips it.
const CJK_FONTS: &str = r#"%% Added by `cargo xtask package`: CJK glyphs from AR PL UMing, line breaks between them.
\ifplastex\else
\directlua{
  luaotfload.add_fallback("cjk", {"AR PL UMing CN:mode=node;"})
  luatexbase.add_to_callback("pre_linebreak_filter", function(head)
    for n in node.traverse_id(node.id("glyph"), head) do
      if n.char >= 0x2E80 and n.next then
        local p = node.new("penalty")
        p.penalty = 0
        head = node.insert_after(head, n, p)
      end
    end
    return head
  end, "cjk line breaks")
}
\setmainfont{Latin Modern Roman}[RawFeature={fallback=cjk}]
\setsansfont{Latin Modern Sans}[RawFeature={fallback=cjk}]
\setmonofont{Latin Modern Mono}[RawFeature={fallback=cjk}]
\fi
"#;

/// `text`, the file `name` of a statement folder, with [`CJK_FONTS`] before it if it is a
/// TeX file that is not pure ASCII.
fn with_cjk_fonts(name: &Path, text: Vec<u8>) -> Vec<u8> {
    let tex = name.extension().is_some_and(|e| e == "tex");
    if tex && !text.is_ascii() {
        let mut with = CJK_FONTS.as_bytes().to_vec();
        with.extend(text);
        with
    } else {
        text
    }
}

/// The bytes of the file `path`.
fn read(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("cannot read {}: {}", path.display(), e))
}

/// Every file under `dir`, by its path relative to `dir`, in sorted order.
fn tree(dir: &Path) -> Result<BTreeMap<PathBuf, Vec<u8>>, String> {
    let mut files = BTreeMap::new();
    let mut folders = vec![PathBuf::new()];
    while let Some(folder) = folders.pop() {
        let entries =
            fs::read_dir(dir.join(&folder)).map_err(|e| format!("{}: {}", dir.display(), e))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {}", dir.display(), e))?;
            let relative = folder.join(entry.file_name());
            if entry.path().is_dir() {
                folders.push(relative);
            } else {
                files.insert(relative.clone(), read(&dir.join(&relative))?);
            }
        }
    }
    Ok(files)
}

/// Writes `files` as the folder `dir`, replacing what was there: into `dir` with the
/// extension `partial` first, renamed when complete.
fn write_tree(dir: &Path, files: &BTreeMap<PathBuf, Vec<u8>>) -> Result<(), String> {
    let err = |path: &Path, e: std::io::Error| format!("{}: {}", path.display(), e);
    let partial = dir.with_extension("partial");
    for old in [&partial, &dir.to_path_buf()] {
        if old.exists() {
            fs::remove_dir_all(old).map_err(|e| err(old, e))?;
        }
    }
    for (name, bytes) in files {
        let path = partial.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| err(parent, e))?;
        }
        fs::write(&path, bytes).map_err(|e| err(&path, e))?;
    }
    fs::rename(&partial, dir).map_err(|e| err(dir, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_takes_the_exact_bytes_and_refuses_others() {
        let cat = Path::new("cat");
        assert!(check(cat, "echo", b"1\n2\n", b"1\n2\n").is_ok());
        let refused = check(cat, "echo", b"1\n2\n", b"1\n3\n").unwrap_err();
        assert!(refused.contains("from line 2"), "{}", refused);
        assert!(refused.contains("no package written"));
        assert!(check(Path::new("false"), "false", b"", b"").is_err());
    }

    #[test]
    fn only_tex_statements_with_chinese_get_the_fonts() {
        let zh = "\\problemname{数独}\n".as_bytes().to_vec();
        let with = with_cjk_fonts(Path::new("problem.zh.tex"), zh.clone());
        assert!(with.starts_with(CJK_FONTS.as_bytes()) && with.ends_with(&zh));
        let en = b"\\problemname{Sudoku}\n".to_vec();
        assert_eq!(with_cjk_fonts(Path::new("problem.en.tex"), en.clone()), en);
        assert_eq!(with_cjk_fonts(Path::new("picture.png"), zh.clone()), zh);
    }

    #[test]
    fn trees_are_written_whole_and_read_back() {
        let dir = std::env::temp_dir().join(format!("xtask-package-{}", std::process::id()));
        let mut files = BTreeMap::new();
        files.insert(PathBuf::from("a/b.in"), b"1\n".to_vec());
        files.insert(PathBuf::from("c.yaml"), b"x: 1\n".to_vec());
        write_tree(&dir, &files).unwrap();
        fs::write(dir.join("stale"), b"").unwrap();
        write_tree(&dir, &files).unwrap();
        assert_eq!(tree(&dir).unwrap(), files);
        assert!(!dir.with_extension("partial").exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
