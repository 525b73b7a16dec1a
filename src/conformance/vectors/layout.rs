//! Where a vector lives and why it exists: `spec/vectors/<family>/<rule>/<id>.yaml`.
//!
//! The family is the source the vector is about (`ggg`, `mango`, `nrich`, `topological`,
//! `directed`: the vector names a clause of it), the rule the part of that source it tests
//! (`ggg/superko/`, `mango/life/`, ...), and the file is named by the vector's id. The
//! generator places its vectors by [`PLACES`] (the first entry whose prefix starts the id)
//! and writes each entry's reason as the vector's `why`; vectors written by hand, regressions
//! and the vectors of outside engines' findings carry their `why` in their own file and are
//! placed by hand under the same folders (spec/FORMAT.md, "Conformance vectors").

/// The families, each with the prefix of its clause ids (spec/CLAUSES.md): a vector under
/// `<family>/` names at least one clause of that family.
pub const FAMILIES: [(&str, &str); 5] = [
    ("ggg", "ggg"),
    ("mango", "mango:"),
    ("nrich", "nrich:"),
    ("topological", "topo:"),
    ("directed", "dir:"),
];

/// The generated vectors' places and reasons: (id prefix, `<family>/<rule>`, why). The
/// first entry whose prefix starts an id wins, so longer prefixes come first.
pub const PLACES: &[(&str, &str, &str)] = &[
    // General Graph Go.
    ("first-move-", "ggg/move", "A first move on each small board, seams, twists and cubes included: an engine that builds the board's neighbours wrongly refuses or captures here (ggg1:2)."),
    ("occupied-", "ggg/move", "A move on an occupied vertex, by either player and on a setup stone, is refused and changes nothing (ggg1:2)."),
    ("capture-first-", "ggg/capture", "A move whose stones have no liberty after step 1 but capture first: step 2 comes before step 3, so it is legal even where self-capture is forbidden (ggg1:2)."),
    ("capture-", "ggg/capture", "A capture on a small board: the chain whose last liberty is filled is removed, whatever the board's shape (ggg1:2 step 2)."),
    ("self-capture-lone-", "ggg/self-capture", "A lone stone that removes itself, under each self_capture value and with and without superko: what each reading allows and what the position becomes (ggg1:2 step 3, option:self_capture)."),
    ("self-capture-pair-", "ggg/self-capture", "A move that removes its own chain of two, under each self_capture value and with and without superko (ggg1:2 step 3, option:self_capture)."),
    ("repetition-", "ggg/superko", "A retake that repeats an earlier position, under each repetition value: which rule refuses it and which allows it (ggg1:3, option:repetition)."),
    ("score-", "ggg/scoring", "The area count after two passes under both readings of a neutral empty group and three komis, worked by the generator's own count (ggg1:4)."),
    ("after-end-", "ggg/passes-and-end", "A turn after the game has ended is refused (ggg1:4)."),
    ("no-move-", "ggg/passes-and-end", "A player who cannot make a move, under both readings of what follows and with and without prisoners (ggg2:4, ggg3:4)."),
    ("no-pass-", "ggg/passes-and-end", "Version 2 has no pass: an engine that lets a player pass under it is wrong (ggg2:2)."),
    ("paid-pass-", "ggg/passes-and-end", "Version 3's pass costs a prisoner and never ends the game, from several counts of prisoners (ggg3:2, ggg3:3, ggg3:4)."),
    ("pass-move-pass-", "ggg/passes-and-end", "Two passes with a move between them are not consecutive: the game goes on (ggg1:4)."),
    ("pass-pass-ends-", "ggg/passes-and-end", "Two consecutive passes end the game and it is scored (ggg1:4)."),
    ("resign-", "ggg/passes-and-end", "A resignation ends the game, lost by the player who resigns, whatever the scores (ggg1:4)."),
    ("wrong-player-", "ggg/turn-order", "A turn of the player not to move is refused and changes nothing: Black first, then in turn (ggg1:2)."),
    ("white-first-", "ggg/setup", "A handicap stone and White to move first, as the notes to version 1 allow (ggg1:notes)."),
    ("worked-komi-gadget-", "ggg/komi", "The sources' own komi gadget, built by ggg::komi_gadget: the component beside the board gives White n - 1 points as the notes to version 1 say (ggg1:notes)."),
    ("worked-ggg2-5x5-", "ggg/example-5x5", "The 5x5 position printed after version 2, built by ggg::example_5x5, with short games whose every turn was worked by hand (ggg2:example)."),
    ("random-", "ggg/random-games", "A random game of the generator's campaign, derived by the transcription and confirmed by the engine: turns no hand-made case thought of."),
    ("example-ggg-ggg2-example-5x5", "ggg/example-5x5", "The record spec/examples/ggg/ggg2_example_5x5.yaml, its result worked by hand: the 5x5 position of version 2 and the hole Black may not fill (ggg2:example)."),
    ("example-ggg-ggg2-no-move", "ggg/passes-and-end", "The record spec/examples/ggg/ggg2_no_move.yaml, its result worked by hand: under version 2 a player with no move loses (ggg2:4)."),
    ("example-ggg-ggg3-no-move-pass", "ggg/passes-and-end", "The record spec/examples/ggg/ggg3_no_move_pass.yaml, its result worked by hand: the reading no_move: pass, a player without a move passing on a prisoner (ggg3:4)."),
    ("example-ggg-ggg3-paid-pass", "ggg/passes-and-end", "The record spec/examples/ggg/ggg3_paid_pass.yaml, its result worked by hand: version 3's pass paid with a prisoner (ggg3:2)."),
    ("example-ggg-ko-superko", "ggg/superko", "The record spec/examples/ggg/ko_superko.yaml, its result worked by hand: a ko retake refused by positional superko (ggg1:3)."),
    ("example-ggg-komi-gadget", "ggg/komi", "The record spec/examples/ggg/komi_gadget.yaml, its result worked by hand: komi by the path gadget of the notes to version 1 (ggg1:notes)."),
    ("example-ggg-komi", "ggg/komi", "The record spec/examples/ggg/komi.yaml, its result worked by hand: komi added to White's score, written as a YAML float and read exactly (ggg1:4)."),
    ("example-ggg-neutral-reading", "ggg/scoring", "The record spec/examples/ggg/neutral_reading.yaml, its result worked by hand: an empty group touching no stone counted for both players as written, for nobody under neutral: none (ggg1:4)."),
    ("example-ggg-torus-seam-capture", "ggg/capture", "The record spec/examples/ggg/torus_seam_capture.yaml, its result worked by hand: a capture across both seams of a torus (ggg1:2)."),
    ("example-ggg-two-passes-score", "ggg/scoring", "The record spec/examples/ggg/two_passes_score.yaml, its result worked by hand: the end by two passes and the area score (ggg1:4)."),
    // MANGO.
    ("mango-go-weights-capture-", "mango/capture", "A ggg1 capture case under MANGO with Go's weights (F = 1, T = z >= 1), where a group lives exactly when it touches an empty point: MANGO must play it as ggg1 does (mango:ALIVE, mango:MOVE)."),
    ("mango-go-weights-repetition-", "mango/superko", "A ggg1 retake case under MANGO with Go's weights: MANGO's repetition rule must refuse it as positional superko does (mango:LEGAL)."),
    ("mango-go-weights-self-capture-", "mango/self-capture", "A ggg1 self-capture case under MANGO with Go's weights: the mover's own dead group is removed as under ggg1 (mango:MOVE)."),
    ("mango-random-", "mango/random-games", "A random MANGO game with random exact weights and threshold, derived by the transcription and confirmed by the engine: rational weights no hand-made case thought of."),
    ("worked-mango-19x19-", "mango/example-19x19", "MANGO's own 19x19 example, built by mango::example_19x19, with its threshold and initial scores; the -ggg1 twins play it as General Graph Go with komi (mango:EX19)."),
    ("example-mango-ex19-komi", "mango/example-19x19", "The record spec/examples/mango/ex19_komi.yaml, its result worked by hand: the text's 19x19 example in its own numbers (mango:EX19)."),
    ("example-mango-fractional-territory", "mango/scoring", "The record spec/examples/mango/fractional_territory.yaml, its result worked by hand: weighted area scoring with initial scores (mango:SCORE, mango:SETUP)."),
    ("example-mango-ko-by-weight", "mango/superko", "The record spec/examples/mango/ko_by_weight.yaml, its result worked by hand: a ko retake legal only because of the weights (mango:LEGAL)."),
    ("example-mango-light-liberty", "mango/life", "The record spec/examples/mango/light_liberty.yaml, its result worked by hand: a group whose only liberty is light dies (mango:ALIVE)."),
    ("example-mango-negative-weights", "mango/life", "The record spec/examples/mango/negative_weights.yaml, its result worked by hand: a negative weight takes life away and counts against territory (mango:ALIVE, mango:SCORE)."),
    ("example-mango-window", "mango/life", "The record spec/examples/mango/window.yaml, its result worked by hand: a window threshold, under which a group with too much space dies (mango:ALIVE)."),
    // The network article.
    ("worked-nrich-", "nrich/boards", "The network article's own boards (torus, Moebius band, 3-d grid, road maps), built by nrich::Network, with claims from the article's own capture and flooding, an evaluator independent of the ggg transcription (nrich:boards)."),
    // Topological Go.
    ("example-topological-dominoes", "topological/placements", "The record spec/examples/topological/dominoes.yaml, its result worked by hand: stones that cover two points (topo:D3)."),
    ("example-topological-shared-boundary-point", "topological/placements", "The record spec/examples/topological/shared_boundary_point.yaml, its result worked by hand: one placement touching three others through a shared boundary point."),
    ("example-topological-lattice-discs-3x3", "topological/example-lattice", "The record spec/examples/topological/lattice_discs_3x3.yaml, its result worked by hand: the finite analogue of the text's first example, regular Go as open discs."),
    ("example-topological-reading-", "topological/readings", "The record spec/examples/topological/reading_4_point_in_no_stone.yaml, its result worked by hand: the reading of a point that lies in no stone (topo:D8, spec/ambiguities.md)."),
    ("example-topological-split-stone", "topological/readings", "The record spec/examples/topological/split_stone.yaml, its result worked by hand: a placement that is not connected (spec/ambiguities.md)."),
    // Go on directed graphs.
    ("example-directed-broken-cycle", "directed/infinite-play", "The record spec/examples/directed/broken_cycle.yaml, its result worked by hand: a lasso whose cycle is not a legal continuation of itself is refused (dir:WIN)."),
    ("example-directed-pass-forever", "directed/infinite-play", "The record spec/examples/directed/pass_forever.yaml, its result worked by hand: \"I pass forever if you do\", a lasso of two passes (dir:NOTE-pass)."),
    ("example-directed-endgame-ko-", "directed/ko", "The records spec/examples/directed/endgame_ko_*.yaml, their results worked by hand: an endgame ko answered by a bid (dir:KO)."),
    ("example-directed-ko-resolved-by-bid", "directed/ko", "The record spec/examples/directed/ko_resolved_by_bid.yaml, its result worked by hand: a ko loop resolved by a bid, as the source's note describes (dir:KO)."),
    ("example-directed-format-example", "directed/komi", "The record of spec/FORMAT.md (\"Go on directed graphs\"), its result worked by hand: komi named, a colour chosen, then play (dir:KOMI)."),
    ("example-directed-komi-and-capture", "directed/komi", "The record spec/examples/directed/komi_and_capture.yaml, its result worked by hand: divide-and-choose komi and a capture on a directed cycle (dir:KOMI, dir:CAPTURE)."),
    ("example-directed-isolated-pair", "directed/isolated-pairs", "The record spec/examples/directed/isolated_pair.yaml, its result worked by hand: an isolated pair of points is worth 0 to both players (dir:NOTE-pairs)."),
];

/// The place (`<family>/<rule>`) and reason of a generated vector, by its id.
pub fn place(id: &str) -> Option<(&'static str, &'static str)> {
    PLACES
        .iter()
        .find(|(prefix, _, _)| id.starts_with(prefix))
        .map(|(_, folder, why)| (*folder, *why))
}

/// The file of a generated vector under the vectors' root: `<family>/<rule>/<id>.yaml`.
pub fn relative_path(id: &str) -> Option<std::path::PathBuf> {
    place(id).map(|(folder, _)| std::path::Path::new(folder).join(format!("{id}.yaml")))
}
