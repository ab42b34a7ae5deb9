//! Edits of the givens that several problems of `cargo xtask stress` share.

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
    }
}
