// besogo 0.0.2-alpha (npm), its game tree as its editor plays a click (js/editor.js, playMove):
// next = current.makeChild(); if next.playMove(x, y, color) succeeds, current.addChild(next).
// x and y from 1, y = 1 the top row; -1 Black, 1 White.
"use strict";
globalThis.window = globalThis;
require("besogo/besogo.all.js");
const besogo = globalThis.besogo;

let current;
function click(x, y, color) {
  const next = current.makeChild();
  if (!next.playMove(x, y, color)) return "refused";
  current.addChild(next);
  current = next;
  return "played";
}
const xy = (name) => ["ABCDE".indexOf(name[0]) + 1, 6 - Number(name[1])];

current = besogo.makeGameRoot(5, 5);
["B3", "D4", "C4", "D2", "C2", "E3", "A1", "C3", "D3"].forEach((m, i) => click(...xy(m), i % 2 ? 1 : -1));
console.log("White's immediate ko retake at C3:", click(...xy("C3"), 1));
click(0, 0, 1); // White passes
click(0, 0, -1); // Black passes
console.log("the retake after a pass by each side:", click(...xy("C3"), 1));
current = besogo.makeGameRoot(5, 5);
["B1", "A1", "B2", "A2", "B3"].forEach((m, i) => click(...xy(m), i % 2 ? 1 : -1));
click(...xy("A4"), -1);
console.log("White's self-capture of three at A3:", click(...xy("A3"), 1));
console.log("Black twice in a row:", click(...xy("E5"), -1), "then", click(...xy("E4"), -1));
