//! Project tooling as a library: what the tests call ([`bundle`]) besides `cargo xtask`.

pub mod bundle;

use std::path::PathBuf;

/// The workspace root: the folder above this crate.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}
