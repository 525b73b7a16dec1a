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

function place(p) {
  if (p === null) engine.place(-1, -1);
  else engine.place(p.x, p.y, true, true);
}

serve({
  name: `goban GobanEngine (rules ${rules}; graphgo adapter)`,
  version,
  boardsize(n) {
    size = n;
    engine = newEngine();
  },
  clear() {
    engine = newEngine();
  },
  komi(k) {
    komi = k;
  },
  play(colour, p) {
    // GobanEngine#place plays for the colour to move (GobanEngine#colorToMove).
    if (colour !== engine.colorToMove()) throw new Error(`${engine.colorToMove()} is to play`);
    place(p);
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (engine.board[y][x] === CODE[colour]) out.push({ x, y });
    return out;
  },
  isLegal(colour, p) {
    if (colour !== engine.colorToMove()) return false;
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
