// WGo.js 3.0.0-alpha.10: Game's `repeating` values ALL and NONE do each other's job.
// Its documentation: "ALL - position cannot be same like any previous position",
// "NONE - position can be repeated". Game#hasPositionRepeated compares with every earlier
// position for NONE and with none for ALL.
//
// Run where the package is installed (npm install wgo@3.0.0-alpha.10), or from graphgo's
// repository: NODE_PATH=adapters/wgo/node_modules node spec/engines/findings/wgo/repeating-swapped.js
// Exit status 1 while the bug is there, 0 once fixed.
"use strict";
const { Game, Repeating } = require("wgo");

// A ko on 5x5; Game#play(x, y) plays for the colour to move, x the column, y the row.
//   . X O . .        . X O . .
//   X O . O .   ->   X . X O .    Black C2 takes B2; White B2 would take back at once,
//   . X O . .        . X O . .    giving the position before Black's C2 again.
const moves = [[0, 3], [2, 2], [1, 2], [3, 3], [1, 4], [2, 4], [4, 0], [1, 3], [2, 3]];
function retakeAllowed(repeating) {
  const game = new Game(5, { repeating, allowRewrite: false, allowSuicide: false, komi: 0 });
  for (const [x, y] of moves) if (!game.play(x, y)) throw new Error(`setup move ${x},${y} refused`);
  return game.play(1, 3) !== false; // White B2
}

const all = retakeAllowed(Repeating.ALL); // documented: refused (any earlier position)
const none = retakeAllowed(Repeating.NONE); // documented: allowed (positions may repeat)
console.log(`Repeating.ALL:  the immediate ko retake is ${all ? "allowed" : "refused"} (documented: refused)`);
console.log(`Repeating.NONE: the immediate ko retake is ${none ? "allowed" : "refused"} (documented: allowed)`);
process.exit(all && !none ? 1 : 0);
