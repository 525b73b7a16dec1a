//! `graphgo vectors`: conformance vectors checked, written from a record, generated.

use super::{fail, fail_as, VectorsAction};
use graphgo::io::record::Record;
use std::path::Path;
use std::process::ExitCode;

pub(super) fn vectors(action: VectorsAction) -> ExitCode {
    use graphgo::conformance::vectors;
    use graphgo::differential::compare;
    compare::quiet_panics_in_sides();
    let (spec, engine) = (compare::reference(), compare::engine());
    match action {
        VectorsAction::Check { dir, json } => {
            let loaded = match vectors::load_dir(&dir) {
                Ok(v) => v,
                Err(e) => return fail_as(json, None, e),
            };
            if loaded.is_empty() {
                return fail_as(
                    json,
                    None,
                    format!("{}: no vector files (.yaml, .yml, .json)", dir.display()),
                );
            }
            // One vector at a time, so that SIGINT or SIGTERM stops with the summary of
            // those checked: the derivations ask the flag at every turn (each vector is
            // within the cap on its work, `caps::Work::Vector`), and the vector a signal
            // interrupted is left out of the summary.
            let signals = graphgo::differential::findings::Signals::watch();
            let mut summary = vectors::check_all(&[&*spec, &*engine], &[]);
            for one in loaded.chunks(1) {
                if signals.caught().is_some() {
                    break;
                }
                let part = vectors::check_all(&[&*spec, &*engine], one);
                if signals.caught().is_some() {
                    break;
                }
                summary.runs.extend(part.runs);
            }
            if json {
                let value = summary.to_json(loaded.len(), signals.name().as_deref());
                graphgo::outln!("{value:#}");
            } else {
                graphgo::out!("{}", summary.text());
            }
            if let (Some(status), Some(name)) = (signals.exit_status(), signals.name()) {
                // With --json the object's `stopped` and counts say it.
                if !json {
                    graphgo::outln!(
                        "stopped by {name} after {} of {} vectors",
                        summary.runs.len(),
                        loaded.len()
                    );
                }
                return ExitCode::from(status);
            }
            if summary.failed() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        VectorsAction::New {
            record,
            out,
            id,
            clauses,
            note,
            why,
            checked,
        } => {
            let shown = record.display();
            let (rec, game) = match Record::load(&record).and_then(|r| r.game().map(|g| (r, g))) {
                Ok(x) => x,
                Err(e) if e.0.starts_with(&shown.to_string()) => return fail(e),
                Err(e) => return fail(format!("{shown}: {e}")),
            };
            let id = id.unwrap_or_else(|| {
                record
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            });
            let draft = vectors::Draft {
                id,
                why,
                clauses,
                checked: Some(checked.unwrap_or_else(|| "spec and engine".into())),
                source: Some(format!("graphgo vectors new {shown}")),
                note,
            };
            let vector = match vectors::write_vector(&*spec, &[&*engine], &rec, &game, draft) {
                Ok(v) => v,
                Err(e) if e.contains("disagree") => {
                    graphgo::errln!("graphgo: {shown}: {e}");
                    return ExitCode::from(1);
                }
                Err(e) => return fail(format!("{shown}: {e}")),
            };
            let text = vector.to_yaml();
            if text.len() as u64 > vectors::MAX_VECTOR_BYTES {
                return fail(format!(
                    "{shown}: the vector would have {} bytes, over the cap of {} bytes for a vector file (vectors check reads none bigger)",
                    text.len(),
                    vectors::MAX_VECTOR_BYTES
                ));
            }
            match out {
                None => graphgo::out!("{text}"),
                Some(path) => {
                    if let Err(e) = graphgo::io::output::write(&path, &text) {
                        graphgo::errln!("graphgo: --out {e}");
                        return ExitCode::from(e.status());
                    }
                    graphgo::outln!("wrote {}", path.display());
                }
            }
            ExitCode::SUCCESS
        }
        VectorsAction::Generate { dir } => {
            if let Err(e) = graphgo::differential::findings::Store::open(&dir) {
                return fail(e);
            }
            let signals = graphgo::differential::findings::Signals::watch();
            let cases = vectors::families::cases(&*spec, &*engine);
            let mut written = 0;
            let stopped = |written: usize| {
                let (status, name) = (signals.exit_status()?, signals.name()?);
                graphgo::outln!(
                    "wrote {written} of {} vectors to {}; stopped by {name}",
                    cases.len(),
                    dir.display()
                );
                Some(ExitCode::from(status))
            };
            for c in &cases {
                // Between two files: each one is whole or not there.
                if let Some(status) = stopped(written) {
                    return status;
                }
                let v = match vectors::families::build(&*spec, &*engine, c) {
                    Ok(v) => v,
                    Err(e) => {
                        // A derivation the signal stopped is not a failure of the vectors.
                        if let Some(status) = stopped(written) {
                            return status;
                        }
                        graphgo::errln!("graphgo: vectors generate: {e}");
                        return ExitCode::from(1);
                    }
                };
                // DIR/<family>/<rule>/<id>.yaml (`vectors::layout`); `build` refused an id
                // without a place.
                let Some(relative) = vectors::layout::relative_path(&v.head.id) else {
                    graphgo::errln!("graphgo: vectors generate: {}: no place", v.head.id);
                    return ExitCode::from(1);
                };
                // The folders below DIR are made here, one level at a time, and one that is a
                // file or a link is refused: the vectors go inside DIR and nowhere else.
                let mut folder = dir.clone();
                for part in relative.parent().into_iter().flat_map(Path::components) {
                    folder.push(part);
                    match std::fs::symlink_metadata(&folder) {
                        Ok(m) if m.is_dir() => {}
                        Ok(_) => {
                            graphgo::errln!(
                                "graphgo: vectors generate: {}: a file or a link, not a folder of {}",
                                folder.display(),
                                dir.display()
                            );
                            return ExitCode::from(2);
                        }
                        Err(_) => {
                            if let Err(e) = std::fs::create_dir(&folder) {
                                graphgo::errln!(
                                    "graphgo: {}: cannot create: {e}",
                                    folder.display()
                                );
                                return ExitCode::from(4);
                            }
                        }
                    }
                }
                let path = dir.join(relative);
                if let Err(e) = graphgo::io::atomic_file::write_atomically(&path, &v.to_yaml()) {
                    graphgo::errln!("graphgo: {}: cannot write: {e}", path.display());
                    return ExitCode::from(4);
                }
                written += 1;
            }
            graphgo::outln!("wrote {written} vectors to {}", dir.display());
            ExitCode::SUCCESS
        }
    }
}
