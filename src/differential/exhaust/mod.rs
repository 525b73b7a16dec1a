//! Exhaustive small-scope checking (`graphgo exhaust`): the transcription against the
//! engine on *every* game up to a depth on *every* small board of each family, where the
//! random campaign (`graphgo fuzz`) samples.
//!
//! What is enumerated (each list is built here, not typed in; the counts are checked against
//! the published ones in the tests):
//! - General Graph Go: every graph on 1 to k vertices up to isomorphism (1, 2, 4, 11, 34,
//!   156, 1044 graphs), and the grids and tori up to 3x3, under every rule setup of
//!   [`graph_rule_setups`];
//! - Topological Go: every go-space on 1 to k points up to relabelling the points, that is
//!   every topology with every family of non-empty open sets as its placements, under both
//!   endings, the three readings of the empty string and the four repetition rules;
//! - MANGO: paths and the triangle on up to 3 points, every weighting from {1, 2, -1}, and a
//!   few thresholds;
//! - the directed rules: every digraph on 1 to k vertices up to isomorphism (1, 3, 16, 218).
//!
//! For each setup the walk plays every legal turn (the list both sides agree on) from
//! every position reached, to a depth, comparing everything after every turn through the
//! comparer ([`crate::differential::compare::Session`]); it also gives both sides every move the list
//! leaves out (an occupied vertex, a repetition, a self-capture) so that refusals and their
//! clauses are compared. A divergence is shrunk by [`crate::differential::compare::shrink`] and written as
//! a record. After every turn the invariants the sources state are checked of the agreed
//! position ([`invariant_violation`]). Positions reached by several paths are explored once
//! where the rules make their futures the same (`walk.rs` says exactly what is merged).
//!
//! One concern a file:
//! - `enumerate.rs`: the small boards up to isomorphism (graphs, digraphs, go-spaces);
//! - `scope.rs`: the families, how far each is walked ([`Reach`], [`Scope`]), the rule
//!   setups of a board and the items of a run;
//! - `invariants.rs`: what the sources state of every position ([`invariant_violation`]);
//! - `walk.rs`: the walk of one setup, merging, findings, and a run over a scope ([`run`]);
//! - this file: the command.

mod enumerate;
mod invariants;
mod scope;
mod walk;

pub use enumerate::{
    digraphs_up_to_isomorphism, go_spaces_up_to_relabelling, graphs_up_to_isomorphism, open_sets,
    permutations, topologies, SmallGoSpace,
};
pub use invariants::invariant_violation;
pub use scope::{
    graph_rule_setups, items, parse_reach, Family, Item, Reach, Scope, MAX_REACH_DEPTH,
};
pub use walk::{run, walk, Coverage, ExhaustFinding, ExhaustReport, Run};

use std::path::PathBuf;

use crate::differential::compare;

/// `graphgo exhaust`: reads the arguments, runs, prints the coverage and the findings.
/// Exit status 0 when nothing is found, 1 otherwise, 2 for bad arguments.
pub fn command(
    scope: &str,
    families: &[String],
    reaches: &[String],
    shard: Option<&str>,
    out: PathBuf,
    shrink_budget: usize,
) -> std::process::ExitCode {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::process::ExitCode;
    let bad = |m: String| {
        crate::errln!("graphgo exhaust: {m}");
        ExitCode::from(2)
    };
    let mut scope = match scope {
        "ci" => Scope::ci(),
        "long" => Scope::long(),
        other => return bad(format!("--scope '{other}' is not ci or long")),
    };
    if !families.is_empty() {
        let mut chosen = Vec::new();
        for f in families {
            match Family::parse(f) {
                Some(x) => chosen.push(x),
                None => {
                    return bad(format!(
                    "--families: '{f}' is not a family (graphs, lattices, spaces, mango, directed)"
                ))
                }
            }
        }
        scope.families.retain(|(f, _)| chosen.contains(f));
    }
    if !reaches.is_empty() {
        scope.families.clear();
        for r in reaches {
            match parse_reach(r) {
                Ok(x) => scope.families.push(x),
                Err(e) => return bad(e),
            }
        }
    }
    let shard = match crate::differential::shard::shard_from_env_or_flag(shard) {
        Ok(choice) => choice.shard,
        Err(e) => return bad(e),
    };
    let (a, b) = (compare::reference(), compare::engine());
    let run_settings = Run {
        scope,
        shard,
        out: Some(out.clone()),
        shrink_budget,
        max_findings: 20,
        a: &*a,
        b: &*b,
    };
    crate::errln!(
        "graphgo exhaust: {} vs {}, shard {}/{}; findings go to {}/",
        a.name(),
        b.name(),
        shard.index,
        shard.count,
        out.display()
    );
    let bar = ProgressBar::new(0);
    if std::env::var_os("CI").is_some() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} setups {elapsed}")
            .expect("a fixed template")
            .progress_chars("=> "),
    );
    compare::quiet_panics_in_sides();
    let report = run(&run_settings, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    for line in report.lines() {
        crate::outln!("{line}");
    }
    for f in &report.findings {
        crate::outln!("FINDING in {} ({}):", f.label, f.family.name());
        for line in f.text.lines() {
            crate::outln!("  {line}");
        }
        if let Some(path) = &f.file {
            crate::outln!("  written to {}", path.display());
        }
    }
    if report.findings.is_empty() {
        crate::outln!("no divergence, no broken invariant");
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
