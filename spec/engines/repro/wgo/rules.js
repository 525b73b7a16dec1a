// WGo.js 3.0.0-alpha.10 (npm wgo): its Game under each preset rule set, in the four situations
// of spec/engines/repro/records/ (spec/engines/wgo.md). Game#play(x, y) plays for the colour to move (Game#turn)
// and returns false when it refuses; x is the column, y the row from the top. Run from
// graphgo's repository: NODE_PATH=adapters/wgo/node_modules node spec/engines/repro/wgo/rules.js
"use strict";
const WGo = require("wgo");

// A GTP name on a board of side n -> WGo's (x, y).
const A = (v, n) => ["ABCDE".indexOf(v[0]), n - Number(v.slice(1))];
function play(rules, moves, n = 5) {
  const game = new WGo.Game(n, rules);
  for (const m of moves) if (game.play(...A(m, n)) === false) throw new Error(`setup move ${m} refused`);
  return game;
}
const answer = (game, v) => (game.play(...A(v, game.size)) === false ? "refused" : "played");
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2

for (const [name, rules] of [["default (new Game(5))", undefined], ...Object.entries(WGo.goRules)]) {
  const r = rules || WGo.JAPANESE_RULES;
  const lone = answer(play(r, ["A2", "E5", "B1"]), "A1");
  const group = answer(play(r, ["A3", "A1", "B2", "A2", "C1"]), "B1");
  const ko = answer(play(r, KO), "B2");
  const cycle = answer(play(r, ["A1", "B2", "B1", "A2", "A1", "B1"], 2), "A1");
  console.log(`${name}: allowSuicide ${r.allowSuicide}, repeating ${r.repeating}`);
  console.log(`  White's lone self-capture at A1 ${lone}; White's self-capture of three at B1 ${group}`);
  console.log(`  the ko retake at once ${ko}; Black's A1 closing the 2x2 superko cycle ${cycle}`);
}
