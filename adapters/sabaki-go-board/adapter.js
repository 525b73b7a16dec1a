// graphgo's GTP adapter for @sabaki/go-board (the board data type of the Sabaki editor).
// Every answer comes from the library: moves are played and checked with
// Board#makeMove(sign, vertex, {preventOverwrite, preventKo}) (its refusals read without the
// move by Board#analyzeMove for is_legal) and stones read with Board#get.
// Self-capture is the library's default (allowed: makeMove removes the chain), or refused with
// the first argument `prevent-suicide` (preventSuicide: true). A pass is makeMove with a vertex
// off the board, "equivalent to clone()" (its README): the ko information stays. See rules.yaml
// and spec/engines/sabaki-go-board.md.
"use strict";
const Board = require("@sabaki/go-board");
const { version } = require("@sabaki/go-board/package.json");
const { serve } = require("../js-gtp/gtp.js");

const SIGN = { black: 1, white: -1 };
const configuration = process.argv[2];
if (configuration !== undefined && configuration !== "prevent-suicide") {
  process.stderr.write(`unknown configuration '${configuration}': prevent-suicide or none\n`);
  process.exit(2);
}
const OPTIONS = {
  preventOverwrite: true,
  preventKo: true,
  preventSuicide: configuration === "prevent-suicide",
};
let size = 19;
let board = Board.fromDimensions(size);

serve({
  name: `@sabaki/go-board (preventSuicide ${OPTIONS.preventSuicide}; graphgo adapter)`,
  version,
  boardsize(n) {
    size = n;
    board = Board.fromDimensions(n);
  },
  clear() {
    board = Board.fromDimensions(size);
  },
  // A pass: makeMove off the board, which the README calls "equivalent to clone()".
  play(colour, p) {
    board = board.makeMove(SIGN[colour], p === null ? [-1, -1] : [p.x, p.y], OPTIONS);
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (board.get([x, y]) === SIGN[colour]) out.push({ x, y });
    return out;
  },
  // Both colours in one pass of Board#get (a turn's answer lists both).
  fillStones(codes) {
    for (let y = 0, i = 0; y < size; y++)
      for (let x = 0; x < size; x++, i++) {
        const v = board.get([x, y]);
        if (v === SIGN.black) codes[i] = 1;
        else if (v === SIGN.white) codes[i] = 2;
      }
  },
  // Board#analyzeMove (its README: "Analyzes the hypothetical move ..."), which answers
  // without the copy of the board makeMove makes. makeMove with OPTIONS throws exactly on
  // these of its flags (src/GoBoard.js at 1.4.3): `preventOverwrite && !!this.get(vertex)`
  // (analyzeMove's overwrite, `!pass && !!this.get(vertex)`: the point is on the board); the
  // ko test `this._koInfo.sign === sign && vertexEquals(this._koInfo.vertex, vertex)` (its ko,
  // the same expression: SIGN is 1 or -1); with preventSuicide, `deadStones.length === 0 &&
  // liberties.length === 0` after the stone is set and the chains it leaves without
  // liberties removed (its suicide, `!capturing && !this.hasLiberties(vertex)`: capturing is
  // an opponent's neighbour chain without liberties, and hasLiberties is getLiberties
  // non-empty).
  isLegal(colour, p) {
    const move = board.analyzeMove(SIGN[colour], [p.x, p.y]);
    return !(move.overwrite || move.ko || (OPTIONS.preventSuicide && move.suicide));
  },
});
