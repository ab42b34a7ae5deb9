//! Whether a grid is a solution: the rules read straight off the grid, no search.

/// Whether `grid` keeps every given of `givens` (0 = none) and holds each digit `1..=size`
/// once in every row, column and region of the `size x size` grid with `regions`.
pub fn is_solution(size: usize, regions: &[u8], givens: &[u8], grid: &[u8]) -> bool {
    let cells = size * size;
    assert_eq!(regions.len(), cells, "one region per cell");
    if grid.len() != cells || givens.len() != cells {
        return false;
    }
    // seen[house][digit], houses: rows, columns, regions.
    let mut seen = vec![vec![0; size + 1]; 3 * size];
    for (cell, &d) in grid.iter().enumerate() {
        let d = usize::from(d);
        let region = usize::from(regions[cell]);
        if !(1..=size).contains(&d) || region >= size {
            return false;
        }
        for house in [cell / size, size + cell % size, 2 * size + region] {
            seen[house][d] += 1;
        }
    }
    givens.iter().zip(grid).all(|(&g, &d)| g == 0 || g == d)
        && seen.iter().all(|house| house[1..].iter().all(|&k| k == 1))
}

/// Whether some digit stands twice in a row, column or region of `grid` (0 = empty).
pub fn clashes(size: usize, regions: &[u8], grid: &[u8]) -> bool {
    let mut seen = vec![vec![false; size + 1]; 3 * size];
    for (cell, &d) in grid.iter().enumerate().filter(|&(_, &d)| d != 0) {
        let houses = [
            cell / size,
            size + cell % size,
            2 * size + usize::from(regions[cell]),
        ];
        for house in houses {
            if std::mem::replace(&mut seen[house][usize::from(d)], true) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid;

    #[test]
    fn each_rule_is_checked() {
        let boxes: Vec<u8> = (0..16).map(|c| (c / 8 * 2 + c % 4 / 2) as u8).collect();
        let rows: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        let solved = grid(&["1243", "4312", "3421", "2134"]);
        let none = [0; 16];
        assert!(is_solution(4, &boxes, &none, &solved));
        assert!(is_solution(4, &boxes, &solved, &solved));
        let mut other_given = solved.clone();
        other_given[0] = 2;
        assert!(!is_solution(4, &boxes, &other_given, &solved), "a given");
        // A Latin square whose 2x2 boxes repeat digits: rows and columns hold, regions do not.
        let latin = grid(&["1234", "2341", "3412", "4123"]);
        assert!(is_solution(4, &rows, &none, &latin));
        assert!(!is_solution(4, &boxes, &none, &latin), "a region");
        let mut column_clash = solved.clone();
        column_clash.swap(0, 1); // row 0 still holds 1..=4, columns 0 and 1 do not
        assert!(!is_solution(4, &rows, &none, &column_clash), "a column");
        let transposed: Vec<u8> = (0..16).map(|c| latin[c % 4 * 4 + c / 4]).collect();
        let columns: Vec<u8> = (0..16).map(|c| (c % 4) as u8).collect();
        let mut row_clash = transposed.clone();
        row_clash.swap(0, 4); // column 0 still holds 1..=4, rows 0 and 1 do not
        assert!(is_solution(4, &columns, &none, &transposed));
        assert!(!is_solution(4, &columns, &none, &row_clash), "a row");
        let mut empty_cell = solved.clone();
        empty_cell[5] = 0;
        assert!(!is_solution(4, &boxes, &none, &empty_cell), "an empty cell");
        let mut too_big = solved;
        too_big[5] = 5;
        assert!(
            !is_solution(4, &boxes, &none, &too_big),
            "a digit out of range"
        );
        let partial = grid(&["1000", "0020", "0003", "0400"]);
        assert!(!clashes(4, &boxes, &partial));
        assert!(
            clashes(4, &rows, &grid(&["1010", "0000", "0000", "0000"])),
            "a row"
        );
        assert!(
            clashes(4, &rows, &grid(&["0000", "2000", "0000", "2000"])),
            "a column"
        );
        assert!(
            clashes(4, &boxes, &grid(&["3000", "0300", "0000", "0000"])),
            "a region"
        );
        assert!(!clashes(4, &rows, &grid(&["3000", "0300", "0000", "0000"])));
    }
}
