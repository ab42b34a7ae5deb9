//! Who sees whom: the [`Tables`] of a layout (its houses, each cell's peers and houses),
//! filled in place for a new layout, and the houses the law of leftovers implies.

use super::*;

impl<B: Bitset> Tables<B> {
    pub(super) fn new(layout: &Layout) -> Self {
        let size = layout.size();
        let cells = layout.cells();
        assert!(cells <= B::CAPACITY && size <= MAX_DIGITS);
        let mut tables = Tables {
            size,
            cells,
            peers: [B::EMPTY; CELL_SLOTS],
            houses: [B::EMPTY; HOUSE_SLOTS],
            cell_houses: [0; CELL_SLOTS],
            region_of: [0; CELL_SLOTS],
            all_houses: (1u64 << (3 * size)) - 1,
            all_cells: (0..cells).fold(B::EMPTY, |b, c| b.or(B::cell(c))),
        };
        // Rows and columns, which `fill` keeps.
        for cell in 0..cells {
            for h in [cell / size, size + cell % size] {
                tables.houses[h] = tables.houses[h].or(B::cell(cell));
            }
        }
        tables.fill(layout);
        tables
    }

    /// Rebuilds the tables for `layout`, of the size they were made for, in place. O(N^2).
    pub(super) fn fill(&mut self, layout: &Layout) {
        let size = self.size;
        assert_eq!(layout.size(), size, "a layout of the same size");
        // Rows and columns never change: the region boards come from one pass over the
        // cells, and a cell's peers are its row, column and region boards without the one
        // cell its row and column share. No lists, no sorting, so that a new layout per case
        // (jigsaw) costs little next to a search.
        let (lines, regions) = self.houses.split_at_mut(2 * size);
        let (rows, columns) = lines.split_at(size);
        let regions = &mut regions[..size];
        let region_of = &layout.regions()[..self.cells];
        self.region_of[..self.cells].copy_from_slice(region_of);
        regions.fill(B::EMPTY);
        for (cell, &g) in region_of.iter().enumerate() {
            regions[g as usize] = regions[g as usize].or(B::cell(cell));
        }
        let peers = self.peers.chunks_mut(size);
        let houses = self.cell_houses.chunks_mut(size);
        for (r, ((peers, houses), region_of)) in
            peers.zip(houses).zip(region_of.chunks(size)).enumerate()
        {
            let row = rows[r];
            let line = peers.iter_mut().zip(houses).zip(region_of).zip(columns);
            for (c, (((peers, houses), &g), &column)) in line.enumerate() {
                let seen = row.or(column).or(regions[g as usize]);
                *peers = seen.and_not(row.and(column));
                *houses = 1 << r | 1 << (size + c) | 1 << (2 * size + g as usize);
            }
        }
        self.all_houses = (1u64 << (3 * size)) - 1;
        self.houses[3 * size..].fill(B::EMPTY);
        self.add_implied_houses();
    }
}

impl<B: Bitset> Tables<B> {
    /// The houses that the law of leftovers implies, after the rows, columns and regions, as
    /// many as a house set's 64 bits hold. `k` lines of one direction (rows or columns, any
    /// `k` of them: a band) hold each digit `k` times. When `k - 1` regions lie inside the
    /// band, the band's other `N` cells hold each digit once: a house. When `k + 1` regions
    /// meet the band, so do their `N` cells outside it. Every solution keeps them, so no
    /// count changes; but the search and the SAT solver see through them at once what they
    /// would otherwise find by long counting, which is how most jigsaw layouts without a
    /// filling fail. `O(2^N N)` board operations.
    fn add_implied_houses(&mut self) {
        let size = self.size;
        let regions = 2 * size..3 * size;
        for direction in 0..2 {
            for lines in 1u32..(1 << size) - 1 {
                let band =
                    Digits(lines).fold(B::EMPTY, |b, l| b.or(self.houses[direction * size + l]));
                let (mut inside, mut inside_cells) = (0, B::EMPTY);
                let (mut met, mut met_cells) = (0, B::EMPTY);
                for &region in &self.houses[regions.clone()] {
                    if region.and_not(band).is_empty() {
                        inside += 1;
                        inside_cells = inside_cells.or(region);
                    } else if !region.and(band).is_empty() {
                        met += 1;
                        met_cells = met_cells.or(region);
                    }
                }
                let k = lines.count_ones();
                if inside + 1 == k {
                    self.add_house(band.and_not(inside_cells));
                }
                if inside + met == k + 1 {
                    self.add_house(inside_cells.or(met_cells).and_not(band));
                }
            }
        }
    }

    /// Adds `house` to the houses unless it is one already or the house sets are full.
    fn add_house(&mut self, house: B) {
        let next = self.all_houses.count_ones() as usize;
        if next == 64 || self.houses[..next].contains(&house) {
            return;
        }
        self.houses[next] = house;
        self.all_houses |= 1 << next;
        for cell in Cells(house) {
            self.cell_houses[cell] |= 1 << next;
            self.peers[cell] = self.peers[cell].or(house.and_not(B::cell(cell)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::tests::layouts4;
    use crate::bitset::Bits256;
    use testkit::gen::{self, LayoutKind};
    use testkit::rng::Rng;

    #[test]
    fn tables_filled_in_place_are_those_of_a_new_layout() {
        let mut tables: Tables<u64> = Tables::new(&Layout::boxes(2, 2));
        for layout in layouts4().iter().rev() {
            tables.fill(layout);
            assert_eq!(tables, Tables::new(layout));
        }
    }

    /// Asserts that the tables of `layout` hold its houses, each cell's peers and each
    /// cell's houses as [`Layout`] lists them.
    fn assert_tables_match<B: Bitset + std::fmt::Debug>(layout: &Layout) {
        let t: Tables<B> = Tables::new(layout);
        let board = |cells: &[usize]| cells.iter().fold(B::EMPTY, |b, &c| b.or(B::cell(c)));
        for (h, cells) in layout.houses().iter().enumerate() {
            assert_eq!(t.houses[h], board(cells), "house {}", h);
        }
        let implied = t.all_houses >> layout.houses().len();
        for (cell, peers) in layout.peers().iter().enumerate() {
            let houses = layout.houses_of(cell).iter().fold(0u64, |s, &h| s | 1 << h);
            assert_eq!(
                t.cell_houses[cell] & !(implied << layout.houses().len()),
                houses,
                "houses of cell {}",
                cell
            );
            let seen = Cells(t.cell_houses[cell])
                .fold(board(peers), |b, h| b.or(t.houses[h]))
                .and_not(B::cell(cell));
            assert_eq!(t.peers[cell], seen, "peers of cell {}", cell);
        }
        for h in Cells(t.all_houses) {
            let cells = Cells(t.houses[h]).count();
            assert_eq!(cells, layout.size(), "house {} has a cell per digit", h);
        }
    }

    #[test]
    fn tables_hold_the_houses_and_peers_of_the_layout() {
        for layout in layouts4().iter() {
            assert_tables_match::<u64>(layout);
        }
        // 9x9 boxes and a scrambled 9x9 layout (two cells of different regions swapped
        // several times) on u128 boards, 16x16 boxes on 256-bit boards.
        assert_tables_match::<u128>(&Layout::boxes(3, 3));
        let mut regions: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
        for k in 0..20 {
            regions.swap(k * 7 % 81, (k * 31 + 5) % 81);
        }
        assert_tables_match::<u128>(&Layout::new(9, regions).unwrap());
        assert_tables_match::<Bits256>(&Layout::boxes(4, 4));
    }

    /// The houses after the rows, columns and regions are those the law of leftovers gives,
    /// found here by sets of cells: for each band of `k` rows, then of `k` columns (in the
    /// order of their bits), its cells outside the regions inside it when `k - 1` regions
    /// lie inside, then the cells outside it of the regions inside or meeting it when those
    /// are `k + 1`; each once, none that is already a house. And every house holds each
    /// digit once in a full grid of the layout.
    #[test]
    fn the_implied_houses_are_those_of_the_law_of_leftovers() {
        let kinds = [LayoutKind::Grown, LayoutKind::Scattered];
        let mut rng = Rng::new(31);
        let mut implied = 0;
        for round in 0..60 {
            let size = [4, 5, 6, 7, 8][round % 5];
            let (regions, solution) =
                gen::layout_with_solution(&mut rng, size, |rng| kinds[rng.below(2)]);
            let layout = Layout::new(size, regions.clone()).unwrap();
            let t: Tables<u128> = Tables::new(&layout);
            let line = |direction: usize, l: usize| -> Vec<usize> {
                (0..size)
                    .map(|i| {
                        if direction == 0 {
                            l * size + i
                        } else {
                            i * size + l
                        }
                    })
                    .collect()
            };
            let region = |g: usize| -> Vec<usize> {
                (0..size * size)
                    .filter(|&c| regions[c] as usize == g)
                    .collect()
            };
            let mut expected: Vec<Vec<usize>> = layout.houses().to_vec();
            for house in expected.iter_mut() {
                house.sort_unstable();
            }
            let houses = expected.len();
            for direction in 0..2 {
                for lines in 1u32..(1 << size) - 1 {
                    let band: Vec<usize> = (0..size)
                        .filter(|l| lines >> l & 1 == 1)
                        .flat_map(|l| line(direction, l))
                        .collect();
                    let k = lines.count_ones() as usize;
                    let (mut inside, mut met) = (vec![], vec![]);
                    for g in 0..size {
                        let within = region(g).iter().filter(|c| band.contains(c)).count();
                        if within == size {
                            inside.push(g);
                        } else if within > 0 {
                            met.push(g);
                        }
                    }
                    let mut found = vec![];
                    if inside.len() + 1 == k {
                        found.push(
                            band.iter()
                                .copied()
                                .filter(|&c| !inside.contains(&(regions[c] as usize)))
                                .collect::<Vec<_>>(),
                        );
                    }
                    if inside.len() + met.len() == k + 1 {
                        let cells = inside.iter().chain(&met).flat_map(|&g| region(g));
                        found.push(cells.filter(|c| !band.contains(c)).collect());
                    }
                    for mut house in found {
                        house.sort_unstable();
                        if !expected.contains(&house) && expected.len() < 64 {
                            expected.push(house);
                        }
                    }
                }
            }
            implied += expected.len() - houses;
            let actual: Vec<Vec<usize>> = Cells(t.all_houses)
                .map(|h| Cells(t.houses[h]).collect())
                .collect();
            assert_eq!(actual, expected, "{:?}", regions);
            for house in &actual {
                let mut digits: Vec<u8> = house.iter().map(|&c| solution[c]).collect();
                digits.sort_unstable();
                assert_eq!(
                    digits,
                    (1..=size as u8).collect::<Vec<_>>(),
                    "{:?}",
                    regions
                );
            }
        }
        assert!(implied > 60, "{} implied houses", implied);
    }
}
