// graphgo's GTP adapter for godash (Immutable.js data structures for Go). Every answer comes
// from the library: a move is godash.addMove (which refuses an occupied point and a move
// leaving its group without liberties, and captures), and, as godash's documentation says for
// ko ("Use followupKo if you want to do ko-related things"), the point godash.followupKo names
// after a move is refused to the opponent's next move. Stones are read from board.moves.
// See rules.yaml and spec/engines/godash.md.
"use strict";
const godash = require("godash");
const { version } = require("godash/package.json");
const { serve } = require("../js-gtp/gtp.js");

const COLOUR = { black: godash.BLACK, white: godash.WHITE };
let size = 19;
let board = godash.Board(size);
// The move followupKo forbids next: {coordinate, colour}, or null.
let ko = null;

// The board after `colour` plays at `p`, and the move; throws when godash refuses it.
function play(colour, p) {
  const at = godash.Coordinate(p.x, p.y);
  if (ko && ko.colour === COLOUR[colour] && ko.coordinate.equals(at)) {
    throw new Error("followupKo names this point");
  }
  const move = godash.Move(at, COLOUR[colour]);
  return { next: godash.addMove(board, move), move };
}

serve({
  name: "godash (graphgo adapter)",
  version,
  boardsize(n) {
    size = n;
    board = godash.Board(n);
    ko = null;
  },
  clear() {
    board = godash.Board(size);
    ko = null;
  },
  play(colour, p) {
    if (p === null) {
      ko = null;
      return;
    }
    const { next, move } = play(colour, p);
    const followup = godash.followupKo(board, move);
    board = next;
    ko = followup ? { coordinate: followup, colour: godash.oppositeColor(COLOUR[colour]) } : null;
  },
  stones(colour) {
    const out = [];
    board.moves.forEach((c, at) => {
      if (c === COLOUR[colour]) out.push({ x: at.x, y: at.y });
    });
    return out;
  },
  isLegal(colour, p) {
    try {
      play(colour, p); // persistent: the board is not changed
      return true;
    } catch (e) {
      return false;
    }
  },
});
