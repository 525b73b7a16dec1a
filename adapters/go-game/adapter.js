// graphgo's GTP adapter for go-game (npm `go-game` 0.2.1, "Go game implementation in nodejs").
//
// A move is go#playerTurn(player, [x, y]): it returns false when it refuses the move (a move
// of the player not to move, an occupied point, a suicide) and true when it played it; the
// board is go#field, read with go#getType([x, y]) (x the first index, y the second; a GTP
// vertex (column, row) is [x, y] = [row, column]: the grid transposed, the same graph).
// go-game has no pass (its README's TODO: "add final score calculation and game end"): a pass
// is refused. is_legal is playerTurn on a copy of the game's state (go#field and go#moves, the
// two fields its own toJSON/fromJSON carry: see copyOf; fromJSON itself needs at least one
// move). The player to move is go#currentPlayer.
"use strict";
const Go = require("go-game");
const { version } = require("go-game/package.json");
const { serve } = require("../js-gtp/gtp.js");

const CODE = { black: Go.BLACK, white: Go.WHITE };
let size = 19;
let game = new Go(size);

// The trial game of is_legal: a game whose state is the game's own (go#field and go#moves,
// the two fields its own toJSON/fromJSON carry) that playerTurn can change without touching the
// game. go#field is a grid of numbers, so a copy of each row copies it whole; go#moves only
// grows (updateHistory pushes a new move holding its own copy of the field; playerTurn never
// changes a move already in it), so a new array of the same moves suffices. (A deep copy of
// go#moves, a copy of the field a move, made each trial cost the length of the game.)
function copyOf(g) {
  return Object.assign(Object.create(Go.prototype), {
    field: g.field.map((row) => row.slice()),
    moves: g.moves.slice(),
  });
}

serve({
  name: "go-game (npm)",
  version,
  alternating: true,
  playChecksTurn: true,
  boardsize(n) {
    size = n;
    game = new Go(size);
  },
  clear() {
    game = new Go(size);
  },
  play(colour, p) {
    if (p === null) throw new Error("go-game has no pass");
    if (!game.playerTurn(CODE[colour], [p.y, p.x])) throw new Error("playerTurn returned false");
  },
  isLegal(colour, p) {
    return copyOf(game).playerTurn(CODE[colour], [p.y, p.x]);
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (game.getType([y, x]) === CODE[colour]) out.push({ x, y });
    return out;
  },
  // Both colours in one pass of getType (a turn's answer lists both).
  fillStones(codes) {
    for (let y = 0, i = 0; y < size; y++)
      for (let x = 0; x < size; x++, i++) {
        const t = game.getType([y, x]);
        if (t === Go.BLACK) codes[i] = 1;
        else if (t === Go.WHITE) codes[i] = 2;
      }
  },
  toMove() {
    return game.currentPlayer === Go.BLACK ? "black" : "white";
  },
});
