//! The clauses of Go on directed graphs (`seeds/003_…txt`, `spec/directed.md`), one test or
//! more per clause id. Every expected value is worked out by hand from the rules, in the
//! comment beside it.

use graphgo::board::digraph::Digraph;
use graphgo::board::Board;
use graphgo::game::Playable;
use graphgo::game::{Colour, Player, RuleSet, Turn};
use graphgo::io::record::{Game, Record};
use graphgo::spec::directed::{
    self, liberties, outcome, place_stone, winner_by_unsustainability, InfinitePlayOutcome,
    LassoError, Phase, Position, State, Unsustainable,
};
use graphgo::variants::directed::{Deleters, DirectedGame};
use graphgo::variants::Rules;
use num_rational::BigRational;

fn game(text: &str) -> Game {
    Record::parse(text, false).unwrap().game().unwrap()
}

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn turns(g: &Game, texts: &[&str]) -> Vec<Turn> {
    texts
        .iter()
        .map(|t| Turn::parse(t, &g.setup.board).unwrap())
        .collect()
}

/// The record's start: the transcription's, with the komi the record agreed.
fn start(g: &Game) -> State {
    graphgo::variants::directed::start(&g.setup, Deleters::Either)
        .unwrap()
        .state
}

/// Plays the texts from the record's start through the transcription; panics on an illegal
/// turn.
fn played(g: &Game, texts: &[&str]) -> State {
    let mut s = start(g);
    for t in turns(g, texts) {
        s = directed::turn(&s, &t)
            .unwrap_or_else(|e| panic!("{t:?}: {e}"))
            .state;
    }
    s
}

fn refusal(g: &Game, texts: &[&str], last: &str) -> &'static str {
    let s = played(g, texts);
    let t = Turn::parse(last, &g.setup.board).unwrap();
    directed::turn(&s, &t).unwrap_err().clause.id()
}

fn pos(text: &str) -> Position {
    text.chars()
        .map(|c| match c {
            'X' => Colour::Black,
            'O' => Colour::White,
            _ => Colour::Empty,
        })
        .collect()
}

fn lasso(g: &Game, prefix: &[&str], cycle: &[&str]) -> Result<InfinitePlayOutcome, LassoError> {
    outcome(&start(g), &turns(g, prefix), &turns(g, cycle))
}

const PAIR: &str =
    "rules: directed\nboard: {digraph: {vertices: [p, q], arcs: [[p, q], [q, p]]}}\n";

// ---------------------------------------------------------------------------------------
// The turn: every arm of `turn`
// ---------------------------------------------------------------------------------------

/// The history as a sorted list of position strings (`X` black, `O` white, `.` empty).
fn history(s: &State) -> Vec<String> {
    let mut h: Vec<String> = s
        .history
        .iter()
        .map(|p| p.iter().map(|c| c.symbol()).collect())
        .collect();
    h.sort();
    h
}

fn refused(g: &Game, texts: &[&str], last: &str) -> (&'static str, String) {
    let s = played(g, texts);
    let t = Turn::parse(last, &g.setup.board).unwrap();
    let e = directed::turn(&s, &t).unwrap_err();
    (e.clause.id(), e.reason)
}

/// `turn`, one game on the isolated pair (p -> q, q -> p) through every arm, each
/// state worked out by hand from the rules.
#[test]
fn dir_turn_every_arm_by_hand() {
    let g = game(PAIR);
    let after = |texts: &[&str]| played(&g, texts);
    let mut game_so_far: Vec<&str> = Vec::new();
    let mut step = |t: &'static str| {
        game_so_far.push(t);
        after(&game_so_far)
    };
    // dir:KOMI, naming komi: the second player chooses next.
    let s = step("first komi 1/2");
    assert_eq!(s.phase, Phase::ChoosingColour { komi: q(1, 2) });
    // dir:KOMI, choosing a colour: White gains 1/2; Black's turn; the empty board joins.
    let s = step("second takes white");
    assert_eq!(s.scores, [q(0, 1), q(1, 2)]);
    assert_eq!(history(&s), [".."]);
    assert_eq!(s.to_move(), Player::Black);
    // dir:TURNS, deleting the history: White may, before Black's turn.
    let s = step("W delete");
    assert!(s.history.is_empty());
    assert_eq!(
        s.phase,
        Phase::Turn {
            to_move: Player::Black,
            deleted: [false, true]
        }
    );
    // dir:TURNS, placing: black p reaches the empty q, so it stays.
    let s = step("B p");
    assert_eq!(s.position, pos("X."));
    assert_eq!(
        s.phase,
        Phase::AfterPlacement {
            mover: Player::Black
        }
    );
    // dir:KO, bidding.
    let s = step("B bid 1");
    assert_eq!(
        s.phase,
        Phase::Answering {
            bidder: Player::Black,
            amount: q(1, 1)
        }
    );
    // dir:KO, ignoring: nothing changes; White's turn, X. joins the history.
    let s = step("W ignore");
    assert_eq!(
        (s.to_move(), history(&s)),
        (Player::White, vec!["X.".into()])
    );
    // dir:CAPTURE: white q leaves black p without liberty (p reaches only q); q reaches p.
    let s = step("W q");
    assert_eq!(s.position, pos(".O"));
    step("W bid 2");
    // dir:KO, naming a ko winner: the loser, White, gains 2.
    let s = step("B winner black");
    assert_eq!(s.scores, [q(0, 1), q(5, 2)]);
    assert_eq!(
        s.phase,
        Phase::Resetting {
            winner: Player::Black
        }
    );
    // dir:KO, resetting to X., the one state in the history; Black's turn.
    let s = step("B reset X.");
    assert_eq!(s.position, pos("X."));
    assert_eq!(
        (s.to_move(), history(&s)),
        (Player::Black, vec!["X.".into()])
    );
    // dir:TURNS, passing: White's turn, the same position joins again.
    let s = step("B pass");
    assert_eq!(
        (s.to_move(), history(&s)),
        (Player::White, vec!["X.".into()])
    );
    step("W q");
    // An optional step not taken (no bid): Black's turn begins (.O joins), then Black's
    // placement at p removes white q (it reaches only black p) and p keeps q.
    let s = step("B p");
    assert_eq!(s.position, pos("X."));
    assert_eq!(history(&s), [".O", "X."]);
    step("B bid 0");
    step("W winner white");
    // A reset not taken: White's turn begins (X. is there already), and White passes.
    let s = step("W pass");
    assert_eq!(
        (s.to_move(), history(&s)),
        (Player::Black, vec![".O".into(), "X.".into()])
    );
    // A komi not named: a first placement plays at komi 0.
    let s = played(&g, &["B p"]);
    assert_eq!(
        (s.scores.clone(), history(&s)),
        ([q(0, 1), q(0, 1)], vec!["..".into()])
    );

    // The refusals, one per arm, and those of the clause functions.
    let komi = ["first komi 1/2"];
    assert_eq!(refused(&g, &komi, "B p").0, "dir:KOMI");
    let turn = ["first komi 1/2", "second takes white"];
    let (clause, reason) = refused(&g, &turn, "W p");
    assert_eq!(
        (clause, reason.as_str()),
        ("dir:TURNS", "it is Black's turn, not White's")
    );
    let (clause, reason) = refused(&g, &turn, "B ignore");
    assert_eq!(clause, "dir:TURNS");
    assert!(
        reason.starts_with("on a turn Black places a stone or passes"),
        "{reason}"
    );
    let bid = ["first komi 1/2", "second takes white", "B p", "B bid 1"];
    let (clause, reason) = refused(&g, &bid, "B ignore");
    assert_eq!(
        (clause, reason.as_str()),
        ("dir:KO", "White must answer Black's ko bid first")
    );
    let (clause, reason) = refused(&g, &bid, "W q");
    assert_eq!(clause, "dir:KO");
    assert!(
        reason.starts_with("White must ignore the ko bid or name a ko winner"),
        "{reason}"
    );
    let twice = ["first komi 1/2", "second takes white", "W delete"];
    assert_eq!(refused(&g, &twice, "W delete").0, "dir:TURNS");
    assert_eq!(refused(&g, &["B p", "W pass"], "B p").0, "dir:TURNS");
    assert_eq!(refused(&g, &["B p"], "B bid -1").0, "dir:KO");
    let won = ["B p", "B bid 0", "W winner black"];
    assert_eq!(refused(&g, &won, "B reset .O").0, "dir:KO");
}

// ---------------------------------------------------------------------------------------
// dir:INTRO
// ---------------------------------------------------------------------------------------

/// dir:INTRO: a game starts with scores 0 and 0, an empty history and the komi phase.
#[test]
fn dir_intro_start() {
    let g = game("rules: directed\nboard: {directed_cycle: 3}\n");
    let s = directed::start(&g.setup).unwrap().state;
    assert_eq!(s.scores, [q(0, 1), q(0, 1)]);
    assert!(s.history.is_empty());
    assert_eq!(s.phase, Phase::NamingKomi);
    assert_eq!(s.position, pos("..."));
}

/// dir:INTRO: the builders. A directed cycle of 4 has arcs 1->2, 2->3, 3->4, 4->1; a 3x2
/// one-way grid has 2*2 rightward and 3*1 upward arcs = 7; the symmetric digraph of a path of
/// 3 has 2 edges * 2 = 4 arcs.
#[test]
fn dir_intro_builders() {
    let (board, arcs) = Digraph::directed_cycle(4).unwrap();
    let named: Vec<(String, String)> = arcs
        .arcs()
        .map(|(u, v)| (board.name(u).to_string(), board.name(v).to_string()))
        .collect();
    let expected: Vec<(String, String)> = [("1", "2"), ("2", "3"), ("3", "4"), ("4", "1")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(named, expected);
    let (_, grid) = Digraph::one_way_grid(3, 2).unwrap();
    assert_eq!(grid.arc_count(), 7);
    assert!(!grid.is_symmetric());
    let sym = Digraph::symmetric(&Board::path(3).unwrap());
    assert_eq!(sym.arc_count(), 4);
    assert!(sym.is_symmetric());
}

/// dir:INTRO: loops and arcs given twice are refused, naming the arc.
#[test]
fn dir_intro_loops_and_duplicates_refused() {
    let loop_ = Record::parse(
        "rules: directed\nboard: {digraph: {vertices: [a, b], arcs: [[a, a]]}}\n",
        false,
    )
    .unwrap()
    .game()
    .unwrap_err();
    assert!(loop_.0.contains("field 'board.digraph'"), "{}", loop_.0);
    assert!(loop_.0.contains("[a, a] is a loop"), "{}", loop_.0);
    let twice = Record::parse(
        "rules: directed\nboard: {digraph: {vertices: [a, b], arcs: [[a, b], [b, a], [a, b]]}}\n",
        false,
    )
    .unwrap()
    .game()
    .unwrap_err();
    assert!(twice.0.contains("[a, b] is listed twice"), "{}", twice.0);
    let ggg = Record::parse("rules: ggg1\nboard: {directed_cycle: 3}\n", false)
        .unwrap()
        .game()
        .unwrap_err();
    assert!(ggg.0.contains("needs rules: directed"), "{}", ggg.0);
}

// ---------------------------------------------------------------------------------------
// dir:KOMI
// ---------------------------------------------------------------------------------------

/// dir:KOMI: the first player names 7/2, the second takes Black; White (the first player)
/// gains 7/2, and Black moves first.
#[test]
fn dir_komi_divide_and_choose() {
    let g = game("rules: directed\nboard: {path: 2}\n");
    let s = played(&g, &["first komi 7/2", "second takes black"]);
    assert_eq!(s.scores, [q(0, 1), q(7, 2)]);
    assert_eq!(s.to_move(), Player::Black);
    // A negative komi is a komi too: White gains -1/2.
    let s = played(&g, &["first komi -1/2", "second takes white"]);
    assert_eq!(s.scores, [q(0, 1), q(-1, 2)]);
}

/// dir:KOMI: after naming komi the second player must choose; a komi agreed in the record
/// skips the phase (White has it from the start); a first placement skips it with komi 0.
#[test]
fn dir_komi_phase_order() {
    let g = game("rules: directed\nboard: {path: 2}\n");
    assert_eq!(refusal(&g, &["first komi 1"], "B 1"), "dir:KOMI");
    let s = played(&g, &["B 1"]);
    assert_eq!(s.scores, [q(0, 1), q(0, 1)]);
    let agreed = game("rules: directed\nboard: {path: 2}\nkomi: 6.5\n");
    let s = start(&agreed);
    assert_eq!(s.scores, [q(0, 1), q(13, 2)]);
    assert!(matches!(
        s.phase,
        Phase::Turn {
            to_move: Player::Black,
            ..
        }
    ));
}

// ---------------------------------------------------------------------------------------
// dir:TURNS
// ---------------------------------------------------------------------------------------

/// dir:TURNS: before each turn the position joins the history. On the 3-cycle: the empty
/// board joins before Black's turn, `X..` before White's, `XO.`... (W 2 captures nothing:
/// black 1 reaches 2 only, now white, so black 1 is captured: `.O.` joins).
#[test]
fn dir_turns_history_grows_before_each_turn() {
    let g = game("rules: directed\nboard: {directed_cycle: 3}\n");
    let s = played(&g, &["B 1"]);
    // After a placement the next turn has not begun: only the empty board is in the history.
    assert_eq!(s.history.len(), 1);
    assert!(s.history.contains(&pos("...")));
    let s = played(&g, &["B 1", "W 2", "B pass"]);
    let expected: Vec<Position> = vec![pos("..."), pos("X.."), pos(".O.")];
    assert_eq!(s.history.len(), 3);
    for p in expected {
        assert!(s.history.contains(&p), "{p:?}");
    }
}

/// dir:TURNS: either player may delete the history before a turn, each once; a turn is a
/// placement on an empty point or a pass, by the player to move.
#[test]
fn dir_turns_deletion_and_turn_kinds() {
    let g = game("rules: directed\nboard: {directed_cycle: 3}\n");
    let s = played(&g, &["B 1", "W delete"]);
    assert!(s.history.is_empty());
    assert_eq!(s.to_move(), Player::White);
    let s = played(&g, &["B 1", "B delete", "W delete", "W pass"]);
    // Only the position before Black's turn is in the history now.
    assert_eq!(s.history.len(), 1);
    assert_eq!(refusal(&g, &["B 1", "W delete"], "W delete"), "dir:TURNS");
    assert_eq!(refusal(&g, &["B 1"], "W 1"), "dir:TURNS");
    assert_eq!(refusal(&g, &["B 1"], "B 2"), "dir:TURNS");
    assert_eq!(refusal(&g, &[], "B resign"), "dir:TURNS");
}

/// dir:TURNS, reading 5: with `Deleters::Mover` (a variant) only the player to move may
/// delete; the transcription (either player) lets both.
#[test]
fn dir_turns_reading_5_mover_only() {
    let g = game("rules: directed\nboard: {directed_cycle: 3}\n");
    let mut mover_only: DirectedGame =
        graphgo::variants::directed::start(&g.setup, Deleters::Mover).unwrap();
    for t in turns(&g, &["B 1"]) {
        mover_only.play(&t).unwrap();
    }
    let white_deletes = Turn::parse("W delete", &g.setup.board).unwrap();
    let black_deletes = Turn::parse("B delete", &g.setup.board).unwrap();
    let refused = mover_only.clone().play(&black_deletes).unwrap_err();
    assert_eq!(refused.clause.id(), "dir:TURNS");
    assert!(
        refused.reason.contains("only White may delete"),
        "{}",
        refused.reason
    );
    assert!(mover_only.clone().play(&white_deletes).is_ok());
    // The legal turns follow: White's deletion, not Black's.
    let legal = mover_only.legal_turns();
    assert!(legal.contains(&white_deletes) && !legal.contains(&black_deletes));
    // Under the source's reading both may.
    let s = played(&g, &["B 1"]);
    assert!(directed::turn(&s, &black_deletes).is_ok());
    assert!(directed::turn(&s, &white_deletes).is_ok());
}

// ---------------------------------------------------------------------------------------
// dir:CAPTURE
// ---------------------------------------------------------------------------------------

/// dir:CAPTURE: liberties are per stone and follow arcs forward. Points u, v, e, x with arcs
/// u->v, u->e, x->u: black u reaches the empty e; black v has no arc out, so no liberty, though
/// it touches u (undirected, {u, v} would be one group with liberty e).
#[test]
fn dir_capture_per_stone_liberties() {
    let g = game(
        "rules: directed\nboard: {digraph: {vertices: [u, v, e, x], arcs: [[u, v], [u, e], [x, u]]}}\n\
         setup: {black: [u, v]}\n",
    );
    let arcs = match &g.setup.equipment {
        graphgo::game::Equipment::Arcs(a) => a.clone(),
        _ => unreachable!(),
    };
    let p = pos("XX..");
    assert_eq!(
        liberties(&arcs, &p, 0).into_iter().collect::<Vec<_>>(),
        vec![2]
    );
    assert!(liberties(&arcs, &p, 1).is_empty());
    // White plays x: black v (no liberty) goes; black u keeps e; white x reaches only u (black):
    // removed after the opponent's stones.
    assert_eq!(place_stone(&arcs, &p, Player::White, 3), pos("X..."));
}

/// dir:CAPTURE: liberties through own stones. The 3-cycle with black 1 and 2: 1 reaches 3
/// through 2. White at 3 then reaches 1 (black): no liberty; black 2 reaches 3 (white): none;
/// black 1 reaches 2 (black) then 3 (white): none. Opposing stones go first (1 and 2), then
/// white 3 reaches the empty 1 and stays.
#[test]
fn dir_capture_opponent_first_then_own() {
    let (_, arcs) = Digraph::directed_cycle(3).unwrap();
    let p = pos("XX.");
    assert_eq!(
        liberties(&arcs, &p, 0).into_iter().collect::<Vec<_>>(),
        vec![2]
    );
    assert_eq!(place_stone(&arcs, &p, Player::White, 2), pos("..O"));
    // The isolated pair: black p, white plays q: p goes first, then q reaches p: stays.
    let (_, pair) = Digraph::from_arcs(&["p", "q"], &[("p", "q"), ("q", "p")]).unwrap();
    assert_eq!(place_stone(&pair, &pos("X."), Player::White, 1), pos(".O"));
    // Black plays q beside its own p: both reach only black or nothing: both removed.
    assert_eq!(place_stone(&pair, &pos("X."), Player::Black, 1), pos(".."));
}

// ---------------------------------------------------------------------------------------
// dir:KO
// ---------------------------------------------------------------------------------------

/// dir:KO: a bid is a non-negative rational, made by the player who just placed a stone.
#[test]
fn dir_ko_bids() {
    let g = game(PAIR);
    assert_eq!(refusal(&g, &["B p"], "B bid -1"), "dir:KO");
    let s = played(&g, &["B p", "B bid 3/2"]);
    assert_eq!(
        s.phase,
        Phase::Answering {
            bidder: Player::Black,
            amount: q(3, 2)
        }
    );
    // The bidder may not answer; the opponent must answer before anything else.
    assert_eq!(refusal(&g, &["B p", "B bid 1"], "B ignore"), "dir:KO");
    assert_eq!(refusal(&g, &["B p", "B bid 1"], "W q"), "dir:KO");
    // After a pass there is no bid: a bid is refused as a turn.
    assert_eq!(refusal(&g, &["B pass"], "B bid 1"), "dir:TURNS");
}

/// dir:INTRO: the game is played on one set of points: the directed graph's, the board's
/// (the names) and the initial colouring's. A setup in which any one of the three has
/// another size is refused, naming the three sizes (here 3 arcs' points against 2 and 2,
/// and 2 and 2 against a colouring of 3).
#[test]
fn dir_intro_start_refuses_a_setup_whose_parts_differ_in_size() {
    let g = game(PAIR);
    assert!(directed::start(&g.setup).is_ok());
    let mut longer_colouring = g.setup.clone();
    longer_colouring.initial.push(Colour::Empty);
    assert_eq!(
        directed::start(&longer_colouring).unwrap_err(),
        "the directed board has 2 points, the board 2 and the setup 3"
    );
    let three = game("rules: directed\nboard: {path: 3}\n");
    let mut other_arcs = g.setup.clone();
    other_arcs.equipment = three.setup.equipment.clone();
    assert_eq!(
        directed::start(&other_arcs).unwrap_err(),
        "the directed board has 3 points, the board 2 and the setup 2"
    );
}

/// dir:KO: only the bidder's opponent answers a bid, by ignoring it or by naming a ko
/// winner; the bidder naming a winner (either one) is refused like any other turn of the
/// bidder's, and the opponent's placement is refused with the turn in words (q is the
/// second point).
#[test]
fn dir_ko_the_bidder_cannot_name_the_ko_winner() {
    let g = game(PAIR);
    let bid = ["B p", "B bid 1"];
    for last in ["B winner black", "B winner white"] {
        let (clause, reason) = refused(&g, &bid, last);
        assert_eq!(
            (clause, reason.as_str()),
            ("dir:KO", "White must answer Black's ko bid first"),
            "{last}"
        );
    }
    let (clause, reason) = refused(&g, &bid, "W q");
    assert_eq!(
        (clause, reason.as_str()),
        (
            "dir:KO",
            "White must ignore the ko bid or name a ko winner, not 'W q'"
        )
    );
    // The turn is named as the record writes it (`Turn::text`, the one way to print one).
    let (_, reason) = refused(&g, &["first komi 1/2"], "B p");
    assert!(reason.ends_with("not 'B p'"), "{reason}");
}

/// dir:WIN: where the period starts. After `B p`, the cycle `W q`, `B p` (each capture
/// takes the other's stone) adds the position with White on q to the history the first
/// time round and nothing after: the state at the start of the second pass is the first
/// to repeat, so one pass comes before the period and the period is one pass long.
#[test]
fn dir_win_the_period_starts_after_the_first_pass() {
    let g = game(PAIR);
    let o = lasso(&g, &["B p"], &["W q", "B p"]).unwrap();
    assert_eq!((o.passes_before_period, o.period_passes), (1, 1));
    // With the history already holding both positions, the period starts at once.
    let o = lasso(&g, &["B p", "W q", "B p"], &["W q", "B p"]).unwrap();
    assert_eq!((o.passes_before_period, o.period_passes), (0, 1));
}

/// dir:KO: ignoring a bid changes nothing; the game goes on with the opponent's turn.
#[test]
fn dir_ko_ignore() {
    let g = game(PAIR);
    let s = played(&g, &["B p", "B bid 1", "W ignore"]);
    assert_eq!(s.scores, [q(0, 1), q(0, 1)]);
    assert_eq!(s.to_move(), Player::White);
}

/// dir:KO: the opponent names White ko winner: Black, the loser, gains the bid; White may
/// reset to a state in the history (here the empty board), and it is White's turn.
#[test]
fn dir_ko_winner_resets_loser_gains() {
    let g = game(PAIR);
    let s = played(&g, &["B p", "B bid 2", "W winner white"]);
    assert_eq!(s.scores, [q(2, 1), q(0, 1)]);
    assert_eq!(
        refusal(&g, &["B p", "B bid 2", "W winner white"], "W reset X."),
        "dir:KO"
    );
    let s = played(&g, &["B p", "B bid 2", "W winner white", "W reset .."]);
    assert_eq!(s.position, pos(".."));
    assert_eq!(s.to_move(), Player::White);
    // The winner may also keep the board: its next turn is taken at once.
    let s = played(&g, &["B p", "B bid 2", "W winner white", "W q"]);
    assert_eq!(s.position, pos(".O"));
}

/// dir:KO, reading 6: the bidder named ko winner moves again at once.
#[test]
fn dir_ko_reading_6_bidder_moves_again() {
    let g = game(PAIR);
    let s = played(&g, &["B p", "B bid 1", "W winner black"]);
    assert_eq!(s.scores, [q(0, 1), q(1, 1)]);
    assert_eq!(s.to_move(), Player::Black);
    let s = played(&g, &["B p", "B bid 1", "W winner black", "B pass"]);
    assert_eq!(s.to_move(), Player::White);
    assert_eq!(
        refusal(&g, &["B p", "B bid 1", "W winner black"], "W q"),
        "dir:TURNS"
    );
}

/// dir:KO: the turns listed as legal after a placement: the bid sample (the set of bids is
/// infinite), and the opponent's next turn (the bid may be declined).
#[test]
fn dir_ko_legal_turns_after_a_placement() {
    let g = game(PAIR);
    let mut playing = Rules.start(&g.setup).unwrap();
    playing
        .play(&Turn::parse("B p", &g.setup.board).unwrap())
        .unwrap();
    let legal: Vec<String> = playing
        .legal_turns()
        .iter()
        .map(|t| t.text(&g.setup.board))
        .collect();
    for t in [
        "B bid 0",
        "B bid 1/2",
        "B bid 1",
        "W q",
        "W pass",
        "B delete",
        "W delete",
    ] {
        assert!(legal.contains(&t.to_string()), "{t} not in {legal:?}");
    }
    assert!(!legal.contains(&"W p".to_string()));
    assert!(!legal.contains(&"B q".to_string()));
}

// ---------------------------------------------------------------------------------------
// dir:WIN
// ---------------------------------------------------------------------------------------

/// dir:WIN: every ordering case. Ranks by hand from the text, "in increasing order":
/// none 0, bid 1, naming oneself 2, ignoring 3, deleting 4; the lower wins, equal is a draw,
/// and with none on both sides unsustainability does not decide.
#[test]
fn dir_win_every_ordering_case() {
    let levels = [
        (None, 0),
        (Some(Unsustainable::Bid), 1),
        (Some(Unsustainable::NameSelfWinner), 2),
        (Some(Unsustainable::Ignore), 3),
        (Some(Unsustainable::DeleteHistory), 4),
    ];
    let mut cases = 0;
    for (b, rb) in levels {
        for (w, rw) in levels {
            let expected = if rb == 0 && rw == 0 {
                None
            } else if rb < rw {
                Some(Some(Player::Black))
            } else if rw < rb {
                Some(Some(Player::White))
            } else {
                Some(None)
            };
            assert_eq!(
                winner_by_unsustainability([b, w]),
                expected,
                "{b:?} vs {w:?}"
            );
            cases += 1;
        }
    }
    assert_eq!(cases, 25);
}

/// dir:WIN: unsustainability is the most unsustainable action done infinitely often. Black
/// bids after every capture and White ignores every bid: Black {bid}, White {ignore}: Black
/// wins (1 < 3), though the pair leaves no live stone.
#[test]
fn dir_win_bid_against_ignore() {
    let g = game(PAIR);
    let o = lasso(
        &g,
        &["B p"],
        &["B bid 0", "W ignore", "W q", "W bid 0", "B ignore", "B p"],
    )
    .unwrap();
    // Here each player bids and ignores: both at ignore: a draw by unsustainability.
    assert_eq!(o.unsustainability, [Some(Unsustainable::Ignore); 2]);
    assert!(o.by_unsustainability);
    assert_eq!(o.winner, None);
    let o = lasso(&g, &["B p"], &["B bid 0", "W ignore", "W q", "B p"]).unwrap();
    assert_eq!(
        o.unsustainability,
        [Some(Unsustainable::Bid), Some(Unsustainable::Ignore)]
    );
    assert_eq!(o.winner, Some(Player::Black));
}

/// dir:WIN: deleting the history forever loses to a player who does nothing unsustainable,
/// even with more live stones. Black has a live stone (1-1 on a one-way 2x1 grid) and
/// deletes the history every turn; White passes: White wins (0 < 4).
#[test]
fn dir_win_deletion_forever_loses() {
    let g = game("rules: directed\nboard: {one_way_grid: [2, 1]}\n");
    let o = lasso(&g, &["B 1-1"], &["W pass", "B delete", "B pass"]).unwrap();
    assert_eq!(
        o.unsustainability,
        [Some(Unsustainable::DeleteHistory), None]
    );
    assert_eq!(o.winner, Some(Player::White));
    assert_eq!(o.live[0].len(), 1);
    // Both delete forever: equal unsustainability, a draw.
    let o = lasso(
        &g,
        &["B 1-1"],
        &["W delete", "W pass", "B delete", "B pass"],
    )
    .unwrap();
    assert_eq!(o.winner, None);
    assert!(o.by_unsustainability);
}

/// dir:WIN: scores that grow forever are not eventually constant (bids of 1 gained every
/// period), and then unsustainability decides: Black bids, White names Black winner each
/// time, so White gains 1 a period and Black is at "bid", White at none: White wins.
#[test]
fn dir_win_scores_not_eventually_constant() {
    let g = game(PAIR);
    let o = lasso(
        &g,
        &["B p"],
        &["B bid 1", "W winner black", "B pass", "W q", "B p"],
    )
    .unwrap();
    assert_eq!(o.gain_per_period, [q(0, 1), q(1, 1)]);
    assert_eq!(o.eventual_scores, None);
    assert_eq!(o.winner, Some(Player::White));
    // The same cycle once more before the lasso: White has 1 when the period starts and 2
    // after it, and the gain per period is still the difference, 1.
    let o = lasso(
        &g,
        &["B p", "B bid 1", "W winner black", "B pass", "W q", "B p"],
        &["B bid 1", "W winner black", "B pass", "W q", "B p"],
    )
    .unwrap();
    assert_eq!(o.gain_per_period, [q(0, 1), q(1, 1)]);
    assert_eq!(o.winner, Some(Player::White));
    // The colours exchanged (Black passes first, so that White places p and bids): Black
    // gains 1 a period, and has 1 when the period starts; White is at "bid" and loses.
    let o = lasso(
        &g,
        &[
            "B pass",
            "W p",
            "W bid 1",
            "B winner white",
            "W pass",
            "B q",
            "W p",
        ],
        &["W bid 1", "B winner white", "W pass", "B q", "W p"],
    )
    .unwrap();
    assert_eq!(o.gain_per_period, [q(1, 1), q(0, 1)]);
    assert_eq!(o.eventual_scores, None);
    assert_eq!(o.winner, Some(Player::Black));
}

/// dir:WIN: a lasso whose cycle is not a legal continuation of itself is rejected with the
/// turn that breaks it: "B p" then "W pass": the second time round p is still black.
#[test]
fn dir_win_broken_cycle_names_the_turn() {
    let g = game(PAIR);
    match lasso(&g, &[], &["B p", "W pass"]) {
        Err(LassoError::Cycle {
            index,
            pass,
            illegal,
        }) => {
            assert_eq!((index, pass, illegal.clause.id()), (0, 2, "dir:TURNS"));
        }
        other => panic!("{other:?}"),
    }
    match lasso(&g, &["W p"], &["B p"]) {
        Err(LassoError::Prefix { index: 0, .. }) => {}
        other => panic!("{other:?}"),
    }
}

/// dir:WIN: the endgame ko only Black can win (spec/examples/directed/endgame_ko_bid_zero.yaml):
/// Black bids 0 every time; if White names itself winner forever, White loses (2 > 1).
#[test]
fn dir_win_endgame_ko_bid_zero() {
    let g = game(
        "rules: directed\nboard: {digraph: {vertices: [a, b, g, h1, h2], arcs: [[a, b], [b, a], [b, g], [g, h1], [g, h2]]}}\n\
         setup: {black: [g]}\n",
    );
    let o = lasso(
        &g,
        &["B a", "W b"],
        &[
            "B a",
            "B bid 0",
            "W winner white",
            "W reset .OX..",
            "W pass",
        ],
    )
    .unwrap();
    assert_eq!(
        o.unsustainability,
        [
            Some(Unsustainable::Bid),
            Some(Unsustainable::NameSelfWinner)
        ]
    );
    assert_eq!(o.winner, Some(Player::Black));
    assert!(o.by_unsustainability);
    // White ignoring forever instead: 3 > 1, Black wins again.
    let o = lasso(&g, &["B a"], &["B bid 0", "W ignore", "W b", "B a"]).unwrap();
    assert_eq!(o.winner, Some(Player::Black));
    // Naming Black winner: Black ends the ko at b, then passes forever: live a, b, g = 3.
    let o = lasso(
        &g,
        &["B a", "W b", "B a", "B bid 0", "W winner black", "B b"],
        &["W pass", "B pass"],
    )
    .unwrap();
    assert_eq!(o.final_scores, Some([q(3, 1), q(0, 1)]));
    assert_eq!(o.winner, Some(Player::Black));
    assert!(!o.by_unsustainability);
}

/// dir:WIN: a ko loop resolved by a bid (spec/examples/directed/ko_resolved_by_bid.yaml);
/// without the bid the same loop forever is a draw: 3 live stones each (the ko points are
/// not live), no unsustainable action, scores 0.
#[test]
fn dir_win_ko_loop_resolved_by_a_bid() {
    let g = game(
        "rules: directed\nboard: {grid: [4, 3]}\nsetup: {black: [2-3, 1-2, 2-1], white: [3-3, 4-2, 3-1, 2-2]}\n",
    );
    let o = lasso(&g, &[], &["B 3-2", "W 2-2"]).unwrap();
    assert_eq!(o.final_scores, Some([q(3, 1), q(3, 1)]));
    assert_eq!(o.winner, None);
    let o = lasso(
        &g,
        &[
            "B 3-2",
            "W 2-2",
            "B delete",
            "B 3-2",
            "W 2-2",
            "B 3-2",
            "B bid 1",
            "W winner black",
            "B 2-2",
        ],
        &["W pass", "B pass"],
    )
    .unwrap();
    assert_eq!(o.eventual_scores, Some([q(0, 1), q(1, 1)]));
    assert_eq!((o.live[0].len(), o.live[1].len()), (5, 3));
    assert_eq!(o.final_scores, Some([q(5, 1), q(4, 1)]));
    assert_eq!(o.winner, Some(Player::Black));
    // White takes the ko itself instead (names itself winner once, resets to its retake,
    // fills 3-2): Black gains 1; live Black 3, White 5: final Black 4, White 5.
    let o = lasso(
        &g,
        &[
            "B 3-2",
            "W 2-2",
            "B delete",
            "B 3-2",
            "W 2-2",
            "B 3-2",
            "B bid 1",
            "W winner white",
            "W reset .XO.XO.O.XO.",
            "W 3-2",
        ],
        &["B pass", "W pass"],
    );
    // The reset string lists the points in the grid's order (1-1, 2-1, …, 4-3).
    let o = o.unwrap();
    assert_eq!(o.final_scores, Some([q(4, 1), q(5, 1)]));
    assert_eq!(o.winner, Some(Player::White));
}

// ---------------------------------------------------------------------------------------
// Notes
// ---------------------------------------------------------------------------------------

/// dir:NOTE-pass: "I pass forever if you do" is the two-pass cycle; the stones on the board
/// are then live, and the final score is score plus stones.
#[test]
fn dir_note_pass_forever() {
    let g = game("rules: directed\nboard: {directed_cycle: 3}\nkomi: 1\n");
    let o = lasso(&g, &["B 1"], &["W pass", "B pass"]).unwrap();
    // Black 1 reaches 2 (empty): live. Final Black 1, White 1 (komi): a draw.
    assert_eq!(o.final_scores, Some([q(1, 1), q(1, 1)]));
    assert_eq!(o.winner, None);
}

/// dir:NOTE-pairs: an isolated pair is worth 0 to both: endless mutual capture leaves no live
/// stone. Beside a black stone elsewhere, the pair changes nothing: Black 1, White 0.
#[test]
fn dir_note_pairs_worth_zero() {
    let g = game(PAIR);
    let o = lasso(&g, &["B p"], &["W q", "B p"]).unwrap();
    assert!(o.live[0].is_empty() && o.live[1].is_empty());
    assert_eq!(o.final_scores, Some([q(0, 1), q(0, 1)]));
    assert_eq!(o.winner, None);
    let g = game(
        "rules: directed\nboard: {digraph: {vertices: [p, q, s, t], arcs: [[p, q], [q, p], [s, t]]}}\nsetup: {black: [s]}\n",
    );
    let o = lasso(&g, &["B p"], &["W q", "B p"]).unwrap();
    assert_eq!(o.final_scores, Some([q(1, 1), q(0, 1)]));
}

/// Issue 30: the game of `dir_turn_every_arm_by_hand`, turn by turn, with the clauses each
/// turn applied, in order, and what each did, read off the rules: `dir:KOMI` names komi,
/// then the colour is chosen and White gains komi, and Black's turn begins (`dir:TURNS`: the
/// position joins the history); a placement is `dir:TURNS`, then `dir:CAPTURE` removes the
/// opposing stones without liberties and then the mover's own (a step each, empty when
/// none); a bid, its answer and the reset are `dir:KO`, and after the answer or the reset a
/// turn begins; an optional step not taken is declined under its clause, then the rules go
/// on to the turn taken.
#[test]
fn dir_turn_every_arm_traces_its_clauses() {
    use graphgo::game::clause::Directed;
    use graphgo::game::trace::{Applied, Effect};
    let g = game(PAIR);
    let (black, white) = (Player::Black, Player::White);
    let traced = |texts: &[&str], last: &str| -> Vec<Applied> {
        let s = played(&g, texts);
        let t = Turn::parse(last, &g.setup.board).unwrap();
        directed::turn(&s, &t).unwrap().applied
    };
    let did = |clause: Directed, effect: Effect| Applied::new(clause, effect);
    let begun = |to_move| did(Directed::Turns, Effect::TurnBegun { to_move });
    let placed = |player, at| {
        did(
            Directed::Turns,
            Effect::Placed {
                player,
                at,
                points: vec![at],
            },
        )
    };
    let removed = |colour, points: &[usize]| {
        did(
            Directed::Capture,
            Effect::Removed {
                colour,
                points: points.to_vec(),
            },
        )
    };

    assert_eq!(
        directed::start(&g.setup).unwrap().applied,
        [did(Directed::Intro, Effect::Setup)]
    );
    let mut so_far: Vec<&str> = Vec::new();
    let mut step = |t: &'static str, expected: Vec<Applied>| {
        assert_eq!(traced(&so_far, t), expected, "after {so_far:?}, {t}");
        so_far.push(t);
    };
    step(
        "first komi 1/2",
        vec![did(Directed::Komi, Effect::KomiNamed { komi: q(1, 2) })],
    );
    step(
        "second takes white",
        vec![
            did(
                Directed::Komi,
                Effect::ColourChosen {
                    colour: white,
                    scores: [q(0, 1), q(1, 2)],
                },
            ),
            begun(black),
        ],
    );
    step(
        "W delete",
        vec![did(
            Directed::Turns,
            Effect::HistoryDeleted { player: white },
        )],
    );
    // Black p reaches the empty q: nothing is removed, of either colour.
    step(
        "B p",
        vec![
            placed(black, 0),
            removed(Colour::White, &[]),
            removed(Colour::Black, &[]),
        ],
    );
    step(
        "B bid 1",
        vec![did(
            Directed::Ko,
            Effect::Bid {
                player: black,
                amount: q(1, 1),
            },
        )],
    );
    step(
        "W ignore",
        vec![
            did(Directed::Ko, Effect::BidIgnored { player: white }),
            begun(white),
        ],
    );
    // White q leaves black p, which reaches only q, without a liberty.
    step(
        "W q",
        vec![
            placed(white, 1),
            removed(Colour::Black, &[0]),
            removed(Colour::White, &[]),
        ],
    );
    step(
        "W bid 2",
        vec![did(
            Directed::Ko,
            Effect::Bid {
                player: white,
                amount: q(2, 1),
            },
        )],
    );
    // The ko loser, White, gains the bid: 1/2 + 2.
    step(
        "B winner black",
        vec![did(
            Directed::Ko,
            Effect::KoWinnerNamed {
                player: black,
                winner: black,
                scores: [q(0, 1), q(5, 2)],
            },
        )],
    );
    step(
        "B reset X.",
        vec![
            did(Directed::Ko, Effect::BoardReset { player: black }),
            begun(black),
        ],
    );
    step(
        "B pass",
        vec![
            did(Directed::Turns, Effect::Passed { player: black }),
            begun(white),
        ],
    );
    step(
        "W q",
        vec![
            placed(white, 1),
            removed(Colour::Black, &[0]),
            removed(Colour::White, &[]),
        ],
    );
    // No bid: declined (dir:KO), Black's turn begins, and Black's p removes white q.
    step(
        "B p",
        vec![
            did(Directed::Ko, Effect::Declined),
            begun(black),
            placed(black, 0),
            removed(Colour::White, &[1]),
            removed(Colour::Black, &[]),
        ],
    );
    step(
        "B bid 0",
        vec![did(
            Directed::Ko,
            Effect::Bid {
                player: black,
                amount: q(0, 1),
            },
        )],
    );
    step(
        "W winner white",
        vec![did(
            Directed::Ko,
            Effect::KoWinnerNamed {
                player: white,
                winner: white,
                scores: [q(0, 1), q(5, 2)],
            },
        )],
    );
    // No reset: declined (dir:KO), White's turn begins, White passes, Black's turn begins.
    step(
        "W pass",
        vec![
            did(Directed::Ko, Effect::Declined),
            begun(white),
            did(Directed::Turns, Effect::Passed { player: white }),
            begun(black),
        ],
    );

    // A komi not named: declined (dir:KOMI), Black's first turn begins, Black places.
    assert_eq!(
        traced(&[], "B p"),
        [
            did(Directed::Komi, Effect::Declined),
            begun(black),
            placed(black, 0),
            removed(Colour::White, &[]),
            removed(Colour::Black, &[]),
        ]
    );
    // The first player takes White: White still gains the komi.
    assert_eq!(
        traced(&["first komi 3"], "second takes black"),
        [
            did(
                Directed::Komi,
                Effect::ColourChosen {
                    colour: black,
                    scores: [q(0, 1), q(3, 1)],
                },
            ),
            begun(black),
        ]
    );
    // dir:CAPTURE, the mover's own stone: p has no arc out, so a stone there has no
    // liberty and goes at once.
    let sink = game("rules: directed\nboard: {digraph: {vertices: [p, q], arcs: [[q, p]]}}\n");
    let s = directed::start(&sink.setup).unwrap().state;
    let t = Turn::parse("B p", &sink.setup.board).unwrap();
    assert_eq!(
        directed::turn(&s, &t).unwrap().applied,
        [
            did(Directed::Komi, Effect::Declined),
            begun(black),
            placed(black, 0),
            removed(Colour::White, &[]),
            removed(Colour::Black, &[0]),
        ]
    );
}
