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
        // A clause is written as the register writes it.
        assert_eq!(clause.to_string(), *id);
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

/// A clause compares equal to a rule option exactly when it is that option: the refusals of
/// the wrappers (`Illegal::clause`) are compared with options this way.
#[test]
fn a_clause_equals_an_option_only_when_it_is_that_option() {
    use graphgo::game::clause::Ggg;
    for &option in RuleOption::ALL {
        for &other in RuleOption::ALL {
            assert_eq!(
                Clause::Option(other) == option,
                other == option,
                "{other:?} {option:?}"
            );
        }
        assert!(Clause::from(option) == option);
        // ggg1:3, the source's repetition rule, is not the record's repetition option.
        assert!(Clause::Ggg(Ggg::V1R3) != option, "{option:?}");
    }
}

/// `Clause::is_played`: the register's rows that state an example, a result or a note
/// (`ggg2:example`, `topo:EX2`, `topo:RES1`-`RES3`, `dir:NOTE-pass`, `dir:NOTE-pairs`,
/// `mango:EX19`, `mango:EXINF`: a diagram, a worked case, a theorem about a space, a remark)
/// describe no turn; the clauses a game's start and turns apply are played.
#[test]
fn the_examples_results_and_notes_are_not_played_and_a_games_clauses_are() {
    use graphgo::board::Board;
    use graphgo::game::clause::Ggg;
    use graphgo::game::trace::clauses_of;
    use graphgo::game::{Player, RuleId, Setup, Turn};
    use graphgo::spec::ggg;
    for id in [
        "ggg2:example",
        "topo:EX2",
        "topo:RES1",
        "topo:RES2",
        "topo:RES3",
        "dir:NOTE-pass",
        "dir:NOTE-pairs",
        "mango:EX19",
        "mango:EXINF",
    ] {
        assert!(!Clause::parse(id).unwrap().is_played(), "{id}");
    }
    // A game of ggg1 on the path 1-2-3: Black at 1, White at 2 (Black's 1 loses its last
    // liberty and is removed), then both pass: the start, moves, a removal, passes, the end.
    let setup = Setup::new(RuleId::Ggg1, Board::path(3).unwrap());
    let mut state = ggg::start(&setup).unwrap();
    let mut applied = state.applied.clone();
    for turn in [
        Turn::Move {
            player: Player::Black,
            at: 0,
        },
        Turn::Move {
            player: Player::White,
            at: 1,
        },
        Turn::Pass {
            player: Player::Black,
        },
        Turn::Pass {
            player: Player::White,
        },
    ] {
        state = ggg::turn(&state.state, &turn).unwrap();
        applied.extend(state.applied.iter().cloned());
        // `Played::applies`: every turn applies ggg1:2 (a move or a pass); a move, and only
        // a move, is tested against the earlier colourings by ggg1:3; no turn applies the
        // text's diagram.
        let is_move = matches!(turn, Turn::Move { .. });
        assert!(state.applies(Ggg::V1R2), "{turn:?}");
        assert_eq!(state.applies(Ggg::V1R3), is_move, "{turn:?}");
        assert!(!state.applies(Ggg::V2Example), "{turn:?}");
    }
    // In order of first use: the equipment (ggg1:0), a turn (ggg1:2), a move's colouring is
    // new (ggg1:3), a group without liberties (ggg1:1) removed, two passes end it (ggg1:4).
    let played = clauses_of(&applied);
    let ids: Vec<&str> = played.iter().map(|c| c.id()).collect();
    assert_eq!(ids, ["ggg1:0", "ggg1:2", "ggg1:3", "ggg1:1", "ggg1:4"]);
    for clause in played {
        assert!(clause.is_played(), "{clause}");
    }
    // A player with no move (ggg2:4): on a single vertex Black's only move removes its own
    // stone and gives the bare colouring again, which ggg1:3 forbids; the trace's clauses
    // name that refusal too.
    let single = Setup::new(RuleId::Ggg2, Board::path(1).unwrap());
    let started = ggg::start(&single).unwrap();
    assert!(started.state.result.is_some());
    let ids: Vec<&str> = clauses_of(&started.applied)
        .iter()
        .map(|c| c.id())
        .collect();
    assert!(ids.contains(&"ggg2:4"), "{ids:?}");
    assert!(ids.contains(&"ggg1:3"), "{ids:?}");
}
