// goban 8.3.64 (npm; online-go.com's GobanEngine): isBoardRepeating compares the new board
// with at most MAX_SUPERKO_SEARCH = 30 earlier boards, from the one three turns back
// (spec/engines/ogs-goban.md). Under the "chinese" rules (positional superko): a ko, then
// passes, then the retake, which gives back the board from before the ko capture, D turns
// earlier; and the game of repro/ogs-goban/superko-window.yaml (102 moves on 5x5), whose last
// move gives back the board after move 2. Run from graphgo's repository:
//   NODE_PATH=adapters/ogs-goban/node_modules node spec/engines/repro/ogs-goban/superko_window.js
"use strict";
// The npm package is a browser bundle: these globals let it load in Node.
Object.assign(globalThis, { self: globalThis, window: globalThis, addEventListener() {}, removeEventListener() {} });
globalThis.document = { body: {}, addEventListener() {}, removeEventListener() {} };
const log = console.log;
console.log = console.error; // the bundle logs; keep standard output for the answers
const { GobanEngine } = require("goban");

const A = (v) => ["ABCDE".indexOf(v[0]), 5 - Number(v.slice(1))]; // GTP name -> (x, y)
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2
function retakeAfterPasses(passes) {
  const engine = new GobanEngine({ width: 5, height: 5, rules: "chinese" });
  for (const m of KO) engine.place(...A(m), true, true);
  for (let i = 0; i < passes; i++) engine.place(-1, -1);
  try {
    engine.place(...A("B2"), true, true); // White
    return "played";
  } catch (e) {
    return `refused (${e.message_id})`;
  }
}
for (const passes of [2, 30, 32]) {
  log(`the ko retaken after ${passes} passes (its board is ${passes + 2} turns old): ${retakeAfterPasses(passes)}`);
}

// graphgo's names: "x-y", x the column from the left, y the row from the bottom (5x5).
const moves = `B2-2 W4-1 B5-3 W4-5 B2-3 W3-4 B5-2 W4-2 B1-4 W4-3 B1-5 W2-1 B5-1 W1-3 B1-2 W1-1 B3-1
W5-4 B3-2 W2-5 B2-4 W5-3 B2-1 W4-4 B3-5 W3-3 B5-2 W5-5 B2-5 W5-1 B1-3 W1-1 Bpass W1-4 B1-3 W5-2
B1-5 W2-4 B3-5 W2-3 B3-1 W1-2 B3-2 W2-5 B2-1 W3-5 Bpass W2-2 B3-1 Wpass B3-2 W1-3 Bpass W1-5
B2-1 W2-3 B3-3 W1-1 B2-2 W1-5 B5-1 W4-1 B4-3 W1-4 B5-5 W2-5 B1-3 W5-2 B3-4 W5-1 B3-5 W1-2 B4-5
W2-4 B1-3 W1-4 B5-3 W2-3 B2-4 W5-4 B1-1 Wpass B4-4 Wpass B5-4 Wpass B1-5 Wpass B1-2 Wpass B2-3
Wpass B4-2 W5-2 B5-1 Wpass B1-4 Wpass B5-2 Wpass B2-5 W4-1`.split(/\s+/);
const engine = new GobanEngine({ width: 5, height: 5, rules: "chinese" });
const place = (m) => {
  if (m.endsWith("pass")) return engine.place(-1, -1);
  const [x, y] = m.slice(1).split("-").map(Number);
  engine.place(x - 1, 5 - y, true, true);
};
const boards = moves.map((m) => {
  place(m);
  return JSON.stringify(engine.board);
});
let answer = "played";
try {
  place("B2-2");
} catch (e) {
  answer = `refused (${e.message_id})`;
}
const repeats = JSON.stringify(engine.board) === boards[1];
log(`the 102-move game, then Black 2-2: ${answer}; its board is the board after move 2: ${repeats}`);
