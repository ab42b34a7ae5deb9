//! The two engines check each other: on many seeded random instances of each of the four
//! problems, the bitset [`Backtracker`] and the DLX [`SudokuCover`] must find the same number
//! of solutions, the same set of solutions (the backtracker's `visit_lex` in lexicographic
//! order). For target9, the branch and bound of [`Weighted`] must find the best score that
//! DLX and the backtracker find by visiting every completion. Every solution either reports is
//! also checked against the rules directly.

use common::backtrack::Backtracker;
use common::layout::{Layout, Puzzle};
use common::sudoku_cover::SudokuCover;
use common::weighted::Weighted;

/// SplitMix64: a small, seeded, good enough generator for test instances.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, `n >= 1`.
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// Whether `grid` keeps `givens` and holds each digit once in every row, column and region.
fn is_solution(layout: &Layout, givens: &[u8], grid: &[u8]) -> bool {
    let n = layout.size();
    givens.iter().zip(grid).all(|(&g, &d)| g == 0 || g == d)
        && layout.houses().iter().all(|house| {
            let mut seen = vec![false; n + 1];
            house.iter().all(|&cell| {
                let d = grid[cell] as usize;
                (1..=n).contains(&d) && !std::mem::replace(&mut seen[d], true)
            })
        })
}

/// What the two engines found for one instance.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    NoSolution,
    Unique,
    Several,
}

/// Checks that both engines agree on `givens`: counts up to `cap`, first solutions, and, when
/// there are fewer than `cap` solutions, the whole set (in lexicographic order for
/// `visit_lex`). With `cap` or more, the first `cap` of each are checked to be distinct
/// solutions, `visit_lex`'s in increasing order.
fn assert_agree(layout: &Layout, givens: &[u8], cap: usize) -> Outcome {
    let cells = layout.cells();
    let mut backtracker = Backtracker::new(layout);
    let mut cover = SudokuCover::new(&Puzzle {
        layout: layout.clone(),
        givens: givens.to_vec(),
    });
    let context = format!("layout {:?}, givens {:?}", layout, givens);

    let mut first_b = vec![0; cells];
    let mut first_d = vec![0; cells];
    let count = backtracker.count_up_to(givens, cap, &mut first_b);
    assert_eq!(cover.count_up_to(cap, &mut first_d), count, "{}", context);
    if count > 0 {
        assert!(is_solution(layout, givens, &first_b), "{}", context);
        assert!(is_solution(layout, givens, &first_d), "{}", context);
    }
    for limit in [1, 2] {
        let mut grid = vec![0; cells];
        assert_eq!(
            backtracker.count_up_to(givens, limit, &mut grid),
            count.min(limit),
            "{}",
            context
        );
        assert_eq!(
            cover.count_up_to(limit, &mut grid),
            count.min(limit),
            "{}",
            context
        );
    }

    let mut lex = Vec::new();
    let visited = backtracker.visit_lex(givens, |grid| {
        lex.push(grid.to_vec());
        lex.len() < cap
    });
    assert_eq!(visited as usize, lex.len(), "{}", context);
    assert!(lex.windows(2).all(|w| w[0] < w[1]), "{}", context);
    assert!(
        lex.iter().all(|g| is_solution(layout, givens, g)),
        "{}",
        context
    );
    let mut dlx = Vec::new();
    cover.visit(|grid| {
        dlx.push(grid.to_vec());
        dlx.len() < cap
    });
    assert!(
        dlx.iter().all(|g| is_solution(layout, givens, g)),
        "{}",
        context
    );
    dlx.sort();
    assert!(dlx.windows(2).all(|w| w[0] != w[1]), "{}", context);
    assert_eq!(lex.len(), count, "{}", context);
    assert_eq!(dlx.len(), count, "{}", context);
    if count < cap {
        assert_eq!(lex, dlx, "{}", context);
    }
    if count > 0 && count < cap {
        assert!(
            lex.contains(&first_b) && lex.contains(&first_d),
            "{}",
            context
        );
    }

    match count {
        0 => Outcome::NoSolution,
        1 => Outcome::Unique,
        _ => Outcome::Several,
    }
}

/// A random full grid for `layout`, if it has any: the backtracker's first completion of a few
/// random givens (or of none, if those keep clashing), digits relabelled at random.
fn random_grid(rng: &mut Rng, layout: &Layout) -> Option<Vec<u8>> {
    let n = layout.size();
    let cells = layout.cells();
    let mut backtracker = Backtracker::new(layout);
    let mut grid = vec![0; cells];
    if backtracker.count_up_to(&vec![0; cells], 1, &mut grid) == 0 {
        return None;
    }
    let mut seeded = vec![0; cells];
    for _ in 0..20 {
        let mut seeds = vec![0; cells];
        for _ in 0..n {
            seeds[rng.below(cells)] = rng.below(n) as u8 + 1;
        }
        if backtracker.count_up_to(&seeds, 1, &mut seeded) == 1 {
            grid = seeded;
            break;
        }
    }
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut relabel);
    Some(grid.iter().map(|&d| relabel[d as usize - 1]).collect())
}

/// `keep` cells of `grid`, chosen at random; the others emptied.
fn reveal(rng: &mut Rng, grid: &[u8], keep: usize) -> Vec<u8> {
    let mut order: Vec<usize> = (0..grid.len()).collect();
    rng.shuffle(&mut order);
    let mut givens = vec![0; grid.len()];
    for &cell in &order[..keep] {
        givens[cell] = grid[cell];
    }
    givens
}

/// Changes one given of `givens` to another digit (usually leaving no solution).
fn spoil(rng: &mut Rng, givens: &mut [u8], n: usize) {
    let filled: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] != 0).collect();
    let cell = filled[rng.below(filled.len())];
    givens[cell] = ((givens[cell] as usize + rng.below(n - 1)) % n) as u8 + 1;
}

/// Whether the cells of `region` in `region_of` are connected (4-neighbours).
fn connected(size: usize, region_of: &[u8], region: u8) -> bool {
    let cells: Vec<usize> = (0..size * size)
        .filter(|&c| region_of[c] == region)
        .collect();
    let mut seen = vec![false; size * size];
    let mut stack = vec![cells[0]];
    seen[cells[0]] = true;
    let mut reached = 0;
    while let Some(c) = stack.pop() {
        reached += 1;
        let (r, col) = (c / size, c % size);
        let mut next = Vec::with_capacity(4);
        if r > 0 {
            next.push(c - size);
        }
        if r + 1 < size {
            next.push(c + size);
        }
        if col > 0 {
            next.push(c - 1);
        }
        if col + 1 < size {
            next.push(c + 1);
        }
        for d in next {
            if region_of[d] == region && !seen[d] {
                seen[d] = true;
                stack.push(d);
            }
        }
    }
    reached == cells.len()
}

/// Random connected regions of `size` cells: start from boxes and swap the regions of
/// neighbouring cells many times, whenever both regions stay connected.
fn random_connected_regions(rng: &mut Rng, box_height: usize, box_width: usize) -> Layout {
    let size = box_height * box_width;
    let boxes = Layout::boxes(box_height, box_width);
    let mut region_of: Vec<u8> = (0..size * size).map(|c| boxes.region_of(c) as u8).collect();
    for _ in 0..400 {
        let a = rng.below(size * size);
        let b = if rng.below(2) == 0 { a + 1 } else { a + size };
        if b >= size * size || (b == a + 1 && b % size == 0) || region_of[a] == region_of[b] {
            continue;
        }
        region_of.swap(a, b);
        if !connected(size, &region_of, region_of[a]) || !connected(size, &region_of, region_of[b])
        {
            region_of.swap(a, b);
        }
    }
    Layout::new(size, region_of).expect("swaps keep the region sizes")
}

/// Random groups of `size` cells, connected or not, and a grid that solves them: a random
/// Latin square, whose rows are the first groups; then cells holding the same letter swap
/// groups many times, so that every group keeps each letter once.
fn random_solvable_groups(rng: &mut Rng, size: usize) -> (Layout, Vec<u8>) {
    let mut rows: Vec<usize> = (0..size).collect();
    let mut columns = rows.clone();
    let mut letters: Vec<u8> = (1..=size as u8).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut columns);
    rng.shuffle(&mut letters);
    let grid: Vec<u8> = (0..size * size)
        .map(|cell| letters[(rows[cell / size] + columns[cell % size]) % size])
        .collect();
    let mut region_of: Vec<u8> = (0..size * size).map(|c| (c / size) as u8).collect();
    for _ in 0..4 * size * size {
        let (a, b) = (rng.below(size * size), rng.below(size * size));
        if grid[a] == grid[b] {
            region_of.swap(a, b);
        }
    }
    let layout = Layout::new(size, region_of).expect("swaps keep the group sizes");
    assert!(is_solution(&layout, &grid, &grid));
    (layout, grid)
}

/// Random groups of `size` cells: a shuffle, seldom solvable.
fn random_groups(rng: &mut Rng, size: usize) -> Layout {
    let mut region_of: Vec<u8> = (0..size * size).map(|c| (c / size) as u8).collect();
    rng.shuffle(&mut region_of);
    Layout::new(size, region_of).expect("a shuffle keeps the group sizes")
}

#[test]
fn jigsaw_random_regions_and_givens() {
    let mut rng = Rng(4069);
    let mut seen = Vec::new();
    for _ in 0..60 {
        let layout = random_connected_regions(&mut rng, 3, 3);
        let grid = match random_grid(&mut rng, &layout) {
            Some(grid) => grid,
            None => {
                assert_agree(&layout, &[0; 81], 3);
                continue;
            }
        };
        assert!(is_solution(&layout, &grid, &grid));
        let keep = 28 + rng.below(25);
        let givens = reveal(&mut rng, &grid, keep);
        seen.push(assert_agree(&layout, &givens, 30));
        let mut spoilt = givens.clone();
        spoil(&mut rng, &mut spoilt, 9);
        seen.push(assert_agree(&layout, &spoilt, 30));
        let keep = 12 + rng.below(8);
        let few = reveal(&mut rng, &grid, keep);
        seen.push(assert_agree(&layout, &few, 30));
    }
    for outcome in [Outcome::NoSolution, Outcome::Unique, Outcome::Several] {
        assert!(seen.contains(&outcome), "no instance with {:?}", outcome);
    }
}

#[test]
fn sima4_boards() {
    let mut rng = Rng(5547);
    let layout = Layout::boxes(2, 2);
    let mut seen = Vec::new();
    for _ in 0..300 {
        let grid = random_grid(&mut rng, &layout).expect("4x4 Sudokus exist");
        let keep = rng.below(17);
        let mut givens = reveal(&mut rng, &grid, keep);
        if keep > 0 && rng.below(4) == 0 {
            spoil(&mut rng, &mut givens, 4);
        }
        // At most 288 solutions: always compare every one of them.
        seen.push(assert_agree(&layout, &givens, 289));
    }
    for outcome in [Outcome::NoSolution, Outcome::Unique, Outcome::Several] {
        assert!(seen.contains(&outcome), "no instance with {:?}", outcome);
    }
}

#[test]
fn latin6_random_groups_and_givens() {
    let mut rng = Rng(6);
    let mut seen = Vec::new();
    for round in 0..60 {
        let (layout, square) = random_solvable_groups(&mut rng, 6);
        let grid = if round % 2 == 0 {
            square
        } else {
            random_grid(&mut rng, &layout).expect("the groups are solvable")
        };
        let keep = 6 + rng.below(20);
        let mut givens = reveal(&mut rng, &grid, keep);
        if rng.below(4) == 0 {
            spoil(&mut rng, &mut givens, 6);
        }
        seen.push(assert_agree(&layout, &givens, 200));
        // Letters scattered at random, as a careless input would.
        let mut givens = vec![0; 36];
        for _ in 0..rng.below(10) {
            givens[rng.below(36)] = rng.below(6) as u8 + 1;
        }
        seen.push(assert_agree(&layout, &givens, 50));
    }
    for _ in 0..3 {
        let layout = random_groups(&mut rng, 6);
        seen.push(assert_agree(&layout, &[0; 36], 50));
    }
    for outcome in [Outcome::NoSolution, Outcome::Unique, Outcome::Several] {
        assert!(seen.contains(&outcome), "no instance with {:?}", outcome);
    }
}

#[test]
fn target9_best_scores() {
    let mut rng = Rng(2009);
    let layout = Layout::boxes(3, 3);
    let weights: Vec<u32> = (0..81)
        .map(|cell| {
            let (r, c) = (cell / 9, cell % 9);
            6 + r.min(c).min(8 - r).min(8 - c) as u32
        })
        .collect();
    let mut backtracker = Backtracker::new(&layout);
    let mut weighted = Weighted::new(&layout, &weights);
    let mut found = 0;
    for round in 0..60 {
        let grid = random_grid(&mut rng, &layout).expect("Sudokus exist");
        let keep = 30 + rng.below(16);
        let mut givens = reveal(&mut rng, &grid, keep);
        if round % 5 == 4 {
            spoil(&mut rng, &mut givens, 9);
        }
        let best = weighted.maximise(&givens);
        let mut cover = SudokuCover::new(&Puzzle {
            layout: layout.clone(),
            givens: givens.clone(),
        });
        assert_eq!(cover.max_weighted(&weights), best, "givens {:?}", givens);
        // And by brute force over the backtracker's own list.
        let mut visited_best = None;
        backtracker.visit_lex(&givens, |g| {
            let score = g.iter().zip(&weights).map(|(&d, &w)| w * d as u32).sum();
            visited_best = visited_best.max(Some(score));
            true
        });
        assert_eq!(visited_best, best, "givens {:?}", givens);
        found += best.is_some() as usize;
    }
    assert!(found > 0 && found < 60, "both outcomes occur");
}
