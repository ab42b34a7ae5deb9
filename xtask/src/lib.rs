//! Project tooling as a library: what the tests call ([`bundle`]) besides `cargo xtask`.

pub mod bundle;
mod captures;

pub use testkit::workspace_root;
