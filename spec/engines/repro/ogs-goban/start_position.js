// goban 8.3.64 (npm; online-go.com's GobanEngine): isBoardRepeating compares the new board
// with the boards of the move tree from three turns back, for min(30, move_number - 2) turns:
// the tree's root, the starting position, is never compared (spec/engines/ogs-goban.md). On
// two points in a row, with self-capture allowed (nz, ing): B pass, W A1, B pass, then White's
// B1 removes both its stones and leaves the empty board with Black to move, the starting
// position. Run from graphgo's repository:
//   NODE_PATH=adapters/ogs-goban/node_modules node spec/engines/repro/ogs-goban/start_position.js
"use strict";
// The npm package is a browser bundle: these globals let it load in Node.
Object.assign(globalThis, { self: globalThis, window: globalThis, addEventListener() {}, removeEventListener() {} });
globalThis.document = { body: {}, addEventListener() {}, removeEventListener() {} };
const log = console.log;
console.log = console.error; // the bundle logs; keep standard output for the answers
const { GobanEngine } = require("goban");

for (const rules of ["nz", "ing"]) {
  const engine = new GobanEngine({ width: 2, height: 1, rules });
  engine.place(-1, -1); // Black passes
  engine.place(0, 0, true, true); // White A1
  engine.place(-1, -1); // Black passes
  let answer = "played";
  try {
    engine.place(1, 0, true, true); // White B1: no liberty, removed with A1
  } catch (e) {
    answer = `refused (${e.message_id})`;
  }
  log(`${rules} (superko_algorithm ${engine.superko_algorithm}): White's B1 ${answer}; ` +
    `the board is empty: ${engine.board.flat().every((c) => c === 0)}; to move: ${engine.colorToMove()}`);
}
