//! The engines the binaries use are held to a reference: on many seeded random instances of
//! each of the four problems, the bitset [`Backtracker`] (`count_up_to`, `visit_lex`) and the
//! branch and bound [`Maximiser::maximise`] must find what DLX ([`SudokuCover`]) finds: the same
//! number of solutions, the same set of solutions (`visit_lex`'s in lexicographic order), the
//! same best score.
//!
//! DLX gets each instance as plain data, the region number of each cell as generated, and
//! builds its rows, columns and regions itself; the engines get a [`Layout`] made from the same
//! numbers. So a wrong `Layout` shows as a disagreement, as `a_broken_layout_is_caught` checks.
//! Every solution either reports is also checked against the rules, read from the plain data.
//! Instances are drawn from seeded generators; their full grids come from DLX.

#![forbid(unsafe_code)]

use common::backtrack::Backtracker;
use common::bitset::Bitset;
use common::layout::Layout;
use common::sudoku_cover::SudokuCover;
use common::weighted::Maximiser;
use testkit::rng::Rng;
use testkit::{check, gen};

/// An N x N grid's regions as plain data: `of[cell]` is the region number of `cell`, cells row
/// by row.
#[derive(Clone, Debug)]
struct Regions {
    size: usize,
    of: Vec<u8>,
}

impl Regions {
    /// `box_height x box_width` boxes, numbered row by row.
    fn boxes(box_height: usize, box_width: usize) -> Self {
        let size = box_height * box_width;
        let of = (0..size * size)
            .map(|cell| {
                let (r, c) = (cell / size, cell % size);
                (r / box_height * (size / box_width) + c / box_width) as u8
            })
            .collect();
        Regions { size, of }
    }

    fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The layout the engines get, made from the same numbers.
    fn layout(&self) -> Layout {
        Layout::new(self.size, self.of.clone()).expect("generated regions have N cells each")
    }

    /// The reference: DLX on the plain data, with `givens`.
    fn cover(&self, givens: &[u8]) -> SudokuCover {
        SudokuCover::new(self.size, &self.of, givens)
    }

    /// Whether `grid` keeps `givens` and holds each digit once in every row, column and region.
    fn is_solution(&self, givens: &[u8], grid: &[u8]) -> bool {
        check::is_solution(self.size, &self.of, givens, grid)
    }
}

/// What the engines found for one instance.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    NoSolution,
    Unique,
    Several,
}

/// Returns `Err(format!(...))` from the enclosing function unless the condition holds.
macro_rules! check {
    ($holds:expr, $($message:tt)+) => {
        if !$holds {
            return Err(format!($($message)+));
        }
    };
}

/// Compares the backtracker for `layout` with DLX on `regions` for `givens`: counts up to
/// `cap` (and up to 1 and 2), first solutions, and, when there are fewer than `cap` solutions,
/// the whole set (in lexicographic order for `visit_lex`). With `cap` or more, the first `cap`
/// of each are checked to be distinct solutions, `visit_lex`'s in increasing order. Errs with
/// the first disagreement.
fn compare(
    layout: &Layout,
    regions: &Regions,
    givens: &[u8],
    cap: usize,
) -> Result<Outcome, String> {
    // The width a binary of that size uses.
    if layout.cells() <= u64::CAPACITY {
        compare_with::<u64>(layout, regions, givens, cap)
    } else {
        compare_with::<u128>(layout, regions, givens, cap)
    }
}

/// [`compare`] with the backtracker's boards of `B`: the counts, then the visits.
fn compare_with<B: Bitset>(
    layout: &Layout,
    regions: &Regions,
    givens: &[u8],
    cap: usize,
) -> Result<Outcome, String> {
    let mut backtracker = Backtracker::<B>::new(layout);
    let mut cover = regions.cover(givens);
    let (count, firsts) = compare_counts(&mut backtracker, &mut cover, regions, givens, cap)?;
    compare_visits(
        &mut backtracker,
        &mut cover,
        regions,
        givens,
        cap,
        count,
        &firsts,
    )?;
    Ok(match count {
        0 => Outcome::NoSolution,
        1 => Outcome::Unique,
        _ => Outcome::Several,
    })
}

/// Both engines' counts up to `cap`, 1 and 2 agree, and their first solutions keep the rules:
/// the count and the two first solutions (the backtracker's, DLX's).
fn compare_counts<B: Bitset>(
    backtracker: &mut Backtracker<B>,
    cover: &mut SudokuCover,
    regions: &Regions,
    givens: &[u8],
    cap: usize,
) -> Result<(usize, [Vec<u8>; 2]), String> {
    let cells = regions.cells();
    let mut first_b = vec![0; cells];
    let mut first_d = vec![0; cells];
    let count = cover.count_up_to(cap, &mut first_d);
    let counted = backtracker.count_up_to(givens, cap, &mut first_b);
    check!(
        counted == count,
        "count_up_to({}): backtracker {}, DLX {}",
        cap,
        counted,
        count
    );
    if count > 0 {
        check!(
            regions.is_solution(givens, &first_b),
            "the backtracker's first solution {:?} breaks the rules",
            first_b
        );
        check!(
            regions.is_solution(givens, &first_d),
            "DLX's first solution {:?} breaks the rules",
            first_d
        );
    }
    for limit in [1, 2] {
        let mut grid = vec![0; cells];
        let b = backtracker.count_up_to(givens, limit, &mut grid);
        let d = cover.count_up_to(limit, &mut grid);
        check!(
            b == count.min(limit) && d == count.min(limit),
            "count_up_to({}): backtracker {}, DLX {}, up to {}: {}",
            limit,
            b,
            d,
            cap,
            count
        );
    }

    Ok((count, [first_b, first_d]))
}

/// Both engines visit the same `count` solutions (up to `cap`), each keeping the rules, the
/// backtracker's in lexicographic order, and the first solutions among them.
fn compare_visits<B: Bitset>(
    backtracker: &mut Backtracker<B>,
    cover: &mut SudokuCover,
    regions: &Regions,
    givens: &[u8],
    cap: usize,
    count: usize,
    [first_b, first_d]: &[Vec<u8>; 2],
) -> Result<(), String> {
    let mut lex = Vec::new();
    let visited = backtracker.visit_lex(givens, |grid| {
        lex.push(grid.to_vec());
        lex.len() < cap
    });
    check!(
        visited as usize == lex.len(),
        "visit_lex returned {} after {} calls",
        visited,
        lex.len()
    );
    check!(
        lex.windows(2).all(|w| w[0] < w[1]),
        "visit_lex out of lexicographic order"
    );
    if let Some(grid) = lex.iter().find(|g| !regions.is_solution(givens, g)) {
        return Err(format!("visit_lex's {:?} breaks the rules", grid));
    }
    let mut dlx = Vec::new();
    cover.visit(|grid| {
        dlx.push(grid.to_vec());
        dlx.len() < cap
    });
    if let Some(grid) = dlx.iter().find(|g| !regions.is_solution(givens, g)) {
        return Err(format!("DLX's {:?} breaks the rules", grid));
    }
    dlx.sort();
    check!(
        dlx.windows(2).all(|w| w[0] != w[1]),
        "DLX visited a solution twice"
    );
    check!(
        lex.len() == count && dlx.len() == count,
        "visited up to {}: backtracker {}, DLX {}, counted {}",
        cap,
        lex.len(),
        dlx.len(),
        count
    );
    if count < cap {
        check!(lex == dlx, "visit_lex and DLX found other solutions");
        check!(
            count == 0 || lex.contains(first_b) && lex.contains(first_d),
            "a first solution missing from the visits"
        );
    }

    Ok(())
}

/// [`compare`] with the layout made from `regions`; panics on a disagreement.
fn assert_agree(regions: &Regions, givens: &[u8], cap: usize) -> Outcome {
    compare(&regions.layout(), regions, givens, cap)
        .unwrap_or_else(|e| panic!("{}\nregions {:?}\ngivens {:?}", e, regions.of, givens))
}

/// Compares the target9 engines built for some layout with DLX on `regions` for `givens`:
/// [`Maximiser::maximise`] must find the best score that DLX finds by visiting every completion,
/// and [`Maximiser::best_grid`] a completion that scores it; the backtracker must find the same
/// best score by visiting its own list. Errs with the first disagreement.
fn compare_best(
    maximiser: &mut Maximiser<u128>,
    backtracker: &mut Backtracker<u128>,
    regions: &Regions,
    weights: &[u32],
    givens: &[u8],
) -> Result<Option<u32>, String> {
    let score =
        |grid: &[u8]| -> u32 { grid.iter().zip(weights).map(|(&d, &w)| w * d as u32).sum() };
    let best = regions.cover(givens).max_weighted(weights);
    let maximised = maximiser.maximise(givens);
    check!(
        maximised == best,
        "maximise: {:?}, DLX: {:?}",
        maximised,
        best
    );
    if best.is_some() {
        let grid = maximiser.best_grid();
        check!(
            regions.is_solution(givens, grid) && Some(score(grid)) == best,
            "best_grid {:?} is no completion scoring {:?}",
            grid,
            best
        );
    }
    let mut visited_best = None;
    backtracker.visit_lex(givens, |grid| {
        visited_best = visited_best.max(Some(score(grid)));
        true
    });
    check!(
        visited_best == best,
        "best by visit_lex: {:?}, DLX: {:?}",
        visited_best,
        best
    );
    Ok(best)
}

/// A random full grid for `regions`, if it has any: DLX's first completion of a few random
/// givens (or of none, if those keep clashing), digits relabelled at random.
fn random_grid(rng: &mut Rng, regions: &Regions) -> Option<Vec<u8>> {
    let (n, cells) = (regions.size, regions.cells());
    let mut cover = regions.cover(&vec![0; cells]);
    let mut grid = vec![0; cells];
    if cover.count_up_to(1, &mut grid) == 0 {
        return None;
    }
    for _ in 0..20 {
        let mut seeds = vec![0; cells];
        for _ in 0..n {
            seeds[rng.below(cells)] = rng.below(n) as u8 + 1;
        }
        cover.set_givens(&seeds);
        if cover.count_up_to(1, &mut grid) == 1 {
            break;
        }
    }
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut relabel);
    Some(grid.iter().map(|&d| relabel[d as usize - 1]).collect())
}

/// Changes one given of `givens` to another digit (usually leaving no solution).
fn spoil(rng: &mut Rng, givens: &mut [u8], n: usize) {
    let filled: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] != 0).collect();
    let cell = filled[rng.below(filled.len())];
    givens[cell] = ((givens[cell] as usize + rng.below(n - 1)) % n) as u8 + 1;
}

/// Random connected regions of `size` cells: start from boxes and swap the regions of
/// neighbouring cells many times, whenever both regions stay connected.
fn random_connected_regions(rng: &mut Rng, box_height: usize, box_width: usize) -> Regions {
    let mut regions = Regions::boxes(box_height, box_width);
    let size = regions.size;
    let region_of = &mut regions.of;
    for _ in 0..400 {
        let a = rng.below(size * size);
        let b = if rng.below(2) == 0 { a + 1 } else { a + size };
        if b >= size * size || (b == a + 1 && b % size == 0) || region_of[a] == region_of[b] {
            continue;
        }
        region_of.swap(a, b);
        if !gen::region_connected(size, region_of, region_of[a])
            || !gen::region_connected(size, region_of, region_of[b])
        {
            region_of.swap(a, b);
        }
    }
    regions
}

/// Random groups of `size` cells, connected or not, and a grid that solves them: a random
/// Latin square, whose rows are the first groups; then cells holding the same letter swap
/// groups many times, so that every group keeps each letter once.
fn random_solvable_groups(rng: &mut Rng, size: usize) -> (Regions, Vec<u8>) {
    let mut rows: Vec<usize> = (0..size).collect();
    let mut columns = rows.clone();
    let mut letters: Vec<u8> = (1..=size as u8).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut columns);
    rng.shuffle(&mut letters);
    let grid: Vec<u8> = (0..size * size)
        .map(|cell| letters[(rows[cell / size] + columns[cell % size]) % size])
        .collect();
    let mut of: Vec<u8> = (0..size * size).map(|c| (c / size) as u8).collect();
    for _ in 0..4 * size * size {
        let (a, b) = (rng.below(size * size), rng.below(size * size));
        if grid[a] == grid[b] {
            of.swap(a, b);
        }
    }
    let regions = Regions { size, of };
    assert!(regions.is_solution(&grid, &grid));
    (regions, grid)
}

/// Random groups of `size` cells: a shuffle, seldom solvable.
fn random_groups(rng: &mut Rng, size: usize) -> Regions {
    let mut of: Vec<u8> = (0..size * size).map(|c| (c / size) as u8).collect();
    rng.shuffle(&mut of);
    Regions { size, of }
}

#[test]
fn jigsaw_random_regions_and_givens() {
    let mut rng = Rng::new(4069);
    let mut seen = Vec::new();
    for _ in 0..60 {
        let regions = random_connected_regions(&mut rng, 3, 3);
        let grid = match random_grid(&mut rng, &regions) {
            Some(grid) => grid,
            None => {
                assert_agree(&regions, &[0; 81], 3);
                continue;
            }
        };
        assert!(regions.is_solution(&grid, &grid));
        let keep = 28 + rng.below(25);
        let givens = gen::some_givens(&mut rng, &grid, keep);
        seen.push(assert_agree(&regions, &givens, 30));
        let mut spoilt = givens.clone();
        spoil(&mut rng, &mut spoilt, 9);
        seen.push(assert_agree(&regions, &spoilt, 30));
        let keep = 12 + rng.below(8);
        let few = gen::some_givens(&mut rng, &grid, keep);
        seen.push(assert_agree(&regions, &few, 30));
    }
    for outcome in [Outcome::NoSolution, Outcome::Unique, Outcome::Several] {
        assert!(seen.contains(&outcome), "no instance with {:?}", outcome);
    }
}

#[test]
fn sima4_boards() {
    let mut rng = Rng::new(5547);
    let regions = Regions::boxes(2, 2);
    let mut seen = Vec::new();
    for _ in 0..300 {
        let grid = random_grid(&mut rng, &regions).expect("4x4 Sudokus exist");
        let keep = rng.below(17);
        let mut givens = gen::some_givens(&mut rng, &grid, keep);
        if keep > 0 && rng.below(4) == 0 {
            spoil(&mut rng, &mut givens, 4);
        }
        // At most 288 solutions: always compare every one of them.
        seen.push(assert_agree(&regions, &givens, 289));
    }
    for outcome in [Outcome::NoSolution, Outcome::Unique, Outcome::Several] {
        assert!(seen.contains(&outcome), "no instance with {:?}", outcome);
    }
}

#[test]
fn latin6_random_groups_and_givens() {
    let mut rng = Rng::new(6);
    let mut seen = Vec::new();
    for round in 0..60 {
        let (regions, square) = random_solvable_groups(&mut rng, 6);
        let grid = if round % 2 == 0 {
            square
        } else {
            random_grid(&mut rng, &regions).expect("the groups are solvable")
        };
        let keep = 6 + rng.below(20);
        let mut givens = gen::some_givens(&mut rng, &grid, keep);
        if rng.below(4) == 0 {
            spoil(&mut rng, &mut givens, 6);
        }
        seen.push(assert_agree(&regions, &givens, 200));
        // Letters scattered at random, as a careless input would.
        let mut givens = vec![0; 36];
        for _ in 0..rng.below(10) {
            givens[rng.below(36)] = rng.below(6) as u8 + 1;
        }
        seen.push(assert_agree(&regions, &givens, 50));
    }
    for _ in 0..3 {
        let regions = random_groups(&mut rng, 6);
        seen.push(assert_agree(&regions, &[0; 36], 50));
    }
    for outcome in [Outcome::NoSolution, Outcome::Unique, Outcome::Several] {
        assert!(seen.contains(&outcome), "no instance with {:?}", outcome);
    }
}

#[test]
fn target9_best_scores() {
    let mut rng = Rng::new(2009);
    let regions = Regions::boxes(3, 3);
    let layout = regions.layout();
    let weights = testkit::target9_weights();
    let mut backtracker = Backtracker::<u128>::new(&layout);
    let mut maximiser = Maximiser::<u128>::new(&layout, &weights);
    let mut found = 0;
    for round in 0..60 {
        let grid = random_grid(&mut rng, &regions).expect("Sudokus exist");
        let keep = 30 + rng.below(16);
        let mut givens = gen::some_givens(&mut rng, &grid, keep);
        if round % 5 == 4 {
            spoil(&mut rng, &mut givens, 9);
        }
        let best = compare_best(
            &mut maximiser,
            &mut backtracker,
            &regions,
            &weights,
            &givens,
        )
        .unwrap_or_else(|e| panic!("{}\ngivens {:?}", e, givens));
        found += best.is_some() as usize;
    }
    assert!(found > 0 && found < 60, "both outcomes occur");
}

#[test]
fn a_broken_layout_is_caught() {
    // The engines get the 9x9 boxes with cells 2 and 3, neighbours in row 0 across the border of
    // boxes 0 and 1, in each other's box; DLX gets the true boxes. Every true grid breaks the
    // broken layout: the digit of cell 2 is also in box 1, not at cell 3 (same row), so in
    // cell 2's new region. Each instance below has a true completion, so an engine for the
    // broken layout either finds none or reports a grid that breaks the true rules: the checks
    // catch every instance.
    let regions = Regions::boxes(3, 3);
    let mut swapped = regions.of.clone();
    swapped.swap(2, 3);
    let broken = Layout::new(9, swapped).expect("a swap keeps the region sizes");
    let layout = regions.layout();
    assert_ne!(broken, layout);
    let weights = testkit::target9_weights();
    let mut engines = (
        Backtracker::<u128>::new(&layout),
        Maximiser::<u128>::new(&layout, &weights),
    );
    let mut broken_engines = (
        Backtracker::<u128>::new(&broken),
        Maximiser::<u128>::new(&broken, &weights),
    );
    let mut rng = Rng::new(4);
    let rounds = 10;
    let (mut caught, mut caught_best) = (0, 0);
    for _ in 0..rounds {
        let grid = random_grid(&mut rng, &regions).expect("Sudokus exist");
        let keep = 30 + rng.below(16);
        let givens = gen::some_givens(&mut rng, &grid, keep);
        compare(&layout, &regions, &givens, 30).expect("the true layout agrees");
        caught += compare(&broken, &regions, &givens, 30).is_err() as usize;
        let (backtracker, maximiser) = &mut engines;
        compare_best(maximiser, backtracker, &regions, &weights, &givens)
            .expect("the true layout agrees");
        let (backtracker, maximiser) = &mut broken_engines;
        caught_best +=
            compare_best(maximiser, backtracker, &regions, &weights, &givens).is_err() as usize;
    }
    assert_eq!(caught, rounds, "compare let a broken layout pass");
    assert_eq!(caught_best, rounds, "compare_best let a broken layout pass");
}
