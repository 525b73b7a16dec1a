//! The behaviour groups of the report (its columns, [`Group`]) and how a disagreement is
//! placed in one ([`classify`], [`group_of_finding`], the table [`GROUPS`] the report prints).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::conformance::decisive::{free_setup, Situation};
use crate::differential::compare::{Difference, Divergence};
use crate::engine::Engine;
use crate::game::{Colour, Options, Player, Repetition, RuleSet, SelfCapture, Setup, Turn};
use crate::io::record::Game;

/// The behaviour groups of the report, in its column order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Group {
    Capture,
    LoneSelfCapture,
    MultiSelfCapture,
    SimpleKo,
    PositionalSuperko,
    SituationalSuperko,
    PassesAndEnd,
    Scoring,
    SetupAndHandicap,
    TurnOrder,
}

impl Group {
    pub const ALL: [Group; 10] = [
        Group::Capture,
        Group::LoneSelfCapture,
        Group::MultiSelfCapture,
        Group::SimpleKo,
        Group::PositionalSuperko,
        Group::SituationalSuperko,
        Group::PassesAndEnd,
        Group::Scoring,
        Group::SetupAndHandicap,
        Group::TurnOrder,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Group::Capture => "capture",
            Group::LoneSelfCapture => "lone self-capture",
            Group::MultiSelfCapture => "multi-stone self-capture",
            Group::SimpleKo => "simple ko",
            Group::PositionalSuperko => "positional superko",
            Group::SituationalSuperko => "situational superko",
            Group::PassesAndEnd => "passes and the end",
            Group::Scoring => "scoring",
            Group::SetupAndHandicap => "setup stones and handicap",
            Group::TurnOrder => "turn order",
        }
    }

    pub(crate) fn slug(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// The rule of `rules.yaml` that claims the group (a group whose rule is `unclaimed` reads
    /// "not claimed" in the own-rules view).
    pub(crate) fn rule(self) -> &'static str {
        match self {
            Group::Capture => "capture",
            Group::LoneSelfCapture | Group::MultiSelfCapture => "self_capture",
            Group::SimpleKo | Group::PositionalSuperko | Group::SituationalSuperko => "repetition",
            Group::PassesAndEnd => "passes_end",
            Group::Scoring => "scoring",
            Group::SetupAndHandicap => "setup_stones",
            Group::TurnOrder => "turn_order",
        }
    }

    /// The groups a decisive situation is decisive for.
    pub fn of_situation(s: Situation) -> &'static [Group] {
        match s {
            Situation::Capture => &[Group::Capture],
            Situation::LoneSelfCapture => &[Group::LoneSelfCapture],
            Situation::MultiSelfCapture => &[Group::MultiSelfCapture],
            Situation::KoRetake => &[Group::SimpleKo],
            Situation::RepeatSameToMove | Situation::RepeatOtherToMove => {
                &[Group::PositionalSuperko, Group::SituationalSuperko]
            }
            Situation::EndingPass => &[Group::PassesAndEnd],
            Situation::Scored => &[Group::Scoring],
            Situation::OutOfTurn => &[Group::TurnOrder],
            Situation::FromSetup => &[Group::SetupAndHandicap],
        }
    }
}
/// The classification table (one row per rule, the first that applies wins), as the report
/// prints it. `classify` implements it.
pub const GROUPS: [(&str, &str); 8] = [
    ("lone / multi-stone self-capture", "the disputed move removes its own stones (one / more than one) when played with self-capture allowed, and the compared rules forbid that self-capture (`ggg1:2`, `option:self_capture`)"),
    ("lone self-capture", "otherwise, a lone stone that removes itself and nothing else, giving back the position before it (positional superko forbids it: `ggg1:3`)"),
    ("simple ko", "otherwise, the disputed move gives back the position of two turns before (`ggg1:3`, `option:repetition`)"),
    ("situational superko", "otherwise, it gives back an earlier position and the compared rules are situational superko"),
    ("positional superko", "otherwise, it gives back any earlier position"),
    ("passes and the end", "otherwise, the disputed turn is a pass (`ggg1:4`)"),
    ("setup stones and handicap", "a vector that starts from stones or with White to move also counts here, whatever else it tests (`ggg1:notes`)"),
    ("capture", "everything else: the stones left after a move, or a plain move refused (`ggg1:2`)"),
];

/// The group of a disagreement about `disputed`, played after `prefix` from `setup`,
/// graphgo set to `options` (the table [`GROUPS`]).
pub fn classify(
    setup: &Setup,
    prefix: &[Turn],
    disputed: Option<&Turn>,
    options: Options,
) -> Group {
    let Some(turn) = disputed else {
        return Group::Capture;
    };
    let Turn::Move { player, .. } = *turn else {
        return match turn {
            Turn::Pass { .. } => Group::PassesAndEnd,
            _ => Group::TurnOrder,
        };
    };
    // Played with every self-capture allowed and no repetition rule (none that refuses, none
    // that ends the game), so that it is made.
    let Ok(mut g) = Engine.start(&free_setup(setup, options)) else {
        return Group::Capture;
    };
    // The prefix as the compared rules played it: a turn they refused (a probe both sides
    // refused) changed nothing, and is not replayed in the free game.
    let Ok(mut real) = Engine.start(&Setup {
        options,
        ..setup.clone()
    }) else {
        return Group::Capture;
    };
    let mut positions = vec![g.observe().position];
    for t in prefix {
        if real.play(t).is_ok() && g.play(t).is_ok() {
            positions.push(g.observe().position);
        }
    }
    if g.observe().to_move != Some(player) {
        return Group::TurnOrder; // a move of the player not to move
    }
    let own = match player {
        Player::Black => Colour::Black,
        Player::White => Colour::White,
    };
    let before = positions.last().cloned().unwrap_or_default();
    if g.play(turn).is_err() {
        return Group::Capture; // occupied or not the player's turn
    }
    let after = g.observe().position;
    let own_before = before.iter().filter(|&&c| c == own).count() + 1;
    let own_after = after.iter().filter(|&&c| c == own).count();
    let lost = own_before.saturating_sub(own_after);
    let forbidden = |n: usize| match options.self_capture {
        SelfCapture::None => n >= 1,
        SelfCapture::Multi => n == 1,
        SelfCapture::All => false,
    };
    if lost >= 1 && forbidden(lost) {
        return if lost == 1 {
            Group::LoneSelfCapture
        } else {
            Group::MultiSelfCapture
        };
    }
    if let Some(at) = positions.iter().rposition(|p| *p == after) {
        let gap = positions.len() - at;
        if gap == 1 && lost == 1 {
            // A lone stone that removes itself and changes nothing else: the lone
            // self-capture of rules that allow it, which positional superko forbids.
            return Group::LoneSelfCapture;
        }
        if gap == 2 {
            return Group::SimpleKo;
        }
        return if options.repetition == Repetition::Situational {
            Group::SituationalSuperko
        } else {
            Group::PositionalSuperko
        };
    }
    if lost >= 1 {
        return if lost == 1 {
            Group::LoneSelfCapture
        } else {
            Group::MultiSelfCapture
        };
    }
    Group::Capture
}

/// The disputed turn of a divergence: the turn of a verdict, or the first turn one side
/// allows and the other does not.
pub fn disputed_turn(d: &Divergence) -> Option<Turn> {
    match &d.difference {
        Difference::Verdict { turn, .. } => Some(turn.clone()),
        Difference::LegalTurns { a, b } => {
            let (a, b): (BTreeSet<_>, BTreeSet<_>) = (a.iter().collect(), b.iter().collect());
            a.symmetric_difference(&b).next().map(|t| (*t).clone())
        }
        _ => None,
    }
}

/// Whether the implementation (the second side) allows no move where graphgo allows some.
pub(crate) fn ended(d: &Divergence) -> bool {
    match &d.difference {
        Difference::LegalTurns { a, b } => {
            let moves = |ts: &[Turn]| ts.iter().any(|t| matches!(t, Turn::Move { .. }));
            moves(a) && !moves(b)
        }
        _ => false,
    }
}

/// The group of a finding of the random games: a difference in what is shown after the same
/// turns (the stones: the last turn's group; the end or the score: "passes and the end" or
/// "scoring"; the player to move: "turn order", or "passes and the end" after a pass), an
/// implementation that allows no move where graphgo allows some (it ended the game at the
/// last turn), or the disputed turn's group ([`classify`]).
pub fn group_of_finding(game: &Game, d: &Divergence, options: Options) -> Group {
    let prefix_len = d.turns.min(game.turns.len());
    let last = prefix_len.checked_sub(1).map(|k| &game.turns[k]);
    if let Difference::Observation { a, b } = &d.difference {
        if a.position == b.position {
            // Both ended, and both with a result: the score differs. An end without a result
            // (`no-result`) on one side is a difference in the end itself.
            let scored = |r: &Option<crate::game::GameResult>| {
                r.as_ref()
                    .is_some_and(|r| r.by != crate::game::EndReason::NoResult)
            };
            return if scored(&a.result) && scored(&b.result) {
                Group::Scoring
            } else if a.result != b.result || matches!(last, Some(Turn::Pass { .. })) {
                Group::PassesAndEnd
            } else {
                Group::TurnOrder
            };
        }
        return match last {
            Some(turn) => classify(
                &game.setup,
                &game.turns[..prefix_len - 1],
                Some(turn),
                options,
            ),
            None => Group::Capture,
        };
    }
    if ended(d) && prefix_len > 0 {
        // The implementation allows no move where graphgo allows some: it ended the game at
        // the last turn (OpenSpiel and pgx end it at a repeated board).
        return match classify(&game.setup, &game.turns[..prefix_len - 1], last, options) {
            Group::Capture => Group::PassesAndEnd,
            g => g,
        };
    }
    let disputed = disputed_turn(d);
    classify(
        &game.setup,
        &game.turns[..prefix_len],
        disputed.as_ref(),
        options,
    )
}
