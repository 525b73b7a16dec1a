//! The command line across families: every command and its exit statuses, `check` and
//! `fuzz`, campaigns, `vectors`, hostile inputs, `play --explain`, `--json` and `-`
//! everywhere, `show`'s pictures, the viewer (`show --format html`, in headless chromium).
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

#[path = "../support/chromium.rs"]
mod chromium;

mod invocation;

mod campaign;
mod caps;
mod caps_sweep;
mod check_fuzz;
mod commands;
mod explain;
mod guarded;
mod hostile_inputs;
mod hostile_numbers;
mod hostile_paths;
mod scriptable;
mod show;
mod vectors;
mod viewer;
