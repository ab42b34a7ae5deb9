//! Propagation's rules by brute force, for the tests of the engines' propagation: naked
//! singles, hidden singles and locked candidates, each read straight off lists of cells.
//!
//! `cells[cell]` holds the cell's candidates, bit `digit - 1`, of a `size x size` grid.
//! Houses are numbered as the engines number them: rows `0..size`, columns `size..2 * size`,
//! regions `2 * size..3 * size` (see [`houses`]), then any others an engine adds (at most 64
//! in all); the rows and columns are the lines.

/// The cells of each house of the `size x size` grid whose cell `c` lies in region
/// `regions[c]`, by house number.
pub fn houses(size: usize, regions: &[u8]) -> Vec<Vec<usize>> {
    let mut houses = vec![Vec::new(); 3 * size];
    for (cell, &region) in regions.iter().enumerate() {
        houses[cell / size].push(cell);
        houses[size + cell % size].push(cell);
        houses[2 * size + usize::from(region)].push(cell);
    }
    houses
}

/// One pass of locked candidates over `houses`: for each digit, each house of `stale` (bit
/// `h` for house `h`) in turn, if the digit's places in it all lie in another house, the two
/// not both lines, the digit leaves the rest of the other. True if it struck anything.
pub fn locked_pass(size: usize, houses: &[Vec<usize>], cells: &mut [u32], stale: u64) -> bool {
    let lines = 2 * size;
    let mut struck = false;
    for bit in (0..size).map(|d| 1 << d) {
        for (a, house) in houses
            .iter()
            .enumerate()
            .filter(|(a, _)| stale >> a & 1 != 0)
        {
            let places: Vec<usize> = house
                .iter()
                .copied()
                .filter(|&c| cells[c] & bit != 0)
                .collect();
            for (b, other) in houses.iter().enumerate() {
                let confined = places.iter().all(|c| other.contains(c));
                if a != b && (a >= lines || b >= lines) && !places.is_empty() && confined {
                    for &c in other.iter().filter(|c| !house.contains(c)) {
                        struck |= cells[c] & bit != 0;
                        cells[c] &= !bit;
                    }
                }
            }
        }
    }
    struck
}

/// Naked singles (a cell's one digit leaves the cells that share a house with it), hidden
/// singles (a digit with one place in a house is that cell's only one) and, if `locking`,
/// locked candidates ([`locked_pass`] on every house), until none strikes anything.
pub fn closure(size: usize, houses: &[Vec<usize>], cells: &mut [u32], locking: bool) {
    let all = u64::MAX >> (64 - houses.len());
    loop {
        let before = cells.to_vec();
        if locking {
            locked_pass(size, houses, cells, all);
        }
        for bit in (0..size).map(|d| 1 << d) {
            for house in houses {
                let mut places = house.iter().filter(|&&c| cells[c] & bit != 0);
                if let (Some(&cell), None) = (places.next(), places.next()) {
                    cells[cell] = bit;
                }
            }
        }
        for cell in 0..cells.len() {
            let digit = cells[cell];
            if digit.count_ones() != 1 {
                continue;
            }
            for house in houses.iter().filter(|house| house.contains(&cell)) {
                for &peer in house.iter().filter(|&&peer| peer != cell) {
                    cells[peer] &= !digit;
                }
            }
        }
        if cells == &before[..] {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 4x4 with 2x2 boxes: rows, then columns, then boxes.
    fn boxes4() -> Vec<Vec<usize>> {
        let regions: Vec<u8> = (0..16).map(|c| (c / 8 * 2 + c % 4 / 2) as u8).collect();
        houses(4, &regions)
    }

    #[test]
    fn houses_are_numbered_rows_columns_regions() {
        let houses = boxes4();
        assert_eq!(houses[1], [4, 5, 6, 7]);
        assert_eq!(houses[4 + 2], [2, 6, 10, 14]);
        assert_eq!(houses[8 + 3], [10, 11, 14, 15]);
    }

    /// A full grid with one cell left open to every digit closes on the grid: the naked
    /// and hidden singles of its houses leave it its own digit.
    #[test]
    fn the_closure_of_a_grid_less_one_cell_is_the_grid() {
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut cells: Vec<u32> = grid.iter().map(|&d| 1 << (d - 1)).collect();
        cells[5] = 0b1111;
        for locking in [false, true] {
            let mut closed = cells.clone();
            closure(4, &boxes4(), &mut closed, locking);
            assert_eq!(closed[5], 1 << 3);
        }
    }

    /// A digit whose places in a box lie in one row leaves the rest of that row; one whose
    /// place in a row is one cell leaves the rest of its box, not of its column (a row and a
    /// column are both lines).
    #[test]
    fn a_locked_digit_leaves_the_rest_of_the_other_house_unless_both_are_lines() {
        let houses = boxes4();
        let mut cells = vec![0b1111; 16];
        cells[4] &= !1;
        cells[5] &= !1;
        assert!(locked_pass(4, &houses, &mut cells, 1 << 8));
        assert_eq!((cells[2] & 1, cells[3] & 1, cells[6] & 1), (0, 0, 1));
        let mut cells = vec![0b1111; 16];
        for digits in &mut cells[1..4] {
            *digits &= !1;
        }
        assert!(locked_pass(4, &houses, &mut cells, 1 << 0));
        assert_eq!((cells[4] & 1, cells[5] & 1), (0, 0));
        assert_eq!((cells[8] & 1, cells[12] & 1), (1, 1));
    }
}
