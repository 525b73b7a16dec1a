// graphgo's GTP adapter for weiqi (weiqi.js, a persistent Go game on Immutable.js). Every
// answer comes from the library: Weiqi.play / Weiqi.pass (which throw on an illegal move and
// on a move out of turn), the game's board.stones map and currentPlayer, Weiqi.isOver and
// Weiqi.areaScore (with the komi of `komi`); see rules.yaml and spec/engines/weiqi.md.
"use strict";
const Weiqi = require("weiqi").default;
const { version } = require("weiqi/package.json");
const { serve } = require("../js-gtp/gtp.js");

let size = 19;
let komi = 0;
let game = Weiqi.createGame(size);
// weiqi's positions are [i, j]: i the row (from the top), j the column (its toArray).
const move = (g, colour, p) => (p === null ? Weiqi.pass(g, colour) : Weiqi.play(g, colour, [p.y, p.x]));
// An SGF result from Black's score less White's ("B+3.5", "W+1", "0").
const result = (d) => (d === 0 ? "0" : `${d > 0 ? "B" : "W"}+${Math.abs(d)}`);

serve({
  name: "weiqi (graphgo adapter)",
  version,
  alternating: true,
  playChecksTurn: true, // Weiqi.play takes the colour and throws "Not player's turn"
  boardsize(n) {
    size = n;
    game = Weiqi.createGame(n);
  },
  clear() {
    game = Weiqi.createGame(size);
  },
  komi(k) {
    komi = k;
  },
  play(colour, p) {
    game = move(game, colour, p);
  },
  stones(colour) {
    const out = [];
    game.get("board").get("stones").forEach((c, pos) => {
      if (c === colour) out.push({ x: pos.get("j"), y: pos.get("i") });
    });
    return out;
  },
  // Both colours in one pass over board.stones (a turn's answer lists both).
  allStones() {
    const out = [[], []];
    game.get("board").get("stones").forEach((c, pos) => {
      if (c === "black") out[0].push({ x: pos.get("j"), y: pos.get("i") });
      else if (c === "white") out[1].push({ x: pos.get("j"), y: pos.get("i") });
    });
    return out;
  },
  isLegal(colour, p) {
    try {
      move(game, colour, p); // persistent: the game is not changed
      return true;
    } catch (e) {
      return false;
    }
  },
  toMove() {
    return game.get("currentPlayer");
  },
  result() {
    return Weiqi.isOver(game) ? result(Weiqi.areaScore(game, komi)) : null;
  },
  finalScore() {
    return Weiqi.areaScore(game, komi);
  },
});
