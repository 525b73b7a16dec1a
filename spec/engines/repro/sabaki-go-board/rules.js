// @sabaki/go-board 1.4.3 (npm): Board#makeMove in the four situations of
// spec/engines/repro/records/, with preventKo and preventOverwrite, and preventSuicide off (the
// library's default) and on (spec/engines/sabaki-go-board.md); then the ko after passes, a
// pass being makeMove with no vertex ("equivalent to clone()"). Run from graphgo's repository:
//   NODE_PATH=adapters/sabaki-go-board/node_modules node spec/engines/repro/sabaki-go-board/rules.js
"use strict";
const Board = require("@sabaki/go-board");

// A GTP name on a board of side n -> Sabaki's vertex [x, y], y from the top.
const V = (v, n) => ["ABCDE".indexOf(v[0]), n - Number(v.slice(1))];
function answer(options, n, moves, last) {
  let board = Board.fromDimensions(n);
  let sign = 1;
  for (const m of moves) {
    board = board.makeMove(sign, m === "pass" ? [-1, -1] : V(m, n), options);
    sign = -sign;
  }
  try {
    board.makeMove(sign, V(last, n), options);
    return "played";
  } catch (e) {
    return `refused (${e.message})`;
  }
}
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2
for (const preventSuicide of [false, true]) {
  const o = { preventOverwrite: true, preventKo: true, preventSuicide };
  console.log(`preventSuicide ${preventSuicide}:`);
  console.log(`  White's lone self-capture at A1 ${answer(o, 5, ["A2", "E5", "B1"], "A1")}`);
  console.log(`  White's self-capture of three at B1 ${answer(o, 5, ["A3", "A1", "B2", "A2", "C1"], "B1")}`);
  console.log(`  the ko retake at once ${answer(o, 5, KO, "B2")}`);
  console.log(`  Black's A1 closing the 2x2 superko cycle ${answer(o, 2, ["A1", "B2", "B1", "A2", "A1", "B1"], "A1")}`);
  console.log(`  the ko retake after a pass each ${answer(o, 5, [...KO, "pass", "pass"], "B2")}`);
}
