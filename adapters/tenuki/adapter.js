// graphgo's GTP adapter for tenuki (a web Go board and game library), run without a DOM as its
// README's "Usage outside of a browser" shows. Every answer comes from the library:
// Game#playAt / Game#pass, Game#isIllegalAt, Game#intersectionAt, Game#currentPlayer.
// Its ko rule is the game option `koRule`: the first argument, default "simple" (tenuki's own
// default); see rules.yaml and spec/engines/tenuki.md.
"use strict";
const { Game } = require("tenuki");
const { version } = require("tenuki/package.json");
const { serve } = require("../js-gtp/gtp.js");

const koRule = process.argv[2] || "simple";
let size = 19;
let komi = 0;
const newGame = () => new Game({ boardSize: size, koRule, komi, scoring: "area" });
let game = newGame();

serve({
  name: `tenuki (koRule ${koRule}; graphgo adapter)`,
  version,
  boardsize(n) {
    size = n;
    game = newGame();
  },
  clear() {
    game = newGame();
  },
  komi(k) {
    komi = k;
  },
  play(colour, p) {
    // tenuki plays for the player to move only (Game#currentPlayer).
    if (colour !== game.currentPlayer()) throw new Error(`${game.currentPlayer()} is to play`);
    const played = p === null ? game.pass({ render: false }) : game.playAt(p.y, p.x, { render: false });
    if (!played) throw new Error("playAt returned false");
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (game.intersectionAt(y, x).value === colour) out.push({ x, y });
    return out;
  },
  isLegal(colour, p) {
    return colour === game.currentPlayer() && !game.isOver() && !game.isIllegalAt(p.y, p.x);
  },
});
