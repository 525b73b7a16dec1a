// goban 8.3.64 (npm; online-go.com's GobanEngine): the shrunk findings and failed vectors of
// the red own-rules cells of the rows "ing" (lone self-capture: verdict 2) and "nz"
// (situational superko: verdict 3) of spec/engines/ogs-goban.md, replayed with
// GobanEngine#place as the adapter plays them (column x from 0, row y from 0 at the top).
// Under ing each last move is a lone stone that captures nothing and has no liberty: removed
// at once, it gives back the board of one turn before, which ing's superko (boards alone)
// forbids. Under nz each last move removes White's own stones and gives back the empty
// starting board with Black to move. Run from graphgo's repository:
//   NODE_PATH=adapters/ogs-goban/node_modules node spec/engines/repro/ogs-goban/findings.js
"use strict";
// The npm package is a browser bundle: these globals let it load in Node.
Object.assign(globalThis, { self: globalThis, window: globalThis, addEventListener() {}, removeEventListener() {} });
globalThis.document = { body: {}, addEventListener() {}, removeEventListener() {} };
const log = console.log;
console.log = console.error; // the bundle logs; keep standard output for the answers
const { GobanEngine } = require("goban");

const games = [
  ["ing", "own-a8799ec5796ac30b", 5, "B 4-1, W 2-4, B 5-2, W 5-1"],
  ["ing", "own-05d3595f525fc8fb", 5, "B 2-5, W 3-2, B 4-5, W 1-5, B 3-4, W 3-5"],
  ["ing", "leela-zero-suicide-superko", 19,
    "B 13-2, W 2-10, B 14-1, W 17-3, B 15-2, W 1-5, B 14-3, W 14-2"],
  ["nz", "own-5adf0a7fc0858718", 2, "B 2-2, W 1-1, B 2-1, W 1-2, B 2-2, W 2-1, B pass, W 2-2"],
  ["nz", "own-1995dad2456e0e42", 2,
    "B 1-1, W 1-2, B 2-2, W 2-1, B 2-1, W 1-2, B 2-2, W 2-1, B 2-2, W 1-1, B pass, W 2-2"],
];
for (const [rules, name, size, moves] of games) {
  const engine = new GobanEngine({ width: size, height: size, rules });
  const turns = moves.split(", ");
  let answer = "played";
  let before = "";
  turns.forEach((turn, i) => {
    const point = turn.split(" ")[1];
    if (i === turns.length - 1) before = JSON.stringify(engine.board);
    try {
      if (point === "pass") engine.place(-1, -1);
      else {
        const [column, row] = point.split("-").map(Number);
        engine.place(column - 1, size - row, true, true);
      }
    } catch (e) {
      answer = `refused at turn ${i + 1} (${e.message_id})`;
    }
  });
  const board = JSON.stringify(engine.board);
  log(`${rules} ${name}: last ${turns[turns.length - 1]} ${answer}; ` +
    `the board is the one before it: ${board === before}; ` +
    `empty: ${engine.board.flat().every((c) => c === 0)}; to move: ${engine.colorToMove()}`);
}
