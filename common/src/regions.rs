//! Walls to regions: a breadth-first search over the cells that never crosses a wall.

use crate::layout::Cell;

/// Wall bits of a cell, as HDU 4069 writes them shifted down by 4.
pub const WALL_UP: u8 = 1;
pub const WALL_RIGHT: u8 = 2;
pub const WALL_DOWN: u8 = 4;
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
/// [`WALL_UP`] .. [`WALL_LEFT`]). A wall counts when either cell beside it declares it;
/// walls on the outer border change nothing.
///
/// Regions are numbered in the row order of their first cells. Errs with the first region
/// (in that order) that does not have exactly `size` cells. O(size^2), two allocations per call.
pub fn regions_from_walls(size: usize, walls: &[u8]) -> Result<Vec<u8>, WallRegionError> {
    assert_eq!(walls.len(), size * size, "one wall mask per cell");
    const UNSEEN: u8 = u8::MAX;
    let mut region = vec![UNSEEN; size * size];
    let mut queue: Vec<Cell> = Vec::with_capacity(size * size);
    let mut next_id = 0u8;
    for start in 0..size * size {
        if region[start] != UNSEEN {
            continue;
        }
        queue.clear();
        queue.push(start);
        region[start] = next_id;
        let mut head = 0;
        while head < queue.len() {
            let cell = queue[head];
            head += 1;
            let (r, c) = (cell / size, cell % size);
            let open = |other: Cell, mine: u8, theirs: u8| {
                walls[cell] & mine == 0 && walls[other] & theirs == 0
            };
            let mut neighbours = [None; 4];
            if r > 0 && open(cell - size, WALL_UP, WALL_DOWN) {
                neighbours[0] = Some(cell - size);
            }
            if c + 1 < size && open(cell + 1, WALL_RIGHT, WALL_LEFT) {
                neighbours[1] = Some(cell + 1);
            }
            if r + 1 < size && open(cell + size, WALL_DOWN, WALL_UP) {
                neighbours[2] = Some(cell + size);
            }
            if c > 0 && open(cell - 1, WALL_LEFT, WALL_RIGHT) {
                neighbours[3] = Some(cell - 1);
            }
            for n in neighbours.iter().flatten() {
                if region[*n] == UNSEEN {
                    region[*n] = next_id;
                    queue.push(*n);
                }
            }
        }
        if queue.len() != size {
            return Err(WallRegionError {
                first_cell: start,
                cells: queue.len(),
            });
        }
        next_id += 1;
    }
    Ok(region)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            regions_from_walls(9, &walls_of(9, &region)).unwrap(),
            region
        );
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
        assert_eq!(regions_from_walls(4, &walls).unwrap(), region);
    }

    #[test]
    fn reports_a_region_of_the_wrong_size() {
        let no_walls = vec![0u8; 16];
        assert_eq!(
            regions_from_walls(4, &no_walls),
            Err(WallRegionError {
                first_cell: 0,
                cells: 16
            })
        );
        let mut walls = vec![0u8; 16];
        walls[5] = WALL_UP | WALL_RIGHT | WALL_DOWN | WALL_LEFT;
        assert_eq!(
            regions_from_walls(4, &walls),
            Err(WallRegionError {
                first_cell: 0,
                cells: 15
            })
        );
    }
}
