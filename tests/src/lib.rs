//! Helpers for the integration tests in `tests/tests`: where the fixtures are, and the four
//! binaries, freshly built.
