//! The bench's data sets: what each holds, drawn once with fixed seeds into the data folder
//! or read from the outside folder.

use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use testkit::gen::{self, LayoutKind, Rng};
use testkit::reference;
use testkit::Problem;

use super::{Options, Paths};

/// The solutions of the empty 6x6 grid with 2x3 groups.
pub(super) const LATIN6_EMPTY_SOLUTIONS: usize = 28_200_960;

/// The two jigsaw answers that are not a grid.
pub(super) const JIGSAW_VERDICTS: [&str; 2] = ["No solution", "Multiple Solutions"];

pub(super) struct DataSet {
    pub(super) name: String,
    pub(super) problem: Problem,
    pub(super) cases: usize,
    /// One process per input.
    pub(super) inputs: Vec<Input>,
    /// The peer prints what ours prints on these inputs, byte for byte.
    pub(super) comparable: bool,
}

pub(super) struct Input {
    pub(super) label: String,
    pub(super) ours: PathBuf,
    pub(super) peer: PathBuf,
    pub(super) expected: Option<PathBuf>,
}

impl Input {
    pub(super) fn same(label: String, path: PathBuf) -> Self {
        Input {
            label,
            ours: path.clone(),
            peer: path,
            expected: None,
        }
    }
}

/// A set's number of cases and inputs; `None` when its source is missing (said in the notes).
type Made = Result<Option<(usize, Vec<Input>)>, String>;

/// One data set of the bench: how it is made, and whether the peer's output can be compared
/// with ours.
pub(super) struct SetSpec {
    pub(super) name: &'static str,
    /// The peer prints what ours prints on these inputs, byte for byte.
    comparable: bool,
    /// Draws or reads the inputs into `paths.data` (each file once), or notes in `skipped`
    /// what is missing.
    make: fn(name: &str, options: &Options, paths: &Paths, skipped: &mut Vec<String>) -> Made,
}

/// The sets, in the order of the report.
pub(super) const SETS: [SetSpec; 8] = [
    SetSpec {
        name: "jigsaw-17clue",
        comparable: true,
        make: classic_17_clue,
    },
    SetSpec {
        name: "jigsaw-hardest",
        comparable: true,
        make: classic_hardest,
    },
    SetSpec {
        name: "jigsaw-random",
        comparable: true,
        make: jigsaw_random,
    },
    SetSpec {
        name: "target9-noip",
        comparable: true,
        make: target9_noip,
    },
    SetSpec {
        name: "target9-sparse",
        comparable: true,
        make: target9_sparse,
    },
    SetSpec {
        name: "target9-empty",
        comparable: true,
        make: target9_empty,
    },
    SetSpec {
        name: "latin6-empty",
        comparable: false,
        make: latin6_empty,
    },
    SetSpec {
        name: "sima4-unique",
        comparable: false,
        make: sima4_unique,
    },
];

/// The set `spec`, its inputs drawn or read as [`SetSpec::make`] says; `None` when skipped.
pub(super) fn make_set(
    spec: &SetSpec,
    options: &Options,
    paths: &Paths,
    skipped: &mut Vec<String>,
) -> Result<Option<DataSet>, String> {
    let made = (spec.make)(spec.name, options, paths, skipped)?;
    Ok(made.map(|(cases, inputs)| DataSet {
        name: spec.name.to_string(),
        problem: Problem::named_in(spec.name).expect("every set is named after its problem"),
        cases,
        inputs,
        comparable: spec.comparable,
    }))
}

/// tdoku's 17-clue puzzles as jigsaw grids on the 3x3 boxes.
fn classic_17_clue(
    name: &str,
    options: &Options,
    paths: &Paths,
    skipped: &mut Vec<String>,
) -> Made {
    classic(
        name,
        ("17_clue.txt", "puzzles2_17_clue"),
        options,
        paths,
        skipped,
    )
}

/// tdoku's hardest forum puzzles as jigsaw grids on the 3x3 boxes.
fn classic_hardest(
    name: &str,
    options: &Options,
    paths: &Paths,
    skipped: &mut Vec<String>,
) -> Made {
    let files = (
        "forum_hardest_1905_11plus.txt",
        "puzzles5_forum_hardest_1905_11+",
    );
    classic(name, files, options, paths, skipped)
}

/// The classic puzzles of `DIR/bench/<file>` (tdoku's `<tdoku>`), all or 5,000 with `--quick`.
fn classic(
    name: &str,
    (file, tdoku): (&str, &str),
    options: &Options,
    paths: &Paths,
    skipped: &mut Vec<String>,
) -> Made {
    let source = paths
        .shared
        .as_ref()
        .map(|dir| dir.join("bench").join(file));
    let source = match source {
        Some(source) if source.exists() => source,
        _ => {
            skipped.push(format!(
                "{}: needs DIR/bench/{} (`--data DIR`): tdoku's `{}`, in `data.zip` of \
                 the tdoku repository (t-dillon/tdoku on GitHub), one 81-character \
                 puzzle per line",
                name, file, tdoku
            ));
            return Ok(None);
        }
    };
    let limit = if options.quick { 5_000 } else { usize::MAX };
    let path = paths
        .data
        .join(format!("{}-{}.txt", name, limit_label(limit)));
    let cases = cached(&path, |out| classic_as_jigsaw(&source, limit, out))?;
    Ok(Some((cases, vec![Input::same(name.to_string(), path)])))
}

fn jigsaw_random(name: &str, options: &Options, paths: &Paths, _: &mut Vec<String>) -> Made {
    let cases = options.size(10_000);
    let path = paths.data.join(format!("{}-{}-s1.txt", name, cases));
    let cases = cached(&path, |out| random_jigsaw(cases, 1, out))?;
    Ok(Some((cases, vec![Input::same(name.to_string(), path)])))
}

/// The 20 official tests, with their expected outputs where they are there.
fn target9_noip(_: &str, _: &Options, paths: &Paths, _: &mut Vec<String>) -> Made {
    let dir = paths.root.join("tests/fixtures/target9/noip2009");
    let mut inputs = Vec::new();
    for k in 1..=20 {
        let path = dir.join(format!("sudoku{}.in", k));
        if !path.exists() {
            return Err(format!("{} is missing", path.display()));
        }
        let mut input = Input::same(format!("sudoku{}", k), path);
        let expected = dir.join(format!("sudoku{}.out", k));
        input.expected = Some(expected).filter(|p| p.exists());
        inputs.push(input);
    }
    Ok(Some((inputs.len(), inputs)))
}

fn target9_sparse(name: &str, options: &Options, paths: &Paths, _: &mut Vec<String>) -> Made {
    let grids = if options.quick { 7 } else { 21 };
    let dir = paths.data.join(format!("{}-{}-s2", name, grids));
    let inputs = sparse_target9(&dir, grids, 2)?;
    Ok(Some((inputs.len(), inputs)))
}

fn target9_empty(name: &str, _: &Options, paths: &Paths, _: &mut Vec<String>) -> Made {
    let path = paths.data.join("target9-empty.txt");
    cached(&path, |out| {
        out.write_all(gen::target9_input(&[0; 81]).as_bytes())?;
        Ok(1)
    })?;
    Ok(Some((1, vec![Input::same(name.to_string(), path)])))
}

/// The empty grid, written tight for ours and spaced for the peer, which reads it so.
fn latin6_empty(name: &str, _: &Options, paths: &Paths, _: &mut Vec<String>) -> Made {
    let groups = gen::boxes(6);
    let empty = vec![0u8; 36];
    let ours = paths.data.join("latin6-empty.txt");
    let peer = paths.data.join("latin6-empty-spaced.txt");
    cached(&ours, |out| {
        out.write_all(gen::latin6_input(&groups, &empty, false).as_bytes())?;
        Ok(1)
    })?;
    cached(&peer, |out| {
        out.write_all(gen::latin6_input(&groups, &empty, true).as_bytes())?;
        Ok(1)
    })?;
    let input = Input {
        label: name.to_string(),
        ours,
        peer,
        expected: None,
    };
    Ok(Some((LATIN6_EMPTY_SOLUTIONS, vec![input])))
}

fn sima4_unique(name: &str, options: &Options, paths: &Paths, _: &mut Vec<String>) -> Made {
    let cases = options.size(100_000);
    let path = paths.data.join(format!("{}-{}-s3.txt", name, cases));
    let cases = cached(&path, |out| unique_sima4(cases, 3, out))?;
    Ok(Some((cases, vec![Input::same(name.to_string(), path)])))
}

pub(super) fn limit_label(limit: usize) -> String {
    if limit == usize::MAX {
        "all".to_string()
    } else {
        limit.to_string()
    }
}

/// Writes the file with `write` unless it exists, and returns its number of cases: what `write`
/// returned, or the first token of the cached file (meaningless for latin6 and target9-empty,
/// whose callers know).
pub(super) fn cached(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<usize>,
) -> Result<usize, String> {
    let err = |e: std::io::Error| format!("{}: {}", path.display(), e);
    if path.exists() {
        let mut head = String::new();
        File::open(path)
            .and_then(|f| f.take(64).read_to_string(&mut head))
            .map_err(err)?;
        return head
            .split_whitespace()
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| format!("{}: no case count; delete it", path.display()));
    }
    eprintln!("bench: generating {}", path.display());
    let partial = path.with_extension("partial");
    let mut out = BufWriter::new(File::create(&partial).map_err(err)?);
    let cases = write(&mut out).map_err(err)?;
    out.flush().map_err(err)?;
    drop(out);
    fs::rename(&partial, path).map_err(err)?;
    Ok(cases)
}

/// The first `limit` puzzles of `source`, one 81-character line each as
/// [`testkit::sudoku_lines`] reads them, as jigsaw cases with the 3x3 boxes drawn as walls.
pub(super) fn classic_as_jigsaw(
    source: &Path,
    limit: usize,
    out: &mut BufWriter<File>,
) -> std::io::Result<usize> {
    let text = fs::read_to_string(source)?;
    let regions = gen::boxes(9);
    let grids = testkit::sudoku_lines::parse(&text, limit)
        .map_err(|m| std::io::Error::new(std::io::ErrorKind::InvalidData, m))?;
    writeln!(out, "{}", grids.len())?;
    for givens in &grids {
        writeln!(out)?;
        out.write_all(gen::jigsaw_case(&regions, givens).as_bytes())?;
    }
    Ok(grids.len())
}

/// `cases` random jigsaw layouts, each with a random solution and 22 to 40 of its digits as
/// givens; one case in 20 has one given changed to another digit (mostly no solution).
pub(super) fn random_jigsaw(
    cases: usize,
    seed: u64,
    out: &mut BufWriter<File>,
) -> std::io::Result<usize> {
    let mut rng = Rng::new(seed);
    writeln!(out, "{}", cases)?;
    for case in 0..cases {
        let (regions, solution) = gen::layout_with_solution(&mut rng, 9, |_| LayoutKind::Grown);
        let count = rng.between(22, 40);
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut givens = vec![0u8; 81];
        for &cell in &cells[..count] {
            givens[cell] = solution[cell];
        }
        if case % 20 == 19 {
            let cell = cells[0];
            givens[cell] = (givens[cell] + rng.below(8) as u8) % 9 + 1;
        }
        writeln!(out)?;
        out.write_all(gen::jigsaw_case(&regions, &givens).as_bytes())?;
    }
    Ok(cases)
}

/// `grids` target9 inputs in `dir`, each with 17 to 23 givens (in turn) taken from a random full
/// grid.
pub(super) fn sparse_target9(dir: &Path, grids: usize, seed: u64) -> Result<Vec<Input>, String> {
    let err = |e: std::io::Error| format!("{}: {}", dir.display(), e);
    let regions = gen::boxes(9);
    let mut rng = Rng::new(seed);
    let mut inputs = Vec::new();
    let fresh = !dir.exists();
    if fresh {
        eprintln!("bench: generating {}", dir.display());
        fs::create_dir_all(dir).map_err(err)?;
    }
    for k in 0..grids {
        let count = 17 + k % 7;
        let label = format!("grid{:02} ({} givens)", k + 1, count);
        let path = dir.join(format!("grid{:02}.in", k + 1));
        if fresh {
            let solution = loop {
                if let Some(s) = gen::random_solution(&mut rng, 9, &regions) {
                    break s;
                }
            };
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut givens = vec![0u8; 81];
            for &cell in &cells[..count] {
                givens[cell] = solution[cell];
            }
            fs::write(&path, gen::target9_input(&givens)).map_err(err)?;
        }
        inputs.push(Input::same(label, path));
    }
    Ok(inputs)
}

/// `cases` random 4x4 boards with exactly one solution: 3 to 8 cells of a random full grid, then
/// cells added until the reference finds one completion only (`gen::unique_givens`), and in half
/// of the boards givens dropped again while the completion stays unique. Every other board has
/// the blank line before it.
pub(super) fn unique_sima4(
    cases: usize,
    seed: u64,
    out: &mut BufWriter<File>,
) -> std::io::Result<usize> {
    let regions = gen::boxes(4);
    let mut rng = Rng::new(seed);
    writeln!(out, "{}", cases)?;
    for case in 0..cases {
        let solution = loop {
            if let Some(s) = gen::random_solution(&mut rng, 4, &regions) {
                break s;
            }
        };
        let start = rng.between(3, 8);
        let minimal = rng.percent(50);
        let givens = gen::unique_givens(&mut rng, 4, &regions, &solution, start, minimal);
        assert_eq!(
            reference::count_solutions(4, &regions, &givens, 2).0,
            1,
            "one completion"
        );
        out.write_all(gen::sima4_case(&givens, case % 2 == 0).as_bytes())?;
    }
    Ok(cases)
}
