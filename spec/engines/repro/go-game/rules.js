// go-game 0.2.1 (npm), its own API: go#playerTurn(player, [x, y]) returns false for a move it
// refuses; x is the first index of go#field (the row, from the top), y the second.
"use strict";
const Go = require("go-game");

function game(moves) {
  const g = new Go(5);
  for (const [i, [x, y]] of moves.entries()) g.playerTurn(i % 2 === 0 ? Go.BLACK : Go.WHITE, [x, y]);
  return g;
}
// A ko on 5x5 (GTP names: B3 D4 C4 D2 C2 E3 A1 C3, then Black D3 takes C3).
const ko = [[2, 1], [1, 3], [1, 2], [3, 3], [3, 2], [2, 4], [4, 0], [2, 2], [2, 3]];
let g = game(ko);
console.log("White's immediate ko retake at C3:", g.playerTurn(Go.WHITE, [2, 2]) ? "played" : "refused");
console.log("D3 after it:", g.getType([2, 3]) === Go.EMPTY ? "empty (taken)" : "black");
g = game([[2, 2]]);
console.log("Black again (out of turn):", g.playerTurn(Go.BLACK, [0, 0]) ? "played" : "refused");
g = game([[3, 0], [0, 4], [4, 1]]);
console.log("White's lone self-capture at A1:", g.playerTurn(Go.WHITE, [4, 0]) ? "played" : "refused");
