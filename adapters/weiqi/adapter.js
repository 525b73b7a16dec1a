// graphgo's GTP adapter for weiqi (weiqi.js, a persistent Go game on Immutable.js). Every
// answer comes from the library: Weiqi.play / Weiqi.pass (which throw on an illegal move) and
// the game's board.stones map; see rules.yaml and spec/engines/weiqi.md.
"use strict";
const Weiqi = require("weiqi").default;
const { version } = require("weiqi/package.json");
const { serve } = require("../js-gtp/gtp.js");

let size = 19;
let game = Weiqi.createGame(size);
// weiqi's positions are [i, j]: i the row (from the top), j the column (its toArray).
const move = (g, colour, p) => (p === null ? Weiqi.pass(g, colour) : Weiqi.play(g, colour, [p.y, p.x]));

serve({
  name: "weiqi (graphgo adapter)",
  version,
  boardsize(n) {
    size = n;
    game = Weiqi.createGame(n);
  },
  clear() {
    game = Weiqi.createGame(size);
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
  isLegal(colour, p) {
    try {
      move(game, colour, p); // persistent: the game is not changed
      return true;
    } catch (e) {
      return false;
    }
  },
});
