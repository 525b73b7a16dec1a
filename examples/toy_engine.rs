//! A toy Go engine adapted to graphgo's verification API, with a planted bug.
//!
//! The toy plays General Graph Go version 1 on any graph, with positional superko and
//! Tromp-Taylor area scoring (`neutral: none`), and nothing else. Its bug: it removes the
//! mover's own chains without liberties *before* the opponent's — it forgets that captures
//! (step 2 of `ggg1:2`) come before the self-capture of step 3. So a move that fills its own
//! last liberty while taking the opponent's last liberty removes itself instead of
//! capturing.
//!
//! ```text
//! cargo run --example toy_engine            # the buggy toy: the report finds the bug
//! cargo run --example toy_engine -- fixed   # the toy with the steps in order: it passes
//! ```

use std::collections::HashSet;
use std::sync::Arc;

use num_rational::BigRational;

use graphgo::board::Board;
use graphgo::conformance::verify::{Boards, EngineUnderTest, Support};
use graphgo::game::clause::Ggg;
use graphgo::game::{
    Colour, EndReason, GameResult, Illegal, KoPass, Neutral, NoMove, Observation, Playable, Player,
    Repetition, RepetitionEnd, RuleId, RuleSet, SelfCapture, Setup, Turn, Unsupported,
};

/// The toy engine; `planted_bug` swaps the order of steps 2 and 3 of a move.
pub struct Toy {
    pub planted_bug: bool,
}

/// A toy game: plain vectors, a set of earlier positions.
pub struct ToyGame {
    board: Arc<Board>,
    position: Vec<Colour>,
    to_move: Player,
    seen: HashSet<Vec<Colour>>,
    passes: u32,
    komi: BigRational,
    result: Option<GameResult>,
    planted_bug: bool,
}

impl RuleSet for Toy {
    fn name(&self) -> &str {
        if self.planted_bug {
            "toy"
        } else {
            "toy-fixed"
        }
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        if let Some(why) = self.support().refuses(setup) {
            return Err(Unsupported(why.to_string()));
        }
        let mut seen = HashSet::new();
        seen.insert(setup.initial.clone());
        Ok(Box::new(ToyGame {
            board: Arc::clone(&setup.board),
            position: setup.initial.clone(),
            to_move: setup.to_move,
            seen,
            passes: 0,
            komi: setup.komi.clone(),
            result: None,
            planted_bug: self.planted_bug,
        }))
    }
}

impl EngineUnderTest for Toy {
    fn support(&self) -> Support {
        Support {
            rules: vec![RuleId::Ggg1],
            boards: Boards::Any,
            max_vertices: 400,
            neutral: vec![Neutral::None],
            no_move: vec![NoMove::Lose, NoMove::Pass],
            self_capture: vec![SelfCapture::All],
            repetition: vec![Repetition::Positional],
            ko_pass: vec![KoPass::Clears],
            repetition_end: vec![RepetitionEnd::None],
            setup_stones: true,
            white_first: true,
            komi: true,
        }
    }
}

impl ToyGame {
    /// Whether the chain of `v` touches an empty point.
    fn breathes(&self, p: &[Colour], v: usize) -> bool {
        let mut stack = vec![v];
        let mut seen = vec![false; p.len()];
        seen[v] = true;
        while let Some(u) = stack.pop() {
            for &w in self.board.neighbours(u) {
                if p[w] == Colour::Empty {
                    return true;
                }
                if p[w] == p[v] && !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        false
    }

    fn remove_dead(&self, p: &mut [Colour], colour: Colour) {
        let dead: Vec<usize> = (0..p.len())
            .filter(|&u| p[u] == colour && !self.breathes(p, u))
            .collect();
        for u in dead {
            p[u] = Colour::Empty;
        }
    }

    fn after_move(&self, player: Player, v: usize) -> Vec<Colour> {
        let mut p = self.position.clone();
        p[v] = player.colour();
        let (mine, theirs) = (player.colour(), player.opponent().colour());
        if self.planted_bug {
            // THE BUG: self-capture before capture.
            self.remove_dead(&mut p, mine);
            self.remove_dead(&mut p, theirs);
        } else {
            self.remove_dead(&mut p, theirs);
            self.remove_dead(&mut p, mine);
        }
        p
    }

    /// Tromp-Taylor area: stones plus empty regions reaching only one's colour.
    fn area(&self, player: Player) -> usize {
        let p = &self.position;
        let mut total = p.iter().filter(|&&c| c == player.colour()).count();
        let mut seen = vec![false; p.len()];
        for v in 0..p.len() {
            if p[v] != Colour::Empty || seen[v] {
                continue;
            }
            let (mut region, mut stack) = (0, vec![v]);
            let (mut mine, mut theirs) = (false, false);
            seen[v] = true;
            while let Some(u) = stack.pop() {
                region += 1;
                for &w in self.board.neighbours(u) {
                    match p[w] {
                        Colour::Empty if !seen[w] => {
                            seen[w] = true;
                            stack.push(w);
                        }
                        Colour::Empty => {}
                        c if c == player.colour() => mine = true,
                        _ => theirs = true,
                    }
                }
            }
            if mine && !theirs {
                total += region;
            }
        }
        total
    }

    fn finish(&mut self, resigned: Option<Player>, by: EndReason) {
        let score = [
            BigRational::from_integer(self.area(Player::Black).into()),
            BigRational::from_integer(self.area(Player::White).into()) + self.komi.clone(),
        ];
        let winner = match resigned {
            Some(p) => Some(p.opponent()),
            None if score[0] > score[1] => Some(Player::Black),
            None if score[1] > score[0] => Some(Player::White),
            None => None,
        };
        self.result = Some(GameResult {
            winner,
            by,
            score: Some(score),
        });
    }
}

impl Playable for ToyGame {
    fn observe(&self) -> Observation {
        Observation {
            position: self.position.clone(),
            to_move: self.result.is_none().then_some(self.to_move),
            prisoners: None,
            scores: None,
            result: self.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.result.is_some() {
            return Vec::new();
        }
        let player = self.to_move;
        let mut out: Vec<Turn> = (0..self.position.len())
            .filter(|&v| self.position[v] == Colour::Empty)
            .filter(|&v| !self.seen.contains(&self.after_move(player, v)))
            .map(|at| Turn::Move { player, at })
            .collect();
        out.push(Turn::Pass { player });
        out.push(Turn::Resign { player });
        out.sort();
        out
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        let refuse = |clause: Ggg, reason: &str| Err(Illegal::new(clause, reason));
        if self.result.is_some() {
            return refuse(Ggg::V1R4, "the game is over");
        }
        if turn.player() != self.to_move {
            return refuse(Ggg::V1R2, "not this player's turn");
        }
        match *turn {
            Turn::Move { player, at } => {
                if self.position[at] != Colour::Empty {
                    return refuse(Ggg::V1R2, "occupied");
                }
                let after = self.after_move(player, at);
                if self.seen.contains(&after) {
                    return refuse(Ggg::V1R3, "repeats a position");
                }
                self.seen.insert(after.clone());
                self.position = after;
                self.passes = 0;
                self.to_move = player.opponent();
            }
            Turn::Pass { player } => {
                self.passes += 1;
                self.to_move = player.opponent();
                if self.passes >= 2 {
                    self.finish(None, EndReason::Score);
                }
            }
            Turn::Resign { player } => self.finish(Some(player), EndReason::Resignation),
            // The directed rules' turns (komi, bids, history) are not graph Go's.
            _ => return refuse(Ggg::V1R2, "not a turn of General Graph Go"),
        }
        Ok(())
    }
}

#[allow(dead_code)]
fn main() {
    let fixed = std::env::args().nth(1).as_deref() == Some("fixed");
    let toy = Toy {
        planted_bug: !fixed,
    };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/spec/vectors");
    let plan = graphgo::conformance::verify::VerifyPlan {
        games: 200,
        ..graphgo::conformance::verify::VerifyPlan::new(dir)
    };
    let report = match graphgo::conformance::verify::verify(&toy, &plan) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("toy_engine: {e}");
            std::process::exit(2);
        }
    };
    print!("{}", report.text());
    std::process::exit(if report.passed() { 0 } else { 1 });
}
