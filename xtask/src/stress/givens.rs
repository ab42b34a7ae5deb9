//! Edits of the givens that several problems of `cargo xtask stress` share.

use testkit::gen::Rng;

/// Writes a digit other than `solution[cell]` into a random empty cell of `givens` (if one
/// is empty): no completion is left, though the givens may not clash.
pub(super) fn wrong_digit(rng: &mut Rng, size: usize, solution: &[u8], givens: &mut [u8]) {
    let empty: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
    if !empty.is_empty() {
        let cell = empty[rng.below(empty.len())];
        givens[cell] = (solution[cell] + rng.between(1, size - 1) as u8 - 1) % size as u8 + 1;
    }
}

/// How many cells of `givens` are filled (nonzero).
pub(super) fn given_count(givens: &[u8]) -> usize {
    givens.iter().filter(|&&d| d != 0).count()
}

/// The `index`-th nonzero cell of `givens` emptied.
pub(super) fn drop_given(givens: &[u8], index: usize) -> Vec<u8> {
    let cell = (0..givens.len())
        .filter(|&c| givens[c] != 0)
        .nth(index)
        .expect("index below the number of givens");
    let mut fewer = givens.to_vec();
    fewer[cell] = 0;
    fewer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_steps_remove_givens_in_order() {
        let givens = [0, 3, 0, 4];
        assert_eq!(drop_given(&givens, 1), [0, 3, 0, 0]);
        let mut rng = Rng::new(2);
        let solution = [1, 2, 3, 4];
        let mut partial = [1, 0, 0, 0];
        wrong_digit(&mut rng, 4, &solution, &mut partial);
        let changed: Vec<usize> = (1..4).filter(|&c| partial[c] != 0).collect();
        assert_eq!(changed.len(), 1);
        assert_ne!(partial[changed[0]], solution[changed[0]]);
    }
}
