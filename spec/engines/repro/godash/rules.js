// godash 2.1.0 (npm): addMove and followupKo in the four situations of
// spec/engines/repro/records/ (spec/engines/godash.md). godash has no game: a move carries its
// colour, and the ko rule is the caller's, through followupKo ("Use followupKo if you want to do
// ko-related things"), which names the point the ko rule forbids after a move. Coordinates are
// (x, y), y from the top. Run from graphgo's repository:
//   NODE_PATH=adapters/godash/node_modules node spec/engines/repro/godash/rules.js
"use strict";
const { Board, Coordinate, Move, BLACK, WHITE, addMove, followupKo } = require("godash");

const C = (v, n) => Coordinate("ABCDE".indexOf(v[0]), n - Number(v.slice(1)));
const COLOUR = [BLACK, WHITE];
function answer(n, moves, last) {
  let board = Board(n);
  let ko = null;
  moves.forEach((m, k) => {
    const move = Move(C(m, n), COLOUR[k % 2]);
    ko = followupKo(board, move);
    board = addMove(board, move);
  });
  const move = Move(C(last, n), COLOUR[moves.length % 2]);
  if (ko && ko.equals(move.coordinate)) return "named by followupKo after the last move";
  try {
    addMove(board, move);
    return "played by addMove";
  } catch (e) {
    return `refused by addMove (${e.message})`;
  }
}
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2
console.log(`White's lone self-capture at A1: ${answer(5, ["A2", "E5", "B1"], "A1")}`);
console.log(`White's self-capture of three at B1: ${answer(5, ["A3", "A1", "B2", "A2", "C1"], "B1")}`);
console.log(`the ko retake at once: ${answer(5, KO, "B2")}`);
console.log(`Black's A1 closing the 2x2 superko cycle: ${answer(2, ["A1", "B2", "B1", "A2", "A1", "B1"], "A1")}`);
