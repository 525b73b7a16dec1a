// graphgo's GTP adapter for godash (Immutable.js data structures for Go). Every answer comes
// from the library: a move is godash.addMove (which refuses an occupied point and a move
// leaving its group without liberties, and captures), and, as godash's documentation says for
// ko ("Use followupKo if you want to do ko-related things"), the point godash.followupKo names
// after a move is refused to the opponent's next move. Stones are read from board.moves.
// See rules.yaml and spec/engines/godash.md.
//
// Speed (issue 29): each godash call rebuilds groups with Immutable.js sets (about 1 to 3 ms
// for addMove here), so the adapter makes no call whose answer godash's own code fixes:
// - followupKo is asked only after a move that took exactly one stone: its code returns null
//   when the move took none or more than one (src/board.js:321, `if (capturedStones.size ===
//   0 || capturedStones.size > 1) return null;`), and the stones a move took are counted from
//   the boards (the stones before, plus the one played, less the stones after);
// - is_legal asks addMove's own two refusals without building the board: isLegalMove, then
//   the point holding a stone (src/board.js:629-636, addMove throws "Not a valid position" when
//   isLegalMove is false and "There is already a stone there" when board.moves has the point;
//   the rest of it only builds the new board), besides the ko point.
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
    const took = board.moves.size + 1 - next.moves.size;
    const followup = took === 1 ? godash.followupKo(board, move) : null;
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
  // Both colours in one pass over board.moves (a turn's answer lists both).
  allStones() {
    const out = [[], []];
    board.moves.forEach((c, at) => {
      if (c === godash.BLACK) out[0].push({ x: at.x, y: at.y });
      else if (c === godash.WHITE) out[1].push({ x: at.x, y: at.y });
    });
    return out;
  },
  isLegal(colour, p) {
    const at = godash.Coordinate(p.x, p.y);
    if (ko && ko.colour === COLOUR[colour] && ko.coordinate.equals(at)) {
      return false;
    }
    // addMove's refusals, in its order (isLegalMove answers true on a stone: verdict 1).
    return godash.isLegalMove(board, godash.Move(at, COLOUR[colour])) && !board.moves.has(at);
  },
});
