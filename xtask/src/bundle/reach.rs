//! Step 1 of the bundler (see the module doc of `bundle`): what the program reaches by name
//! from `main`, and leaving out the rest.

use std::collections::HashSet;
use syn::{ImplItem, Item, ItemImpl, TraitItem};

use super::syntax::{idents_of, impl_item_ident, item_ident, item_name, trait_item_ident};

/// What step 1 of the module doc of `bundle` decides with: the names kept code uses, and the local types
/// and traits, to tell an impl's header apart.
pub(super) struct Reached {
    names: HashSet<String>,
    types: HashSet<String>,
    traits: HashSet<String>,
}

/// The names used by kept code, from `main`, to a fixed point.
pub(super) fn reached_from_main(lists: &[&Vec<Item>]) -> Reached {
    let mut reach = Reached {
        names: HashSet::from(["main".to_string()]),
        types: HashSet::new(),
        traits: HashSet::new(),
    };
    for items in lists {
        add_local_types(items, &mut reach);
    }
    loop {
        let before = reach.names.len();
        for items in lists {
            add_used_names(items, &mut reach);
        }
        if reach.names.len() == before {
            return reach;
        }
    }
}

/// Adds the types and traits `items` define, at any depth, to `reach.types` and
/// `reach.traits`.
fn add_local_types(items: &[Item], reach: &mut Reached) {
    for item in items {
        match item {
            Item::Struct(_) | Item::Enum(_) | Item::Union(_) | Item::Type(_) => {}
            Item::Trait(_) | Item::TraitAlias(_) => {
                reach.traits.extend(item_name(item));
            }
            Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    add_local_types(items, reach);
                }
                continue;
            }
            _ => continue,
        }
        reach.types.extend(item_name(item));
    }
}

/// Adds to `reach.names` the names that the kept items of `items` use.
fn add_used_names(items: &[Item], reach: &mut Reached) {
    for item in items {
        if !reach.keeps(item) {
            continue;
        }
        match item {
            Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    add_used_names(items, reach);
                }
            }
            Item::Impl(block) => {
                let mut used = idents_of(&block.generics);
                if let Some((path, _)) = &block.trait_ {
                    used.extend(idents_of(path));
                }
                used.extend(idents_of(&block.self_ty));
                for member in block
                    .items
                    .iter()
                    .filter(|m| reach.keeps_impl_item(block, m))
                {
                    used.extend(idents_of(member));
                }
                reach.names.extend(used);
            }
            Item::Trait(block) => {
                let mut used = idents_of(&block.generics);
                used.extend(idents_of(&block.supertraits));
                for member in &block.items {
                    if reach.keeps_trait_item(member) {
                        used.extend(idents_of(member));
                    }
                }
                reach.names.extend(used);
            }
            _ => {
                let used = idents_of(item);
                reach.names.extend(used);
            }
        }
    }
}

impl Reached {
    fn uses(&self, ident: &syn::Ident) -> bool {
        self.names.contains(&ident.to_string())
    }

    /// Named items when named; impls when the local types and trait of their header are kept;
    /// modules also when they hold a kept impl (of a type defined outside them); imports and
    /// item macros (whose output cannot be seen) always.
    fn keeps(&self, item: &Item) -> bool {
        match item {
            Item::Impl(block) => self.keeps_impl(block),
            Item::Mod(m) => self.uses(&m.ident) || self.holds_kept_impl(item),
            _ => item_ident(item).is_none_or(|i| self.uses(i)),
        }
    }

    /// Whether `item` is a kept impl or a module that holds one, at any depth.
    fn holds_kept_impl(&self, item: &Item) -> bool {
        match item {
            Item::Impl(block) => self.keeps_impl(block),
            Item::Mod(m) => m
                .content
                .as_ref()
                .is_some_and(|(_, items)| items.iter().any(|item| self.holds_kept_impl(item))),
            _ => false,
        }
    }

    fn keeps_impl(&self, block: &ItemImpl) -> bool {
        let params: HashSet<String> = block
            .generics
            .type_params()
            .map(|p| p.ident.to_string())
            .collect();
        let mut header = idents_of(&block.self_ty);
        if let Some((path, _)) = &block.trait_ {
            header.extend(idents_of(path));
        }
        header
            .iter()
            .filter(|n| {
                !params.contains(*n) && (self.types.contains(*n) || self.traits.contains(*n))
            })
            .all(|n| self.names.contains(n))
    }

    /// An outside trait's impl keeps all its items, others those that are named.
    fn keeps_impl_item(&self, block: &ItemImpl, item: &ImplItem) -> bool {
        let outside_trait = block.trait_.as_ref().is_some_and(|(path, _)| {
            path.segments
                .last()
                .is_none_or(|s| !self.traits.contains(&s.ident.to_string()))
        });
        outside_trait || impl_item_ident(item).is_none_or(|i| self.uses(i))
    }

    fn keeps_trait_item(&self, item: &TraitItem) -> bool {
        trait_item_ident(item).is_none_or(|i| self.uses(i))
    }
}

/// Leaves out of `items` what `reach` does not keep.
pub(super) fn prune_unreached(items: &mut Vec<Item>, reach: &Reached) {
    items.retain(|item| reach.keeps(item));
    for item in items {
        match item {
            Item::Mod(m) => {
                if let Some((_, items)) = &mut m.content {
                    prune_unreached(items, reach);
                }
            }
            Item::Impl(block) => {
                let keep: Vec<bool> = block
                    .items
                    .iter()
                    .map(|m| reach.keeps_impl_item(block, m))
                    .collect();
                let mut keep = keep.into_iter();
                block.items.retain(|_| keep.next().unwrap_or(true));
            }
            Item::Trait(block) => block.items.retain(|m| reach.keeps_trait_item(m)),
            _ => {}
        }
    }
}
