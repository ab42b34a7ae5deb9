//! Small questions about syntax trees that the steps of the bundler share: the names of items,
//! the identifiers in tokens, where a node starts.

use proc_macro2::{Group, LineColumn, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::HashSet;
use syn::{ImplItem, Item, TraitItem};

/// The name an item defines, if it has one (`macro_rules!` included, `const _` not).
pub(super) fn item_ident(item: &Item) -> Option<&syn::Ident> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        Item::Mod(i) => &i.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident).filter(|i| *i != "_")
}

/// [`item_ident`] as a string.
pub(super) fn item_name(item: &Item) -> Option<String> {
    item_ident(item).map(ToString::to_string)
}

/// The name an impl's member defines (a method, constant or type), if it has one.
pub(super) fn impl_item_ident(item: &ImplItem) -> Option<&syn::Ident> {
    match item {
        ImplItem::Const(i) => Some(&i.ident),
        ImplItem::Fn(i) => Some(&i.sig.ident),
        ImplItem::Type(i) => Some(&i.ident),
        _ => None,
    }
}

/// The name a trait's member defines (a method, constant or type), if it has one.
pub(super) fn trait_item_ident(item: &TraitItem) -> Option<&syn::Ident> {
    match item {
        TraitItem::Const(i) => Some(&i.ident),
        TraitItem::Fn(i) => Some(&i.sig.ident),
        TraitItem::Type(i) => Some(&i.ident),
        _ => None,
    }
}

/// Every identifier in `tokens`, macro arguments and bodies included.
pub(super) fn idents(tokens: TokenStream, out: &mut HashSet<String>) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(i) => {
                let name = i.to_string();
                let name = name.strip_prefix("r#").map_or(name.clone(), str::to_string);
                out.insert(name);
            }
            TokenTree::Group(g) => idents(g.stream(), out),
            _ => {}
        }
    }
}

/// Every identifier in `node` (see [`idents`]).
pub(super) fn idents_of(node: &impl ToTokens) -> HashSet<String> {
    let mut out = HashSet::new();
    idents(node.to_token_stream(), &mut out);
    out
}

/// `tree`, the stream of a group passed through `f` (its delimiter and span kept).
pub(super) fn map_group(tree: &TokenTree, f: impl FnOnce(TokenStream) -> TokenStream) -> TokenTree {
    match tree {
        TokenTree::Group(g) => {
            let mut group = Group::new(g.delimiter(), f(g.stream()));
            group.set_span(g.span());
            TokenTree::Group(group)
        }
        tree => tree.clone(),
    }
}

/// Where the first token of `node` starts.
pub(super) fn start_of(node: &impl ToTokens) -> LineColumn {
    node.to_token_stream()
        .into_iter()
        .next()
        .map_or(LineColumn { line: 0, column: 0 }, |t| t.span().start())
}
