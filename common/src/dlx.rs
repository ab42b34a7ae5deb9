//! Knuth's Algorithm X with dancing links (TAOCP 7.2.2.1, "Dancing Links"), generic over any
//! exact-cover problem: given items and options (sets of items), find every set of options that
//! contains each item exactly once. With [`crate::sudoku_cover`] it is the reference engine of
//! the tests; it depends on nothing else in the crate.
//!
//! The data structure is Knuth's, with links as indices into two vectors instead of pointers:
//!
//! - `items[0]` is the head of the doubly linked list of the *active* items (those not yet
//!   covered); item `k` of the caller is record `k + 1`, with its `llink`, `rlink` and `len`
//!   (how many options in its list are still present).
//! - `nodes[1..=n]` are the item headers of the vertical lists; then come the options, each a
//!   run of consecutive nodes (one per item) between two *spacers*. A node's `top` is its item
//!   (0 marks a spacer); `ulink`/`dlink` link it into its item's list. A spacer's `ulink` is the
//!   first node of the option before it and its `dlink` the last node of the option after it,
//!   so the nodes of an option can be walked cyclically without a link of their own.
//!
//! To *cover* an item is to take it out of the item list and *hide* every option in its list
//! (unlink the option's other nodes from their items' lists); *uncover* and *unhide* undo
//! exactly that, in reverse order. The search chooses the item with the fewest remaining
//! options (`choose_item`, the MRV heuristic), covers it and tries its options in turn.
//! It is iterative: the stack of choices is allocated once, in [`Dlx::new`], so a search
//! allocates nothing. After every search the structure is back as it was, ready for another.

/// A node: an item header, a spacer or one item of an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    /// The item (record index, from 1) of an option's node; 0 for a spacer.
    top: u32,
    /// Previous node in the item's list; for a spacer, the first node of the option before it.
    ulink: u32,
    /// Next node in the item's list; for a spacer, the last node of the option after it.
    dlink: u32,
}

/// An item record of the horizontal list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Item {
    llink: u32,
    rlink: u32,
    /// How many options of the item's list are present (not hidden).
    len: u32,
}

/// The head of the item list.
const ROOT: usize = 0;

/// An exact-cover problem and its solver: items `0..items`, options added one by one, some of
/// them possibly *selected* in advance (the givens of a puzzle).
///
/// # Constraints
///
/// - fewer than 2^32 nodes in all (items plus one per item of every option, plus one per
///   option)
///
/// # Complexity
///
/// Building: O(total size of the options). A search: exponential in the worst case, each
/// step O(items) to choose an item plus the links it changes; no allocation.
///
/// # Example
///
/// ```
/// use common::dlx::Dlx;
///
/// // Knuth's example (TAOCP 7.2.2.1): items a-g as 0-6 and six options; the only exact
/// // cover is {c e}, {a d f}, {b g}.
/// let mut problem = Dlx::new(7);
/// for option in [&[2, 4][..], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]] {
///     problem.add_option(option);
/// }
/// assert_eq!(problem.count_up_to(2), 1);
/// let mut covers = Vec::new();
/// problem.visit(|options| {
///     let mut options = options.to_vec();
///     options.sort();
///     covers.push(options);
///     true
/// });
/// assert_eq!(covers, [[0, 3, 4]]);
///
/// // With {b c f} chosen in advance, nothing covers the rest exactly.
/// assert!(problem.select(2));
/// assert_eq!(problem.count_up_to(2), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Dlx {
    items: Vec<Item>,
    nodes: Vec<Node>,
    /// The first node of each option.
    option_start: Vec<u32>,
    /// The option of each node (0 for headers and spacers, never read for them).
    option_of: Vec<u32>,
    /// The options selected in advance, in order.
    selected: Vec<usize>,
    /// The search stack: the node chosen at each level (Knuth's `x_l`). At most one level per
    /// item, since each level covers at least one.
    choice: Vec<u32>,
    /// The options of the solution being reported: selected ones, then chosen ones.
    solution: Vec<usize>,
    /// The branch points of the last search: see [`Dlx::guesses`].
    guesses: u64,
}

impl Dlx {
    /// A problem with items `0..items` and no option yet (so no solution unless `items == 0`:
    /// the empty problem has one solution, the empty set of options).
    ///
    /// Constraint: `items < 2^32 - 1` (panics otherwise). O(items).
    pub fn new(items: usize) -> Self {
        assert!(items < u32::MAX as usize, "too many items");
        let n = items as u32;
        let list: Vec<Item> = (0..=n)
            .map(|i| Item {
                llink: if i == 0 { n } else { i - 1 },
                rlink: if i == n { 0 } else { i + 1 },
                len: 0,
            })
            .collect();
        // Node 0 is unused, nodes 1..=n are the headers (empty lists), node n + 1 the spacer
        // before the first option.
        let mut nodes: Vec<Node> = (0..=n)
            .map(|i| Node {
                top: 0,
                ulink: i,
                dlink: i,
            })
            .collect();
        nodes.push(Node {
            top: 0,
            ulink: 0,
            dlink: 0,
        });
        Dlx {
            items: list,
            option_of: vec![0; nodes.len()],
            nodes,
            option_start: Vec::new(),
            selected: Vec::new(),
            choice: vec![0; items],
            solution: Vec::with_capacity(items),
            guesses: 0,
        }
    }

    /// The number of items. O(1).
    #[inline]
    pub fn items(&self) -> usize {
        self.items.len() - 1
    }

    /// The number of options added so far. O(1).
    #[inline]
    pub fn options(&self) -> usize {
        self.option_start.len()
    }

    /// Adds an option: a non-empty set of distinct items, in any order (the order only decides
    /// the order in which the option's items are covered). Returns its index; options are
    /// numbered `0, 1, 2, ...` in the order they are added.
    ///
    /// Constraints: every item `< self.items()`, no repeats, no option selected yet (panics
    /// otherwise). O(items.len()^2) for the check against repeats, options being short.
    pub fn add_option(&mut self, items: &[usize]) -> usize {
        assert!(!items.is_empty(), "an option needs at least one item");
        assert!(
            self.selected.is_empty(),
            "options are added before any selection"
        );
        let option = self.option_start.len();
        let first = self.nodes.len();
        for (k, &item) in items.iter().enumerate() {
            assert!(item < self.items(), "item out of range");
            assert!(!items[..k].contains(&item), "an item repeated in an option");
            let header = item + 1;
            let node = self.nodes.len() as u32;
            let last = self.nodes[header].ulink;
            self.nodes.push(Node {
                top: header as u32,
                ulink: last,
                dlink: header as u32,
            });
            self.option_of.push(option as u32);
            self.nodes[last as usize].dlink = node;
            self.nodes[header].ulink = node;
            self.items[header].len += 1;
        }
        let end = self.nodes.len();
        self.nodes[first - 1].dlink = (end - 1) as u32;
        self.nodes.push(Node {
            top: 0,
            ulink: first as u32,
            dlink: 0,
        });
        self.option_of.push(0);
        self.option_start.push(first as u32);
        assert!(self.nodes.len() < u32::MAX as usize, "too many nodes");
        option
    }

    /// The items of `option`, in the order they were given. Constraint:
    /// `option < self.options()` (panics otherwise). O(1) to create, O(len) to walk.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let first = self.option_start[option] as usize;
        self.nodes[first..]
            .iter()
            .take_while(|node| node.top != 0)
            .map(|node| node.top as usize - 1)
    }

    /// Selects `option` in advance, as if every solution had to contain it: covers all its
    /// items. Returns false, and changes nothing, if one of them is already covered by an
    /// earlier selection (the option clashes with it). Selections stay until
    /// [`Dlx::unselect_all`]; searches report the selected options first in every solution.
    ///
    /// Constraint: `option < self.options()`. O(sum of the sizes of the options it hides).
    pub fn select(&mut self, option: usize) -> bool {
        let first = self.option_start[option] as usize;
        let mut p = first;
        while self.nodes[p].top != 0 {
            if !self.is_active(self.nodes[p].top as usize) {
                return false;
            }
            p += 1;
        }
        for q in first..p {
            self.cover(self.nodes[q].top as usize);
        }
        self.selected.push(option);
        true
    }

    /// Undoes every [`Dlx::select`], latest first. O(sum of the sizes of the hidden options).
    pub fn unselect_all(&mut self) {
        while let Some(option) = self.selected.pop() {
            let first = self.option_start[option] as usize;
            let mut p = first;
            while self.nodes[p].top != 0 {
                p += 1;
            }
            for q in (first..p).rev() {
                self.uncover(self.nodes[q].top as usize);
            }
        }
    }

    /// Counts the solutions (that contain the selected options), stopping at `limit`: returns
    /// `min(limit, number of solutions)`. `count_up_to(2)` tells none, one or several.
    ///
    /// Exponential in the worst case; each step costs O(items) to choose an item plus the
    /// links it changes. No allocation.
    pub fn count_up_to(&mut self, limit: usize) -> usize {
        let mut count = 0;
        if limit > 0 {
            self.visit(|_| {
                count += 1;
                count < limit
            });
        }
        count
    }

    /// Calls `f` with each solution (that contains the selected options), until `f` returns
    /// false. A solution is given as its option indices: the selected options in the order of
    /// selection, then those chosen by the search. Solutions come in no particular order, but
    /// the same order on every call. Complexity as [`Dlx::count_up_to`]; no allocation.
    pub fn visit<F: FnMut(&[usize]) -> bool>(&mut self, mut f: F) {
        let mut level = 0;
        self.guesses = 0;
        loop {
            // X2: all items covered means a solution.
            if self.items[ROOT].rlink as usize == ROOT {
                if !self.report(level, &mut f) {
                    self.unwind(level);
                    return;
                }
            } else {
                // X3, X4: choose an item, cover it, try its first option.
                let i = self.choose_item();
                self.guesses += u64::from(self.items[i].len >= 2);
                self.cover(i);
                self.choice[level] = self.nodes[i].dlink;
                if self.try_choice(level) {
                    level += 1;
                    continue;
                }
            }
            // X8, X6: back to the previous level and its next option.
            loop {
                if level == 0 {
                    return;
                }
                level -= 1;
                let p = self.choice[level] as usize;
                self.uncover_rest(p);
                self.choice[level] = self.nodes[p].dlink;
                if self.try_choice(level) {
                    level += 1;
                    break;
                }
            }
        }
    }

    /// The branch points of the last [`Dlx::visit`] (or count): the nodes whose chosen item
    /// had two options or more, as tdoku counts guesses. 0 before any search. O(1).
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// The MRV heuristic: the active item with the fewest remaining options, the first such in
    /// the item list; the scan stops early at an item with at most one. Constraint: some item
    /// is active. O(active items).
    #[inline]
    fn choose_item(&self) -> usize {
        let mut best = ROOT;
        let mut best_len = u32::MAX;
        let mut i = self.items[ROOT].rlink as usize;
        while i != ROOT {
            let len = self.items[i].len;
            if len < best_len {
                best = i;
                best_len = len;
                if len <= 1 {
                    break;
                }
            }
            i = self.items[i].rlink as usize;
        }
        best
    }

    /// X5/X7: if the node chosen at `level` is an option's, covers the option's other items
    /// and returns true; if it is back at its item's header (every option tried), uncovers the
    /// item and returns false.
    #[inline]
    fn try_choice(&mut self, level: usize) -> bool {
        let p = self.choice[level] as usize;
        if p < self.items.len() {
            self.uncover(p);
            false
        } else {
            self.cover_rest(p);
            true
        }
    }

    /// Restores the structure after a search stopped at `level`: undoes every level's choice.
    fn unwind(&mut self, level: usize) {
        for l in (0..level).rev() {
            let p = self.choice[l] as usize;
            self.uncover_rest(p);
            self.uncover(self.nodes[p].top as usize);
        }
    }

    /// Builds the solution of the current `level` choices and gives it to `f`.
    fn report<F: FnMut(&[usize]) -> bool>(&mut self, level: usize, f: &mut F) -> bool {
        self.solution.clear();
        self.solution.extend_from_slice(&self.selected);
        for &p in &self.choice[..level] {
            self.solution.push(self.option_of[p as usize] as usize);
        }
        f(&self.solution)
    }

    /// Whether item record `i` is still in the item list. After `cover(i)` its left
    /// neighbour's `rlink` no longer points to it, and nothing but `uncover(i)` points it back.
    #[inline]
    fn is_active(&self, i: usize) -> bool {
        self.items[self.items[i].llink as usize].rlink as usize == i
    }

    /// Covers the other items of the option of node `p`, left to right (cyclically).
    #[inline]
    fn cover_rest(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let j = self.nodes[q].top as usize;
            if j == 0 {
                q = self.nodes[q].ulink as usize;
            } else {
                self.cover(j);
                q += 1;
            }
        }
    }

    /// Uncovers the other items of the option of node `p`, right to left: undoes
    /// [`Dlx::cover_rest`].
    #[inline]
    fn uncover_rest(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let j = self.nodes[q].top as usize;
            if j == 0 {
                q = self.nodes[q].dlink as usize;
            } else {
                self.uncover(j);
                q -= 1;
            }
        }
    }

    /// Takes item `i` out of the item list and hides every option of its list.
    #[inline]
    fn cover(&mut self, i: usize) {
        let mut p = self.nodes[i].dlink as usize;
        while p != i {
            self.hide(p);
            p = self.nodes[p].dlink as usize;
        }
        let Item { llink, rlink, .. } = self.items[i];
        self.items[llink as usize].rlink = rlink;
        self.items[rlink as usize].llink = llink;
    }

    /// Undoes [`Dlx::cover`]: puts item `i` back and unhides its options, bottom up.
    #[inline]
    fn uncover(&mut self, i: usize) {
        let Item { llink, rlink, .. } = self.items[i];
        self.items[llink as usize].rlink = i as u32;
        self.items[rlink as usize].llink = i as u32;
        let mut p = self.nodes[i].ulink as usize;
        while p != i {
            self.unhide(p);
            p = self.nodes[p].ulink as usize;
        }
    }

    /// Unlinks the nodes of the option of node `p`, other than `p`, from their items' lists.
    #[inline]
    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let Node { top, ulink, dlink } = self.nodes[q];
            if top == 0 {
                q = ulink as usize;
            } else {
                self.nodes[ulink as usize].dlink = dlink;
                self.nodes[dlink as usize].ulink = ulink;
                self.items[top as usize].len -= 1;
                q += 1;
            }
        }
    }

    /// Undoes [`Dlx::hide`], right to left.
    #[inline]
    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let Node { top, ulink, dlink } = self.nodes[q];
            if top == 0 {
                q = dlink as usize;
            } else {
                self.nodes[ulink as usize].dlink = q as u32;
                self.nodes[dlink as usize].ulink = q as u32;
                self.items[top as usize].len += 1;
                q -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's example from "Dancing Links": items a-g, options ce, adg, bcf, adf, bg, deg.
    fn knuth() -> Dlx {
        let mut dlx = Dlx::new(7);
        for option in [
            &[2, 4][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
        ] {
            dlx.add_option(option);
        }
        dlx
    }

    fn all_solutions(dlx: &mut Dlx) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        dlx.visit(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            all.push(s);
            true
        });
        all.sort();
        all
    }

    /// Whether `options` of `dlx` cover every item exactly once.
    fn is_exact_cover(dlx: &Dlx, options: &[usize]) -> bool {
        let mut seen = vec![0; dlx.items()];
        for &o in options {
            for i in dlx.option_items(o) {
                seen[i] += 1;
            }
        }
        seen.iter().all(|&k| k == 1)
    }

    /// The links and counts: what every search must leave as it found it.
    fn links(dlx: &Dlx) -> (Vec<Item>, Vec<Node>) {
        (dlx.items.clone(), dlx.nodes.clone())
    }

    /// Every subset of `0..n` of at most `max_len` items, as options.
    fn subsets(n: usize, max_len: u32) -> Dlx {
        let mut dlx = Dlx::new(n);
        for mask in 1u32..1 << n {
            if mask.count_ones() <= max_len {
                let items: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
                dlx.add_option(&items);
            }
        }
        dlx
    }

    #[test]
    fn knuths_example_has_one_solution() {
        let mut dlx = knuth();
        assert_eq!(dlx.items(), 7);
        assert_eq!(dlx.options(), 6);
        assert_eq!(
            dlx.option_items(2).collect::<Vec<_>>(),
            vec![1, 2, 5],
            "options keep their items"
        );
        assert_eq!(all_solutions(&mut dlx), vec![vec![0, 3, 4]]);
        assert_eq!(dlx.count_up_to(5), 1);
    }

    #[test]
    fn partitions_into_singletons_and_pairs_are_involutions() {
        // Exact covers of n items by options of one or two items: the involutions of n
        // elements, t(n) = t(n - 1) + (n - 1) t(n - 2).
        let mut t = vec![1usize, 1];
        for n in 2..=7 {
            t.push(t[n - 1] + (n - 1) * t[n - 2]);
        }
        for (n, &expected) in t.iter().enumerate() {
            let mut dlx = subsets(n, 2);
            assert_eq!(dlx.count_up_to(usize::MAX), expected, "n = {}", n);
            let all = all_solutions(&mut dlx);
            assert_eq!(all.len(), expected);
            assert!(all.windows(2).all(|w| w[0] != w[1]), "no repeats");
            assert!(all.iter().all(|s| is_exact_cover(&dlx, s)));
        }
    }

    #[test]
    fn partitions_into_any_subsets_are_bell_numbers() {
        // Bell numbers by the Bell triangle.
        let mut bell = vec![1usize];
        let mut row = vec![1usize];
        for _ in 1..=6 {
            let mut next = vec![*row.last().unwrap()];
            for &x in &row {
                let y = next.last().unwrap() + x;
                next.push(y);
            }
            bell.push(next[0]);
            row = next;
        }
        for (n, &expected) in bell.iter().enumerate() {
            let mut dlx = subsets(n, n as u32);
            assert_eq!(dlx.count_up_to(usize::MAX), expected, "n = {}", n);
        }
    }

    #[test]
    fn counting_stops_at_the_limit() {
        let mut dlx = subsets(6, 2);
        let all = dlx.count_up_to(usize::MAX);
        assert!(all > 20);
        assert_eq!(dlx.count_up_to(0), 0);
        assert_eq!(dlx.count_up_to(1), 1);
        assert_eq!(dlx.count_up_to(20), 20);
        assert_eq!(dlx.count_up_to(all), all);
        assert_eq!(dlx.count_up_to(all + 1), all);
    }

    #[test]
    fn guesses_count_the_branch_points() {
        // Singletons only: one option per item, nothing to choose.
        let mut dlx = subsets(5, 1);
        assert_eq!(dlx.guesses(), 0);
        assert_eq!(dlx.count_up_to(usize::MAX), 1);
        assert_eq!(dlx.guesses(), 0);
        // Singletons and pairs: item 0's list has its singleton and four pairs, and each of
        // the 26 solutions but the first comes after a branch point.
        let mut dlx = subsets(5, 2);
        assert_eq!(dlx.count_up_to(usize::MAX), 26);
        let full = dlx.guesses();
        assert!(full >= 1);
        assert_eq!(dlx.count_up_to(1), 1);
        assert!(dlx.guesses() < full);
    }

    #[test]
    fn visit_stops_when_told_and_restores_the_links() {
        let mut dlx = subsets(6, 2);
        let before = links(&dlx);
        let everything = all_solutions(&mut dlx);
        let mut calls = 0;
        let mut seen = Vec::new();
        dlx.visit(|s| {
            calls += 1;
            seen.push(s.to_vec());
            calls < 3
        });
        assert_eq!(calls, 3);
        assert_eq!(links(&dlx), before);
        for s in &mut seen {
            s.sort_unstable();
            assert!(everything.contains(s));
        }
        // The same order every time.
        let mut first_three = Vec::new();
        dlx.visit(|s| {
            first_three.push(s.to_vec());
            first_three.len() < 3
        });
        let mut sorted = first_three.clone();
        sorted.iter_mut().for_each(|s| s.sort_unstable());
        assert_eq!(sorted, seen);
        assert_eq!(all_solutions(&mut dlx), everything, "reusable after a stop");
        assert_eq!(links(&dlx), before);
    }

    #[test]
    fn selection_restricts_the_search_and_is_undone() {
        let mut dlx = knuth();
        let before = links(&dlx);
        // adf is in the solution.
        assert!(dlx.select(3));
        assert_eq!(all_solutions(&mut dlx), vec![vec![0, 3, 4]]);
        let mut reported = Vec::new();
        dlx.visit(|s| {
            reported = s.to_vec();
            true
        });
        assert_eq!(reported[0], 3, "selected options come first");
        // adg clashes with adf: refused, nothing changed.
        let selected = links(&dlx);
        assert!(!dlx.select(1));
        assert_eq!(links(&dlx), selected);
        dlx.unselect_all();
        assert_eq!(links(&dlx), before);
        // adg alone leaves no solution.
        assert!(dlx.select(1));
        assert_eq!(dlx.count_up_to(10), 0);
        dlx.unselect_all();
        assert_eq!(dlx.count_up_to(10), 1);
        // Selecting the whole solution leaves one, empty, search.
        for o in [4, 0, 3] {
            assert!(dlx.select(o));
        }
        assert_eq!(all_solutions(&mut dlx), vec![vec![0, 3, 4]]);
        dlx.unselect_all();
        assert_eq!(links(&dlx), before);
    }

    #[test]
    fn empty_problems() {
        let mut dlx = Dlx::new(0);
        assert_eq!(all_solutions(&mut dlx), vec![Vec::<usize>::new()]);
        let mut dlx = Dlx::new(3);
        assert_eq!(dlx.count_up_to(5), 0, "no option, no cover");
        dlx.add_option(&[0, 2]);
        assert_eq!(dlx.count_up_to(5), 0, "item 1 cannot be covered");
        dlx.add_option(&[1]);
        assert_eq!(all_solutions(&mut dlx), vec![vec![0, 1]]);
    }

    #[test]
    fn items_may_come_in_any_order() {
        let mut dlx = Dlx::new(4);
        dlx.add_option(&[3, 0]);
        dlx.add_option(&[2, 1]);
        dlx.add_option(&[1, 3]);
        dlx.add_option(&[0, 2]);
        assert_eq!(all_solutions(&mut dlx), vec![vec![0, 1], vec![2, 3]]);
    }

    #[test]
    fn the_item_with_fewest_options_is_chosen_the_first_of_ties() {
        // Item 0 has options {0} and {0, 1}, item 1 only {0, 1}: the search branches on item
        // 1, whose one option covers both, so no branch point; item 0 first would try {0},
        // which leaves item 1 no option, before {0, 1}.
        let mut dlx = Dlx::new(2);
        dlx.add_option(&[0]);
        dlx.add_option(&[0, 1]);
        assert_eq!(dlx.count_up_to(usize::MAX), 1);
        assert_eq!(dlx.guesses(), 0);
        // Options {0}, {1} and {0, 1}: two each, a tie, and item 0 comes first in the list,
        // so the search tries its options in their order, {0} (then {1} for item 1) before
        // {0, 1}; item 1 first would report {1} before {0}.
        let mut dlx = Dlx::new(2);
        for option in [&[0][..], &[1], &[0, 1]] {
            dlx.add_option(option);
        }
        let mut reported = Vec::new();
        dlx.visit(|s| {
            reported.push(s.to_vec());
            true
        });
        assert_eq!(reported, [vec![0, 1], vec![2]]);
        assert_eq!(dlx.guesses(), 1);
    }
}
