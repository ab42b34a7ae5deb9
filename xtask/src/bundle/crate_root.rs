//! The names the binary and the libraries it uses put at the bundle's crate root, and the
//! rule that they do not meet.

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

/// The names at the bundle's crate root so far, each with its namespaces and what it is there.
#[derive(Default)]
pub(super) struct CrateRoot(Vec<(String, u8, String)>);

impl CrateRoot {
    /// Puts `names` at the crate root, as `what`; `whose` says whose names they are, for the
    /// error. Refuses a name that meets, in one namespace, one put there before.
    pub(super) fn place(
        &mut self,
        names: Vec<(String, u8)>,
        whose: &str,
        what: &str,
    ) -> Result<(), String> {
        let before = self.0.len();
        for (name, spaces) in names {
            let met = self.0[..before]
                .iter()
                .find(|(n, s, _)| *n == name && s & spaces != 0);
            if let Some((_, _, there)) = met {
                return Err(format!(
                    "{} `{}` is also {}; the bundle puts both at its crate root, so one must be \
                     renamed (or imported under another name)",
                    whose, name, there
                ));
            }
            self.0.push((name, spaces, what.to_string()));
        }
        Ok(())
    }
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
