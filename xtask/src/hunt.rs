//! `cargo xtask hunt`: an adversarial search for legal inputs that cost the engine the most
//! work.
//!
//! ```text
//! cargo xtask hunt <jigsaw|sima4|latin6|target9> [--fitness counts|cpu] [--seed S] [--evaluations N]
//!     [--budget DURATION] [--pool P] [--mutations M] [--keep K] [--min-givens G] [--max-givens G]
//!     [--solvable] [--eval-limit N] [--eval-timeout DURATION] [--run-limit DURATION]
//!     [--reference-steps N]
//!     [--milp PYTHON] [--binary PATH] [-o DIR]
//! ```
//!
//! A pool of the costliest inputs found so far climbs: each step takes the costlier of two
//! members drawn at random, mutates it into another legal input, once or up to `--mutations`
//! times ([`instance::Instance::mutate`]), runs the engine on it in-process and, if the child costs
//! more than the cheapest member, the child takes that member's place. The cost is the
//! engine's own count of its work ([`work`]), never wall time: the same seed and the same
//! number of evaluations give the same inputs on every machine and under any load, and a
//! child is judged by what the engine did rather than by what the machine was doing.
//! `--fitness cpu` climbs instead on the release binary's CPU time on the input, the least of
//! three runs ([`cpu::least_cpu_time`]), the counts still reported beside it: it sees time
//! that the counts miss (set-up, a proof without nodes), at the price of depending on the
//! machine; a binary killed after `--eval-timeout` ends the hunt, as a capped evaluation does.
//!
//! An evaluation whose work passes a cap ends the hunt, with that input kept as the costliest
//! (its work unknown): an input past the cap is what the hunt looks for. jigsaw's cap is a
//! count, `--eval-limit` SAT conflicts (default 1,000,000, seconds of work), at which the
//! engine stops ([`work::Engine::work_within`]): where such a hunt ends does not depend on
//! the machine or its load either. The other engines have no count to stop at, so each
//! evaluation runs on a worker thread, and one that has not ended after `--eval-timeout`
//! (default 60 s) ends the hunt too: only a hunt that meets that limit depends on the
//! machine.
//!
//! At the end the `--keep` costliest inputs go to `DIR` (default `target/hunt/<problem>`) as
//! `01.in`, `02.in`, ..., each with the release binary's output `NN.out` (the binary killed
//! after `--run-limit`, then no `.out`), checked against the brute-force reference where that
//! settles the input within `--reference-steps` steps, and target9's others, with `--milp`,
//! against an exact 0-1 program solver (`tools/target9_milp.py`). `report.txt` lists the hunt
//! and each input's counters and checks (the same bytes for the same seed and evaluations);
//! `times.txt` the binary's wall times, which vary.

pub mod check;
pub mod cpu;
pub mod instance;
pub mod work;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use testkit::gen::Rng;
use testkit::process;
use testkit::Problem;

pub use check::Checks;
use instance::{Instance, Rules};
use work::{Engine, Work};

/// The options of `cargo xtask hunt`.
#[derive(clap::Parser, Debug)]
#[command(
    name = "hunt",
    about = "An adversarial search for legal inputs that cost the engine the most work"
)]
pub struct Options {
    /// The problem whose inputs to hunt
    #[arg(value_parser = crate::problem_parser())]
    pub problem: Problem,
    /// What the hunt maximises
    #[arg(long, value_enum, default_value_t = Fitness::Counts)]
    pub fitness: Fitness,
    /// The seed of every random draw
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many evaluations (the pool's first ones included)
    #[arg(long, value_name = "N")]
    pub evaluations: Option<u64>,
    /// Stop after this long, as 90s, 5m or 1h [default: 1m without --evaluations]
    #[arg(long, value_name = "DURATION", value_parser = duration)]
    pub budget: Option<Duration>,
    /// Inputs in the pool
    #[arg(long, value_name = "P", default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..))]
    pub pool: u64,
    /// The most mutations a child takes from its parent (drawn from 1 to this)
    #[arg(long, value_name = "M", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub mutations: u64,
    /// The costliest inputs written at the end
    #[arg(long, value_name = "K", default_value_t = 5)]
    pub keep: usize,
    /// Hunt inputs of at least this many givens (target9's statement promises 24)
    #[arg(long, value_name = "G", default_value_t = 0)]
    pub min_givens: usize,
    /// Hunt inputs of at most this many givens [default: as many as the problem allows]
    #[arg(long, value_name = "G")]
    pub max_givens: Option<usize>,
    /// Hunt inputs that have a solution: one without counts as costing nothing (latin6's
    /// fitness, work per solution, otherwise climbs to inputs without any)
    #[arg(long)]
    pub solvable: bool,
    /// End the hunt at an evaluation whose SAT solver meets more conflicts than this (jigsaw)
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub eval_limit: u64,
    /// End the hunt at an evaluation that runs longer than this (a backstop for the engines
    /// without a count to stop at)
    #[arg(long, value_name = "DURATION", value_parser = duration, default_value = "60s")]
    pub eval_timeout: Duration,
    /// Kill the release binary on a found input after this long
    #[arg(long, value_name = "DURATION", value_parser = duration, default_value = "120s")]
    pub run_limit: Duration,
    /// Search steps the brute-force reference may take to settle a found input
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub reference_steps: usize,
    /// A Python with SciPy: target9 inputs that the reference does not settle are checked
    /// with `tools/target9_milp.py` (HiGHS), killed after --run-limit
    #[arg(long, value_name = "PYTHON")]
    pub milp: Option<PathBuf>,
    /// The binary to run on the found inputs [default: `cargo build --release -p PROBLEM`]
    #[arg(long, value_name = "PATH")]
    pub binary: Option<PathBuf>,
    /// Where the found inputs go [default: target/hunt/PROBLEM]
    #[arg(short, long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// What the hunt maximises.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fitness {
    /// The engine's own counts of its work, in-process: the same on every machine
    Counts,
    /// The release binary's CPU time on the input in microseconds, least of three runs,
    /// beside the counts
    Cpu,
}

/// Runs of the release binary whose least CPU time is an input's fitness under
/// `--fitness cpu`.
const CPU_RUNS: usize = 3;

/// A duration as a number and a unit: `500ms`, `90s`, `5m`, `1h` (a bare number is seconds).
pub fn duration(text: &str) -> Result<Duration, String> {
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("a duration such as 90s or 5m, not {:?}", text)),
    };
    match number.parse::<f64>() {
        Ok(n) if n > 0.0 && n.is_finite() => Ok(Duration::from_secs_f64(n * scale)),
        _ => Err(format!("a duration such as 90s or 5m, not {:?}", text)),
    }
}

/// How a climb goes: the inputs in its pool, and the most mutations a child takes from its
/// parent (each child draws its number, 1 to that, uniformly).
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub pool: usize,
    pub mutations: usize,
}

/// When a climb stops.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub evaluations: Option<u64>,
    pub time: Option<Duration>,
}

/// An input and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub instance: Instance,
    /// `None` for the input whose evaluation passed the limit.
    pub work: Option<Work>,
    /// The evaluation that found it (1 for the first).
    pub evaluation: u64,
}

impl Found {
    fn fitness(&self) -> u64 {
        self.work.as_ref().map_or(u64::MAX, |w| w.fitness)
    }
}

/// What a climb did.
#[derive(Debug, PartialEq, Eq)]
pub struct Climb {
    /// The pool at the end, costliest first.
    pub pool: Vec<Found>,
    pub evaluations: u64,
    /// The costliest fitness in the pool after each evaluation.
    pub best: Vec<u64>,
    /// Whether an evaluation passed the limit and ended the climb.
    pub capped: bool,
}

/// Children drawn in a row that were already in the pool, after which a climb stops: the
/// mutations have nowhere left to go.
const STUCK: usize = 10_000;

/// Climbs from a pool of `shape.pool` random legal inputs of `rules`, drawn with `seed`, until
/// `budget` runs out. `evaluate` gives an input's work, or `None` if it passed the limit.
/// O(evaluations) evaluations, plus O(size^4) a mutation.
pub fn climb(
    rules: &Rules,
    seed: u64,
    shape: Shape,
    budget: Budget,
    evaluate: &mut dyn FnMut(&Instance) -> Option<Work>,
) -> Climb {
    let started = Instant::now();
    let pool = shape.pool;
    let mut rng = Rng::new(seed);
    let mut climb = Climb {
        pool: Vec::with_capacity(pool),
        evaluations: 0,
        best: Vec::new(),
        capped: false,
    };
    let mut stuck = 0;
    let left = |climb: &Climb| {
        budget.evaluations.is_none_or(|n| climb.evaluations < n)
            && budget.time.is_none_or(|t| started.elapsed() < t)
    };
    while left(&climb) && !climb.capped && stuck < STUCK {
        let child = if climb.pool.len() < pool {
            Instance::start(&mut rng, rules)
        } else {
            let a = &climb.pool[rng.below(pool)];
            let b = &climb.pool[rng.below(pool)];
            let parent = if a.fitness() >= b.fitness() { a } else { b };
            let mut child = parent.instance.mutate(&mut rng, rules);
            let more = match shape.mutations {
                1 => 0,
                most => rng.between(1, most) - 1,
            };
            for _ in 0..more {
                child = child.mutate(&mut rng, rules);
            }
            child
        };
        if climb.pool.iter().any(|f| f.instance == child) {
            stuck += 1;
            continue;
        }
        stuck = 0;
        climb.evaluations += 1;
        let work = evaluate(&child);
        climb.capped = work.is_none();
        let found = Found {
            instance: child,
            work,
            evaluation: climb.evaluations,
        };
        if climb.pool.len() < pool {
            climb.pool.push(found);
        } else if found.fitness() > climb.pool[pool - 1].fitness() {
            climb.pool[pool - 1] = found;
        }
        // Stable: of equal fitness, the earlier found stays ahead.
        climb.pool.sort_by_key(|f| std::cmp::Reverse(f.fitness()));
        climb.best.push(climb.pool[0].fitness());
    }
    climb
}

/// An evaluator on a worker thread whose engine stops past `most_conflicts`, and which gives
/// up on an input after `timeout`: the worker is then left to finish it alone, and the hunt
/// ends.
fn watched(
    problem: Problem,
    most_conflicts: u64,
    timeout: Duration,
) -> impl FnMut(&Instance) -> Option<Work> {
    let (jobs, inbox) = mpsc::channel::<Instance>();
    let (outbox, results) = mpsc::channel::<Option<Work>>();
    thread::spawn(move || {
        let mut engine = Engine::new(problem);
        for instance in inbox {
            if outbox
                .send(engine.work_within(&instance, most_conflicts))
                .is_err()
            {
                break;
            }
        }
    });
    move |instance| {
        jobs.send(instance.clone()).ok()?;
        results.recv_timeout(timeout).ok().flatten()
    }
}

/// Runs the hunt as `options` say.
pub fn main(options: &Options) -> Result<(), String> {
    let problem = options.problem;
    let most = options.max_givens.unwrap_or(usize::MAX);
    let rules = Rules::new(problem, options.min_givens, most)
        .ok_or_else(|| format!("no {} input has that many givens", problem.name()))?;
    let budget = Budget {
        evaluations: options.evaluations,
        time: options.budget.or_else(|| {
            options
                .evaluations
                .is_none()
                .then(|| Duration::from_secs(60))
        }),
    };
    let binary = match &options.binary {
        Some(path) => path.clone(),
        None => crate::build_release(problem)?,
    };
    let dir = options
        .out
        .clone()
        .unwrap_or_else(|| crate::target_dir().join("hunt").join(problem.name()));
    let started = Instant::now();
    let mut evaluate = watched(problem, options.eval_limit, options.eval_timeout);
    let mut last_best = 0;
    let mut progress = |instance: &Instance| {
        let mut work = evaluate(instance);
        if options.fitness == Fitness::Cpu {
            work = work.and_then(|mut w| {
                let input = instance.input(problem);
                let time =
                    cpu::least_cpu_time(&binary, input.as_bytes(), CPU_RUNS, options.eval_timeout)?;
                w.fitness = time.as_micros() as u64;
                w.counters.push(("cpu_us", w.fitness));
                Some(w)
            });
        }
        if let Some(w) = work.as_mut().filter(|w| options.solvable && unsolved(w)) {
            w.fitness = 0;
        }
        if let Some(w) = &work {
            if w.fitness > last_best {
                last_best = w.fitness;
                eprintln!(
                    "hunt: {:.0} s: fitness {} ({})",
                    started.elapsed().as_secs_f64(),
                    w.fitness,
                    counters(w)
                );
            }
        }
        work
    };
    let climb = climb(
        &rules,
        options.seed,
        Shape {
            pool: options.pool as usize,
            mutations: options.mutations as usize,
        },
        budget,
        &mut progress,
    );
    let elapsed = started.elapsed();
    let kept = &climb.pool[..options.keep.min(climb.pool.len())];
    let checks = Checks {
        run_limit: options.run_limit,
        reference_steps: options.reference_steps,
        milp: options.milp.clone(),
    };
    let written = write_found(problem, kept, &binary, &dir, &checks)?;
    let (report, times) = summary(options, &rules, &climb, kept, &written, elapsed);
    fs::write(dir.join("report.txt"), &report).map_err(|e| format!("{}: {}", dir.display(), e))?;
    fs::write(dir.join("times.txt"), &times).map_err(|e| format!("{}: {}", dir.display(), e))?;
    print!("{}{}", report, times);
    println!("written to {}", dir.display());
    if written.iter().any(|line| line.check.starts_with("DIFFERS")) {
        return Err("the binary differs from the reference on a found input".to_string());
    }
    Ok(())
}

/// The hunt's report (what was run, then each kept input with its fitness and check) and
/// the times of the checks.
fn summary(
    options: &Options,
    rules: &Rules,
    climb: &Climb,
    kept: &[Found],
    written: &[Written],
    elapsed: Duration,
) -> (String, String) {
    let mut report = String::new();
    let _ = writeln!(
        report,
        "hunt {} --fitness {} --seed {} --pool {} --mutations {}{}, givens {}-{}: {} evaluations{}",
        options.problem.name(),
        match options.fitness {
            Fitness::Counts => "counts",
            Fitness::Cpu => "cpu",
        },
        options.seed,
        options.pool,
        options.mutations,
        if options.solvable { " --solvable" } else { "" },
        rules.min_givens,
        rules.max_givens,
        climb.evaluations,
        if climb.capped {
            format!(
                ", ended by an evaluation over {} SAT conflicts or {}",
                options.eval_limit,
                seconds(options.eval_timeout)
            )
        } else {
            String::new()
        }
    );
    let mut times = format!("hunt took {}\n", seconds(elapsed));
    for (found, line) in kept.iter().zip(written) {
        let _ = writeln!(
            report,
            "{}: fitness {} ({}), found at evaluation {}, {} givens; {}",
            line.name,
            found
                .work
                .as_ref()
                .map_or("over the limit".to_string(), |w| w.fitness.to_string()),
            found.work.as_ref().map_or(String::new(), counters),
            found.evaluation,
            found.instance.given_count(),
            line.check
        );
        let _ = writeln!(times, "{}: {}", line.name, line.time);
    }
    (report, times)
}

/// Whether the engine found no solution: jigsaw's and sima4's `No solution`, latin6's
/// `0 solutions`, target9's `-1`.
fn unsolved(work: &Work) -> bool {
    matches!(work.answer.as_str(), "No solution" | "0 solutions" | "-1")
}

/// `nodes 12, sat_conflicts 3`.
fn counters(work: &Work) -> String {
    let parts: Vec<String> = work
        .counters
        .iter()
        .map(|(name, n)| format!("{} {}", name, n))
        .collect();
    format!("{}; {}", parts.join(", "), work.answer)
}

/// `12.3 s`.
fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// What became of one found input once written.
pub struct Written {
    /// `01`, `02`, ...
    pub name: String,
    /// How the binary's output compares with the reference's.
    pub check: String,
    /// The binary's wall time, or that it was killed.
    pub time: String,
}

/// Writes `found` into `dir` as `NN.in` and the binary's `NN.out`, and checks each output
/// as `checks` say (the folder's earlier `.in`, `.out` and reports go first).
pub fn write_found(
    problem: Problem,
    found: &[Found],
    binary: &Path,
    dir: &Path,
    checks: &Checks,
) -> Result<Vec<Written>, String> {
    let run_limit = checks.run_limit;
    let err = |e: std::io::Error| format!("{}: {}", dir.display(), e);
    fs::create_dir_all(dir).map_err(err)?;
    for entry in fs::read_dir(dir).map_err(err)? {
        let path = entry.map_err(err)?.path();
        let ours = path.extension().is_some_and(|e| e == "in" || e == "out")
            || path
                .file_name()
                .is_some_and(|n| n == "report.txt" || n == "times.txt");
        if ours {
            fs::remove_file(&path).map_err(err)?;
        }
    }
    let mut written = Vec::new();
    for (k, f) in found.iter().enumerate() {
        let name = format!("{:02}", k + 1);
        let input = f.instance.input(problem);
        let path = dir.join(format!("{}.in", name));
        fs::write(&path, &input).map_err(err)?;
        let run = process::run(&mut Command::new(binary), input.as_bytes(), run_limit)
            .map_err(|e| format!("{}: {}", binary.display(), e))?;
        let (check, time) = match run.status {
            None => (
                format!("the binary ran past {}", seconds(run_limit)),
                format!("killed after {}", seconds(run.elapsed)),
            ),
            Some(status) if !status.success() => (
                format!(
                    "DIFFERS: the binary failed ({}): {}",
                    status,
                    String::from_utf8_lossy(&run.stderr).trim()
                ),
                seconds(run.elapsed),
            ),
            Some(_) => {
                fs::write(dir.join(format!("{}.out", name)), &run.stdout).map_err(err)?;
                let check = checks.judge(problem, &f.instance, &path, &run.stdout);
                (check, seconds(run.elapsed))
            }
        };
        written.push(Written { name, check, time });
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules whose inputs the unoptimised engine of a test settles quickly.
    fn quick(problem: Problem) -> Rules {
        let givens = match problem {
            Problem::Jigsaw => 14,
            Problem::Target9 => 12,
            Problem::Latin6 => 4,
            Problem::Sima4 => 0,
        };
        Rules::new(problem, givens, usize::MAX).expect("a range of givens")
    }

    fn hunt(problem: Problem, seed: u64, evaluations: u64) -> Climb {
        let mut engine = Engine::new(problem);
        let budget = Budget {
            evaluations: Some(evaluations),
            time: None,
        };
        climb(
            &quick(problem),
            seed,
            Shape {
                pool: 4,
                mutations: 2,
            },
            budget,
            &mut |i| Some(engine.work(i)),
        )
    }

    #[test]
    fn the_same_seed_finds_the_same_inputs() {
        for problem in [
            Problem::Jigsaw,
            Problem::Latin6,
            Problem::Target9,
            Problem::Sima4,
        ] {
            let a = hunt(problem, 7, 12);
            assert_eq!(a.evaluations, 12);
            assert_eq!(a, hunt(problem, 7, 12), "{:?}", problem);
            assert_ne!(a.pool, hunt(problem, 8, 12).pool, "{:?}", problem);
        }
    }

    #[test]
    fn the_best_never_falls_and_the_pool_stays_legal() {
        for problem in [
            Problem::Jigsaw,
            Problem::Latin6,
            Problem::Target9,
            Problem::Sima4,
        ] {
            let climb = hunt(problem, 3, 30);
            assert_eq!(climb.best.len(), 30);
            assert!(
                climb.best.windows(2).all(|w| w[0] <= w[1]),
                "{:?}",
                climb.best
            );
            let climbed = climb.best[29] > climb.best[3];
            assert!(
                climbed || problem == Problem::Sima4,
                "{:?}: {:?}",
                problem,
                climb.best
            );
            let fitness: Vec<u64> = climb.pool.iter().map(Found::fitness).collect();
            assert!(fitness.windows(2).all(|w| w[0] >= w[1]));
            assert_eq!(fitness[0], climb.best[29]);
            let rules = quick(problem);
            assert!(climb.pool.iter().all(|f| f.instance.is_legal(&rules)));
        }
    }

    #[test]
    fn an_evaluation_over_the_limit_ends_the_climb() {
        let budget = Budget {
            evaluations: Some(100),
            time: None,
        };
        let mut calls = 0;
        let climb = climb(
            &Rules::all(Problem::Target9),
            1,
            Shape {
                pool: 3,
                mutations: 1,
            },
            budget,
            &mut |_| {
                calls += 1;
                (calls < 5).then(|| Work {
                    fitness: calls,
                    counters: Vec::new(),
                    answer: String::new(),
                })
            },
        );
        assert!(climb.capped);
        assert_eq!(climb.evaluations, 5);
        assert_eq!(
            climb.pool[0].work, None,
            "the input over the limit comes first"
        );
    }

    #[test]
    fn a_hunt_ended_by_its_conflict_cap_repeats_byte_for_byte() {
        // The cap is a count: the same seed ends at the same evaluation with the same pool
        // and report, however loaded the machine (the timeout is far off).
        use clap::Parser;
        let options = Options::try_parse_from([
            "hunt",
            "jigsaw",
            "--seed",
            "1",
            "--evaluations",
            "400",
            "--eval-limit",
            "0",
        ])
        .expect("valid options");
        let rules = Rules::all(Problem::Jigsaw);
        let run = || {
            let mut evaluate = watched(Problem::Jigsaw, options.eval_limit, options.eval_timeout);
            let shape = Shape {
                pool: 4,
                mutations: 2,
            };
            let budget = Budget {
                evaluations: options.evaluations,
                time: None,
            };
            let climb = climb(&rules, options.seed, shape, budget, &mut evaluate);
            let written: Vec<Written> = (0..climb.pool.len())
                .map(|k| Written {
                    name: format!("{:02}", k + 1),
                    check: String::new(),
                    time: String::new(),
                })
                .collect();
            let (report, _) = summary(
                &options,
                &rules,
                &climb,
                &climb.pool,
                &written,
                Duration::ZERO,
            );
            (climb, report)
        };
        let (climb, report) = run();
        assert!(climb.capped && climb.evaluations < 400, "{}", report);
        assert_eq!(climb.pool[0].work, None);
        assert!(
            report.contains("ended by an evaluation over 0 SAT conflicts"),
            "{}",
            report
        );
        assert_eq!(run(), (climb, report));
    }

    #[test]
    fn options_parse_and_reject() {
        use clap::Parser;
        let options =
            Options::try_parse_from(["hunt", "jigsaw", "--seed", "3", "--evaluations", "10"])
                .expect("valid options");
        assert_eq!(options.problem, Problem::Jigsaw);
        assert_eq!((options.seed, options.evaluations), (3, Some(10)));
        assert_eq!(
            (options.pool, options.mutations, options.max_givens),
            (8, 1, None)
        );
        assert!(!options.solvable);
        assert!(Options::try_parse_from(["hunt", "latin6", "--solvable"]).is_ok_and(|o| o.solvable));
        assert!(Options::try_parse_from(["hunt", "sudoku"]).is_err());
        assert!(Options::try_parse_from(["hunt", "latin6", "--pool", "0"]).is_err());
        assert!(Options::try_parse_from(["hunt", "latin6", "--budget", "soon"]).is_err());
    }

    #[test]
    fn durations_read_with_units() {
        assert_eq!(duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(duration("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(duration("250ms"), Ok(Duration::from_millis(250)));
        assert!(duration("5 weeks").is_err());
        assert!(duration("0s").is_err());
    }
}
