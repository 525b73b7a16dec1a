// goban 8.3.64 (online-go.com's GobanEngine): positional superko is looked for only among the
// last 30 moves (isBoardRepeating: MAX_SUPERKO_SEARCH = 30), so under the "chinese" rules
// (superko_algorithm "csk", allow_superko false) a board that last occurred longer ago may be
// made again. The game is graphgo's shrunk finding (superko-window.yaml, 102 moves on 5x5);
// White's last move leaves only its stone at 4-1; Black's 2-2 then gives back the board
// after move 2 (Black 2-2, White 4-1), 101 moves earlier.
//
// Run where the package is installed (npm install goban@8.3.64), or from graphgo's
// repository: NODE_PATH=adapters/ogs-goban/node_modules node spec/engines/findings/ogs-goban/superko-window.js
// Exit status 1 while the bug is there, 0 once fixed.
"use strict";
// The npm package is a browser bundle: these globals let it load in Node.
Object.assign(globalThis, { self: globalThis, window: globalThis, addEventListener() {}, removeEventListener() {} });
globalThis.document = { body: {}, addEventListener() {}, removeEventListener() {} };
console.log = console.error; // the bundle logs; keep standard output for the verdict
const { GobanEngine } = require("goban");

// graphgo's names: "x-y", x the column from the left, y the row from the bottom (5x5).
const moves = `B2-2 W4-1 B5-3 W4-5 B2-3 W3-4 B5-2 W4-2 B1-4 W4-3 B1-5 W2-1 B5-1 W1-3 B1-2 W1-1 B3-1
W5-4 B3-2 W2-5 B2-4 W5-3 B2-1 W4-4 B3-5 W3-3 B5-2 W5-5 B2-5 W5-1 B1-3 W1-1 Bpass W1-4 B1-3 W5-2
B1-5 W2-4 B3-5 W2-3 B3-1 W1-2 B3-2 W2-5 B2-1 W3-5 Bpass W2-2 B3-1 Wpass B3-2 W1-3 Bpass W1-5
B2-1 W2-3 B3-3 W1-1 B2-2 W1-5 B5-1 W4-1 B4-3 W1-4 B5-5 W2-5 B1-3 W5-2 B3-4 W5-1 B3-5 W1-2 B4-5
W2-4 B1-3 W1-4 B5-3 W2-3 B2-4 W5-4 B1-1 Wpass B4-4 Wpass B5-4 Wpass B1-5 Wpass B1-2 Wpass B2-3
Wpass B4-2 W5-2 B5-1 Wpass B1-4 Wpass B5-2 Wpass B2-5 W4-1`.split(/\s+/);

const engine = new GobanEngine({ width: 5, height: 5, rules: "chinese" });
const place = (m) => {
  if (m.endsWith("pass")) return engine.place(-1, -1);
  const [x, y] = m.slice(1).split("-").map(Number);
  engine.place(x - 1, 5 - y, true, true); // what online-go.com's board calls for a click
};
const boards = [];
for (const m of moves) {
  place(m);
  boards.push(JSON.stringify(engine.board));
}
let allowed = true;
try {
  place("B2-2");
} catch (e) {
  allowed = false; // "illegal_board_repetition": the bug is fixed
}
const repeats = JSON.stringify(engine.board) === boards[1];
console.error(`Black 2-2 after 102 moves: ${allowed ? "played" : "refused"}; ` +
  `its board is the board after move 2 (Black 2-2, White 4-1): ${repeats}`);
process.exit(allowed && repeats ? 1 : 0);
