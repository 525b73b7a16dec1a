// graphgo's GTP adapter for goban, the rules engine and board of online-go.com (OGS): its
// GobanEngine class. The package is a browser bundle: requiring it in Node needs the few
// globals below (the engine never touches them; the bundle's renderer modules read them when
// loaded). The node-only package its README names, goban-engine, is not on the npm registry.
//
// Every answer comes from the library: moves are GobanEngine#place(x, y, true, true), the call
// online-go.com's board makes for a click (check ko, throw on superko); a pass is
// place(-1, -1) as there. is_legal plays the move and goes back with GobanEngine#jumpTo, as the
// board's analysis mode does. The rule set is the first argument (an OGS rules name; default
// "chinese"); see rules.yaml and spec/engines/ogs-goban.md.
"use strict";
globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.addEventListener = () => {};
globalThis.removeEventListener = () => {};
globalThis.document = { body: {}, addEventListener() {}, removeEventListener() {} };
if (!globalThis.navigator) globalThis.navigator = { userAgent: "node" };
const { GobanEngine } = require("goban");
const { version } = require("goban/package.json");
const { serve } = require("../js-gtp/gtp.js");

const rules = process.argv[2] || "chinese";
const CODE = { black: 1, white: 2 };
let size = 19;
let komi;
const newEngine = () =>
  new GobanEngine({ width: size, height: size, rules, ...(komi === undefined ? {} : { komi }) });
let engine = newEngine();
// The moves of the current game, replayed when the komi changes (GobanEngine takes it at
// creation).
let moves = [];

function place(p) {
  if (p === null) engine.place(-1, -1);
  else engine.place(p.x, p.y, true, true);
}

// place plays for GobanEngine#colorToMove (it takes no colour): the shared loop refuses a move
// of the other colour (alternating). The engine has no end of its own (the server ends games);
// final_score is GobanEngine#computeScore, all stones alive (no removal marked).
serve({
  name: `goban GobanEngine (rules ${rules}; graphgo adapter)`,
  version,
  alternating: true,
  boardsize(n) {
    size = n;
    engine = newEngine();
    moves = [];
  },
  clear() {
    engine = newEngine();
    moves = [];
  },
  komi(k) {
    komi = k;
    engine = newEngine();
    for (const p of moves) place(p);
  },
  play(colour, p) {
    place(p);
    moves.push(p);
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (engine.board[y][x] === CODE[colour]) out.push({ x, y });
    return out;
  },
  // Both colours in one pass over GobanEngine#board (a turn's answer lists both).
  fillStones(codes) {
    for (let y = 0, i = 0; y < size; y++) {
      const row = engine.board[y];
      for (let x = 0; x < size; x++, i++) {
        const v = row[x];
        if (v === CODE.black) codes[i] = 1;
        else if (v === CODE.white) codes[i] = 2;
      }
    }
  },
  toMove() {
    return engine.colorToMove();
  },
  finalScore() {
    const score = engine.computeScore(false);
    return score.black.total - score.white.total;
  },
  isLegal(colour, p) {
    const before = engine.cur_move;
    try {
      place(p);
    } catch (e) {
      return false; // place has gone back to `before` itself
    }
    engine.jumpTo(before);
    return true;
  },
});
