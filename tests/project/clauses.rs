//! The clause ids as values (`graphgo::game::clause`) and the register `spec/CLAUSES.md`
//! are one list: every id of the register reads as a clause of its family, and every clause
//! of the five families is in the register; every option of a record (`game::Options`) has
//! its `option:` id.

use std::collections::BTreeSet;
use std::path::PathBuf;

use graphgo::game::clause::{Clause, RuleOption};
use graphgo::game::Options;

/// The first cell of every row of the register's tables, `` | `id` | ``.
fn register_ids() -> BTreeSet<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("spec/CLAUSES.md")).unwrap();
    text.lines()
        .filter_map(|line| {
            let cell = line.strip_prefix("| `")?;
            Some(cell[..cell.find('`')?].to_string())
        })
        .collect()
}

#[test]
fn every_register_id_is_a_clause_value_and_every_clause_value_is_in_the_register() {
    let register = register_ids();
    assert_eq!(register.len(), 61, "{register:?}");
    for id in &register {
        let clause = Clause::parse(id).unwrap_or_else(|| panic!("{id} has no clause value"));
        assert_eq!(clause.id(), id);
        assert!(!matches!(clause, Clause::Option(_)), "{id}");
    }
    let values: BTreeSet<String> = Clause::all()
        .filter(|c| !matches!(c, Clause::Option(_)))
        .map(|c| c.id().to_string())
        .collect();
    assert_eq!(values, register);
}

#[test]
fn every_option_of_a_record_has_its_id() {
    let fields: BTreeSet<String> = serde_json::to_value(Options::default())
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .map(|k| format!("option:{k}"))
        .collect();
    let ids: BTreeSet<String> = RuleOption::ALL.iter().map(|o| o.id().to_string()).collect();
    assert_eq!(fields, ids);
    for id in &ids {
        assert_eq!(Clause::parse(id).map(Clause::id), Some(id.as_str()));
    }
}
