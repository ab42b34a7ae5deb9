//! What the four binaries must print, as `docs/problems.md` states it: each problem's answer
//! to one case, the `Case` line before it, and the answers of the brute-force reference
//! ([`crate::reference`]) so written. The stress test, the hunt, the packages and the tests
//! all write their expected outputs with these, whichever engine found the answer.

use crate::gen;
use crate::reference;
use crate::Problem;

/// The completions of a grid, counted to two: what jigsaw prints, and whether a sima4 board
/// keeps its promise of exactly one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completions {
    /// No completion.
    None,
    /// The only completion.
    One(Vec<u8>),
    /// Two or more.
    Several,
}

impl Completions {
    /// The completions of `givens` on `regions` (side `size`) by the reference's plain search
    /// for two. As slow as that search: exponential in the worst case.
    pub fn by_reference(size: usize, regions: &[u8], givens: &[u8]) -> Self {
        match reference::count_solutions(size, regions, givens, 2) {
            (0, _) => Completions::None,
            (1, Some(grid)) => Completions::One(grid),
            _ => Completions::Several,
        }
    }
}

/// The line before the answer to case `number` (from 1): `Case N:` for jigsaw, `Case #N:`
/// for sima4; nothing for latin6 and target9, which read one case and print its answer
/// alone.
pub fn header(problem: Problem, number: usize) -> String {
    match problem {
        Problem::Jigsaw => format!("Case {}:\n", number),
        Problem::Sima4 => format!("Case #{}:\n", number),
        Problem::Latin6 | Problem::Target9 => String::new(),
    }
}

/// Case `number` of `problem`'s output: its [`header`], then `answer`.
pub fn case(problem: Problem, number: usize, answer: &str) -> String {
    header(problem, number) + answer
}

/// The rows of a full grid, one line each: digits together, or letters A-F with spaces.
pub fn rows(size: usize, grid: &[u8], letters: bool) -> String {
    grid.chunks(size)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&d| match letters {
                    true => char::from(b'A' + d - 1).to_string(),
                    false => d.to_string(),
                })
                .collect();
            cells.join(if letters { " " } else { "" }) + "\n"
        })
        .collect()
}

/// jigsaw's answer to a grid with `completions`: its only solution, `No solution` or
/// `Multiple Solutions`.
pub fn jigsaw(completions: &Completions) -> String {
    match completions {
        Completions::None => "No solution\n".to_string(),
        Completions::One(grid) => rows(9, grid, false),
        Completions::Several => "Multiple Solutions\n".to_string(),
    }
}

/// sima4's answer to a board whose only completion is `grid`.
pub fn sima4(grid: &[u8]) -> String {
    rows(4, grid, false)
}

/// latin6's output for the solutions `solutions`, in their order: each numbered from 1, or
/// `无解` where there is none.
pub fn latin6(solutions: &[Vec<u8>]) -> String {
    if solutions.is_empty() {
        return "无解\n".to_string();
    }
    solutions
        .iter()
        .enumerate()
        .map(|(i, grid)| format!("{}\n{}", i + 1, rows(6, grid, true)))
        .collect()
}

/// target9's output: the best score, or -1 for `None` (no completion).
pub fn target9(best: Option<u32>) -> String {
    match best {
        Some(score) => format!("{}\n", score),
        None => "-1\n".to_string(),
    }
}

/// jigsaw's answer to `givens` on `regions` by the reference. As slow as its search for two
/// completions.
pub fn jigsaw_by_reference(regions: &[u8], givens: &[u8]) -> String {
    jigsaw(&Completions::by_reference(9, regions, givens))
}

/// sima4's answer to the board `givens` by the reference; `None` when it has no completion
/// or several (the binary refuses it).
pub fn sima4_by_reference(givens: &[u8]) -> Option<String> {
    match Completions::by_reference(4, &gen::boxes(4), givens) {
        Completions::One(grid) => Some(sima4(&grid)),
        _ => None,
    }
}

/// latin6's output for `givens` on `groups` by the reference. As slow as listing every
/// solution.
pub fn latin6_by_reference(groups: &[u8], givens: &[u8]) -> String {
    latin6(&reference::all_solutions(6, groups, givens))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_come_before_jigsaw_and_sima4_answers_only() {
        assert_eq!(
            case(Problem::Jigsaw, 2, &jigsaw(&Completions::Several)),
            "Case 2:\nMultiple Solutions\n"
        );
        assert_eq!(
            case(Problem::Jigsaw, 1, &jigsaw(&Completions::None)),
            "Case 1:\nNo solution\n"
        );
        let board = [1, 4, 3, 2, 2, 3, 4, 1, 4, 1, 2, 3, 3, 2, 1, 4];
        assert_eq!(
            case(Problem::Sima4, 1, &sima4(&board)),
            "Case #1:\n1432\n2341\n4123\n3214\n"
        );
        assert_eq!(case(Problem::Target9, 3, &target9(None)), "-1\n");
        assert_eq!(case(Problem::Latin6, 1, &latin6(&[])), "无解\n");
    }

    #[test]
    fn the_reference_answers_are_written_as_the_binaries_print() {
        let boxes = gen::boxes(9);
        assert_eq!(
            jigsaw_by_reference(&boxes, &[0; 81]),
            "Multiple Solutions\n"
        );
        let mut clash = vec![0u8; 81];
        clash[0] = 1;
        clash[1] = 1;
        assert_eq!(
            Completions::by_reference(9, &boxes, &clash),
            Completions::None
        );
        let board = [0, 0, 0, 0, 2, 3, 4, 1, 4, 1, 2, 3, 3, 2, 1, 4];
        assert_eq!(
            sima4_by_reference(&board).as_deref(),
            Some("1432\n2341\n4123\n3214\n")
        );
        assert_eq!(sima4_by_reference(&[0; 16]), None);
        let square = gen::random_solution(&mut gen::Rng::new(4), 6, &gen::boxes(6)).unwrap();
        let mut givens = square.clone();
        givens[35] = 0;
        assert_eq!(
            latin6_by_reference(&gen::boxes(6), &givens),
            format!("1\n{}", rows(6, &square, true))
        );
        assert_eq!(target9(Some(2829)), "2829\n");
    }
}
