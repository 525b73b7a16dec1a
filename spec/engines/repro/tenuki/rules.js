// tenuki 0.3.1 (npm): its Game, run without a DOM, under each koRule, in the four situations
// of spec/engines/repro/records/, then a short game to its end and area score
// (spec/engines/tenuki.md). Game#playAt(y, x) plays for Game#currentPlayer() and returns false
// when the move is illegal; y is the row from the top, x the column. Run from graphgo's
// repository: NODE_PATH=adapters/tenuki/node_modules node spec/engines/repro/tenuki/rules.js
"use strict";
const { Game } = require("tenuki");

// A GTP name on a board of side n -> tenuki's (y, x).
const P = (v, n) => [n - Number(v.slice(1)), "ABCDE".indexOf(v[0])];
function game(koRule, n, moves) {
  const g = new Game({ boardSize: n, koRule, scoring: "area", komi: 0.5 });
  for (const m of moves) {
    const ok = m === "pass" ? g.pass({ render: false }) : g.playAt(...P(m, n), { render: false });
    if (!ok) throw new Error(`setup move ${m} refused`);
  }
  return g;
}
const answer = (g, v) => (g.playAt(...P(v, g.boardSize), { render: false }) ? "played" : "refused");
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2
const CYCLE = ["A1", "B2", "B1", "A2", "A1", "B1"]; // Black's A1 next gives the board after move 1
for (const koRule of ["simple", "positional-superko", "situational-superko", "natural-situational-superko"]) {
  console.log(`koRule ${koRule}:`);
  console.log(`  White's lone self-capture at A1 ${answer(game(koRule, 5, ["A2", "E5", "B1"]), "A1")}; ` +
    `White's self-capture of three at B1 ${answer(game(koRule, 5, ["A3", "A1", "B2", "A2", "C1"]), "B1")}`);
  console.log(`  the ko retake at once ${answer(game(koRule, 5, KO), "B2")}; ` +
    `Black's A1 closing the 2x2 superko cycle ${answer(game(koRule, 2, CYCLE), "A1")}`);
}
const g = game("simple", 3, ["B2", "pass", "pass"]);
console.log(`after B B2 and two passes on 3x3 (komi 0.5): isOver ${g.isOver()}, ` +
  `score ${JSON.stringify(g.score())}, a move after the end ${answer(g, "A1")}`);
const w = game("simple", 3, ["B2"]);
console.log(`after B B2, currentPlayer ${w.currentPlayer()}`);
