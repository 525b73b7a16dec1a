// weiqi 1.0.0 (npm; weiqi.js): Weiqi.play in the four situations of
// spec/engines/repro/records/, a move out of turn, and a short game to its end and area score
// (spec/engines/weiqi.md). Weiqi.play(game, colour, [i, j]) returns a new game and throws when
// the move is illegal; i is the row from the top, j the column. Run from graphgo's repository:
//   NODE_PATH=adapters/weiqi/node_modules node spec/engines/repro/weiqi/rules.js
"use strict";
const Weiqi = require("weiqi").default;

const P = (v, n) => [n - Number(v.slice(1)), "ABCDE".indexOf(v[0])]; // GTP name -> [i, j]
const COLOUR = ["black", "white"];
function game(n, moves) {
  let g = Weiqi.createGame(n);
  moves.forEach((m, k) => {
    g = m === "pass" ? Weiqi.pass(g, COLOUR[k % 2]) : Weiqi.play(g, COLOUR[k % 2], P(m, n));
  });
  return g;
}
function answer(n, moves, last, colour = COLOUR[moves.length % 2]) {
  const g = game(n, moves);
  try {
    last === "pass" ? Weiqi.pass(g, colour) : Weiqi.play(g, colour, P(last, n));
    return "played";
  } catch (e) {
    return `refused (${e.message})`;
  }
}
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2
console.log(`White's lone self-capture at A1 ${answer(5, ["A2", "E5", "B1"], "A1")}`);
console.log(`White's self-capture of three at B1 ${answer(5, ["A3", "A1", "B2", "A2", "C1"], "B1")}`);
console.log(`the ko retake at once ${answer(5, KO, "B2")}`);
console.log(`Black's A1 closing the 2x2 superko cycle ${answer(2, ["A1", "B2", "B1", "A2", "A1", "B1"], "A1")}`);
console.log(`Black again after Black's B2 ${answer(3, ["B2"], "A1", "black")}`);
const over = game(3, ["B2", "pass", "pass"]);
console.log(`after B B2 and two passes on 3x3: isOver ${Weiqi.isOver(over)}, ` +
  `areaScore(game, 0.5) ${Weiqi.areaScore(over, 0.5)}, a move after the end ${answer(3, ["B2", "pass", "pass"], "A1")}`);
