//! Step 2 of the bundler (see the module doc of `bundle`): the bundle checked by rustc as a
//! judge builds it, and what rustc reports unused removed, round after round until it is
//! silent.

use std::fs;
use syn::{File, Item};

use super::rustc::rustc_warnings;
use super::unused::UnusedRemoval;

/// Rounds of the rustc check: each removes what the previous left unused; two or three do.
const MAX_ROUNDS: usize = 10;

/// Step 2 of the module doc of `bundle`: prints `file`, removes what rustc reports unused, until rustc
/// reports nothing. The printed bundle, indented with spaces.
pub(super) fn prune_with_rustc(mut file: File) -> Result<String, String> {
    let dir =
        std::env::temp_dir().join(format!("xtask-bundle-{}-{}", std::process::id(), unique()));
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    let result = (|| {
        let mut removed = false;
        for _ in 0..MAX_ROUNDS {
            let text = prettyplease::unparse(&file);
            let warnings = rustc_warnings(&text, &dir, "2021", removed)?;
            if warnings.is_empty() {
                if drop_empty_modules(&mut file.items) {
                    continue;
                }
                let older = rustc_warnings(&text, &dir, "2018", false)
                    .map_err(|e| format!("under edition 2018, {}", e))?;
                if let Some(w) = older.first() {
                    return Err(format!(
                        "rustc warns on the bundle under edition 2018:\n{}",
                        w.rendered
                    ));
                }
                return Ok(text);
            }
            file =
                syn::parse_file(&text).map_err(|e| format!("cannot reparse the bundle: {}", e))?;
            if let Some(w) = warnings.iter().find(|w| {
                !matches!(
                    w.code.as_str(),
                    "dead_code" | "unused_imports" | "unused_macros" | "E0432"
                )
            }) {
                return Err(format!("rustc warns on the bundle:\n{}", w.rendered));
            }
            let mut removal = UnusedRemoval::new(&warnings);
            removal.remove_from(&mut file.items);
            if removal.acted_on == 0 {
                let all: Vec<&str> = warnings.iter().map(|w| w.rendered.as_str()).collect();
                return Err(format!("rustc warns on the bundle:\n{}", all.concat()));
            }
            removal.remove_from_trait_impls(&mut file.items);
            removed = true;
        }
        Err(format!("rustc still warns after {} rounds", MAX_ROUNDS))
    })();
    let _ = fs::remove_dir_all(&dir);
    result
}

/// Removes the modules left empty, at any depth; true if there were any.
fn drop_empty_modules(items: &mut Vec<Item>) -> bool {
    let before = items.len();
    let mut inner = false;
    items.retain_mut(|item| match item {
        Item::Mod(m) => match &mut m.content {
            Some((_, items)) => {
                inner |= drop_empty_modules(items);
                !items.is_empty()
            }
            None => true,
        },
        _ => true,
    });
    inner || items.len() != before
}

/// A number unique within this process, for scratch folders of concurrent bundles.
fn unique() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
