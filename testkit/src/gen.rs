//! Random instances of the four problems, and the input text that carries them.
//!
//! Everything is drawn from one seeded [`Rng`], so a run is reproduced by its seed alone.
//! Grids are `size * size` slices read row by row; a cell holds 0 (empty) or a digit
//! `1..=size`; a layout gives each cell its region (group) number `0..size`.

use crate::reference::{self, First};
pub use crate::rng::Rng;

/// The classic layout of boxes for side `size` (4: 2x2, 6: 2 rows x 3 columns, 9: 3x3),
/// numbered row by row. Constraint: `size` is 4, 6 or 9. O(size^2).
pub fn boxes(size: usize) -> Vec<u8> {
    let (height, width) = match size {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => panic!("no box layout for side {}", size),
    };
    (0..size * size)
        .map(|cell| ((cell / size / height) * (size / width) + cell % size / width) as u8)
        .collect()
}

/// The kinds of layout the generators draw, each by one function of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// The classic boxes ([`boxes`]).
    Boxes,
    /// Connected regions grown one at a time ([`random_regions`]).
    Grown,
    /// Groups of cells dealt with no care for connection ([`random_groups`]).
    Scattered,
    /// A Hamiltonian path cut every 9 cells ([`path_regions`]); 9x9 only.
    Path,
    /// The 3x3 boxes after 60-300 swaps of cells between neighbouring regions
    /// ([`swapped_boxes`]); 9x9 only.
    Swapped,
}

impl LayoutKind {
    /// A random layout of this kind for side `size`. Constraint: `size` is 9 for
    /// [`LayoutKind::Path`] and [`LayoutKind::Swapped`], one that [`boxes`] knows for
    /// [`LayoutKind::Boxes`]. Time: that of the function that draws it.
    pub fn draw(self, rng: &mut Rng, size: usize) -> Vec<u8> {
        let nine = || assert_eq!(size, 9, "{:?} layouts are 9x9", self);
        match self {
            LayoutKind::Boxes => boxes(size),
            LayoutKind::Grown => random_regions(rng, size),
            LayoutKind::Scattered => random_groups(rng, size),
            LayoutKind::Path => {
                nine();
                path_regions(rng)
            }
            LayoutKind::Swapped => {
                nine();
                let swaps = rng.between(60, 300);
                swapped_boxes(rng, swaps)
            }
        }
    }
}

/// A layout that has a full grid, and a random full grid of it: for each layout drawn, `kind`
/// picks its kind, then [`LayoutKind::draw`] draws it and [`random_solution`] looks for a
/// grid, until one is found. Constraint: `kind` picks kinds that have full grids for side
/// `size` (else this never returns). Expected time: little more than one draw and search, as
/// only a few percent of random layouts have no grid that the search finds quickly.
pub fn layout_with_solution(
    rng: &mut Rng,
    size: usize,
    mut kind: impl FnMut(&mut Rng) -> LayoutKind,
) -> (Vec<u8>, Vec<u8>) {
    loop {
        let regions = kind(rng).draw(rng, size);
        if let Some(solution) = random_solution(rng, size, &regions) {
            return (regions, solution);
        }
    }
}

/// `size` connected regions of `size` cells each. Each region grows from a seed, the first
/// free cell in row order, by one random free orthogonal neighbour at a time; a region that
/// gets stuck, or that leaves a pocket of free cells whose size is not a multiple of `size`,
/// is grown again, and after 20 failures the whole layout is started over.
/// Constraint: `1 <= size <= 16`. Expected O(size^4) per layout.
pub fn random_regions(rng: &mut Rng, size: usize) -> Vec<u8> {
    const FREE: u8 = u8::MAX;
    const TRIES: usize = 20;
    let cells = size * size;
    'layout: loop {
        let mut region = vec![FREE; cells];
        for r in 0..size as u8 {
            let mut grown = false;
            for _ in 0..TRIES {
                let seed = region
                    .iter()
                    .position(|&x| x == FREE)
                    .expect("free cells are left");
                let mut members = vec![seed];
                region[seed] = r;
                while members.len() < size {
                    let mut frontier: Vec<usize> = members
                        .iter()
                        .flat_map(|&cell| neighbours(size, cell))
                        .filter(|&cell| region[cell] == FREE)
                        .collect();
                    frontier.sort_unstable();
                    frontier.dedup();
                    if frontier.is_empty() {
                        break;
                    }
                    let cell = frontier[rng.below(frontier.len())];
                    region[cell] = r;
                    members.push(cell);
                }
                if members.len() == size
                    && free_pockets(size, &region, FREE)
                        .iter()
                        .all(|&n| n % size == 0)
                {
                    grown = true;
                    break;
                }
                for cell in members {
                    region[cell] = FREE;
                }
            }
            if !grown {
                continue 'layout;
            }
        }
        return region;
    }
}

/// The sizes of the orthogonally connected pieces of cells marked `free`.
fn free_pockets(size: usize, region: &[u8], free: u8) -> Vec<usize> {
    let mut seen = vec![false; region.len()];
    let mut pockets = Vec::new();
    for start in 0..region.len() {
        if region[start] != free || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut count = 0;
        while let Some(cell) = stack.pop() {
            count += 1;
            for n in neighbours(size, cell) {
                if region[n] == free && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        pockets.push(count);
    }
    pockets
}

/// The 3x3 boxes after `swaps` swaps of two cells between neighbouring regions (see
/// [`swap_neighbours`]). Every region keeps 9 cells. O(swaps * 81) expected.
pub fn swapped_boxes(rng: &mut Rng, swaps: usize) -> Vec<u8> {
    let mut regions = boxes(9);
    let mut done = 0;
    while done < swaps {
        done += usize::from(swap_neighbours(rng, 9, &mut regions));
    }
    regions
}

/// One try at swapping two cells between neighbouring regions of `regions`: a random cell
/// of one region that touches a second region trades places with a random cell of the second
/// region that touches the first, kept only if both regions stay connected. True if the swap
/// was kept; `regions` is unchanged otherwise. Every region keeps its number of cells.
/// Constraint: `regions` is `size * size` cells. O(size^2).
pub fn swap_neighbours(rng: &mut Rng, size: usize, regions: &mut [u8]) -> bool {
    let x = rng.below(size * size);
    let others: Vec<usize> = neighbours(size, x)
        .filter(|&n| regions[n] != regions[x])
        .collect();
    if others.is_empty() {
        return false;
    }
    let (a, b) = (regions[x], regions[others[rng.below(others.len())]]);
    let candidates: Vec<usize> = (0..size * size)
        .filter(|&y| regions[y] == b && neighbours(size, y).any(|n| regions[n] == a))
        .collect();
    let y = candidates[rng.below(candidates.len())];
    regions[x] = b;
    regions[y] = a;
    if region_connected(size, regions, a) && region_connected(size, regions, b) {
        return true;
    }
    regions[x] = a;
    regions[y] = b;
    false
}

/// A random Hamiltonian path through the 9x9 grid cut into 9 pieces of 9 cells: region `k`
/// holds the path's cells `9k..9k + 9`. The path starts as the rows walked back and forth and
/// takes 4,000 backbite moves (an end steps to a random neighbour and the path is re-joined),
/// which mix it over the Hamiltonian paths of the grid. O(4,000 * 81).
pub fn path_regions(rng: &mut Rng) -> Vec<u8> {
    let mut path: Vec<usize> = (0..9)
        .flat_map(|r| (0..9).map(move |c| r * 9 + if r % 2 == 0 { c } else { 8 - c }))
        .collect();
    for _ in 0..4000 {
        if rng.percent(50) {
            path.reverse();
        }
        let end = path[80];
        let steps: Vec<usize> = neighbours(9, end).collect();
        let next = steps[rng.below(steps.len())];
        let at = path
            .iter()
            .position(|&cell| cell == next)
            .expect("every cell is on the path");
        path[at + 1..].reverse();
    }
    let mut regions = vec![0u8; 81];
    for (i, &cell) in path.iter().enumerate() {
        regions[cell] = (i / 9) as u8;
    }
    regions
}

/// The 6x6 grouping "group = row" with the cells of `column` swapped between rows `a` and `b`.
/// No such grouping has a solution: group `a` holds five cells of row `a` and so must hold the
/// letter of the row's sixth cell, which it took from row `b` in the same column. O(36).
pub fn rows_swapped(column: usize, a: usize, b: usize) -> Vec<u8> {
    let mut groups: Vec<u8> = (0..36).map(|cell| (cell / 6) as u8).collect();
    groups.swap(a * 6 + column, b * 6 + column);
    groups
}

/// Up to `count` givens at random cells, each a random digit that no given in its row, column
/// or region holds (a cell whose peers hold every digit is passed over). The givens never
/// clash, though they may have no completion. O(size^4).
pub fn random_givens(rng: &mut Rng, size: usize, regions: &[u8], count: usize) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut cells);
    let mut givens = vec![0u8; size * size];
    let mut placed = 0;
    for cell in cells {
        if placed == count {
            break;
        }
        let taken: Vec<u8> = (0..size * size)
            .filter(|&p| {
                p / size == cell / size || p % size == cell % size || regions[p] == regions[cell]
            })
            .map(|p| givens[p])
            .collect();
        let free: Vec<u8> = (1..=size as u8).filter(|d| !taken.contains(d)).collect();
        if !free.is_empty() {
            givens[cell] = free[rng.below(free.len())];
            placed += 1;
        }
    }
    givens
}

/// Whether the cells of region `region` form one orthogonally connected piece (true for an
/// empty region). O(size^2).
pub fn region_connected(size: usize, regions: &[u8], region: u8) -> bool {
    let cells: Vec<usize> = (0..size * size).filter(|&c| regions[c] == region).collect();
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; size * size];
    seen[first] = true;
    let mut stack = vec![first];
    let mut reached = 1;
    while let Some(cell) = stack.pop() {
        for n in neighbours(size, cell) {
            if regions[n] == region && !seen[n] {
                seen[n] = true;
                reached += 1;
                stack.push(n);
            }
        }
    }
    reached == cells.len()
}

/// `size` groups of `size` cells each, with no care for connection: a shuffled deal of cells.
/// O(size^2).
pub fn random_groups(rng: &mut Rng, size: usize) -> Vec<u8> {
    let mut groups: Vec<u8> = (0..size * size).map(|cell| (cell / size) as u8).collect();
    rng.shuffle(&mut groups);
    groups
}

/// A random full grid for the layout `regions` (every row, column and region holds
/// `1..=size` once): the reference's search, trying the digits of each cell in random order.
///
/// `None` if the layout has no full grid at all, or if 10 restarts of 500 steps each find
/// none: then the layout is a hard one (a few percent of random 9x9 layouts), and a caller
/// that wants grids quickly is better served by another layout. Constraint: `size <= 16`.
pub fn random_solution(rng: &mut Rng, size: usize, regions: &[u8]) -> Option<Vec<u8>> {
    const RESTARTS: usize = 10;
    const STEPS: usize = 500;
    let empty = vec![0; size * size];
    for _ in 0..RESTARTS {
        match reference::first_solution(size, regions, &empty, STEPS, &mut |d| rng.shuffle(d)) {
            First::Solution(grid) => return Some(grid),
            First::NoSolution => return None,
            First::OutOfSteps => {}
        }
    }
    None
}

/// `count` givens (all cells if fewer) from `solution` at random cells, the others empty.
/// O(cells).
pub fn some_givens(rng: &mut Rng, solution: &[u8], count: usize) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..solution.len()).collect();
    rng.shuffle(&mut cells);
    let mut givens = vec![0; solution.len()];
    for &cell in cells.iter().take(count) {
        givens[cell] = solution[cell];
    }
    givens
}

/// Givens taken from the full grid `solution` that have `solution` as their only completion:
/// `start` random cells, then (while another completion exists) a cell where that completion
/// differs from `solution`, until none is left. With `minimal`, each given is then dropped in
/// random order if the rest still has one completion only.
/// Constraint: `solution` is a full grid for `regions`. O(size^2) reference searches.
pub fn unique_givens(
    rng: &mut Rng,
    size: usize,
    regions: &[u8],
    solution: &[u8],
    start: usize,
    minimal: bool,
) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..solution.len()).collect();
    rng.shuffle(&mut cells);
    let mut givens = vec![0u8; solution.len()];
    for &cell in cells.iter().take(start) {
        givens[cell] = solution[cell];
    }
    loop {
        let found = reference::solutions_up_to(size, regions, &givens, 2);
        let Some(other) = found.iter().find(|grid| grid.as_slice() != solution) else {
            break;
        };
        let differing: Vec<usize> = (0..solution.len())
            .filter(|&c| other[c] != solution[c])
            .collect();
        let cell = differing[rng.below(differing.len())];
        givens[cell] = solution[cell];
    }
    if minimal {
        for &cell in &cells {
            if givens[cell] == 0 {
                continue;
            }
            givens[cell] = 0;
            if reference::count_solutions(size, regions, &givens, 2).0 != 1 {
                givens[cell] = solution[cell];
            }
        }
    }
    givens
}

/// Writes a wrong digit, one other than its digit in `solution`, into a random empty cell of
/// `givens` (if one is empty): where `solution` was the only completion, none is left. The
/// digit is any of the others, so it may clash with a given of its row, column or region,
/// and the givens may break the rules: for inputs that test a program's "no solution", clash
/// or not. [`wrong_digit_without_clash`] keeps to the rules instead. Draws the cell, then the
/// digit. O(cells).
pub fn wrong_digit(rng: &mut Rng, size: usize, solution: &[u8], givens: &mut [u8]) {
    let empty: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
    if !empty.is_empty() {
        let cell = empty[rng.below(empty.len())];
        givens[cell] = (solution[cell] + rng.between(1, size - 1) as u8 - 1) % size as u8 + 1;
    }
}

/// `givens` with a wrong digit, one other than its digit in `solution`, in one empty cell,
/// chosen among the digits that clash with no given of the cell's row, column or region
/// (`regions`): where `solution` was the only completion, none is left, and the givens still
/// keep the rules, as a judge's input validator wants. `None` if every empty cell's other
/// digits clash. Unlike [`wrong_digit`], it shuffles the empty cells and takes the first that
/// has such a digit, then one of those digits at random, so the two draw differently.
/// O(cells^2).
pub fn wrong_digit_without_clash(
    rng: &mut Rng,
    size: usize,
    regions: &[u8],
    solution: &[u8],
    givens: &[u8],
) -> Option<Vec<u8>> {
    let mut empty: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
    rng.shuffle(&mut empty);
    for cell in empty {
        let free: Vec<u8> = (1..=size as u8)
            .filter(|&d| d != solution[cell])
            .filter(|&d| {
                (0..givens.len()).all(|p| {
                    let peer = p / size == cell / size
                        || p % size == cell % size
                        || regions[p] == regions[cell];
                    !peer || givens[p] != d
                })
            })
            .collect();
        if !free.is_empty() {
            let mut wrong = givens.to_vec();
            wrong[cell] = free[rng.below(free.len())];
            return Some(wrong);
        }
    }
    None
}

/// Givens taken from the full grid `solution` from which no given can be dropped: every cell
/// at first, then each dropped in random order if `unique` (the caller's test that the givens
/// have exactly one completion) still holds without it. The result has `solution` as its only
/// completion and is minimal. `unique` is a parameter so that a caller can bring a search fast
/// enough for sparse grids on irregular layouts, where the plain reference takes seconds.
/// Constraint: `solution` is a full grid. O(cells) calls of `unique`.
pub fn minimal_puzzle(
    rng: &mut Rng,
    solution: &[u8],
    unique: &mut dyn FnMut(&[u8]) -> bool,
) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..solution.len()).collect();
    rng.shuffle(&mut cells);
    let mut givens = solution.to_vec();
    for cell in cells {
        givens[cell] = 0;
        if !unique(&givens) {
            givens[cell] = solution[cell];
        }
    }
    givens
}

/// One jigsaw grid in the original's form: 9 lines of 9 numbers, each the digit plus
/// 16 (wall above), 32 (right), 64 (below), 128 (left); both cells beside a wall declare it
/// and the border is walled. Constraint: 81 cells. O(81).
pub fn jigsaw_case(regions: &[u8], givens: &[u8]) -> String {
    jigsaw_text(regions, givens, |_, _| true)
}

/// Like [`jigsaw_case`], but each wall between regions is declared by one of its two cells or
/// both, at random, and each border wall is there or not at random: the same regions for a
/// reader that takes a wall from either side and needs no border. O(81).
pub fn jigsaw_case_loose(rng: &mut Rng, regions: &[u8], givens: &[u8]) -> String {
    // The wall right of (below) a cell: 0 = both cells declare it, 1 = only this cell,
    // 2 = only its neighbour. Border walls: each is declared or not.
    let right: Vec<usize> = (0..81).map(|_| rng.below(3)).collect();
    let below: Vec<usize> = (0..81).map(|_| rng.below(3)).collect();
    let border: Vec<bool> = (0..81 * 4).map(|_| rng.percent(50)).collect();
    jigsaw_text(regions, givens, |cell, bit| {
        let (r, c) = (cell / 9, cell % 9);
        match bit {
            16 if r == 0 => border[cell * 4],
            16 => below[cell - 9] != 1,
            32 if c == 8 => border[cell * 4 + 1],
            32 => right[cell] != 2,
            64 if r == 8 => border[cell * 4 + 2],
            64 => below[cell] != 2,
            _ if c == 0 => border[cell * 4 + 3],
            _ => right[cell - 1] != 1,
        }
    })
}

/// The 9 lines of a jigsaw grid, declaring the wall `bit` of `cell` where `keep(cell, bit)`.
fn jigsaw_text(regions: &[u8], givens: &[u8], mut keep: impl FnMut(usize, u32) -> bool) -> String {
    assert_eq!(regions.len(), 81, "a jigsaw grid has 81 cells");
    let differs =
        |cell: usize, other: Option<usize>| other.is_none_or(|o| regions[o] != regions[cell]);
    let mut text = String::new();
    for (cell, &digit) in givens.iter().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        let walls = [
            (16, differs(cell, (r > 0).then(|| cell - 9))),
            (32, differs(cell, (c < 8).then(|| cell + 1))),
            (64, differs(cell, (r < 8).then(|| cell + 9))),
            (128, differs(cell, (c > 0).then(|| cell - 1))),
        ];
        let value = walls
            .iter()
            .filter(|&&(bit, wall)| wall && keep(cell, bit))
            .fold(u32::from(digit), |v, &(bit, _)| v + bit);
        text.push_str(&value.to_string());
        text.push(if c == 8 { '\n' } else { ' ' });
    }
    text
}

/// A target9 input: 9 lines of 9 digits (0 = empty) separated by spaces. O(81).
pub fn target9_input(givens: &[u8]) -> String {
    assert_eq!(givens.len(), 81, "a target9 grid has 81 cells");
    givens
        .chunks(9)
        .map(|row| {
            let digits: Vec<String> = row.iter().map(u8::to_string).collect();
            digits.join(" ") + "\n"
        })
        .collect()
}

/// A latin6 input with the givens of `givens` (0 = none, 1..=6 = A..F) listed row by row.
/// `spaced` separates the characters of each line by spaces. O(36).
pub fn latin6_input(groups: &[u8], givens: &[u8], spaced: bool) -> String {
    let list: Vec<(usize, usize, u8)> = givens
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != 0)
        .map(|(cell, &d)| (cell / 6, cell % 6, d))
        .collect();
    latin6_input_list(groups, &list, spaced)
}

/// A latin6 input listing `givens` as `(row, column, letter 1..=6)` in the order given
/// (repeats allowed). Constraint: fewer than 36 givens, as the original promises. O(36 + n).
pub fn latin6_input_list(groups: &[u8], givens: &[(usize, usize, u8)], spaced: bool) -> String {
    assert_eq!(groups.len(), 36, "a latin6 grid has 36 cells");
    let line = |chars: Vec<char>| {
        let parts: Vec<String> = chars.iter().map(char::to_string).collect();
        parts.join(if spaced { " " } else { "" }) + "\n"
    };
    let mut text: String = groups
        .chunks(6)
        .map(|row| line(row.iter().map(|&g| char::from(b'0' + g)).collect()))
        .collect();
    text.push_str(&format!("{}\n", givens.len()));
    for &(r, c, d) in givens {
        text.push_str(&line(vec![
            char::from(b'0' + r as u8),
            char::from(b'0' + c as u8),
            char::from(b'A' + d - 1),
        ]));
    }
    text
}

/// One sima4 board: 4 lines of `1`-`4` and `*`, after an empty line if `blank_line_before`.
/// O(16).
pub fn sima4_case(givens: &[u8], blank_line_before: bool) -> String {
    assert_eq!(givens.len(), 16, "a sima4 board has 16 cells");
    let mut text = String::from(if blank_line_before { "\n" } else { "" });
    for row in givens.chunks(4) {
        text.extend(
            row.iter()
                .map(|&d| if d == 0 { '*' } else { char::from(b'0' + d) }),
        );
        text.push('\n');
    }
    text
}

/// The orthogonal neighbours of `cell` in a `size x size` grid.
fn neighbours(size: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    let up = (r > 0).then(|| cell - size);
    let down = (r + 1 < size).then(|| cell + size);
    let left = (c > 0).then(|| cell - 1);
    let right = (c + 1 < size).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check;

    /// True if every region of `regions` is one orthogonally connected piece of `size` cells.
    fn connected_regions(size: usize, regions: &[u8]) -> bool {
        (0..size as u8).all(|r| {
            regions.iter().filter(|&&x| x == r).count() == size
                && region_connected(size, regions, r)
        })
    }

    #[test]
    fn tail_layouts_are_nine_connected_regions_of_nine() {
        let mut rng = Rng::new(11);
        for swaps in [60, 300] {
            let regions = swapped_boxes(&mut rng, swaps);
            assert!(connected_regions(9, &regions));
            assert_ne!(regions, boxes(9));
        }
        for _ in 0..5 {
            let regions = path_regions(&mut rng);
            assert!(connected_regions(9, &regions));
        }
        let mut split = boxes(9);
        split.swap(0, 80);
        assert!(!region_connected(9, &split, 0));
        assert!(!connected_regions(9, &split));
    }

    #[test]
    fn random_givens_never_clash() {
        let mut rng = Rng::new(12);
        let regions = boxes(9);
        for count in [0, 5, 30] {
            let givens = random_givens(&mut rng, 9, &regions, count);
            assert_eq!(givens.iter().filter(|&&d| d != 0).count(), count);
            assert!(!check::clashes(9, &regions, &givens));
        }
    }

    #[test]
    fn regions_are_connected_and_solutions_obey_the_rules() {
        let mut rng = Rng::new(1);
        for size in [4, 6, 9] {
            for _ in 0..20 {
                let regions = random_regions(&mut rng, size);
                assert!(connected_regions(size, &regions));
                if let Some(grid) = random_solution(&mut rng, size, &regions) {
                    assert!(check::is_solution(size, &regions, &grid, &grid));
                }
            }
        }
    }

    #[test]
    fn random_groups_deal_six_cells_each() {
        let groups = random_groups(&mut Rng::new(3), 6);
        for g in 0..6 {
            assert_eq!(groups.iter().filter(|&&x| x == g).count(), 6);
        }
    }

    #[test]
    fn unique_givens_have_one_completion() {
        let mut rng = Rng::new(5);
        let (regions, solution) = layout_with_solution(&mut rng, 9, |_| LayoutKind::Grown);
        let givens = unique_givens(&mut rng, 9, &regions, &solution, 20, false);
        assert_eq!(
            reference::count_solutions(9, &regions, &givens, 2),
            (1, Some(solution))
        );
    }

    #[test]
    fn wrong_digits_differ_from_the_solution_with_or_without_clash() {
        let mut rng = Rng::new(2);
        let solution = [1, 2, 3, 4];
        let mut partial = [1, 0, 0, 0];
        wrong_digit(&mut rng, 4, &solution, &mut partial);
        let changed: Vec<usize> = (1..4).filter(|&c| partial[c] != 0).collect();
        assert_eq!(changed.len(), 1);
        assert_ne!(partial[changed[0]], solution[changed[0]]);

        let regions = boxes(4);
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut one_empty = grid;
        one_empty[5] = 0;
        let no_room = wrong_digit_without_clash(&mut rng, 4, &regions, &grid, &one_empty);
        assert_eq!(no_room, None, "the solution's digit is the only one left");
        let mut few = [0; 16];
        few[0] = 1;
        let wrong = wrong_digit_without_clash(&mut rng, 4, &regions, &grid, &few).unwrap();
        let changed: Vec<usize> = (1..16).filter(|&c| wrong[c] != 0).collect();
        assert_eq!(changed.len(), 1);
        assert_ne!(wrong[changed[0]], grid[changed[0]]);
        assert!(!check::clashes(4, &regions, &wrong));
    }

    #[test]
    fn minimal_puzzles_keep_one_completion_and_no_spare_given() {
        let mut rng = Rng::new(3);
        let regions = boxes(4);
        let solution = random_solution(&mut rng, 4, &regions).expect("the 4x4 boxes have grids");
        let mut unique = |givens: &[u8]| reference::count_solutions(4, &regions, givens, 2).0 == 1;
        let givens = minimal_puzzle(&mut rng, &solution, &mut unique);
        assert_eq!(
            reference::count_solutions(4, &regions, &givens, 2),
            (1, Some(solution.clone()))
        );
        assert!(givens.iter().filter(|&&d| d != 0).count() < 16);
        for cell in (0..16).filter(|&c| givens[c] != 0) {
            let mut fewer = givens.clone();
            fewer[cell] = 0;
            assert_eq!(reference::count_solutions(4, &regions, &fewer, 2).0, 2);
        }
    }

    #[test]
    fn jigsaw_walls_follow_the_regions() {
        let regions = boxes(9);
        let mut givens = vec![0u8; 81];
        givens[0] = 5;
        let text = jigsaw_case(&regions, &givens);
        let first: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
        // Cell (0,0): 5 + above + left; (0,2): above + right; (0,3): above + left.
        assert_eq!(&first[..4], ["149", "16", "48", "144"]);
        assert_eq!(text.lines().count(), 9);
        let loose = jigsaw_case_loose(&mut Rng::new(9), &regions, &givens);
        let strict: Vec<u32> = text
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let loose: Vec<u32> = loose
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        for cell in 0..81 {
            assert_eq!(
                loose[cell] & !strict[cell],
                0,
                "no wall where the regions do not part"
            );
            if cell % 9 < 8 && strict[cell] & 32 != 0 {
                assert!(
                    loose[cell] & 32 != 0 || loose[cell + 1] & 128 != 0,
                    "cell {}",
                    cell
                );
            }
            if cell < 72 && strict[cell] & 64 != 0 {
                assert!(
                    loose[cell] & 64 != 0 || loose[cell + 9] & 16 != 0,
                    "cell {}",
                    cell
                );
            }
        }
    }

    #[test]
    fn writers_match_the_statements() {
        let mut givens = vec![0u8; 36];
        givens[2] = 3;
        let groups: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
        assert!(latin6_input(&groups, &givens, false).ends_with("555555\n1\n02C\n"));
        assert!(latin6_input(&groups, &givens, true).ends_with("5 5 5 5 5 5\n1\n0 2 C\n"));
        let board = [0, 2, 4, 3, 0, 3, 1, 2, 0, 4, 2, 1, 0, 1, 3, 4];
        assert_eq!(sima4_case(&board, true), "\n*243\n*312\n*421\n*134\n");
        let mut grid = vec![0u8; 81];
        grid[0] = 7;
        assert!(target9_input(&grid).starts_with("7 0 0 0 0 0 0 0 0\n0 0"));
        assert_eq!(boxes(6)[..12], [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
    }
}
