//! Removing from a parsed bundle what rustc's warnings point at, and what goes with it.

use proc_macro2::{Delimiter, LineColumn, TokenStream, TokenTree};
use syn::{Attribute, Item, UseTree};

use super::rustc::Warning;
use super::syntax::{
    idents_of, impl_item_ident, item_ident, map_group, start_of, trait_item_ident,
};

/// Removes from a parsed bundle what rustc's warnings point at.
pub(super) struct UnusedRemoval {
    /// The spans of unused imports.
    imports: Vec<(LineColumn, LineColumn)>,
    /// Where the names of unused items start.
    dead: Vec<LineColumn>,
    /// The removed items of traits: (trait, item), to remove from the trait's impls too.
    removed_trait_items: Vec<(String, String)>,
    /// How many warnings were acted on.
    pub(super) acted_on: usize,
}

impl UnusedRemoval {
    pub(super) fn new(warnings: &[Warning]) -> UnusedRemoval {
        let mut fix = UnusedRemoval {
            imports: Vec::new(),
            dead: Vec::new(),
            removed_trait_items: Vec::new(),
            acted_on: 0,
        };
        for w in warnings {
            if w.code == "unused_imports" || w.code == "E0432" {
                fix.imports.extend(&w.spans);
            } else {
                fix.dead.extend(w.spans.iter().map(|s| s.0));
            }
        }
        fix
    }

    /// Whether rustc reported the item named by `ident` unused; counts it as acted on if so.
    fn is_unused(&mut self, ident: &syn::Ident) -> bool {
        let dead = self.dead.contains(&ident.span().start());
        self.acted_on += usize::from(dead);
        dead
    }

    pub(super) fn remove_from(&mut self, items: &mut Vec<Item>) {
        let mut removed_types = Vec::new();
        items.retain_mut(|item| {
            if let Some(ident) = item_ident(item) {
                if self.is_unused(ident) {
                    removed_types.push(ident.to_string());
                    return false;
                }
            }
            match item {
                Item::Use(u) => self.prune_import(&mut u.tree),
                Item::Mod(m) => {
                    if let Some((_, items)) = &mut m.content {
                        self.remove_from(items);
                    }
                    true
                }
                Item::Impl(block) => {
                    block
                        .items
                        .retain(|m| !impl_item_ident(m).is_some_and(|i| self.is_unused(i)));
                    !(block.items.is_empty() && block.trait_.is_none())
                }
                Item::Trait(block) => {
                    let name = block.ident.to_string();
                    block.items.retain(|m| {
                        let Some(ident) = trait_item_ident(m) else {
                            return true;
                        };
                        if !self.is_unused(ident) {
                            return true;
                        }
                        self.removed_trait_items
                            .push((name.clone(), ident.to_string()));
                        false
                    });
                    true
                }
                Item::Struct(s) => {
                    self.allow_dead_fields(&mut s.fields);
                    true
                }
                Item::Enum(e) => {
                    for v in &mut e.variants {
                        if self.is_unused(&v.ident) {
                            allow_dead_code(&mut v.attrs);
                        }
                        self.allow_dead_fields(&mut v.fields);
                    }
                    true
                }
                _ => true,
            }
        });
        // A removed type takes its impls along.
        items.retain(|item| match item {
            Item::Impl(block) => {
                let header = idents_of(&block.self_ty);
                !removed_types.iter().any(|t| header.contains(t))
                    && !block.trait_.as_ref().is_some_and(|(p, _)| {
                        p.segments
                            .last()
                            .is_some_and(|s| removed_types.contains(&s.ident.to_string()))
                    })
            }
            _ => true,
        });
    }

    fn allow_dead_fields(&mut self, fields: &mut syn::Fields) {
        for field in fields.iter_mut() {
            let start = match &field.ident {
                Some(ident) => ident.span().start(),
                None => start_of(&field.ty),
            };
            if self.dead.contains(&start) {
                self.acted_on += 1;
                allow_dead_code(&mut field.attrs);
            }
        }
    }

    /// Removes the unused leaves of an import; false when none is left.
    fn prune_import(&mut self, tree: &mut UseTree) -> bool {
        let start = match tree {
            UseTree::Path(p) => return self.prune_import(&mut p.tree),
            UseTree::Group(g) => {
                let mut items: Vec<UseTree> = std::mem::take(&mut g.items).into_iter().collect();
                items.retain_mut(|t| self.prune_import(t));
                if items.len() == 1 {
                    *tree = items.pop().expect("one import");
                    return true;
                }
                g.items = items.into_iter().collect();
                return !g.items.is_empty();
            }
            UseTree::Name(n) => n.ident.span().start(),
            UseTree::Rename(r) => r.ident.span().start(),
            UseTree::Glob(g) => g.star_token.spans[0].start(),
        };
        let unused = self.imports.iter().any(|(from, to)| {
            (from.line, from.column) <= (start.line, start.column)
                && (start.line, start.column) < (to.line, to.column)
        });
        self.acted_on += usize::from(unused);
        !unused
    }

    /// Removes the removed items of traits from the traits' impls, anywhere in `items`, those
    /// that `macro_rules!` bodies naming the trait write out included.
    pub(super) fn remove_from_trait_impls(&self, items: &mut [Item]) {
        for item in items {
            match item {
                Item::Macro(m) if m.ident.is_some() => {
                    let named = idents_of(&m.mac.tokens);
                    for (_, member) in self
                        .removed_trait_items
                        .iter()
                        .filter(|(t, _)| named.contains(t))
                    {
                        m.mac.tokens = without_member(m.mac.tokens.clone(), member);
                    }
                }
                Item::Mod(m) => {
                    if let Some((_, items)) = &mut m.content {
                        self.remove_from_trait_impls(items);
                    }
                }
                Item::Impl(block) => {
                    let Some(name) = block
                        .trait_
                        .as_ref()
                        .and_then(|(p, _)| p.segments.last())
                        .map(|s| s.ident.to_string())
                    else {
                        continue;
                    };
                    block.items.retain(|m| {
                        impl_item_ident(m).is_none_or(|i| {
                            !self
                                .removed_trait_items
                                .iter()
                                .any(|(t, n)| *t == name && i == n)
                        })
                    });
                }
                _ => {}
            }
        }
    }
}

/// Adds `#[allow(dead_code)]` to `attrs`: for a field or variant that only left-out code reads.
fn allow_dead_code(attrs: &mut Vec<Attribute>) {
    attrs.push(syn::parse_quote!(#[allow(dead_code)]));
}

/// `tokens` without the definitions of `fn name`, `const name` and `type name` (with their
/// attributes) at any depth: a trait member written out in a macro's body.
fn without_member(tokens: TokenStream, name: &str) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let is = |k: usize, word: &str| matches!(trees.get(k), Some(TokenTree::Ident(i)) if i == word);
    let mut out = Vec::new();
    let mut i = 0;
    while i < trees.len() {
        let mut j = i;
        while matches!(trees.get(j), Some(TokenTree::Punct(p)) if p.as_char() == '#')
            && matches!(trees.get(j + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket)
        {
            j += 2;
        }
        let end = if is(j, "fn") && is(j + 1, name) {
            (j + 2..trees.len()).find(
                |&k| matches!(&trees[k], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace),
            )
        } else if (is(j, "const") || is(j, "type")) && is(j + 1, name) {
            (j + 2..trees.len())
                .find(|&k| matches!(&trees[k], TokenTree::Punct(p) if p.as_char() == ';'))
        } else {
            None
        };
        match end {
            Some(end) => i = end + 1,
            None => {
                out.push(map_group(&trees[i], |inner| without_member(inner, name)));
                i += 1;
            }
        }
    }
    out.into_iter().collect()
}
