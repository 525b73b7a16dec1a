// @sabaki/go-board 1.4.3: makeMove's preventKo looks at the single-stone ko shape of the last
// capture, not at the position. Its documentation: "If preventKo is set to true, this
// function will throw an error if the attempted move repeats the position that led to
// `board`." After a lone stone's self-capture (allowed by default), a second lone
// self-capture repeats the position that led to the board, and is played.
//
// Run where the package is installed (npm install @sabaki/go-board@1.4.3), or from graphgo's
// repository: NODE_PATH=adapters/sabaki-go-board/node_modules node spec/engines/findings/sabaki-go-board/ko-after-self-capture.js
// Exit status 1 while the departure is there, 0 once makeMove throws.
"use strict";
const Board = require("@sabaki/go-board");

const options = { preventOverwrite: true, preventKo: true };
// Vertices are [x, y], y from the top; on 5x5 A1 is [0, 4] and E1 is [4, 4].
let board = Board.fromDimensions(5);
board = board.makeMove(1, [0, 3], options).makeMove(1, [1, 4], options); // Black A2, B1
board = board.makeMove(-1, [3, 4], options).makeMove(-1, [4, 3], options); // White D1, E2
const led = board;
board = board.makeMove(-1, [0, 4], options); // White A1: no liberty, removed at once
let after;
try {
  after = board.makeMove(1, [4, 4], options); // Black E1: no liberty, removed at once
} catch (e) {
  console.log(`Black E1 refused: ${e.message}`);
  process.exit(0);
}
const same = after.diff(led).length === 0;
console.log(`Black E1 played; the board it gives is the position that led to the board: ${same}`);
process.exit(same ? 1 : 0);
