// godash 2.1.0 (npm): isLegalMove answers true for a point that already holds a stone; its
// documentation: "Determine whether the coordinate-color combination provided is a legal move
// for the board." addMove refuses the same move (spec/engines/godash.md). Run from graphgo's
// repository: NODE_PATH=adapters/godash/node_modules node spec/engines/repro/godash/is_legal_move_on_a_stone.js
"use strict";
const { Board, Coordinate, Move, BLACK, WHITE, isLegalMove, addMove } = require("godash");

const tengen = Coordinate(2, 2);
const board = Board(5, Move(tengen, BLACK)); // one black stone in the middle of 5x5
for (const colour of [WHITE, BLACK]) {
  const move = Move(tengen, colour);
  let played;
  try {
    addMove(board, move);
    played = "plays it";
  } catch (e) {
    played = `refuses it (${e.message})`;
  }
  console.log(`${colour} on Black's stone: isLegalMove ${isLegalMove(board, move)}; addMove ${played}`);
}
