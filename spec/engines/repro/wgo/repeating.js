// WGo.js 3.0.0-alpha.10 (npm wgo): what Game's `repeating` rule refuses, for each of its
// values and in each preset (spec/engines/wgo.md). Run where the package is installed
// (npm install wgo@3.0.0-alpha.10), or from graphgo's repository:
//   NODE_PATH=adapters/wgo/node_modules node spec/engines/repro/wgo/repeating.js
"use strict";
const WGo = require("wgo");
const { Game, Repeating } = WGo;

// The ko of spec/engines/repro/records/ko-retake.yaml and the 2x2 cycle of superko-cycle.yaml;
// Game#play(x, y) plays for the colour to move, x the column, y the row from the top.
const A = (v, n) => ["ABCDE".indexOf(v[0]), n - Number(v.slice(1))];
function answer(repeating, n, moves, last) {
  const game = new Game(n, { repeating, allowRewrite: false, allowSuicide: false, komi: 0 });
  for (const m of moves) if (game.play(...A(m, n)) === false) throw new Error(`setup move ${m} refused`);
  return game.play(...A(last, n)) === false ? "refused" : "played";
}
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2
const CYCLE = ["A1", "B2", "B1", "A2", "A1", "B1"]; // Black's A1 next gives the board after move 1

for (const r of [Repeating.KO, Repeating.ALL, Repeating.NONE]) {
  const ko = answer(r, 5, KO, "B2");
  const cycle = answer(r, 2, CYCLE, "A1");
  console.log(`repeating ${r}: the ko retake at once ${ko}; the 2x2 superko cycle closed ${cycle}`);
}
const presets = Object.entries(WGo.goRules).map(([name, rules]) => `${name} ${rules.repeating}`);
console.log(`presets (goRules): ${presets.join(", ")}; NO_RULES ${WGo.NO_RULES.repeating}`);
