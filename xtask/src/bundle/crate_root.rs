//! The names the binary and common put at the bundle's crate root, and the rule that they
//! do not meet.

use syn::{Item, UseTree};

use super::syntax::item_name;

/// Namespaces of a top-level name: types (and modules), values, macros.
pub(super) const TYPES: u8 = 1;
pub(super) const VALUES: u8 = 2;
pub(super) const MACROS: u8 = 4;

/// The top-level names `items` define or import, with their namespaces.
pub(super) fn top_names(items: &[Item]) -> Vec<(String, u8)> {
    let mut names = Vec::new();
    for item in items {
        let spaces = match item {
            Item::Use(u) => {
                use_names(&u.tree, None, &mut names);
                continue;
            }
            Item::ExternCrate(e) => {
                let ident = e.rename.as_ref().map_or(&e.ident, |(_, i)| i);
                names.push((ident.to_string(), TYPES));
                continue;
            }
            Item::Struct(s) if !matches!(s.fields, syn::Fields::Named(_)) => TYPES | VALUES,
            Item::Fn(_) | Item::Const(_) | Item::Static(_) => VALUES,
            Item::Macro(_) => MACROS,
            _ => TYPES,
        };
        names.extend(item_name(item).map(|n| (n, spaces)));
    }
    names
}

/// The names a `use` tree brings in; an import may be of any namespace.
fn use_names(tree: &UseTree, parent: Option<&syn::Ident>, out: &mut Vec<(String, u8)>) {
    let all = TYPES | VALUES | MACROS;
    match tree {
        UseTree::Path(p) => use_names(&p.tree, Some(&p.ident), out),
        UseTree::Name(n) if n.ident == "self" => out.extend(parent.map(|p| (p.to_string(), all))),
        UseTree::Name(n) => out.push((n.ident.to_string(), all)),
        UseTree::Rename(r) => out.push((r.rename.to_string(), all)),
        UseTree::Glob(_) => {}
        UseTree::Group(g) => g.items.iter().for_each(|t| use_names(t, parent, out)),
    }
}

/// Refuses a binary whose top-level names meet, in one namespace, `common` or one of `shared`,
/// the names common puts at the bundle's crate root.
pub(super) fn check_clashes(binary: &[Item], mut shared: Vec<(String, u8)>) -> Result<(), String> {
    shared.push(("common".to_string(), TYPES));
    for (name, spaces) in top_names(binary) {
        if shared.iter().any(|(n, s)| *n == name && s & spaces != 0) {
            let what = if name == "common" {
                "the module that re-exports common"
            } else {
                "a name common puts at the crate root (a module or an exported macro)"
            };
            return Err(format!(
                "the binary's top-level `{}` is also {}; the bundle puts both at its crate root, \
                 so one must be renamed (or imported under another name)",
                name, what
            ));
        }
    }
    Ok(())
}

/// The names of the `#[macro_export]` macros in `items`, at any depth.
pub(super) fn exported_macros(items: &[Item], out: &mut Vec<String>) {
    for item in items {
        match item {
            Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                out.extend(item_name(item))
            }
            Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    exported_macros(items, out);
                }
            }
            _ => {}
        }
    }
}
