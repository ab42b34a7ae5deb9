//! The engine's inner calls timed in-process, so that a change to a search can be measured
//! alone (whole-process timings against the peers: `cargo xtask bench`).
//!
//! ```text
//! cargo bench -p common --bench engine [-- [--puzzles N] [--reps R] [--data DIR] [FILTER]]
//! ```
//!
//! No harness (`harness = false`, no criterion): every benchmark times its whole loop `R` times
//! (default 5) and prints the median, per item and items per second, and beside it the fastest
//! and slowest repetition per item, so that a noisy machine shows. `FILTER` keeps the benchmarks
//! whose name contains it or one of its comma-separated parts (`backtrack,sudoku-crate`). The
//! 9x9 sets are the first `N` puzzles (default 2,000, read by `testkit::sudoku_lines`) of
//! `DIR/bench/17_clue.txt` and `DIR/bench/forum_hardest_1905_11plus.txt`, tdoku's
//! `puzzles2_17_clue` and `puzzles5_forum_hardest_1905_11+` from `data.zip` in the tdoku
//! repository, which this repository does not carry. `--data DIR` names the folder (default:
//! `../shared` beside the workspace); without the files those benchmarks are skipped with a
//! note saying so. The target9 set is the 20 official NOIP 2009 tests in `tests/fixtures`.
//!
//! | benchmark | call |
//! |---|---|
//! | `backtrack-17clue`, `backtrack-hardest` | `Backtracker::count_up_to(givens, 2, ..)` per puzzle |
//! | `sudoku-crate-17clue`, `sudoku-crate-hardest` | the `sudoku` crate's `Sudoku::solutions_count_up_to(2)` per puzzle |
//! | `dlx-17clue`, `dlx-hardest` | `SudokuCover::set_givens` + `count_up_to(2, ..)` per puzzle |
//! | `visit-lex-latin6` | `Backtracker::visit_lex` over all 28,200,960 grids of the empty 6x6 (2x3) |
//! | `row-lex-latin6` | `RowLex6::visit` over the same grids, whole rows at a time |
//! | `weighted-noip` | `Maximiser::maximise` on each official target9 test |
//!
//! Beside the 9x9 sets' times, the guesses a puzzle (`Backtracker::guesses`,
//! `SudokuCover::guesses`: the search nodes that tried two candidates or more), as tdoku reports
//! them: a measure of the search that does not depend on the machine.
//!
//! The `sudoku` crate (crates.io, a Rust port of JCZSolve, 3x3 boxes only) is a peer anyone can
//! rerun. Its loop and the backtracker's alternate, one repetition each in turn, so that a
//! change in the machine's load falls on both alike; a second table gives the two medians per
//! puzzle side by side and their ratio. Before timing, the bench asserts that both count the
//! same solutions (up to 2) for every puzzle. The crate exposes no count of its guesses.

#![forbid(unsafe_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::backtrack::Backtracker;
use common::layout::Layout;
use common::row_lex6::{RowLex6, DIGITS};
use common::sudoku_cover::SudokuCover;
use common::weighted::Maximiser;
use sudoku::Sudoku;
use testkit::{duration, sudoku_lines, thousands};

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
    let side_by_side = bench_sudoku_sets(&options, &sets);
    bench_latin6(&options);
    bench_weighted(&options, &sets);
    print_side_by_side(side_by_side);
    for note in &sets.notes {
        println!("- {}", note);
    }
}

/// The 9x9 sets through the backtracker, the `sudoku` crate and DLX; per set, the backtracker's
/// and the crate's median time a puzzle, where both ran.
fn bench_sudoku_sets(options: &Options, sets: &Sets) -> Vec<(&'static str, Duration, Duration)> {
    let boxes9 = Layout::boxes(3, 3);
    let mut side_by_side = Vec::new();
    for (name, puzzles) in [("17clue", &sets.clue17), ("hardest", &sets.hardest)] {
        if let Some(puzzles) = puzzles {
            let mut solver = Backtracker::<u128>::new(&boxes9);
            let mut solution = vec![0u8; 81];
            let crate_name = format!("sudoku-crate-{}", name);
            let crate_puzzles: Vec<Sudoku> = puzzles
                .iter()
                .map(|g| Sudoku::from_bytes_slice(g).expect("81 cells of 0..=9"))
                .collect();
            if options.keeps(&crate_name) {
                assert_counts_agree(name, puzzles, &crate_puzzles, &mut solver, &mut solution);
            }
            let medians = options.bench_rounds(
                puzzles.len(),
                &mut [
                    (&format!("backtrack-{}", name), &mut || {
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
                    }),
                    (&crate_name, &mut || {
                        let unique = crate_puzzles
                            .iter()
                            .filter(|s| s.solutions_count_up_to(2) == 1)
                            .count();
                        format!("{} of {} unique", unique, puzzles.len())
                    }),
                ],
            );
            if let [Some(ours), Some(theirs)] = medians[..] {
                let per_item = |d: Duration| d / puzzles.len() as u32;
                side_by_side.push((name, per_item(ours), per_item(theirs)));
            }
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
    side_by_side
}

/// The empty 6x6 grid's 28,200,960 solutions by the backtracker's walk and by the row walk.
fn bench_latin6(options: &Options) {
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
    let mut rows = RowLex6::new(&latin6);
    let first_digits: Vec<u64> = DIGITS.iter().map(|d| u64::from(d[0])).collect();
    options.bench("row-lex-latin6", 28_200_960, || {
        let mut first_cells = 0u64;
        let visited = rows.visit(&empty, |above, below| {
            first_cells += first_digits[above[0] as usize] * below.len() as u64;
            true
        });
        format!("{} grids (checksum {})", visited, first_cells)
    });
}

/// The NOIP tests through the branch and bound.
fn bench_weighted(options: &Options, sets: &Sets) {
    if let Some(tests) = &sets.noip {
        let weights = testkit::target9_weights();
        let mut maximiser = Maximiser::<u128>::new(&Layout::boxes(3, 3), &weights);
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
}

/// The backtracker beside the `sudoku` crate, a row a set.
fn print_side_by_side(side_by_side: Vec<(&str, Duration, Duration)>) {
    if side_by_side.is_empty() {
        return;
    }
    println!();
    println!("| set | backtracker per puzzle | sudoku crate per puzzle | backtracker / crate |");
    println!("|---|---:|---:|---:|");
    for (name, ours, theirs) in side_by_side {
        println!(
            "| {} | {} | {} | {:.2} |",
            name,
            duration(ours),
            duration(theirs),
            ours.as_secs_f64() / theirs.as_secs_f64()
        );
    }
    println!();
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

    /// Whether the filter keeps the benchmark `name`: it contains one of the filter's
    /// comma-separated parts.
    fn keeps(&self, name: &str) -> bool {
        match &self.filter {
            Some(filter) => filter.split(',').any(|part| name.contains(part)),
            None => true,
        }
    }

    /// Runs `body` `reps` times unless the filter leaves `name` out, and prints its row (see
    /// [`Options::bench_rounds`]).
    fn bench(&self, name: &str, items: usize, mut body: impl FnMut() -> String) {
        self.bench_rounds(items, &mut [(name, &mut body)]);
    }

    /// Runs the loops the filter keeps over the same `items` in `reps` rounds, one repetition
    /// of each loop a round in turn, so that a change in the machine's load falls on all of
    /// them alike. Prints a row a loop: the median time, per item, the fastest and slowest
    /// repetition per item, items per second, and what the last repetition returned. Returns
    /// each loop's median, `None` for a loop the filter left out.
    fn bench_rounds(
        &self,
        items: usize,
        loops: &mut [(&str, &mut dyn FnMut() -> String)],
    ) -> Vec<Option<Duration>> {
        let kept: Vec<bool> = loops.iter().map(|(name, _)| self.keeps(name)).collect();
        let mut times = vec![Vec::with_capacity(self.reps); loops.len()];
        let mut results = vec![String::new(); loops.len()];
        for _ in 0..self.reps {
            for (k, (_, body)) in loops.iter_mut().enumerate() {
                if kept[k] {
                    let start = Instant::now();
                    results[k] = body();
                    times[k].push(start.elapsed());
                }
            }
        }
        let per_item = |d: Duration| duration(d / items as u32);
        loops
            .iter()
            .zip(times)
            .zip(results)
            .map(|(((name, _), mut times), result)| {
                if times.is_empty() {
                    return None;
                }
                times.sort();
                let median = times[times.len() / 2];
                println!(
                    "| {} | {} | {} | {} | {} / {} | {}/s | {} |",
                    name,
                    thousands(items as u64),
                    duration(median),
                    per_item(median),
                    per_item(times[0]),
                    per_item(times[times.len() - 1]),
                    thousands((items as f64 / median.as_secs_f64()).round() as u64),
                    result
                );
                Some(median)
            })
            .collect()
    }
}

/// Panics unless the backtracker and the `sudoku` crate count the same solutions (up to 2) for
/// every puzzle of the set `name`: their times compare only if they do the same work.
fn assert_counts_agree(
    name: &str,
    puzzles: &[Vec<u8>],
    crate_puzzles: &[Sudoku],
    solver: &mut Backtracker<u128>,
    solution: &mut [u8],
) {
    for (k, (grid, sudoku)) in puzzles.iter().zip(crate_puzzles).enumerate() {
        let ours = solver.count_up_to(grid, 2, solution);
        let theirs = sudoku.solutions_count_up_to(2);
        assert_eq!(
            ours,
            theirs,
            "{} puzzle {}: the backtracker counts {} solutions, the sudoku crate {}",
            name,
            k + 1,
            ours,
            theirs
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
            match sudoku_lines::read(&path, options.puzzles) {
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
