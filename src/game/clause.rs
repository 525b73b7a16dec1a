//! The clause ids as values: one enum a source document, with a variant for every id of its
//! section of the register (`spec/CLAUSES.md`; `tests/project/clauses.rs` holds the two
//! equal, both ways), and the ids of the rule options that are not in any source
//! (`spec/ambiguities.md`, "Other decisions"), which only `crate::variants` and the engine
//! apply. A refusal names one ([`crate::game::Illegal`]), and a turn's trace is a list of
//! them, each with what it did ([`crate::game::trace`]): the tools compare these values,
//! never the ids' spelling, which is written in one place, [`Clause::id`].
//!
//! A variant's name is the source's own handle for the rule: `V1R3` for General Graph Go's
//! version 1, rule 3 (`ggg1:3`), `D10a` for Topological Go's Defn 10a (`topo:D10a`), `Ko` for
//! the directed rules' KO (`dir:KO`).

use std::fmt;

use serde::{Serialize, Serializer};

/// General Graph Go's clauses, by version and rule number (`spec/ggg.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ggg {
    V1R0,
    V1R1,
    V1R2,
    V1R3,
    V1R4,
    V1Notes,
    V2R2,
    V2R4,
    V2Example,
    V3R0,
    V3R2,
    V3R3,
    V3R4,
}

/// Topological Go's definitions, rules, example and results (`spec/topological.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Topo {
    D1,
    R1,
    R2,
    D2,
    D3,
    D4,
    D5,
    D6,
    D7,
    D8,
    D9,
    R3,
    D10a,
    R4a,
    D10b,
    D11b,
    R4b,
    R5b,
    Ex2,
    Res1,
    Res2,
    Res3,
}

/// The network article's clauses (`spec/nrich.md`): chains and flooding, which are General
/// Graph Go's groups and score on a network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Nrich {
    Chain,
    Capture,
    Invariant,
    Flood,
    Boards,
}

/// The rules of Go on directed graphs and their notes (`spec/directed.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Directed {
    Intro,
    Komi,
    Turns,
    Capture,
    Ko,
    Win,
    NotePass,
    NotePairs,
}

/// MANGO's equipment, definitions, rules and examples (`spec/mango.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mango {
    Equip,
    Index,
    Path,
    Alive,
    Config,
    Setup,
    Turn,
    Move,
    Legal,
    End,
    Score,
    Ex19,
    ExInf,
}

/// The rule options of a record that no source has (`game::Options`, one id a field):
/// what refuses a turn, or changes what it does, when the record chooses another value than
/// the source's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RuleOption {
    /// `options.neutral` (reading 1 of `ggg1:4`).
    Neutral,
    /// `options.no_move` (reading 2 of `ggg3:4`).
    NoMove,
    /// `options.self_capture`.
    SelfCapture,
    /// `options.repetition`: the repetition rule in place of the source's positional
    /// superko (the ko point among its values).
    Repetition,
    /// `options.ko_pass`: what a pass does to the ko point.
    KoPass,
    /// `options.repetition_end`: a repetition that ends the game.
    RepetitionEnd,
}

/// A clause id: a source's clause, a rule option, or the refusal of an implementation
/// outside graphgo, which names no clause (`by` says through what it was asked: `gtp`,
/// `python`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Clause {
    Ggg(Ggg),
    Topo(Topo),
    Nrich(Nrich),
    Directed(Directed),
    Mango(Mango),
    Option(RuleOption),
    Outside { by: &'static str },
}

/// Every id of a family with its spelling, in the register's order.
macro_rules! ids {
    ($family:ident, $prefix:literal, [$($variant:ident = $name:literal),* $(,)?]) => {
        impl $family {
            /// Every clause of the family, in the order of the register.
            pub const ALL: &'static [$family] = &[$($family::$variant),*];

            /// The id as the register writes it.
            pub fn id(self) -> &'static str {
                match self {
                    $($family::$variant => concat!($prefix, $name)),*
                }
            }
        }

        impl From<$family> for Clause {
            fn from(c: $family) -> Clause {
                Clause::$family(c)
            }
        }

        impl PartialEq<$family> for Clause {
            fn eq(&self, other: &$family) -> bool {
                *self == Clause::$family(*other)
            }
        }
    };
}

ids!(
    Ggg,
    "",
    [
        V1R0 = "ggg1:0",
        V1R1 = "ggg1:1",
        V1R2 = "ggg1:2",
        V1R3 = "ggg1:3",
        V1R4 = "ggg1:4",
        V1Notes = "ggg1:notes",
        V2R2 = "ggg2:2",
        V2R4 = "ggg2:4",
        V2Example = "ggg2:example",
        V3R0 = "ggg3:0",
        V3R2 = "ggg3:2",
        V3R3 = "ggg3:3",
        V3R4 = "ggg3:4",
    ]
);
ids!(
    Topo,
    "topo:",
    [
        D1 = "D1",
        R1 = "R1",
        R2 = "R2",
        D2 = "D2",
        D3 = "D3",
        D4 = "D4",
        D5 = "D5",
        D6 = "D6",
        D7 = "D7",
        D8 = "D8",
        D9 = "D9",
        R3 = "R3",
        D10a = "D10a",
        R4a = "R4a",
        D10b = "D10b",
        D11b = "D11b",
        R4b = "R4b",
        R5b = "R5b",
        Ex2 = "EX2",
        Res1 = "RES1",
        Res2 = "RES2",
        Res3 = "RES3",
    ]
);
ids!(
    Nrich,
    "nrich:",
    [
        Chain = "chain",
        Capture = "capture",
        Invariant = "invariant",
        Flood = "flood",
        Boards = "boards",
    ]
);
ids!(
    Directed,
    "dir:",
    [
        Intro = "INTRO",
        Komi = "KOMI",
        Turns = "TURNS",
        Capture = "CAPTURE",
        Ko = "KO",
        Win = "WIN",
        NotePass = "NOTE-pass",
        NotePairs = "NOTE-pairs",
    ]
);
ids!(
    Mango,
    "mango:",
    [
        Equip = "EQUIP",
        Index = "INDEX",
        Path = "PATH",
        Alive = "ALIVE",
        Config = "CONFIG",
        Setup = "SETUP",
        Turn = "TURN",
        Move = "MOVE",
        Legal = "LEGAL",
        End = "END",
        Score = "SCORE",
        Ex19 = "EX19",
        ExInf = "EXINF",
    ]
);

impl RuleOption {
    /// Every option, in the order of `game::Options`.
    pub const ALL: &'static [RuleOption] = &[
        RuleOption::Neutral,
        RuleOption::NoMove,
        RuleOption::SelfCapture,
        RuleOption::Repetition,
        RuleOption::KoPass,
        RuleOption::RepetitionEnd,
    ];

    /// `option:` and the field's name in records.
    pub fn id(self) -> &'static str {
        match self {
            RuleOption::Neutral => "option:neutral",
            RuleOption::NoMove => "option:no_move",
            RuleOption::SelfCapture => "option:self_capture",
            RuleOption::Repetition => "option:repetition",
            RuleOption::KoPass => "option:ko_pass",
            RuleOption::RepetitionEnd => "option:repetition_end",
        }
    }
}

impl From<RuleOption> for Clause {
    fn from(c: RuleOption) -> Clause {
        Clause::Option(c)
    }
}

impl PartialEq<RuleOption> for Clause {
    fn eq(&self, other: &RuleOption) -> bool {
        *self == Clause::Option(*other)
    }
}

impl Clause {
    /// The id, as the register writes it (`ggg1:3`, `topo:D10a`, `option:repetition`), or
    /// for an outside refusal the channel's name.
    pub fn id(self) -> &'static str {
        match self {
            Clause::Ggg(c) => c.id(),
            Clause::Topo(c) => c.id(),
            Clause::Nrich(c) => c.id(),
            Clause::Directed(c) => c.id(),
            Clause::Mango(c) => c.id(),
            Clause::Option(c) => c.id(),
            Clause::Outside { by } => by,
        }
    }

    /// Every clause of the five sources, in the register's order, then the rule options.
    pub fn all() -> impl Iterator<Item = Clause> {
        let ggg = Ggg::ALL.iter().map(|&c| Clause::from(c));
        let topo = Topo::ALL.iter().map(|&c| Clause::from(c));
        let nrich = Nrich::ALL.iter().map(|&c| Clause::from(c));
        let directed = Directed::ALL.iter().map(|&c| Clause::from(c));
        let mango = Mango::ALL.iter().map(|&c| Clause::from(c));
        let options = RuleOption::ALL.iter().map(|&c| Clause::from(c));
        ggg.chain(topo)
            .chain(nrich)
            .chain(directed)
            .chain(mango)
            .chain(options)
    }

    /// The clause of a source or the option with this id; `None` for any other text.
    pub fn parse(id: &str) -> Option<Clause> {
        Clause::all().find(|c| c.id() == id)
    }

    /// Whether a game's turns can apply it. The examples, the stated results and the notes
    /// that describe no turn (`ggg2:example`, `topo:EX2`, `topo:RES1`-`RES3`, `dir:NOTE-pass`,
    /// `dir:NOTE-pairs`, `mango:EX19`, `mango:EXINF`) are named by hand where a vector shows
    /// them: no trace ever holds them.
    pub fn is_played(self) -> bool {
        !matches!(
            self,
            Clause::Ggg(Ggg::V2Example)
                | Clause::Topo(Topo::Ex2 | Topo::Res1 | Topo::Res2 | Topo::Res3)
                | Clause::Directed(Directed::NotePass | Directed::NotePairs)
                | Clause::Mango(Mango::Ex19 | Mango::ExInf)
        )
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Clause {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_reads_back_as_its_clause() {
        let all: Vec<Clause> = Clause::all().collect();
        // 13 + 22 + 5 + 8 + 13 clauses of the register, and 6 options.
        assert_eq!(all.len(), 61 + 6);
        for c in &all {
            assert_eq!(Clause::parse(c.id()), Some(*c), "{c}");
        }
        assert_eq!(Clause::parse("ggg1:1x"), None);
        assert_eq!(Clause::from(Topo::D10a).id(), "topo:D10a");
        assert_eq!(
            Clause::from(Directed::NotePass).to_string(),
            "dir:NOTE-pass"
        );
        assert_eq!(Clause::Outside { by: "gtp" }.id(), "gtp");
        assert!(Clause::from(Ggg::V1R3) == Ggg::V1R3);
        assert!(Clause::from(Ggg::V1R3) != Ggg::V3R3);
        assert!(!Clause::from(Mango::Ex19).is_played() && Clause::from(Mango::Move).is_played());
    }
}
