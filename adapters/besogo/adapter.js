// graphgo's GTP adapter for besogo (npm `besogo` 0.0.2-alpha, the SGF editor "BesoGo"): its
// game-state tree, besogo.makeGameRoot (js/gameRoot.js), the part of the editor that decides
// which moves are played.
//
// besogo.all.js is a browser bundle that hangs its namespace on `window`: the adapter sets
// `window` to the global object before requiring it (nothing else of the page is touched).
// A move is what the editor does for a click (js/editor.js, playMove): `next =
// current.makeChild()`, then `next.playMove(x, y, color)`, and only when that returns true
// `current.addChild(next)` and the new node becomes the current one. playMove without its
// `allow` flag refuses an occupied point, a ko retake and a suicide; a point off the board
// is a pass. is_legal is the same without the addChild (the child is dropped). Stones are
// getStone(x, y) (-1 Black, 1 White), x and y from 1, y = 1 the top row. Either colour may
// move: playMove takes the colour (the editor's stone tools choose it), and nextMove() is the
// editor's player to move for gogui-rules_side_to_move. Rectangles are
// makeGameRoot(sizeX, sizeY).
"use strict";
globalThis.window = globalThis;
require("besogo/besogo.all.js");
const besogo = globalThis.besogo;
const { version } = require("besogo/package.json");
const { serve } = require("../js-gtp/gtp.js");

const CODE = { black: -1, white: 1 };
let width = 19;
let height = 19;
let current = besogo.makeGameRoot(width, height);

function tryMove(colour, p) {
  const next = current.makeChild();
  const ok = p === null ? next.playMove(0, 0, CODE[colour]) : next.playMove(p.x + 1, p.y + 1, CODE[colour]);
  return ok ? next : null;
}

serve({
  name: "besogo makeGameRoot (the editor's game tree)",
  version,
  boardsize(n) {
    width = height = n;
    current = besogo.makeGameRoot(width, height);
  },
  rectangle(w, h) {
    width = w;
    height = h;
    current = besogo.makeGameRoot(width, height);
  },
  clear() {
    current = besogo.makeGameRoot(width, height);
  },
  play(colour, p) {
    const next = tryMove(colour, p);
    if (next === null) throw new Error("playMove returned false");
    current.addChild(next);
    current = next;
  },
  isLegal(colour, p) {
    return tryMove(colour, p) !== null;
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if (current.getStone(x + 1, y + 1) === CODE[colour]) out.push({ x, y });
    return out;
  },
  // Both colours in one pass of getStone (a turn's answer lists both).
  fillStones(codes) {
    for (let y = 0, i = 0; y < height; y++)
      for (let x = 0; x < width; x++, i++) {
        const s = current.getStone(x + 1, y + 1);
        if (s === CODE.black) codes[i] = 1;
        else if (s === CODE.white) codes[i] = 2;
      }
  },
  toMove() {
    return current.nextMove() === -1 ? "black" : "white";
  },
});
