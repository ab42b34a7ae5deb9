//! Project tooling as a library: what the tests call ([`bundle`]) besides `cargo xtask`.

pub mod bundle;

pub use testkit::workspace_root;
