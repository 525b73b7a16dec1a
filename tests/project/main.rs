//! The project's own laws: the clause register traced, the documents' links and citations, no
//! machine paths, the layering, the length of the files of `src/`.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

mod clauses;
mod docs;
mod laws;
mod layers;
mod lengths;
mod skeleton;
