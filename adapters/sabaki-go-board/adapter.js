// graphgo's GTP adapter for @sabaki/go-board (the board data type of the Sabaki editor).
// Every answer comes from the library: moves are played and checked with
// Board#makeMove(sign, vertex, {preventOverwrite, preventKo}) and stones read with Board#get.
// Self-capture is left at the library's default (allowed: makeMove removes the chain);
// see rules.yaml and spec/engines/sabaki-go-board.md.
"use strict";
const Board = require("@sabaki/go-board");
const { version } = require("@sabaki/go-board/package.json");
const { serve } = require("../js-gtp/gtp.js");

const SIGN = { black: 1, white: -1 };
const OPTIONS = { preventOverwrite: true, preventKo: true };
let size = 19;
let board = Board.fromDimensions(size);

serve({
  name: "@sabaki/go-board (graphgo adapter)",
  version,
  boardsize(n) {
    size = n;
    board = Board.fromDimensions(n);
  },
  clear() {
    board = Board.fromDimensions(size);
  },
  // A pass is no move of the data type: the board stays as it is.
  play(colour, p) {
    if (p !== null) board = board.makeMove(SIGN[colour], [p.x, p.y], OPTIONS);
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (board.get([x, y]) === SIGN[colour]) out.push({ x, y });
    return out;
  },
  isLegal(colour, p) {
    try {
      board.makeMove(SIGN[colour], [p.x, p.y], OPTIONS); // returns a new board; no mutation
      return true;
    } catch (e) {
      return false;
    }
  },
});
