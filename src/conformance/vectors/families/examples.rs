//! The worked examples of `spec/examples/<family>/`, each a vector whose note is the
//! example's comment and whose clauses include those the comment names ([`clause_ids_in`]).

use super::*;
use crate::io::record::Record;

/// The clause ids named in a text (`ggg1:3`, `mango:ALIVE`, `topo:D8`, `dir:KO`, ...), by the
/// prefixes of the register.
pub fn clause_ids_in(text: &str) -> Vec<String> {
    const PREFIXES: [&str; 8] = [
        "ggg1:", "ggg2:", "ggg3:", "topo:", "nrich:", "dir:", "mango:", "option:",
    ];
    let mut out: Vec<String> = text
        .split(|c: char| c.is_whitespace() || "(),;`'\"[]{}".contains(c))
        .map(|w| w.trim_end_matches(['.', ':']))
        .filter(|w| {
            PREFIXES.iter().any(|p| {
                w.strip_prefix(p).is_some_and(|rest| {
                    !rest.is_empty()
                        && rest
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                })
            })
        })
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The worked examples of every family, `spec/examples/<family>/*.yaml`: each record with
/// its comment lines as the note and the clause ids they name. These examples were worked
/// out by hand by the family's author (their comments give the expected result); the vector
/// is derived by the transcription and confirmed by the engine like any other.
pub(super) fn example_cases() -> Vec<Case> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/examples");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    let mut out = Vec::new();
    for dir in dirs {
        let family = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|x| x == "yaml" || x == "json"));
        files.sort();
        for path in files {
            let Ok(r) = Record::load(&path) else {
                continue;
            };
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().replace('_', "-"))
                .unwrap_or_default();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let note: Vec<&str> = text
                .lines()
                .filter_map(|l| l.strip_prefix('#').map(str::trim))
                .collect();
            let note = note.join(" ");
            let clauses = clause_ids_in(&note);
            out.push(Case {
                id: format!("example-{family}-{stem}"),
                clauses,
                note: format!(
                    "spec/examples/{family}/{}: {note}",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ),
                record: r,
                claims: Vec::new(),
                by_hand: false,
            });
        }
    }
    out
}

/// The sample checked by hand: every field of the written vector was worked out from the
/// source text and compared with the file; the derivation is appended to the vector's note.
pub const HAND_CHECKED: [(&str, &str); 41] = [
    ("example-mango-light-liberty", "B 2: White's {3} reaches only the empty 4 through empty points (2 is black now): z = 1/2, T(1/2) = 0, not alive, removed in step 3. Black's {2} reaches 1, 3, 4: z = 5/2, alive. Score (mango:SCORE): Black's point 2 (1) and the empty 1, 3, 4, each joined to Black and to no white point: 1 + 1 + 1 + 1/2 = 7/2; White 0. Two passes end the game (mango:END): Black wins 7/2 to 0."),
    ("example-mango-window", "B 7: White's {1} reaches the empty 2..6, z = 5, outside 1 <= z < 5: removed (step 3); then Black's {7} reaches 1..6, z = 6: removed (step 4). The empty board differs from the setup (White on 1): legal. W 4 reaches six empty points, z = 6, dies at once and gives the empty board again: refused (mango:LEGAL)."),
    ("example-mango-negative-weights", "B 5: White's {1} reaches 2, 3, 4: z = 1 + 1 - 2 = 0 < 1, removed. Black's {5} reaches 1..4: z = 1 + 1 + 1 - 2 = 1, alive. Score: Black's point 5 (1) plus the empty 1..4 (1 + 1 + 1 - 2 = 1) = 2, White 0; two passes end it: Black wins 2 to 0."),
    ("mango-go-weights-capture-first-cycle3-6-all", "On the triangle with White on 1 and 3 and F = 1, T = z >= 1: after B 2 White's {1, 3} reaches no empty point (z = 0): removed in step 3; Black's {2} then reaches 1 and 3: z = 2, alive. Running scores: Black's point and the two empty points joined only to Black: 3; White 0."),
    ("first-move-path1-ggg1", "B 1 colours the only vertex; it has no neighbour, so no liberty, and step 3 of ggg1:2 empties it again: the colouring is the initial one, which occurred earlier (ggg1:3, reading 3): refused."),
    ("first-move-path1-ggg2", "Black's only move repeats the empty start (ggg1:3), so Black is unable to make a move before the first turn: the game is over, White wins (ggg2:4), and B 1 is refused as a turn after the end."),
    ("first-move-path1-ggg3", "As under ggg2, Black has no legal move at the start; with P = 0 there is no pass either, and under no_move: lose the game is over at once: White wins by no-move (ggg3:4)."),
    ("capture-path2-0-ggg1", "White 1's only neighbour is 2; B 2 leaves White's group {1} without a liberty, step 2 removes it, and Black's {2} then has the liberty 1."),
    ("capture-path3-1-ggg3", "White 2 lies between Black 1 and the move at 3: no liberty, removed by step 2; a removed white group of one adds 1 to P (ggg3:2): P = 1, Q = 0."),
    ("capture-grid3x3-9-ggg1", "The centre 2-2 has the four neighbours 2-1, 1-2, 3-2, 2-3; with B 2-3 all are black, so White's 2-2 is removed; positions are listed in board order (row by row from 1-1)."),
    ("capture-torus3x3-13-ggg1", "On the 3x3 torus 1-1 is adjacent to 2-1, 3-1 (across the seam), 1-2 and 1-3 (across the seam); B 1-2 fills the last of them, so White's 1-1 is removed."),
    ("capture-first-path3-1-none-ggg1", "After step 1 Black's 2 has no liberty (1 and 3 are white), but step 2 first removes White's {1} and {3}, which have none either; step 3 then removes nothing, so even self_capture: none allows it."),
    ("capture-first-cycle3-6-all-ggg1", "On the triangle, White's 1 and 3 are adjacent: one group whose only other neighbour is 2. B 2 takes its last liberty: White's group goes (step 2) before Black's 2 is looked at (step 3)."),
    ("self-capture-lone-path3-0-all-positional-ggg1", "B 1: Black's {1} has only the neighbour 2 (white), no liberty; White's {2} keeps the liberty 3. Step 3 removes Black's stone and the colouring is the initial one: refused by positional superko (ggg1:3)."),
    ("self-capture-lone-path3-0-all-none-ggg1", "The same move without a repetition rule: legal; the stone placed is removed by step 3 (removed: [1]) and White's 2 stays."),
    ("self-capture-lone-path3-0-multi-none-ggg1", "self_capture: multi refuses a move whose step 3 removes exactly one stone of the mover's: B 1 does, so it is refused under option:self_capture before any repetition test."),
    ("self-capture-lone-path3-0-all-positional-ggg3", "Black's two possible moves, 1 and 3, are both lone self-captures that give back the start (ggg3:3); P = 0. Black is unable to move at the start and loses (ggg3:4, no_move: lose); B 1 comes after the end."),
    ("self-capture-pair-path4-0-all-positional-ggg3", "B 2 joins Black 1: the group {1, 2} has the single neighbour 3 (white), no liberty; White's 3 keeps 4. Step 3 removes both black stones, and a removed black group of two adds 2 to Q (ggg3:2). The colouring ..O. is new."),
    ("self-capture-pair-path4-0-none-positional-ggg1", "self_capture: none refuses any move whose step 3 removes a stone of the mover's: B 2 removes two."),
    ("self-capture-pair-path4-0-multi-positional-ggg1", "self_capture: multi refuses only the loss of exactly one stone; B 2 loses two, so it is legal and the position is ..O."),
    ("repetition-path2-positional-ggg1", "B 1 gives X.; W 2 leaves Black's 1 without a liberty, removes it (step 2) and keeps the liberty 1: .O; B 1 would take White's 2 and give X., the colouring after turn 1: refused (ggg1:3)."),
    ("repetition-path2-situational-ggg1", "The retake would give X. with White to move, exactly the situation after turn 1: refused by situational superko (option:repetition)."),
    ("repetition-path2-simple-ggg1", "Simple ko refuses giving back the colouring from before the opponent's last turn: before W 2 it was X., which B 1 would give back: refused (option:repetition)."),
    ("repetition-path2-none-ggg1", "Without a repetition rule the retake is legal: it removes White's 2 (step 2) and gives X. again."),
    ("repetition-grid3x1-positional-ggg1", "X.. / X.O / XX. (B 2-1 takes 3-1) / ..O (W 3-1 takes Black's two, which had only the liberty 3-1); B 1-1 would give X.O, the colouring after turn 2: refused by positional superko."),
    ("repetition-grid3x1-situational-ggg1", "X.O occurred after turn 2 with Black to move; B 1-1 gives X.O with White to move, a new situation: legal under situational superko."),
    ("score-path3-0-both-komi0", "Two passes end the game (ggg1:4). Black has the stone 2; the empty groups {1} and {3} touch only Black: Black 3. Each touches Black, White's opponent: White 0. Black wins."),
    ("score-path3-0-none-komi0", "Under neutral: none the same count: each empty group touches Black and not White: Black 3, White 0."),
    ("score-graph4-6-both-komi0", "The isolated vertex z is an empty group with no neighbour at all, so no neighbour of either opponent: it counts for both (ggg1:4 as written, reading 1). Black 3 + 1 = 4, White 0 + 1 = 1."),
    ("score-graph4-6-none-komi-1", "Under neutral: none z counts for nobody: Black 3, White 0 + komi -1 = -1; Black wins."),
    ("wrong-player-first-ggg1", "Black moves first (ggg1:2): W 1 at the start is refused and changes nothing; B 1 is then legal."),
    ("occupied-ggg1", "A move colours an empty vertex (ggg1:2): W 1 on Black's stone, B 3 on White's and B 4 on the setup stone are refused; each refusal leaves the game unchanged, so the same player tries again."),
    ("after-end-ggg2", "W resign ends the game; Black wins by resignation (ggg2:4). Any later turn, by either player, is refused under the clause that ended it."),
    ("resign-black-ggg1", "B resign: Black loses whatever the scores (ggg1:4). The scores are still reported: the empty path is one empty group touching no stone, so it counts for both (reading 1): 3 and 3."),
    ("paid-pass-path3-p1q0-3", "Black pays for a pass with one prisoner: P goes from 1 to 0 (ggg3:2). White's pass needs Q > 0: refused (ggg3:2). W 1 is then legal."),
    ("no-move-path1-ggg3-pass-p1", "On one vertex no move is ever legal (it gives back the start). no_move: pass lets Black pay P = 1 for a pass; then White can neither move nor pay (Q = 0) and loses: Black wins by no-move (ggg3:4, reading 2)."),
    ("pass-move-pass-path2-ggg1", "The passes are separated by W 2, so they are not consecutive (ggg1:4): the game goes on."),
    ("pass-pass-ends-torus3x3-ggg1", "Two passes end the game on the empty 3x3 torus: its nine empty vertices are one group touching no stone, which counts for both players (reading 1): 9 to 9, a draw. The third pass comes after the end (ggg1:4)."),
    ("no-pass-path2-ggg2", "Version 2 has no pass: a turn is a move or a resignation (ggg2:2)."),
    ("white-first-handicap-ggg3", "A handicap stone on 2-2 and White to move first (ggg1:notes); both moves are on empty vertices with liberties and capture nothing; P and Q stay 0."),
    ("capture-cube2x2x2-17-ggg2", "In the 2x2x2 cube 1-1-1 has the three neighbours 2-1-1, 1-2-1 and 1-1-2; B 1-1-2 fills the last, removing White's stone."),
];
