// @sabaki/go-board 1.4.3: makeMove's preventKo refuses the point of the last single-stone ko
// capture; its README says it throws "if the attempted move repeats the position that led to
// `board`". After the opponent's lone self-capture (self-capture is allowed by default), a
// lone self-capture of one's own gives back the position that led to the board, and is played
// (spec/engines/sabaki-go-board.md). Run from graphgo's repository:
//   NODE_PATH=adapters/sabaki-go-board/node_modules node spec/engines/repro/sabaki-go-board/ko_after_self_capture.js
"use strict";
const Board = require("@sabaki/go-board");

const options = { preventOverwrite: true, preventKo: true };
// Vertices are [x, y], y from the top; on 5x5 A1 is [0, 4] and E1 is [4, 4].
let board = Board.fromDimensions(5);
board = board.makeMove(1, [0, 3], options).makeMove(1, [1, 4], options); // Black A2, B1
board = board.makeMove(-1, [3, 4], options).makeMove(-1, [4, 3], options); // White D1, E2
const led = board;
board = board.makeMove(-1, [0, 4], options); // White A1: no liberty, removed at once
console.log(`White A1 played; the board is the one before it: ${board.diff(led).length === 0}`);
try {
  const after = board.makeMove(1, [4, 4], options); // Black E1: no liberty, removed at once
  console.log(`Black E1 played; it repeats the position that led to the board: ${after.diff(led).length === 0}`);
} catch (e) {
  console.log(`Black E1 refused: ${e.message}`);
}
