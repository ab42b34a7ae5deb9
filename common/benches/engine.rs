//! The engine's inner calls timed in-process, so that a change to a search can be measured
//! alone (whole-process timings against the peers: `cargo xtask bench`).
//!
//! ```text
//! cargo bench -p common --bench engine [-- [--puzzles N] [--reps R] [--data DIR] [FILTER]]
//! ```
//!
//! std only (`harness = false`, no criterion): every benchmark times its whole loop `R` times
//! (default 5) and prints the median, per item and items per second, and beside it the fastest
//! and slowest repetition per item, so that a noisy machine shows. `FILTER` keeps the benchmarks
//! whose name contains it. The 9x9 sets are the first `N` puzzles (default 2,000) of
//! `DIR/bench/17_clue.txt` and `DIR/bench/forum_hardest_1905_11plus.txt`, tdoku's
//! `puzzles2_17_clue` and `puzzles5_forum_hardest_1905_11+` from `data.zip` in the tdoku
//! repository, which this repository does not carry. `--data DIR` names the folder (default:
//! `../shared` beside the workspace); without the files those benchmarks are skipped with a
//! note saying so. The target9 set is the 20 official NOIP 2009 tests in `tests/fixtures`.
//!
//! | benchmark | call |
//! |---|---|
//! | `backtrack-17clue`, `backtrack-hardest` | `Backtracker::count_up_to(givens, 2, ..)` per puzzle |
//! | `dlx-17clue`, `dlx-hardest` | `SudokuCover::set_givens` + `count_up_to(2, ..)` per puzzle |
//! | `visit-lex-latin6` | `Backtracker::visit_lex` over all 28,200,960 grids of the empty 6x6 (2x3) |
//! | `row-lex-latin6` | `RowLex::visit` over the same grids, whole rows at a time |
//! | `weighted-noip` | `Maximiser::maximise` on each official target9 test |
//!
//! Beside the 9x9 sets' times, the guesses a puzzle (`Backtracker::guesses`,
//! `SudokuCover::guesses`: the search nodes that tried two candidates or more), as tdoku reports
//! them: a measure of the search that does not depend on the machine.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::backtrack::Backtracker;
use common::layout::Layout;
use common::row_lex::{permutations, RowLex};
use common::sudoku_cover::SudokuCover;
use common::weighted::Maximiser;
use testkit::thousands;

fn main() {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("engine bench: {}", message);
            eprintln!("usage: cargo bench -p common --bench engine [-- [--puzzles N] [--reps R] [--data DIR] [FILTER]]");
            std::process::exit(2);
        }
    };
    let sets = Sets::load(&options);
    println!(
        "engine benchmarks: median of {} repetitions of each loop",
        options.reps
    );
    println!();
    println!(
        "| benchmark | items | median | per item | fastest / slowest per item | items/s | result |"
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    let boxes9 = Layout::boxes(3, 3);
    for (name, puzzles) in [("17clue", &sets.clue17), ("hardest", &sets.hardest)] {
        if let Some(puzzles) = puzzles {
            let mut solver = Backtracker::<u128>::new(&boxes9);
            let mut solution = vec![0u8; 81];
            options.bench(&format!("backtrack-{}", name), puzzles.len(), || {
                let mut guesses = 0;
                let unique = puzzles
                    .iter()
                    .filter(|g| {
                        let count = solver.count_up_to(g, 2, &mut solution);
                        guesses += solver.guesses();
                        count == 1
                    })
                    .count();
                per_puzzle(unique, guesses, puzzles.len())
            });
            let regions: Vec<u8> = (0..81).map(|c| boxes9.region_of(c) as u8).collect();
            let mut cover = SudokuCover::new(9, &regions, &[0; 81]);
            options.bench(&format!("dlx-{}", name), puzzles.len(), || {
                let mut guesses = 0;
                let unique = puzzles
                    .iter()
                    .filter(|g| {
                        cover.set_givens(g);
                        let count = cover.count_up_to(2, &mut solution);
                        guesses += cover.guesses();
                        count == 1
                    })
                    .count();
                per_puzzle(unique, guesses, puzzles.len())
            });
        }
    }
    let latin6 = Layout::boxes(2, 3);
    let mut solver = Backtracker::<u64>::new(&latin6);
    let empty = vec![0u8; 36];
    options.bench("visit-lex-latin6", 28_200_960, || {
        let mut first_cells = 0u64;
        let visited = solver.visit_lex(&empty, |grid| {
            first_cells += u64::from(grid[0]);
            true
        });
        format!("{} grids (checksum {})", visited, first_cells)
    });
    let mut rows = RowLex::new(&latin6);
    let first_digits: Vec<u64> = permutations().iter().map(|d| u64::from(d[0])).collect();
    options.bench("row-lex-latin6", 28_200_960, || {
        let mut first_cells = 0u64;
        let visited = rows.visit(&empty, |above, below| {
            first_cells += first_digits[above[0] as usize] * below.len() as u64;
            true
        });
        format!("{} grids (checksum {})", visited, first_cells)
    });
    if let Some(tests) = &sets.noip {
        let weights = testkit::target9_weights();
        let mut maximiser = Maximiser::<u128>::new(&boxes9, &weights);
        options.bench("weighted-noip", tests.len(), || {
            let mut nodes = 0;
            let total: u64 = tests
                .iter()
                .map(|g| {
                    let best = maximiser.maximise(g).unwrap_or(0);
                    nodes += maximiser.nodes();
                    u64::from(best)
                })
                .sum();
            format!("scores sum to {} in {} search nodes", total, nodes)
        });
    }
    for note in &sets.notes {
        println!("- {}", note);
    }
}

struct Options {
    puzzles: usize,
    reps: usize,
    /// The folder of the puzzle files kept outside the repository.
    data: PathBuf,
    filter: Option<String>,
}

impl Options {
    fn parse(mut args: impl Iterator<Item = String>) -> Result<Self, String> {
        let mut options = Options {
            puzzles: 2_000,
            reps: 5,
            data: testkit::workspace_root().join("../shared"),
            filter: None,
        };
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--puzzles" | "--reps" => {
                    let value = args.next().and_then(|v| v.parse::<usize>().ok());
                    match value {
                        Some(v) if v >= 1 => {
                            if arg == "--puzzles" {
                                options.puzzles = v
                            } else {
                                options.reps = v
                            }
                        }
                        _ => return Err(format!("{} takes a positive integer", arg)),
                    }
                }
                "--data" => match args.next() {
                    Some(dir) => options.data = PathBuf::from(dir),
                    None => return Err("--data takes a folder".to_string()),
                },
                // cargo bench passes --bench to every bench binary.
                "--bench" => {}
                other if other.starts_with('-') => {
                    return Err(format!("unknown argument {:?}", other))
                }
                other => options.filter = Some(other.to_string()),
            }
        }
        Ok(options)
    }

    /// Runs `body` `reps` times unless the filter leaves `name` out, and prints a row: the median
    /// time, per item, the fastest and slowest repetition per item, items per second, and what
    /// the last repetition returned.
    fn bench(&self, name: &str, items: usize, mut body: impl FnMut() -> String) {
        if let Some(filter) = &self.filter {
            if !name.contains(filter.as_str()) {
                return;
            }
        }
        let mut times = Vec::with_capacity(self.reps);
        let mut result = String::new();
        for _ in 0..self.reps {
            let start = Instant::now();
            result = body();
            times.push(start.elapsed());
        }
        times.sort();
        let median = times[times.len() / 2];
        let secs = median.as_secs_f64();
        let per_item = |d: Duration| duration(d / items as u32);
        println!(
            "| {} | {} | {} | {} | {} / {} | {}/s | {} |",
            name,
            thousands(items as u64),
            duration(median),
            per_item(median),
            per_item(times[0]),
            per_item(times[times.len() - 1]),
            thousands((items as f64 / secs).round() as u64),
            result
        );
    }
}

/// The result of a 9x9 set: how many puzzles have one solution, and the guesses (branch points)
/// a puzzle, as tdoku reports them.
fn per_puzzle(unique: usize, guesses: u64, puzzles: usize) -> String {
    format!(
        "{} of {} unique, {:.2} guesses a puzzle",
        unique,
        puzzles,
        guesses as f64 / puzzles as f64
    )
}

fn duration(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns >= 1_000_000_000 {
        format!("{:.2} s", d.as_secs_f64())
    } else if ns >= 1_000_000 {
        format!("{:.2} ms", d.as_secs_f64() * 1e3)
    } else if ns >= 1_000 {
        format!("{:.2} us", d.as_secs_f64() * 1e6)
    } else {
        format!("{} ns", ns)
    }
}

/// The puzzle sets, each `None` when its files are absent.
struct Sets {
    clue17: Option<Vec<Vec<u8>>>,
    hardest: Option<Vec<Vec<u8>>>,
    noip: Option<Vec<Vec<u8>>>,
    notes: Vec<String>,
}

impl Sets {
    fn load(options: &Options) -> Sets {
        let mut notes = Vec::new();
        let mut lines = |file: &str| {
            let path = options.data.join("bench").join(file);
            match read_lines(&path, options.puzzles) {
                Ok(puzzles) => Some(puzzles),
                Err(message) => {
                    notes.push(format!(
                        "skipped the {} benchmarks: {} (tdoku's data.zip has the set; --data DIR)",
                        file, message
                    ));
                    None
                }
            }
        };
        let clue17 = lines("17_clue.txt");
        let hardest = lines("forum_hardest_1905_11plus.txt");
        let noip = read_noip(&testkit::workspace_root().join("tests/fixtures/target9/noip2009"))
            .map_err(|m| notes.push(format!("skipped the target9 benchmarks: {}", m)))
            .ok();
        Sets {
            clue17,
            hardest,
            noip,
            notes,
        }
    }
}

/// The first `limit` 81-character lines of `path` (digits, `.` or `0` for empty) as grids.
fn read_lines(path: &Path, limit: usize) -> Result<Vec<Vec<u8>>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {}", path.display(), e))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .map(|line| {
            let grid: Vec<u8> = line
                .trim()
                .bytes()
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect();
            if grid.len() == 81 {
                Ok(grid)
            } else {
                Err(format!(
                    "{}: a line of {} cells",
                    path.display(),
                    grid.len()
                ))
            }
        })
        .collect()
}

/// The 20 official tests `sudoku1.in` .. `sudoku20.in` of `dir`.
fn read_noip(dir: &Path) -> Result<Vec<Vec<u8>>, String> {
    (1..=20)
        .map(|k| {
            let path: PathBuf = dir.join(format!("sudoku{}.in", k));
            let text =
                fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
            let grid: Vec<u8> = text
                .split_whitespace()
                .map(|t| t.parse::<u8>().unwrap_or(u8::MAX))
                .collect();
            if grid.len() == 81 && grid.iter().all(|&d| d <= 9) {
                Ok(grid)
            } else {
                Err(format!("{}: not 81 digits", path.display()))
            }
        })
        .collect()
}
