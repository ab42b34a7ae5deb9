//! Reading the binary's and common's sources: parsed, without tests and doc comments, with
//! the files of their modules inlined.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use std::fs;
use std::path::Path;
use syn::{File, Item};

use super::package::{with_package, Package};
use super::syntax::map_group;

/// Reads and parses the module file `path`, leaves out its tests and doc comments, writes out
/// the `env!` calls of `package` (the binary's; see [`with_package`]) and inlines the files
/// of the modules it declares (`mod x;`), recursively.
pub(super) fn load(path: &Path, package: Option<&Package>) -> Result<File, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {}", path.display(), e))?;
    let mut tokens: TokenStream = text
        .parse()
        .map_err(|e| format!("cannot parse {}: {}", path.display(), e))?;
    if let Some(package) = package {
        tokens = with_package(tokens, package);
    }
    let mut file: File = syn::parse2(without_docs(tokens))
        .map_err(|e| format!("cannot parse {}: {}", path.display(), e))?;
    drop_tests(&mut file.items);
    // The folder of the files of its modules: that of `main.rs`, `lib.rs` and `mod.rs`, else
    // `x/` beside `x.rs`.
    let parent = path.parent().unwrap_or_else(|| Path::new(""));
    let dir = match path.file_stem().and_then(|s| s.to_str()) {
        Some("main" | "lib" | "mod") | None => parent.to_path_buf(),
        Some(stem) => parent.join(stem),
    };
    inline_modules(&mut file.items, &dir, parent, package)?;
    Ok(file)
}

/// Replaces each `mod x;` in `items` by `mod x { ... }` with the contents of its file: `x.rs`
/// or `x/mod.rs` under `dir`, or its `#[path]` from `base` (the file's folder at the top of
/// a file, `dir` inside an inline module).
fn inline_modules(
    items: &mut [Item],
    dir: &Path,
    base: &Path,
    package: Option<&Package>,
) -> Result<(), String> {
    for item in items {
        let Item::Mod(module) = item else { continue };
        let name = module.ident.to_string();
        let path_attr = module.attrs.iter().position(|a| a.path().is_ident("path"));
        match &mut module.content {
            Some((_, items)) => {
                let dir = dir.join(&name);
                inline_modules(items, &dir, &dir, package)?
            }
            None => {
                let path = match path_attr {
                    Some(i) => {
                        let attr = module.attrs.remove(i);
                        match &attr.meta {
                            syn::Meta::NameValue(syn::MetaNameValue {
                                value:
                                    syn::Expr::Lit(syn::ExprLit {
                                        lit: syn::Lit::Str(s),
                                        ..
                                    }),
                                ..
                            }) => base.join(s.value()),
                            _ => {
                                return Err(format!("mod {}: a #[path] that is not a string", name))
                            }
                        }
                    }
                    None => {
                        let flat = dir.join(format!("{}.rs", name));
                        if flat.is_file() {
                            flat
                        } else {
                            dir.join(&name).join("mod.rs")
                        }
                    }
                };
                let file = load(&path, package)?;
                module.attrs.extend(file.attrs);
                module.content = Some((Default::default(), file.items));
                module.semi = None;
            }
        }
    }
    Ok(())
}

/// `tokens` without doc comments (`#[doc]`, `#![doc]`) and `#[cfg_attr(test, ...)]`, at any
/// depth.
fn without_docs(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < trees.len() {
        if matches!(&trees[i], TokenTree::Punct(p) if p.as_char() == '#') {
            let inner = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
            let at = i + 1 + usize::from(inner);
            if let Some(TokenTree::Group(g)) = trees.get(at) {
                let mut attr = g.stream().into_iter();
                let dropped = match (attr.next(), attr.next()) {
                    (Some(TokenTree::Ident(name)), _) if name == "doc" => true,
                    (Some(TokenTree::Ident(name)), Some(TokenTree::Group(args))) => {
                        name == "cfg_attr"
                            && matches!(args.stream().into_iter().next(), Some(TokenTree::Ident(t)) if t == "test")
                    }
                    _ => false,
                };
                if g.delimiter() == Delimiter::Bracket && dropped {
                    i = at + 1;
                    continue;
                }
            }
        }
        out.push(map_group(&trees[i], without_docs));
        i += 1;
    }
    out.into_iter().collect()
}

/// Leaves out tests, the items under `#[cfg(test)]` or `#[test]`, in modules, impls and traits.
fn drop_tests(items: &mut Vec<Item>) {
    items.retain(|item| !is_test(item));
    for item in items {
        match item {
            Item::Mod(m) => {
                if let Some((_, items)) = &mut m.content {
                    drop_tests(items);
                }
            }
            Item::Impl(block) => block.items.retain(|item| !is_test(item)),
            Item::Trait(block) => block.items.retain(|item| !is_test(item)),
            _ => {}
        }
    }
}

/// True for a test: an item under `#[cfg(test)]` or `#[test]` (not `#[cfg(not(test))]`).
fn is_test(item: &impl ToTokens) -> bool {
    let tokens: Vec<TokenTree> = item.to_token_stream().into_iter().collect();
    tokens
        .chunks(2)
        .take_while(
            |t| matches!(t, [TokenTree::Punct(p), TokenTree::Group(_)] if p.as_char() == '#'),
        )
        .any(|t| {
            matches!(
                t[1].to_string().replace(' ', "").as_str(),
                "[test]" | "[cfg(test)]"
            )
        })
}
