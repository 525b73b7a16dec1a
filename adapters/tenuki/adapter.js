// graphgo's GTP adapter for tenuki (a web Go board and game library), run without a DOM as its
// README's "Usage outside of a browser" shows. Every answer comes from the library:
// Game#playAt / Game#pass, Game#isIllegalAt, Game#intersectionAt, Game#currentPlayer,
// Game#isOver and Game#score (area scoring, with the komi of `komi`). Its ko rule is the game
// option `koRule`: the first argument, default "simple" (tenuki's own default); see rules.yaml
// and spec/engines/tenuki.md. playAt takes no colour (it plays for the current player): the
// shared loop refuses a move of the other colour (alternating).
"use strict";
const { Game } = require("tenuki");
const { version } = require("tenuki/package.json");
const { serve } = require("../js-gtp/gtp.js");

// An SGF result from Black's score less White's ("B+3.5", "W+1", "0").
const result = (d) => (d === 0 ? "0" : `${d > 0 ? "B" : "W"}+${Math.abs(d)}`);

const KO_RULES = ["simple", "positional-superko", "situational-superko", "natural-situational-superko"];
const koRule = process.argv[2] || "simple";
if (!KO_RULES.includes(koRule)) {
  process.stderr.write(`unknown koRule '${koRule}': one of ${KO_RULES.join(", ")}\n`);
  process.exit(2);
}
let size = 19;
let komi = 0;
// The moves of the current game, replayed when the komi changes (tenuki sets it at creation).
let moves = [];
const newGame = () => new Game({ boardSize: size, koRule, komi, scoring: "area" });
let game = newGame();

function move(p) {
  return p === null ? game.pass({ render: false }) : game.playAt(p.y, p.x, { render: false });
}

serve({
  name: `tenuki (koRule ${koRule}; graphgo adapter)`,
  version,
  alternating: true,
  boardsize(n) {
    size = n;
    game = newGame();
    moves = [];
  },
  clear() {
    game = newGame();
    moves = [];
  },
  komi(k) {
    komi = k;
    game = newGame();
    for (const p of moves) move(p);
  },
  play(colour, p) {
    if (!move(p)) throw new Error(p === null ? "pass returned false" : "playAt returned false");
    moves.push(p);
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (game.intersectionAt(y, x).value === colour) out.push({ x, y });
    return out;
  },
  // Both colours in one pass of intersectionAt (a turn's answer lists both).
  fillStones(codes) {
    for (let y = 0, i = 0; y < size; y++)
      for (let x = 0; x < size; x++, i++) {
        const v = game.intersectionAt(y, x).value;
        if (v === "black") codes[i] = 1;
        else if (v === "white") codes[i] = 2;
      }
  },
  isLegal(colour, p) {
    return !game.isIllegalAt(p.y, p.x);
  },
  toMove() {
    return game.currentPlayer();
  },
  result() {
    if (!game.isOver()) return null;
    const score = game.score();
    return result(score.black - score.white);
  },
  finalScore() {
    const score = game.score();
    return score.black - score.white;
  },
});
