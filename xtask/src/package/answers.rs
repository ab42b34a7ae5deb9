//! The answers a package's tests must get, worked out without the binaries: testkit's
//! brute-force reference and the exact-cover engine (`common::sudoku_cover`, which no binary
//! uses), or on jigsaw's heavy-tail grids the reference and batsat ([`super::sat_check`]),
//! each written as the problem prints it. Where both can settle an instance, both do and
//! must agree; an instance that neither settles is refused (or, in jigsaw's `tails`, passed
//! over), so every answer in a package has been found by at least one engine that shares no
//! code with the binary that prints it.

use common::sudoku_cover::SudokuCover;
use testkit::expected::{self, Completions};
use testkit::gen;
use testkit::reference;

/// The most steps the reference may take on one jigsaw or target9 instance before the
/// exact-cover engine is left to answer alone (some milliseconds).
const REFERENCE_STEPS: usize = 20_000;

/// The most completions the exact-cover engine visits for a target9 score: it scores every
/// completion, without a bound.
pub const DLX_COMPLETIONS: usize = 200_000;

/// The completions of `givens` on `regions` (side `size`), counted to two by the exact-cover
/// engine, and by the reference too when it settles within [`REFERENCE_STEPS`]; errs if the
/// two disagree. Also returns the exact-cover engine's guesses, a measure of how hard the
/// search was. Exponential in the worst case.
pub fn completions(
    size: usize,
    regions: &[u8],
    givens: &[u8],
) -> Result<(Completions, u64), String> {
    let (dlx, guesses) = dlx_completions(size, regions, givens);
    if let Some(found) = reference_completions(size, regions, givens) {
        if found != dlx {
            return Err(format!(
                "the reference ({:?}) and the exact-cover engine ({:?}) disagree on {:?}",
                found, dlx, givens
            ));
        }
    }
    Ok((dlx, guesses))
}

/// The most conflicts batsat may meet on one jigsaw grid ([`super::sat_check`]): some
/// tenths of a second at most, where the grids of the `tails` group take some hundred.
const SAT_CONFLICTS: u64 = 20_000;

/// The completions of an empty or nearly empty jigsaw grid, counted to two by batsat
/// ([`super::sat_check`]) within [`SAT_CONFLICTS`], and by the reference too when it settles
/// within [`REFERENCE_STEPS`]; `None` if neither settles. Errs if the two disagree. The
/// exact-cover engine, which has no cap, is not run: it takes minutes on some of these grids.
pub fn tail_completions(regions: &[u8], givens: &[u8]) -> Result<Option<Completions>, String> {
    let by_sat = super::sat_check::completions(regions, givens, SAT_CONFLICTS)?;
    match (reference_completions(9, regions, givens), by_sat) {
        (Some(found), Some(sat)) if sat != found => Err(format!(
            "the reference ({:?}) and batsat ({:?}) disagree on {:?}",
            found, sat, givens
        )),
        (by_reference, by_sat) => Ok(by_reference.or(by_sat)),
    }
}

/// The completions of `givens` counted to two by the reference, if it settles within
/// [`REFERENCE_STEPS`].
fn reference_completions(size: usize, regions: &[u8], givens: &[u8]) -> Option<Completions> {
    reference::settles_within(size, regions, givens, 2, REFERENCE_STEPS)
        .then(|| Completions::by_reference(size, regions, givens))
}

/// The completions of `givens` by the exact-cover engine alone, and its guesses: what the
/// generators call in their loops, where the reference would take seconds.
pub fn dlx_completions(size: usize, regions: &[u8], givens: &[u8]) -> (Completions, u64) {
    let mut cover = SudokuCover::new(size, regions, givens);
    let mut grid = vec![0; size * size];
    let found = match cover.count_up_to(2, &mut grid) {
        0 => Completions::None,
        1 => Completions::One(grid),
        _ => Completions::Several,
    };
    (found, cover.guesses())
}

/// The sima4 answer to `givens`, without its `Case` line: the only completion, which the
/// reference and the exact-cover engine must both find. Errs if the board has none or several.
pub fn sima4_answer(givens: &[u8]) -> Result<String, String> {
    match completions(4, &gen::boxes(4), givens)? {
        (Completions::One(grid), _) => Ok(expected::sima4(&grid)),
        (other, _) => Err(format!(
            "a sima4 board needs exactly one completion, {:?} has {:?}",
            givens, other
        )),
    }
}

/// The whole latin6 output for `groups` and `givens`: every solution in lexicographic order,
/// by the reference alone (the exact-cover engine takes minutes to prove that a row-swap
/// grouping has none, where the reference's plain search takes milliseconds).
pub fn latin6_output(groups: &[u8], givens: &[u8]) -> String {
    expected::latin6_by_reference(groups, givens)
}

/// The target9 output for `givens`: the best score by the reference's branch and bound when
/// it settles within [`REFERENCE_STEPS`], and by the exact-cover engine, which scores every
/// completion, when there are fewer than [`DLX_COMPLETIONS`]. Errs if they disagree or if
/// neither settles.
pub fn target9_output(givens: &[u8]) -> Result<String, String> {
    let (by_reference, by_dlx) = target9_scores(givens, REFERENCE_STEPS, DLX_COMPLETIONS);
    let best = match (by_reference, by_dlx) {
        (Some(reference), Some(dlx)) if reference != dlx => {
            return Err(disagree(givens, reference, dlx))
        }
        (Some(best), _) | (None, Some(best)) => best,
        (None, None) => {
            return Err(format!(
                "target9: neither the reference nor the exact-cover engine settles {:?}",
                givens
            ))
        }
    };
    Ok(expected::target9(best))
}

/// The target9 output for `givens` by both engines, which must agree: the reference's branch
/// and bound within `steps` steps and the exact-cover engine's maximum over every completion,
/// of which there must be fewer than `completions`. For grids with more completions than
/// [`target9_output`] lets the exact-cover engine visit. Errs if either does not settle or
/// they disagree. Time: that of visiting every completion, plus the reference's `steps`.
pub fn target9_output_by_both(
    givens: &[u8],
    steps: usize,
    completions: usize,
) -> Result<String, String> {
    match target9_scores(givens, steps, completions) {
        (Some(reference), Some(dlx)) if reference != dlx => Err(disagree(givens, reference, dlx)),
        (Some(best), Some(_)) => Ok(expected::target9(best)),
        (None, _) => Err(format!(
            "target9: the reference does not settle {:?} within {} steps",
            givens, steps
        )),
        (_, None) => Err(format!(
            "target9: {:?} has {} completions or more, too many for the exact-cover engine",
            givens, completions
        )),
    }
}

/// The best score of `givens` (None: no completion) by the reference within `steps` steps
/// and by the exact-cover engine if `givens` have fewer than `completions` completions; each
/// None where that engine does not settle.
fn target9_scores(
    givens: &[u8],
    steps: usize,
    completions: usize,
) -> (Option<Option<u32>>, Option<Option<u32>>) {
    let boxes = gen::boxes(9);
    let weights = testkit::target9_weights();
    let (by_reference, sure) = reference::best_score(9, &boxes, givens, &weights, steps);
    let mut cover = SudokuCover::new(9, &boxes, givens);
    let few = cover.count_up_to(completions, &mut [0; 81]) < completions;
    let by_dlx = if few {
        Some(cover.max_weighted(&weights))
    } else {
        None
    };
    (if sure { Some(by_reference) } else { None }, by_dlx)
}

fn disagree(givens: &[u8], reference: Option<u32>, dlx: Option<u32>) -> String {
    format!(
        "target9: the reference scores {:?}, the exact-cover engine {:?}, on {:?}",
        reference, dlx, givens
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The givens of target9's first sample.
    fn target9_sample() -> Vec<u8> {
        std::fs::read_to_string(testkit::workspace_root().join("tests/fixtures/target9/sample1.in"))
            .unwrap()
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect()
    }

    #[test]
    fn answers_match_the_samples() {
        let sima4 = [0, 0, 0, 0, 2, 3, 4, 1, 4, 1, 2, 3, 3, 2, 1, 4];
        assert_eq!(sima4_answer(&sima4).unwrap(), "1432\n2341\n4123\n3214\n");
        let target9 = target9_sample();
        assert_eq!(target9_output(&target9).unwrap(), "2829\n");
        let rows_as_groups: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
        let latin = gen::rows_swapped(0, 0, 1);
        assert_eq!(latin6_output(&latin, &[0; 36]), "无解\n");
        let mut givens = vec![0u8; 36];
        let one = reference::first_solution(6, &rows_as_groups, &givens, 10_000, &mut |_| {});
        let reference::First::Solution(grid) = one else {
            panic!("rows as groups have Latin squares");
        };
        givens[..35].copy_from_slice(&grid[..35]);
        let output = latin6_output(&rows_as_groups, &givens);
        assert_eq!(output.lines().count(), 7);
        assert_eq!(
            output.lines().nth(1),
            Some(expected::rows(6, &grid, true).lines().next().unwrap())
        );
    }

    #[test]
    fn target9_by_both_needs_both_engines_to_settle() {
        let sample = target9_sample();
        assert_eq!(
            target9_output_by_both(&sample, REFERENCE_STEPS, DLX_COMPLETIONS).unwrap(),
            "2829\n"
        );
        let few_steps = target9_output_by_both(&sample, 1, DLX_COMPLETIONS).unwrap_err();
        assert!(few_steps.contains("does not settle"), "{}", few_steps);
        let few_completions = target9_output_by_both(&sample, REFERENCE_STEPS, 1).unwrap_err();
        assert!(few_completions.contains("too many"), "{}", few_completions);
    }

    #[test]
    fn completions_tell_none_and_several() {
        let boxes = gen::boxes(9);
        let (empty, _) = completions(9, &boxes, &[0; 81]).unwrap();
        assert_eq!(empty, Completions::Several);
        let mut clash = vec![0u8; 81];
        clash[0] = 1;
        clash[1] = 1;
        let (none, guesses) = completions(9, &boxes, &clash).unwrap();
        assert_eq!((none, guesses), (Completions::None, 0));
        let sima4_several = [0u8; 16];
        assert!(sima4_answer(&sima4_several).is_err());
    }
}
