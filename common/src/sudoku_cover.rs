//! An N x N Sudoku-like puzzle as an exact-cover problem, solved by [`crate::dlx`]: the
//! reference engine the tests hold the others to.
//!
//! It takes the puzzle as plain data (the side N, each cell's region number, the givens) and
//! builds its rows, columns and regions itself, sharing no code with [`crate::layout`] or the
//! engines the binaries use: a mistake there shows as a disagreement with it, not as the same
//! mistake made twice. No binary uses it, so no bundle carries it.
//!
//! Cells are numbered row by row, `cell = row * N + column`. There are `4 * N * N` items, each
//! to be covered exactly once, and one option per (cell, digit), digits `1..=N`:
//!
//! | items | meaning | option (cell, digit) covers |
//! |---|---|---|
//! | `0 .. N^2` | the cell is filled | `cell` |
//! | `N^2 .. 2 N^2` | the row holds the digit | `N^2 + row * N + digit - 1` |
//! | `2 N^2 .. 3 N^2` | the column holds the digit | `2 N^2 + column * N + digit - 1` |
//! | `3 N^2 .. 4 N^2` | the region holds the digit | `3 N^2 + region * N + digit - 1` |
//!
//! Option `cell * N + digit - 1` is (cell, digit). Givens are not options of their own: their
//! options are selected before the search ([`Dlx::select`]); givens that clash leave no
//! solution. Regions are not checked beforehand: one of other than N cells cannot hold each
//! digit exactly once, so it leaves no solution.

use crate::dlx::Dlx;

/// The exact-cover form of one grid and its regions, with its current givens.
#[derive(Clone, Debug)]
pub struct SudokuCover {
    size: usize,
    dlx: Dlx,
    /// Whether the givens clash with each other (then nothing is searched).
    clash: bool,
    /// The grid of the solution being reported.
    grid: Vec<u8>,
}

impl SudokuCover {
    /// The exact-cover form of the `size x size` grid whose cell `cell` lies in region
    /// `regions[cell]`, with `givens` selected (see [`SudokuCover::set_givens`]).
    ///
    /// Constraints: `size <= 255`, `regions.len() == givens.len() == size * size`, every region
    /// number `< size`, every given `<= size` (panics otherwise). Regions of other than `size`
    /// cells are allowed and leave no solution. O(size^3) time and memory.
    pub fn new(size: usize, regions: &[u8], givens: &[u8]) -> Self {
        assert!(size <= u8::MAX as usize, "digits are u8");
        let cells = size * size;
        assert_eq!(regions.len(), cells, "one region number per cell");
        let mut dlx = Dlx::new(4 * cells);
        for (cell, &region) in regions.iter().enumerate() {
            let (row, column, region) = (cell / size, cell % size, region as usize);
            assert!(region < size, "region number out of range");
            for d in 0..size {
                let option = dlx.add_option(&[
                    cell,
                    cells + row * size + d,
                    2 * cells + column * size + d,
                    3 * cells + region * size + d,
                ]);
                debug_assert_eq!(option, cell * size + d);
            }
        }
        let mut cover = SudokuCover {
            size,
            dlx,
            clash: false,
            grid: vec![0; cells],
        };
        cover.set_givens(givens);
        cover
    }

    /// N, the side of the grid. O(1).
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Replaces the givens: `givens[cell]` is 0 (empty) or a digit `1..=N`.
    ///
    /// Constraint: `givens.len() == N * N`, every value `<= N` (panics otherwise). Clashing
    /// givens (a digit twice in a row, column or region) are allowed and leave no solution.
    /// O(N^3) at most.
    pub fn set_givens(&mut self, givens: &[u8]) {
        let n = self.size;
        assert_eq!(givens.len(), n * n, "one given per cell");
        assert!(
            givens.iter().all(|&d| d as usize <= n),
            "given out of range"
        );
        self.dlx.unselect_all();
        self.clash = false;
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 && !self.dlx.select(cell * n + digit as usize - 1) {
                self.clash = true;
                return;
            }
        }
    }

    /// Counts the completions of the givens, stopping at `limit`: returns
    /// `min(limit, number of solutions)`. The first solution found is written into `solution`
    /// (row by row, digits `1..=N`) when the count is at least 1; otherwise `solution` is left
    /// alone.
    ///
    /// Constraint: `solution.len() == N * N`. Exponential in the worst case; no allocation.
    pub fn count_up_to(&mut self, limit: usize, solution: &mut [u8]) -> usize {
        assert_eq!(solution.len(), self.size * self.size, "one digit per cell");
        let mut count = 0;
        if limit == 0 {
            return 0;
        }
        self.visit(|grid| {
            if count == 0 {
                solution.copy_from_slice(grid);
            }
            count += 1;
            count < limit
        });
        count
    }

    /// The branch points of the last [`SudokuCover::visit`] (or count): the nodes that tried
    /// two options or more for one item, as tdoku counts guesses; 0 when the givens clash.
    /// O(1).
    pub fn guesses(&self) -> u64 {
        if self.clash {
            0
        } else {
            self.dlx.guesses()
        }
    }

    /// Calls `f` with every completion of the givens (row by row, digits `1..=N`), in no
    /// particular order but the same on every call, until it returns false. Exponential in the
    /// worst case; no allocation.
    pub fn visit<F: FnMut(&[u8]) -> bool>(&mut self, mut f: F) {
        if self.clash {
            return;
        }
        let SudokuCover {
            size, dlx, grid, ..
        } = self;
        let n = *size;
        dlx.visit(|options| {
            for &option in options {
                grid[option / n] = (option % n + 1) as u8;
            }
            f(grid)
        });
    }

    /// The highest `sum(weights[cell] * digit)` over all completions of the givens, or `None`
    /// if there is none. Visits every solution, without any bound: meant to check faster
    /// engines, on puzzles with few solutions.
    ///
    /// Constraints: `weights.len() == N * N`, the sums fit in u32. Time: that of visiting
    /// every solution, plus O(N^2) per solution.
    pub fn max_weighted(&mut self, weights: &[u32]) -> Option<u32> {
        assert_eq!(weights.len(), self.size * self.size, "one weight per cell");
        let mut best = None;
        self.visit(|grid| {
            let score: u32 = grid
                .iter()
                .zip(weights)
                .map(|(&digit, &weight)| weight * digit as u32)
                .sum();
            if best.map_or(true, |b| score > b) {
                best = Some(score);
            }
            true
        });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regions::regions_from_walls;
    use itertools::Itertools;
    use testkit::check::is_solution;
    use testkit::target9_weights;

    /// Digits of a grid written as text: `1`-`9`, `A`-`F` from 1, and `.`, `*` or `0` for empty.
    fn digits(text: &str) -> Vec<u8> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                '.' | '*' | '0' => 0,
                '1'..='9' => c as u8 - b'0',
                'A'..='F' => c as u8 - b'A' + 1,
                _ => panic!("not a digit: {}", c),
            })
            .collect()
    }

    /// Region numbers written as digits `0`-`9`.
    fn group_numbers(text: &str) -> Vec<u8> {
        text.bytes()
            .filter(|c| !c.is_ascii_whitespace())
            .map(|c| c - b'0')
            .collect()
    }

    /// The region numbers of `box_height x box_width` boxes, numbered row by row.
    fn boxes(box_height: usize, box_width: usize) -> Vec<u8> {
        let n = box_height * box_width;
        (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                (r / box_height * (n / box_width) + c / box_width) as u8
            })
            .collect()
    }

    fn all_solutions(cover: &mut SudokuCover) -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        cover.visit(|grid| {
            all.push(grid.to_vec());
            true
        });
        all.sort();
        all
    }

    #[test]
    fn boxes_are_numbered_row_by_row() {
        assert_eq!(boxes(2, 2), group_numbers("0011 0011 2233 2233"));
        assert_eq!(
            boxes(2, 3),
            group_numbers("000111 000111 222333 222333 444555 444555")
        );
        assert_eq!(
            boxes(3, 2),
            group_numbers("001122 001122 001122 334455 334455 334455")
        );
    }

    #[test]
    fn sima4_samples_complete_uniquely() {
        // The three boards of the statement's sample, and its answers.
        let boards = [
            ("**** 2341 4123 3214", "1432 2341 4123 3214"),
            ("*243 *312 *421 *134", "1243 4312 3421 2134"),
            ("*41* **3* 2*41 4*2*", "3412 1234 2341 4123"),
        ];
        let regions = boxes(2, 2);
        for (board, answer) in boards.iter() {
            let givens = digits(board);
            let mut cover = SudokuCover::new(4, &regions, &givens);
            let mut solution = vec![0; 16];
            assert_eq!(cover.count_up_to(usize::MAX, &mut solution), 1);
            assert_eq!(solution, digits(answer));
            assert!(is_solution(4, &regions, &givens, &solution));
        }
    }

    #[test]
    fn latin6_samples() {
        // Groups, givens (row, column, letter) and number of solutions, as in the statement.
        let samples = [
            (
                "000011 022013 221113 243333 244455 445555",
                "02C 03B 05A 20D 35E 53F",
                1,
            ),
            (
                "001111 002113 022243 022443 544433 555553",
                "04B 05A 13D 14C 24E 50C 51A",
                9,
            ),
        ];
        for (groups, givens, expected) in samples.iter() {
            let regions = group_numbers(groups);
            let mut grid = vec![0; 36];
            for given in givens.split_whitespace() {
                let given = given.as_bytes();
                let (r, c) = ((given[0] - b'0') as usize, (given[1] - b'0') as usize);
                grid[r * 6 + c] = given[2] - b'A' + 1;
            }
            let mut cover = SudokuCover::new(6, &regions, &grid);
            let all = all_solutions(&mut cover);
            assert_eq!(all.len(), *expected);
            assert!(all.windows(2).all(|w| w[0] != w[1]));
            assert!(all.iter().all(|s| is_solution(6, &regions, &grid, s)));
            let mut solution = vec![0; 36];
            assert_eq!(cover.count_up_to(2, &mut solution), (*expected).min(2));
            assert!(all.contains(&solution));
        }
        // Sample 1's only solution, as printed.
        let regions = group_numbers("000011 022013 221113 243333 244455 445555");
        let givens = digits("..CB.A ...... D..... .....E ...... ...F..");
        let mut cover = SudokuCover::new(6, &regions, &givens);
        assert_eq!(
            all_solutions(&mut cover),
            vec![digits("EFCBDA ACEDFB DABECF FBDCAE BDFAEC CEAFBD")]
        );
    }

    #[test]
    fn jigsaw_sample() {
        // The statement's three cases: one solution, none, several.
        let cases = [
            "144 18 112 208 80 25 54 144 48 135 38 147 80 121 128 97 130 32
             137 32 160 144 114 167 208 0 32 192 100 160 160 208 96 183 192 101
             209 80 39 192 86 48 136 80 114 152 48 226 144 112 160 160 149 48
             128 0 112 166 215 96 160 128 41 128 39 153 32 209 80 101 136 35
             192 96 200 67 80 112 208 68 96",
            "144 48 144 81 81 16 53 144 48 128 96 224 144 48 128 103 128 38
             163 208 80 0 37 224 209 0 32 135 48 176 192 64 112 176 192 104
             192 101 128 89 80 82 32 150 48 149 48 224 208 16 48 224 192 33
             128 0 114 176 135 0 80 112 169 137 32 148 32 192 96 176 144 32
             192 96 193 64 80 80 96 192 96",
            "144 88 48 217 16 16 80 112 176 224 176 129 48 128 40 208 16 37
             145 32 128 96 196 96 176 136 32 192 32 227 176 144 80 96 192 32
             176 192 80 98 160 145 80 48 224 128 48 144 80 96 224 183 128 48
             128 36 224 144 51 144 32 128 105 131 64 112 136 32 192 36 224 176
             224 208 80 64 64 116 192 83 96",
        ];
        let mut counts = Vec::new();
        for case in cases.iter() {
            let values: Vec<u8> = case
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect();
            let walls: Vec<u8> = values.iter().map(|v| v >> 4).collect();
            let givens: Vec<u8> = values.iter().map(|v| v & 15).collect();
            let mut regions = vec![0; 81];
            regions_from_walls(9, &walls, &mut regions).unwrap();
            let mut solution = vec![0; 81];
            let count = SudokuCover::new(9, &regions, &givens).count_up_to(2, &mut solution);
            if count == 1 {
                assert!(is_solution(9, &regions, &givens, &solution));
                assert_eq!(
                    solution,
                    digits(
                        "521439678 763895124 984527361 346182795 157964832 812743956
                         235678419 479216583 698351247"
                    )
                );
            }
            counts.push(count);
        }
        assert_eq!(counts, vec![1, 0, 2]);
    }

    #[test]
    fn target9_samples_best_scores() {
        let samples = [
            (
                "7..9....1 1....59.. ...2...8. ..5.2...3 ......648 413...... ..7..2.9. 2.1.6.8.4 .8.5.4.12",
                2829,
            ),
            (
                "...7.2453 9....8... 74...5.1. 195.8.... .7.....25 .3.5791.8 ...6.1... .6.9....1 ........6",
                2852,
            ),
        ];
        let weights = target9_weights();
        for (grid, best) in samples.iter() {
            let mut cover = SudokuCover::new(9, &boxes(3, 3), &digits(grid));
            assert_eq!(cover.max_weighted(&weights), Some(*best));
        }
    }

    #[test]
    fn clashing_givens_leave_no_solution() {
        let regions = boxes(3, 3);
        let mut givens = vec![0; 81];
        givens[0] = 5;
        givens[80] = 5;
        let mut cover = SudokuCover::new(9, &regions, &givens);
        let mut solution = vec![0; 81];
        assert_eq!(cover.count_up_to(1, &mut solution), 1, "no clash yet");
        assert!(is_solution(9, &regions, &givens, &solution));
        // Same row, same column, same box.
        for clash in [8, 72, 70] {
            let mut bad = givens.clone();
            bad[clash] = 5;
            cover.set_givens(&bad);
            let mut untouched = vec![0; 81];
            assert_eq!(cover.count_up_to(5, &mut untouched), 0);
            assert_eq!(untouched, vec![0; 81]);
            assert_eq!(cover.max_weighted(&target9_weights()), None);
        }
        cover.set_givens(&givens);
        assert_eq!(
            cover.count_up_to(3, &mut solution),
            3,
            "reusable after a clash"
        );
    }

    #[test]
    fn small_grids_have_the_known_numbers_of_completions() {
        // 4x4 Sudokus: 288 grids. Latin squares of order 4 (one region per row, or per
        // column): 576.
        let mut solution = vec![0; 16];
        let sudoku = boxes(2, 2);
        let mut cover = SudokuCover::new(4, &sudoku, &[0; 16]);
        assert_eq!(cover.size(), 4);
        assert_eq!(cover.count_up_to(1000, &mut solution), 288);
        let rows = boxes(1, 4);
        let columns = boxes(4, 1);
        for regions in [&rows, &columns] {
            let mut cover = SudokuCover::new(4, regions, &[0; 16]);
            assert_eq!(cover.count_up_to(1000, &mut solution), 576);
            let all = all_solutions(&mut cover);
            assert_eq!(all.len(), 576);
            assert!(all.iter().all(|s| is_solution(4, regions, &[0; 16], s)));
            assert_eq!(cover.count_up_to(10, &mut solution), 10);
        }
        // The 1x1 grid and the empty one.
        let mut one = SudokuCover::new(1, &[0], &[0]);
        assert_eq!(all_solutions(&mut one), vec![vec![1]]);
        let mut none = SudokuCover::new(0, &[], &[]);
        assert_eq!(all_solutions(&mut none), vec![Vec::<u8>::new()]);
    }

    /// A branch point tries at most N options (a cell's digits, or a digit's places in a
    /// house), so a count of `c` solutions takes at least `(c - 1) / (N - 1)` of them; a
    /// grid with one completion left to fill takes none, and clashing givens none.
    #[test]
    fn guesses_are_the_branch_points_a_count_needs() {
        let mut solution = vec![0; 16];
        let mut cover = SudokuCover::new(4, &boxes(2, 2), &[0; 16]);
        assert_eq!(cover.count_up_to(1000, &mut solution), 288);
        assert!(cover.guesses() >= 287 / 3, "{}", cover.guesses());
        let mut givens = solution.clone();
        givens[0] = 0;
        cover.set_givens(&givens);
        assert_eq!(cover.count_up_to(2, &mut solution), 1);
        assert_eq!(cover.guesses(), 0);
        givens[0] = givens[1];
        cover.set_givens(&givens);
        assert_eq!(cover.count_up_to(2, &mut solution), 0);
        assert_eq!(cover.guesses(), 0);
    }

    #[test]
    fn regions_come_from_the_numbers_given() {
        // Brute force: every 4x4 Latin square, built row by row from the permutations, kept if
        // its regions hold each digit once too. For the boxes, and for the boxes with two
        // corners in each other's box.
        let permutations: Vec<Vec<u8>> = (1..=4).permutations(4).collect();
        let mut latin: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..4 {
            latin = latin
                .iter()
                .cartesian_product(&permutations)
                .filter(|(grid, row)| {
                    grid.chunks(4)
                        .all(|above| above.iter().zip(row.iter()).all(|(a, b)| a != b))
                })
                .map(|(grid, row)| grid.iter().chain(row).copied().collect())
                .collect();
        }
        let mut swapped = boxes(2, 2);
        swapped.swap(0, 15);
        assert_eq!(swapped, group_numbers("3011 0011 2233 2230"));
        let mut found = Vec::new();
        for regions in [boxes(2, 2), swapped] {
            let all = all_solutions(&mut SudokuCover::new(4, &regions, &[0; 16]));
            let brute_force: Vec<Vec<u8>> = latin
                .iter()
                .filter(|grid| is_solution(4, &regions, &[0; 16], grid))
                .cloned()
                .collect();
            assert!(!all.is_empty());
            assert_eq!(all, brute_force);
            found.push(all);
        }
        assert_ne!(found[0], found[1]);
    }

    #[test]
    fn regions_of_the_wrong_size_leave_no_solution() {
        // Region 0 with five cells, region 1 with three.
        let regions = group_numbers("0011 0011 2233 2233");
        let mut uneven = regions.clone();
        uneven[2] = 0;
        let mut solution = vec![0; 16];
        assert_eq!(
            SudokuCover::new(4, &regions, &[0; 16]).count_up_to(1, &mut solution),
            1
        );
        assert_eq!(
            SudokuCover::new(4, &uneven, &[0; 16]).count_up_to(1, &mut solution),
            0
        );
    }

    #[test]
    #[should_panic(expected = "region number out of range")]
    fn region_numbers_must_be_below_the_size() {
        SudokuCover::new(2, &[0, 1, 1, 2], &[0; 4]);
    }

    #[test]
    #[should_panic(expected = "given out of range")]
    fn givens_must_be_at_most_the_size() {
        SudokuCover::new(2, &[0, 0, 1, 1], &[0, 0, 3, 0]);
    }

    #[test]
    fn sixteen_by_sixteen() {
        // A full 16x16 grid (box (r, c) pattern), half its cells emptied: still solvable.
        let regions = boxes(4, 4);
        let full: Vec<u8> = (0..256)
            .map(|cell| {
                let (r, c) = (cell / 16, cell % 16);
                ((r % 4 * 4 + r / 4 + c) % 16 + 1) as u8
            })
            .collect();
        assert!(is_solution(16, &regions, &full, &full));
        let givens: Vec<u8> = full
            .iter()
            .enumerate()
            .map(|(cell, &d)| if cell % 2 == 0 { d } else { 0 })
            .collect();
        let mut solution = vec![0; 256];
        assert!(SudokuCover::new(16, &regions, &givens).count_up_to(2, &mut solution) >= 1);
        assert!(is_solution(16, &regions, &givens, &solution));
    }
}
