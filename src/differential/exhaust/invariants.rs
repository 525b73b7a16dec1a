//! The invariants `graphgo exhaust` checks after every turn: what the sources state of
//! every position, checked of the position both sides agree on ([`invariant_violation`]).

use crate::game::{Colour, Equipment, Observation, Player, Setup, Turn};

/// The statements the sources make of every position after a turn, checked of the position
/// both sides agree on; the broken one's clause and why, if any.
/// - General Graph Go: `nrich:invariant`, no chain without a liberty stands on the board;
/// - Topological Go: `topo:RES2`, every coloured point lies in a stone, and `topo:RES3`,
///   the string of every stone is go-connected;
/// - MANGO: after a move (`mango:MOVE`, steps 3 and 4) no stone of either player that is
///   not alive (`mango:ALIVE`) is left; in particular none of the mover's;
/// - the directed rules: `dir:NOTE-pairs`, no isolated pair holds two stones, and after a
///   placement `dir:CAPTURE`, no stone of either colour without a liberty is left.
pub fn invariant_violation(setup: &Setup, turn: &Turn, after: &Observation) -> Option<String> {
    let position: imbl::Vector<Colour> = after.position.iter().copied().collect();
    match &setup.equipment {
        Equipment::Graph => (!crate::spec::nrich::invariant_holds(&setup.board, &position))
            .then(|| "nrich:invariant: a chain without a liberty stands on the board".to_string()),
        Equipment::Space(space) => {
            use crate::spec::topological as topo;
            if !topo::every_coloured_point_in_a_stone(space, &position) {
                return Some("topo:RES2: a coloured point lies in no stone".into());
            }
            (0..space.placements().len())
                .filter(|&s| topo::is_stone(&position, &space.placements()[s]))
                // string(s) under the space's reading 11 (`variants::topological`).
                .find(|&s| {
                    let string = crate::variants::topological::string(space, &position, s);
                    !topo::go_connected(space, &string)
                })
                .map(|s| {
                    format!(
                        "topo:RES3: the string of the stone {} is not go-connected",
                        space.placement_name(s)
                    )
                })
        }
        Equipment::Weights(_) => {
            if !matches!(turn, Turn::Move { .. }) {
                return None;
            }
            use crate::spec::mango;
            let state = mango::start(setup).ok()?.state;
            let config = mango::Configuration::of(&after.position);
            Player::BOTH.into_iter().find_map(|p| {
                let dead = mango::not_alive(&state.set, &config, p);
                (!dead.is_empty()).then(|| {
                    format!(
                        "mango:MOVE: {} of {}'s stones are not alive after a move",
                        dead.len(),
                        p.word()
                    )
                })
            })
        }
        Equipment::Arcs(arcs) => {
            use crate::spec::{directed, pairs};
            let name = |v: usize| setup.board.name(v).to_string();
            if let Some((p, q)) = pairs::isolated_pairs_of(arcs)
                .into_iter()
                .find(|&(p, q)| position[p] != Colour::Empty && position[q] != Colour::Empty)
            {
                return Some(format!(
                    "dir:NOTE-pairs: the isolated pair {}, {} holds two stones",
                    name(p),
                    name(q)
                ));
            }
            // After a placement every stone without a liberty was removed, the opponent's
            // and then the mover's (dir:CAPTURE).
            if !matches!(turn, Turn::Move { .. }) {
                return None;
            }
            [Colour::Black, Colour::White]
                .into_iter()
                .find_map(|colour| {
                    let dead = directed::without_liberties(arcs, &position, colour);
                    dead.iter().next().map(|&v| {
                        format!(
                            "dir:CAPTURE: the stone on {} has no liberty after a placement",
                            name(v)
                        )
                    })
                })
        }
    }
}
