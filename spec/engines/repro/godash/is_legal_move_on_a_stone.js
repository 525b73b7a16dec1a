// godash 2.1.0: isLegalMove answers true for a point that already holds a stone.
// Its documentation: "Determine whether the coordinate-color combination provided is a legal
// move for the board." addMove refuses the same move ("There is already a stone there").
//
// Run where the package is installed (npm install godash@2.1.0), or from graphgo's
// repository: NODE_PATH=adapters/godash/node_modules node spec/engines/findings/godash/is-legal-move-on-a-stone.js
// Exit status 1 while the bug is there, 0 once fixed.
"use strict";
const { Board, Coordinate, Move, BLACK, WHITE, isLegalMove, addMove } = require("godash");

const tengen = Coordinate(2, 2);
const board = Board(5, Move(tengen, BLACK)); // one black stone in the middle of 5x5
const onTheStone = Move(tengen, WHITE);
const legal = isLegalMove(board, onTheStone);
let played = true;
try {
  addMove(board, onTheStone);
} catch (e) {
  played = false;
}
console.log(`isLegalMove(White on Black's stone) = ${legal}; addMove ${played ? "plays it" : "refuses it"}`);
process.exit(legal && !played ? 1 : 0);
