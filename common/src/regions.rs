//! Walls to regions: a breadth-first search over the cells that never crosses a wall.

use crate::layout::{Cell, MAX_SIZE};

/// The wall bits of a cell, as HDU 4069 writes them shifted down by 4: a wall above it.
pub const WALL_UP: u8 = 1;
/// A wall to the right of the cell.
pub const WALL_RIGHT: u8 = 2;
/// A wall below the cell.
pub const WALL_DOWN: u8 = 4;
/// A wall to the left of the cell.
pub const WALL_LEFT: u8 = 8;

/// Walls that enclose a region of the wrong size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallRegionError {
    /// The region's first cell in row order.
    pub first_cell: Cell,
    /// How many cells the walls enclose with it.
    pub cells: usize,
}

/// Splits a `size x size` grid into regions by the walls of each cell (`walls[cell]`, bits
/// [`WALL_UP`] .. [`WALL_LEFT`]), writing each cell's region number into `region`. A wall
/// counts when either cell beside it declares it; walls on the outer border change nothing.
///
/// Regions are numbered in the row order of their first cells. Errs with the first region
/// (in that order) that does not have exactly `size` cells; `region` is then left as it was.
///
/// # Constraints
///
/// - `size <= 16`
/// - `walls.len() == region.len() == size * size`
///
/// (panics otherwise)
///
/// # Complexity
///
/// O(size^2), no allocation.
///
/// # Example
///
/// ```
/// use common::regions::{regions_from_walls, WallRegionError, WALL_DOWN, WALL_RIGHT};
///
/// // A 4x4 grid cut into its four 2x2 boxes: a wall right of column 1 and below row 1,
/// // each declared by one of the two cells it separates.
/// let mut walls = [0u8; 16];
/// for k in 0..4 {
///     walls[k * 4 + 1] |= WALL_RIGHT;
///     walls[4 + k] |= WALL_DOWN;
/// }
/// let mut region = [0u8; 16];
/// assert_eq!(regions_from_walls(4, &walls, &mut region), Ok(()));
/// assert_eq!(region, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
///
/// // Without walls the whole grid is one region of 16 cells.
/// let error = regions_from_walls(4, &[0; 16], &mut region);
/// assert_eq!(error, Err(WallRegionError { first_cell: 0, cells: 16 }));
/// ```
pub fn regions_from_walls(
    size: usize,
    walls: &[u8],
    region: &mut [u8],
) -> Result<(), WallRegionError> {
    let cells = size * size;
    assert!(size <= MAX_SIZE, "grid side out of range");
    assert!(
        walls.len() == cells && region.len() == cells,
        "one wall mask and one region per cell"
    );
    const UNSEEN: u8 = u8::MAX;
    // Per cell, the sides it is open on (the same bits as the walls), from one pass over the
    // right and lower sides of each cell.
    let mut open = [0u8; MAX_SIZE * MAX_SIZE];
    for r in 0..size {
        for c in 0..size {
            let cell = r * size + c;
            if c + 1 < size && (walls[cell] & WALL_RIGHT) | (walls[cell + 1] & WALL_LEFT) == 0 {
                open[cell] |= WALL_RIGHT;
                open[cell + 1] |= WALL_LEFT;
            }
            if r + 1 < size && (walls[cell] & WALL_DOWN) | (walls[cell + size] & WALL_UP) == 0 {
                open[cell] |= WALL_DOWN;
                open[cell + size] |= WALL_UP;
            }
        }
    }
    // Each region breadth first, into a table of our own indexed by masked cells: a cell is
    // masked only after a step across an open side, which stays on the grid.
    let mut label = [UNSEEN; MAX_SIZE * MAX_SIZE];
    let mut queue = [0u8; MAX_SIZE * MAX_SIZE];
    let mut next_id = 0u8;
    for start in 0..cells {
        if label[start] != UNSEEN {
            continue;
        }
        queue[0] = start as u8;
        label[start] = next_id;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let cell = usize::from(queue[head & 0xff]);
            head += 1;
            let sides = open[cell];
            for &(side, other) in [
                (WALL_UP, cell.wrapping_sub(size)),
                (WALL_RIGHT, cell + 1),
                (WALL_DOWN, cell + size),
                (WALL_LEFT, cell.wrapping_sub(1)),
            ]
            .iter()
            {
                let other = other & 0xff;
                if sides & side != 0 && label[other] == UNSEEN {
                    label[other] = next_id;
                    queue[tail & 0xff] = other as u8;
                    tail += 1;
                }
            }
        }
        if tail != size {
            return Err(WallRegionError {
                first_cell: start,
                cells: tail,
            });
        }
        next_id += 1;
    }
    region.copy_from_slice(&label[..cells]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`regions_from_walls`] into a buffer of its own, first filled with junk.
    fn regions_of(size: usize, walls: &[u8]) -> Result<Vec<u8>, WallRegionError> {
        let mut region = vec![7; size * size];
        regions_from_walls(size, walls, &mut region).map(|()| region)
    }

    /// Walls of a layout given as region numbers, declared on both sides and on the border.
    fn walls_of(size: usize, region: &[u8]) -> Vec<u8> {
        (0..size * size)
            .map(|cell| {
                let (r, c) = (cell / size, cell % size);
                let differs =
                    |other: Option<usize>| other.map_or(true, |o| region[o] != region[cell]);
                let mut w = 0;
                if differs(if r > 0 { Some(cell - size) } else { None }) {
                    w |= WALL_UP;
                }
                if differs(if c + 1 < size { Some(cell + 1) } else { None }) {
                    w |= WALL_RIGHT;
                }
                if differs(if r + 1 < size {
                    Some(cell + size)
                } else {
                    None
                }) {
                    w |= WALL_DOWN;
                }
                if differs(if c > 0 { Some(cell - 1) } else { None }) {
                    w |= WALL_LEFT;
                }
                w
            })
            .collect()
    }

    #[test]
    fn recovers_boxes_from_their_walls() {
        let boxes = crate::layout::Layout::boxes(3, 3);
        let region: Vec<u8> = (0..81).map(|c| boxes.region_of(c) as u8).collect();
        assert_eq!(regions_of(9, &walls_of(9, &region)), Ok(region));
    }

    #[test]
    fn one_sided_walls_count_and_the_border_does_not_matter() {
        let boxes = crate::layout::Layout::boxes(2, 2);
        let region: Vec<u8> = (0..16).map(|c| boxes.region_of(c) as u8).collect();
        let mut walls = walls_of(4, &region);
        for (cell, w) in walls.iter_mut().enumerate() {
            // Keep only the right and lower walls, and drop the border.
            *w &= WALL_RIGHT | WALL_DOWN;
            if cell % 4 == 3 {
                *w &= !WALL_RIGHT;
            }
            if cell / 4 == 3 {
                *w &= !WALL_DOWN;
            }
        }
        assert_eq!(regions_of(4, &walls), Ok(region));
    }

    #[test]
    fn reports_a_region_of_the_wrong_size() {
        let no_walls = vec![0u8; 16];
        assert_eq!(
            regions_of(4, &no_walls),
            Err(WallRegionError {
                first_cell: 0,
                cells: 16
            })
        );
        let mut walls = vec![0u8; 16];
        walls[5] = WALL_UP | WALL_RIGHT | WALL_DOWN | WALL_LEFT;
        assert_eq!(
            regions_of(4, &walls),
            Err(WallRegionError {
                first_cell: 0,
                cells: 15
            })
        );
    }

    #[test]
    fn a_region_of_the_wrong_size_leaves_the_regions_as_they_were() {
        let mut walls = vec![0u8; 16];
        walls[5] = WALL_UP | WALL_RIGHT | WALL_DOWN | WALL_LEFT;
        let mut region: Vec<u8> = (0..16).collect();
        assert!(regions_from_walls(4, &walls, &mut region).is_err());
        assert_eq!(region, (0..16).collect::<Vec<u8>>());
    }

    #[test]
    fn a_wall_inside_a_region_is_walked_around() {
        // Box 0 of the 4x4 grid with a wall from cell 0 to its right (cell 1 is then reached
        // only upward, from cell 5) or below it (cell 4 is reached only leftward, from 5).
        let boxes = crate::layout::Layout::boxes(2, 2);
        let region: Vec<u8> = (0..16).map(|c| boxes.region_of(c) as u8).collect();
        for &inner in [WALL_RIGHT, WALL_DOWN].iter() {
            let mut walls = walls_of(4, &region);
            walls[0] |= inner;
            assert_eq!(regions_of(4, &walls), Ok(region.clone()));
        }
    }

    #[test]
    fn a_16x16_grid_without_walls_is_one_region_of_all_256_cells() {
        assert_eq!(
            regions_of(16, &[0; 256]),
            Err(WallRegionError {
                first_cell: 0,
                cells: 256
            })
        );
    }
}
