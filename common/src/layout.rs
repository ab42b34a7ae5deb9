//! The grid model, not tied to one size: an N x N grid whose houses are its rows, its columns
//! and one partition into N regions of N cells (3x3 boxes, 2x2 blocks or irregular regions).

use std::fmt;

/// A cell, numbered row by row from 0: `row * size + column`.
pub type Cell = usize;

/// The largest grid side the engines take.
pub const MAX_SIZE: usize = 16;

/// An N x N grid with its regions. Houses are numbered rows `0..N`, columns `N..2N`,
/// regions `2N..3N`; every cell lies in exactly three houses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    size: usize,
    region_of: Vec<u8>,
}

/// A region that does not hold exactly N cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionSizeError {
    /// The region's number, as given.
    pub region: usize,
    /// How many cells it has.
    pub cells: usize,
    /// Its first cell in row order, or `None` if it has no cell at all.
    pub first_cell: Option<Cell>,
}

impl fmt::Display for RegionSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "region {} has {} cells", self.region, self.cells)
    }
}

impl Layout {
    /// A layout from each cell's region number `0..size`, row by row. Errs if a region does
    /// not have exactly `size` cells.
    ///
    /// # Constraints
    ///
    /// `1 <= size <= 16`, `region_of.len() == size * size`, every number below `size`
    /// (panics otherwise: callers check their input).
    ///
    /// # Complexity
    ///
    /// O(size^2).
    ///
    /// # Example
    ///
    /// ```
    /// use common::layout::Layout;
    ///
    /// // The 2x2 boxes of a 4x4 grid, numbered row by row, as `Layout::boxes` draws them.
    /// let boxes = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
    /// let layout = Layout::new(4, boxes).expect("four regions of four cells");
    /// assert_eq!(layout, Layout::boxes(2, 2));
    /// // Cell 6 (row 1, column 2) lies in row 1, column 2 and region 1: houses 1, 4 + 2, 8 + 1.
    /// assert_eq!(layout.houses_of(6), [1, 6, 9]);
    ///
    /// // A region of five cells and one of three are refused.
    /// let uneven = vec![0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
    /// assert!(Layout::new(4, uneven).is_err());
    /// ```
    pub fn new(size: usize, region_of: Vec<u8>) -> Result<Self, RegionSizeError> {
        assert!((1..=MAX_SIZE).contains(&size), "grid side out of range");
        check_regions(size, &region_of)?;
        Ok(Layout { size, region_of })
    }

    /// Takes new regions in place, as [`Layout::new`] with the same size would, allocating
    /// nothing; on an error the layout is left as it was. Same constraints. O(size^2).
    pub fn set_regions(&mut self, region_of: &[u8]) -> Result<(), RegionSizeError> {
        check_regions(self.size, region_of)?;
        self.region_of.copy_from_slice(region_of);
        Ok(())
    }

    /// The classic layout of `box_height x box_width` boxes, numbered row by row.
    /// Constraint: `box_height * box_width <= 16`.
    pub fn boxes(box_height: usize, box_width: usize) -> Self {
        let size = box_height * box_width;
        let region_of = (0..size * size)
            .map(|cell| {
                let (r, c) = (cell / size, cell % size);
                ((r / box_height) * (size / box_width) + c / box_width) as u8
            })
            .collect();
        Layout::new(size, region_of).expect("boxes make regions of equal size")
    }

    /// N, the side of the grid and the number of digits.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// N * N.
    #[inline]
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// Each cell's region number, row by row (`size * size` of them). O(1).
    #[inline]
    pub fn regions(&self) -> &[u8] {
        &self.region_of
    }

    /// The region number of `cell`. Constraint: `cell < self.cells()` (panics otherwise).
    /// O(1).
    #[inline]
    pub fn region_of(&self, cell: Cell) -> usize {
        self.region_of[cell] as usize
    }

    /// The three houses of `cell`: its row, its column and its region.
    #[inline]
    pub fn houses_of(&self, cell: Cell) -> [usize; 3] {
        let n = self.size;
        [cell / n, n + cell % n, 2 * n + self.region_of(cell)]
    }

    /// Every house's cells in row order: rows, then columns, then regions. O(N^2).
    pub fn houses(&self) -> Vec<Vec<Cell>> {
        let n = self.size;
        let mut houses = vec![Vec::with_capacity(n); 3 * n];
        for cell in 0..n * n {
            for h in self.houses_of(cell).iter() {
                houses[*h].push(cell);
            }
        }
        houses
    }

    /// Each cell's peers: the other cells of its three houses, without repeats, ascending.
    /// O(N^4): one scan over every cell, which lists them ascending without a sort.
    pub fn peers(&self) -> Vec<Vec<Cell>> {
        (0..self.cells())
            .map(|cell| {
                let houses = self.houses_of(cell);
                (0..self.cells())
                    .filter(|&p| p != cell && (0..3).any(|k| self.houses_of(p)[k] == houses[k]))
                    .collect()
            })
            .collect()
    }
}

/// Errs with the first region (by number) that does not have exactly `size` cells.
fn check_regions(size: usize, region_of: &[u8]) -> Result<(), RegionSizeError> {
    assert_eq!(region_of.len(), size * size, "one region number per cell");
    let mut count = [0usize; MAX_SIZE];
    for &r in region_of {
        assert!((r as usize) < size, "region number out of range");
        count[r as usize] += 1;
    }
    match (0..size).find(|&r| count[r] != size) {
        Some(r) => Err(RegionSizeError {
            region: r,
            cells: count[r],
            first_cell: region_of.iter().position(|&x| x as usize == r),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_number_regions_row_by_row() {
        let l = Layout::boxes(2, 3);
        assert_eq!(l.size(), 6);
        assert_eq!(l.region_of(0), 0);
        assert_eq!(l.region_of(3), 1);
        assert_eq!(l.region_of(2 * 6), 2);
        assert_eq!(l.region_of(35), 5);
        let l = Layout::boxes(3, 3);
        assert_eq!(l.houses_of(40), [4, 13, 22]);
        assert!(l.houses().iter().all(|h| h.len() == 9));
        assert!(l.peers().iter().all(|p| p.len() == 20));
    }

    #[test]
    fn regions_must_have_n_cells() {
        let mut region_of: Vec<u8> = Layout::boxes(2, 2).region_of.clone();
        region_of[0] = 1;
        let e = Layout::new(4, region_of).unwrap_err();
        assert_eq!(
            e,
            RegionSizeError {
                region: 0,
                cells: 3,
                first_cell: Some(1)
            }
        );
        assert_eq!(e.to_string(), "region 0 has 3 cells");
    }

    #[test]
    fn set_regions_checks_them_and_keeps_the_layout_on_an_error() {
        let mut l = Layout::boxes(2, 2);
        let stripes: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        l.set_regions(&stripes).unwrap();
        assert_eq!(l, Layout::new(4, stripes.clone()).unwrap());
        let mut short = stripes.clone();
        short[15] = 0;
        assert_eq!(
            l.set_regions(&short),
            Err(RegionSizeError {
                region: 0,
                cells: 5,
                first_cell: Some(0)
            })
        );
        assert_eq!(l.region_of, stripes);
    }

    #[test]
    fn cells_counts_the_whole_grid() {
        assert_eq!(Layout::boxes(2, 3).cells(), 36);
    }

    #[test]
    fn houses_of_a_cell_off_the_diagonal() {
        // Row 7, column 2 of the 9x9 grid lies in box 6: third band, first stack.
        let l = Layout::boxes(3, 3);
        assert_eq!(l.region_of(7 * 9 + 2), 6);
        assert_eq!(l.houses_of(7 * 9 + 2), [7, 9 + 2, 2 * 9 + 6]);
    }

    #[test]
    fn houses_list_rows_then_columns_then_regions_in_row_order() {
        let houses = Layout::boxes(2, 2).houses();
        assert_eq!(houses.len(), 3 * 4);
        assert_eq!(houses[1], [4, 5, 6, 7]);
        assert_eq!(houses[4 + 1], [1, 5, 9, 13]);
        assert_eq!(houses[2 * 4 + 1], [2, 3, 6, 7]);
    }

    #[test]
    fn peers_of_a_corner_are_its_row_column_and_box_ascending() {
        let peers = Layout::boxes(2, 2).peers();
        assert_eq!(peers.len(), 16);
        // Row 0: 1, 2, 3; column 0: 4, 8, 12; box 0: 1, 4, 5.
        assert_eq!(peers[0], [1, 2, 3, 4, 5, 8, 12]);
    }
}
