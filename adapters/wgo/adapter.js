// graphgo's GTP adapter for WGo.js (the `wgo` package, version 3): its Game class, with its
// default rules (JAPANESE_RULES: repeating "KO", no suicide), or the preset of WGo.goRules
// named by the first argument (Japanese, Chinese, AGA, GOE, NZ). Every answer comes from the
// library: Game#play / Game#pass, Game#isValid, Game#getStone, Game#turn.
// See rules.yaml and spec/engines/wgo.md.
"use strict";
const WGo = require("wgo");
const { version } = require("wgo/package.json");
const { serve } = require("../js-gtp/gtp.js");

const COLOUR = { black: WGo.Color.BLACK, white: WGo.Color.WHITE };
const preset = process.argv[2];
if (preset !== undefined && !(preset in WGo.goRules)) {
  process.stderr.write(`unknown preset '${preset}': one of ${Object.keys(WGo.goRules).join(", ")}\n`);
  process.exit(2);
}
const rules = preset === undefined ? WGo.JAPANESE_RULES : WGo.goRules[preset];
let size = 19;
let game = new WGo.Game(size, rules);

// Game#play takes no colour (it plays for Game#turn): the shared loop refuses a move of the
// other colour (alternating). WGo's Game has no end and no score.
serve({
  name: `WGo.js Game (${preset || "default rules"}; graphgo adapter)`,
  version,
  alternating: true,
  boardsize(n) {
    size = n;
    game = new WGo.Game(n, rules);
  },
  clear() {
    game = new WGo.Game(size, rules);
  },
  play(colour, p) {
    if (p === null) game.pass();
    else if (!game.play(p.x, p.y)) throw new Error("Game#play returned false");
  },
  stones(colour) {
    const out = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (game.getStone(x, y) === COLOUR[colour]) out.push({ x, y });
    return out;
  },
  // Both colours in one pass of getStone (a turn's answer lists both).
  fillStones(codes) {
    for (let y = 0, i = 0; y < size; y++)
      for (let x = 0; x < size; x++, i++) {
        const c = game.getStone(x, y);
        if (c === COLOUR.black) codes[i] = 1;
        else if (c === COLOUR.white) codes[i] = 2;
      }
  },
  isLegal(colour, p) {
    return game.isValid(p.x, p.y);
  },
  toMove() {
    return game.turn === WGo.Color.BLACK ? "black" : "white";
  },
});
