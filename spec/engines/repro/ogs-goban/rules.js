// goban 8.3.64 (npm; online-go.com's GobanEngine) under each rule set of
// GobanEngine.fillDefaults, in the four situations of spec/engines/repro/records/
// (spec/engines/ogs-goban.md). Moves are GobanEngine#place(x, y, true, true), the call
// online-go.com's board makes for a click; x is the column, y the row from the top. Run from
// graphgo's repository:
//   NODE_PATH=adapters/ogs-goban/node_modules node spec/engines/repro/ogs-goban/rules.js
"use strict";
// The npm package is a browser bundle: these globals let it load in Node.
Object.assign(globalThis, { self: globalThis, window: globalThis, addEventListener() {}, removeEventListener() {} });
globalThis.document = { body: {}, addEventListener() {}, removeEventListener() {} };
const log = console.log;
console.log = console.error; // the bundle logs; keep standard output for the answers
const { GobanEngine } = require("goban");

const A = (v, n) => ["ABCDE".indexOf(v[0]), n - Number(v.slice(1))]; // GTP name -> (x, y)
function answer(rules, n, moves, last) {
  const engine = new GobanEngine({ width: n, height: n, rules });
  for (const m of moves) engine.place(...A(m, n), true, true);
  try {
    engine.place(...A(last, n), true, true);
    return "played";
  } catch (e) {
    return `refused (${e.message_id || e.message})`;
  }
}
const KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]; // Black's C2 takes B2
for (const rules of ["chinese", "aga", "japanese", "korean", "ing", "nz"]) {
  const e = new GobanEngine({ width: 5, height: 5, rules });
  log(`${rules}: allow_self_capture ${e.allow_self_capture}, allow_superko ${e.allow_superko}, ` +
    `superko_algorithm ${e.superko_algorithm}, komi ${e.komi}`);
  log(`  White's lone self-capture at A1 ${answer(rules, 5, ["A2", "E5", "B1"], "A1")}`);
  log(`  White's self-capture of three at B1 ${answer(rules, 5, ["A3", "A1", "B2", "A2", "C1"], "B1")}`);
  log(`  the ko retake at once ${answer(rules, 5, KO, "B2")}`);
  log(`  Black's A1 closing the 2x2 superko cycle ${answer(rules, 2, ["A1", "B2", "B1", "A2", "A1", "B1"], "A1")}`);
}
