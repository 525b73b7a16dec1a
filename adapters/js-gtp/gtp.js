// The GTP loop shared by graphgo's JavaScript adapters (spec/FORMAT.md, "The GTP subset of
// adapters"; adapters/README.md, "The shared code: what an adapter provides").
//
// It reads GTP 2 commands on stdin and writes answers on stdout; it knows only the protocol and
// the translation of GTP vertices ("C4", letters without I, row 1 at the bottom) into the
// zero-based column x (from the left) and row y (from the top) most Go libraries use. Every
// rule decision is the library's: an adapter hands `serve` a "front" object whose methods call
// the library and nothing else:
//
//   name, version                     strings
//   boardsize(n)                      start an empty n x n board; throw to refuse the size
//   clear()                           empty the board, start a new game
//   komi(k)                           (optional) a number
//   play(colour, point)               colour "black" | "white"; point {x, y} or null for a pass;
//                                     throw to refuse (the answer is "? illegal move: ...")
//   stones(colour)                    the points of that colour's stones, [{x, y}, ...]
//   isLegal(colour, point)            (optional) true | false, without changing anything
//   allLegal(colour)                  (optional) the legal points, [{x, y}, ...]: ONLY where the
//                                     library lists them itself (graphgo then asks every turn)
// and, each where the library has the function (the command is answered only then):
//   toMove()                          "black" | "white": the library's player to move
//   alternating: true                 the library keeps the turn: a move of the other colour is
//                                     refused (by the library's move call when playChecksTurn is
//                                     true, else here, from toMove())
//   result()                          null while the game goes on, else an SGF result ("B+3.5")
//   legalMoves()                      the player to move's legal moves: points, and null (pass)
//   finalScore()                      Black's score less White's (komi included), the library's
//   rectangle(w, h)                   a w x h board (w columns, h rows); throw to refuse
//   selectBoard(name), points(),      the library's board `name`; its points' names (strings),
//   neighbours(point)                 and a point's neighbours, as the library lists them
//   speed(side)                       [plays, seconds] of the library's own loop (default: ownSpeed)
//   allStones()                       [black points, white points] read in one pass over the
//                                     library's board (a turn's answer lists both colours;
//                                     stones(colour) twice otherwise)
//   fillStones(codes)                 on a grid (boardsize, rectangle): the stones read in one
//                                     pass, written into `codes` (zeroed, one a point, index
//                                     y * width + x): 1 a black stone, 2 a white one; the shared
//                                     code names them in list order without sorting or point
//                                     objects (preferred over allStones where given)
//
// A front with neither isLegal nor allLegal is checked through its answers to play only.

"use strict";

const readline = require("readline");

const COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// Standard output is the protocol: a library's own logging goes to standard error.
console.log = console.info = console.debug = console.warn = console.error;

const COLOUR_WORDS = { b: "black", black: "black", w: "white", white: "white" };

function colourOf(word) {
  const known = COLOUR_WORDS[word];
  if (typeof known === "string") return known;
  const w = String(word || "").toLowerCase();
  if (w === "b" || w === "black") return "black";
  if (w === "w" || w === "white") return "white";
  throw new SyntaxError(`invalid colour '${word}'`);
}

const other = (colour) => (colour === "black" ? "white" : "black");

// The names of the current board's points: GTP's on grids, the library's own on graphs.
class Naming {
  constructor(width, height, names) {
    this.width = width;
    this.height = height;
    this.names = names || null;
    this.known = names ? new Set(names) : null;
    // A grid's names by index y * width + x, made once a board (list and name read them),
    // its points ({x, y}, made once: a front reads them and keeps no change of them), and
    // each name's point (point looks its words up there first; GTP's names are upper case).
    this.grid = null;
    this.points = null;
    this.lookup = new Map();
    // A grid's stones, as a front's fillStones writes them (index y * width + x).
    this.codes = null;
    if (!names) {
      this.grid = [];
      this.points = [];
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const name = `${COLUMNS[x]}${height - y}`;
          const point = { x, y };
          this.grid.push(name);
          this.points.push(point);
          this.lookup.set(name, point);
        }
      this.codes = new Uint8Array(width * height);
    } else {
      for (const name of names) if (name.toUpperCase() !== "PASS") this.lookup.set(name, name);
    }
  }

  // The index of a grid point in this.grid, or -1 for anything else (a library's point off
  // the board is named, and listed, as before: see name and list).
  index(point) {
    if (this.grid === null || point === null || typeof point !== "object") return -1;
    const { x, y } = point;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    return y * this.width + x;
  }

  point(word) {
    const found = this.lookup.get(word);
    if (found !== undefined) return found;
    const w = String(word || "");
    if (w.toUpperCase() === "PASS") return null;
    if (this.known) {
      if (!this.known.has(w)) throw new SyntaxError(`invalid vertex '${word}'`);
      return w;
    }
    const u = w.toUpperCase();
    const col = COLUMNS.indexOf(u[0]);
    const row = Number(u.slice(1));
    if (col < 0 || !Number.isInteger(row) || col >= this.width || row < 1 || row > this.height) {
      throw new SyntaxError(`invalid vertex '${word}' on ${this.width}x${this.height}`);
    }
    return this.points[(this.height - row) * this.width + col];
  }

  name(point) {
    if (point === null) return "pass";
    if (this.known) return String(point);
    const i = this.index(point);
    if (i >= 0) return this.grid[i];
    return `${COLUMNS[point.x]}${this.height - point.y}`;
  }

  all() {
    if (this.names) return this.names.slice();
    const out = [];
    for (let y = this.height - 1; y >= 0; y--) for (let x = 0; x < this.width; x++) out.push({ x, y });
    return out;
  }

  key(point) {
    if (this.known) return [0, String(point)];
    return [this.height - 1 - point.y, point.x];
  }

  // The names of `points` in the order of key (rows from the bottom, each from the left), one
  // name a point, as many times as the library lists it.
  list(points) {
    if (this.grid !== null) {
      // On a grid, key's order is that of (height - 1 - y) * width + x: sort those numbers.
      const order = new Int32Array(points.length);
      let i = 0;
      for (; i < points.length; i++) {
        const at = this.index(points[i]);
        if (at < 0) break;
        order[i] = (this.height - 1 - points[i].y) * this.width + points[i].x;
      }
      if (i === points.length) {
        order.sort();
        let text = "";
        for (let j = 0; j < order.length; j++) {
          const k = order[j];
          const x = k % this.width;
          const y = this.height - 1 - (k - x) / this.width;
          text += j === 0 ? this.grid[y * this.width + x] : ` ${this.grid[y * this.width + x]}`;
        }
        return text;
      }
    }
    const keyed = points.map((p) => [this.key(p), this.name(p)]);
    keyed.sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[0][1] < b[0][1] ? -1 : a[0][1] > b[0][1] ? 1 : 0));
    return keyed.map((k) => k[1]).join(" ");
  }

  // The lines `black ...` and `white ...` of this.codes (a grid's stones, as fillStones
  // writes them): the names in list's order (rows from the bottom, each from the left).
  stoneLines() {
    const { codes, grid, width } = this;
    let black = "black";
    let white = "white";
    for (let row = (this.height - 1) * width; row >= 0; row -= width) {
      for (let i = row; i < row + width; i++) {
        const c = codes[i];
        if (c === 0) continue;
        if (c === 1) black += ` ${grid[i]}`;
        else if (c === 2) white += ` ${grid[i]}`;
      }
    }
    return [black, white];
  }

  // list(points) for a few points of this grid (point's own objects): a sort by insertion
  // of their list keys, no arrays of keys.
  listFew(points) {
    const n = points.length;
    if (n === 0) return "";
    if (n === 1) return this.grid[points[0].y * this.width + points[0].x];
    const keys = new Array(n);
    for (let i = 0; i < n; i++) {
      const k = (this.height - 1 - points[i].y) * this.width + points[i].x;
      let j = i;
      for (; j > 0 && keys[j - 1] > k; j--) keys[j] = keys[j - 1];
      keys[j] = k;
    }
    let text = "";
    for (let i = 0; i < n; i++) {
      const x = keys[i] % this.width;
      const y = this.height - 1 - (keys[i] - x) / this.width;
      text += i === 0 ? this.grid[y * this.width + x] : ` ${this.grid[y * this.width + x]}`;
    }
    return text;
  }
}

function marginText(difference) {
  if (difference === 0) return "0";
  return `${difference > 0 ? "B" : "W"}+${Math.abs(difference)}`;
}

// The library's own loop (adapters/README.md): moves of the player to move on random points
// through the front's calls only, no GTP; a new game after 2 * side^2 attempts.
function ownSpeed(front, side, seconds = 1.0) {
  let seed = 1;
  const random = () => {
    // A small seeded generator (mulberry32), so that the loop is the same every run.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  front.boardsize(side);
  let plays = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < seconds) {
    front.clear();
    let colour = "black";
    for (let i = 0; i < 2 * side * side; i++) {
      const point = { x: Math.floor(random() * side), y: Math.floor(random() * side) };
      try {
        front.play(colour, point);
        plays += 1;
        colour = other(colour);
      } catch (e) {
        // refused: another point
      }
    }
    elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  }
  front.clear();
  return [plays, elapsed];
}

function serve(front) {
  // From here on an error is an answer, its message only (`? MESSAGE`, `refused MESSAGE`):
  // no stack trace is captured for it. A library that refuses a move, or a trial move, by
  // throwing (OGS goban's GobanMoveError, weiqi, Sabaki's makeMove) would otherwise pay for
  // a trace at each refusal (in OGS goban the largest item of a session's profile).
  Error.stackTraceLimit = 0;
  let naming = new Naming(19, 19);
  // A hook that takes no argument: a method of the same name that needs arguments is the
  // adapter's own helper, not the hook.
  const NO_ARGUMENT = ["toMove", "result", "legalMoves", "finalScore", "points", "allStones"];
  const hook = (m) => typeof front[m] === "function" && (!NO_ARGUMENT.includes(m) || front[m].length === 0);
  // Which hooks the front has, asked once (a front's methods do not change).
  const hooks = new Map();
  const has = (m) => {
    let known = hooks.get(m);
    if (known === undefined) {
      known = hook(m);
      hooks.set(m, known);
    }
    return known;
  };
  const commands = [
    "protocol_version", "name", "version", "list_commands", "known_command", "quit",
    "boardsize", "clear_board", "komi", "play", "list_stones", "graphgo-turn",
    "graphgo-game", "graphgo-plays_per_second",
  ];
  if (has("isLegal") || has("allLegal")) commands.push("is_legal");
  if (has("allLegal")) commands.push("all_legal");
  for (const [method, command] of [
    ["toMove", "gogui-rules_side_to_move"],
    ["result", "gogui-rules_final_result"],
    ["legalMoves", "gogui-rules_legal_moves"],
    ["finalScore", "final_score"],
    ["rectangle", "rectangular_boardsize"],
    ["selectBoard", "graphgo-board_select"],
  ]) {
    if (has(method)) commands.push(command);
  }
  if (has("points") && has("neighbours")) commands.push("graphgo-board");

  // A move the shared code refuses: the library keeps the turn, its move call takes no
  // colour, and its player to move is the other colour.
  const outOfTurn = (colour) =>
    front.alternating === true && front.playChecksTurn !== true && has("toMove") && front.toMove() !== colour;

  // Whether `colour` may play at `point`, outOfTurn(colour) being `refused` (asked once a
  // state by the caller, or here).
  const isLegal = (colour, point, refused = outOfTurn(colour)) => {
    if (refused) return false;
    if (has("isLegal")) return Boolean(front.isLegal(colour, point));
    const name = naming.name(point);
    return front.allLegal(colour).some((p) => naming.name(p) === name);
  };

  const legalAll = (colour) => {
    if (outOfTurn(colour)) return [];
    if (has("allLegal")) return front.allLegal(colour);
    if (!has("isLegal")) return [];
    return naming.all().filter((p) => isLegal(colour, p));
  };

  const play = (colour, point) => {
    if (outOfTurn(colour)) throw new Error(`illegal move (it is ${front.toMove()}'s turn)`);
    try {
      front.play(colour, point);
    } catch (e) {
      throw new Error(`illegal move (${String(e.message || e).split("\n")[0]})`);
    }
  };

  const resultText = () => {
    const r = front.result();
    return r === null || r === undefined ? "unknown" : String(r);
  };

  const neighbours = (p) => front.neighbours(p);

  const handlers = {
    protocol_version: () => "2",
    name: () => front.name,
    version: () => front.version,
    list_commands: () => commands.join("\n"),
    known_command: (args) => (commands.includes(args[0]) ? "true" : "false"),
    boardsize: (args) => {
      const n = Number(args[0]);
      if (!Number.isInteger(n) || n < 1 || n > COLUMNS.length) {
        throw new SyntaxError("unacceptable size");
      }
      try {
        front.boardsize(n);
      } catch (e) {
        throw new SyntaxError(`unacceptable size (${e.message})`);
      }
      naming = new Naming(n, n);
      return "";
    },
    rectangular_boardsize: (args) => {
      const [w, h] = [Number(args[0]), Number(args[1])];
      if (![w, h].every((n) => Number.isInteger(n) && n >= 1 && n <= COLUMNS.length)) {
        throw new SyntaxError("unacceptable size");
      }
      try {
        front.rectangle(w, h);
      } catch (e) {
        throw new SyntaxError(`unacceptable size (${e.message})`);
      }
      naming = new Naming(w, h);
      return "";
    },
    "graphgo-board_select": (args) => {
      front.selectBoard(args[0]);
      front.clear();
      naming = new Naming(0, 0, front.points().map(String));
      return "";
    },
    "graphgo-board": () =>
      naming
        .all()
        .map((p) => `${naming.name(p)}: ${neighbours(p).map((q) => naming.name(q)).join(" ")}`.trimEnd())
        .join("\n"),
    clear_board: () => {
      front.clear();
      return "";
    },
    komi: (args) => {
      const k = Number(args[0]);
      if (!Number.isFinite(k)) throw new SyntaxError(`invalid komi '${args[0]}'`);
      if (front.komi) front.komi(k);
      return "";
    },
    play: (args) => {
      play(colourOf(args[0]), naming.point(args[1]));
      return "";
    },
    list_stones: (args) => naming.list(front.stones(colourOf(args[0]))),
    is_legal: (args) => {
      const point = naming.point(args[1]);
      if (point === null) return "1";
      return isLegal(colourOf(args[0]), point) ? "1" : "0";
    },
    all_legal: (args) => naming.list(legalAll(colourOf(args[0]))),
    "gogui-rules_side_to_move": () => front.toMove(),
    "gogui-rules_final_result": () => resultText(),
    "gogui-rules_legal_moves": () => {
      const moves = front.legalMoves();
      const text = naming.list(moves.filter((m) => m !== null));
      return moves.some((m) => m === null) ? `${text} pass`.trim() : text;
    },
    final_score: () => marginText(front.finalScore()),
    "graphgo-turn": (args) => {
      if (args.length < 3) throw new SyntaxError("graphgo-turn COLOUR MOVE NEXT (all | VERTEX...)");
      return turnLines(args[0], args[1], args[2], args, 3).join("\n");
    },
    // graphgo-game STEP ; STEP ; ... (spec/FORMAT.md): a game's turns in one round trip, each
    // step answered as graphgo-turn answers it, stopping after the first step whose verdict
    // is not graphgo's (EXPECT) or whose stones or legal points are not the ones the step
    // expects (its optional tail `: black V... : white V... : legal V...`, graphgo's own), at
    // a step that fails (`error MESSAGE`), or after a quarter of a second of work (graphgo
    // sends the steps not answered again).
    // The command's text after its name comes whole (`text`, not split into words: a game's
    // steps are many words, read once here).
    "graphgo-game": (text) => {
      const steps = text.split(";");
      // Every step's lines, one after the other (joined once at the end).
      const out = [];
      const started = Date.now();
      for (let i = 0; i < steps.length; i++) {
        if (out.length > 0 && Date.now() - started > 250) break;
        const tail = steps[i].split(":");
        const words = wordsOf(tail[0]);
        try {
          if (i === 0 && words[0] === "state") {
            const lines = stateLines(colourOf(words[1]), words, 2);
            lines.unshift("state");
            pushAll(out, lines);
            if (!asExpected(lines, tail)) break;
            continue;
          }
          if (words.length < 4) throw new SyntaxError(`step ${i + 1}: COLOUR MOVE EXPECT NEXT (all | VERTEX...)`);
          const expect = words[2];
          if (expect !== "played" && expect !== "refused") {
            throw new SyntaxError(`step ${i + 1}: '${expect}' is not played or refused`);
          }
          const lines = turnLines(words[0], words[1], words[3], words, 4);
          pushAll(out, lines);
          // The verdict: the answer's first word (up to its first white space).
          if (/^\S*/.exec(lines[0])[0] !== expect || !asExpected(lines, tail)) break;
        } catch (e) {
          out.push(`error step ${i + 1}: ${String(e.message || e).replace(/\n/g, " ")}`);
          break;
        }
      }
      return out.join("\n");
    },
    "graphgo-plays_per_second": (args) => {
      const side = Number(args[0]);
      if (!Number.isInteger(side) || side < 1 || side > COLUMNS.length) throw new SyntaxError("a side from 1 to 25");
      const [plays, seconds] = has("speed") ? front.speed(side) : ownSpeed(front, side);
      return `${plays} ${seconds.toFixed(6)}`;
    },
  };

  // A GTP line's words.
  function wordsOf(text) {
    return text.trim().split(/\s+/).filter((w) => w !== "");
  }

  function pushAll(out, lines) {
    for (let i = 0; i < lines.length; i++) out.push(lines[i]);
  }

  // A turn's answer as graphgo-turn gives it, its lines: `colour` plays `move` (words), then
  // the state for `next` with the points words[from...] asked.
  function turnLines(colourWord, moveWord, nextWord, words, from) {
    const colour = colourOf(colourWord);
    const point = naming.point(moveWord);
    const next = colourOf(nextWord);
    let verdict;
    try {
      play(colour, point);
      verdict = "played";
    } catch (e) {
      verdict = `refused ${String(e.message || e).replace(/\n/g, " ")}`.trimEnd();
    }
    const lines = stateLines(next, words, from);
    lines.unshift(verdict);
    return lines;
  }

  // Whether the lines black, white and legal of a step's answer (its `lines`) name the points
  // the step's tail `expected` names (its parts after the first, split at ":", each a key and
  // names), as sets, whatever the case; a key the tail does not name is not compared.
  function asExpected(lines, tail) {
    // The usual case first, without sets: each part equal to a line of the answer word for
    // word (graphgo names the points in the order the shared code lists them).
    let same = true;
    for (let i = 1; i < tail.length && same; i++) {
      const p = tail[i].trim();
      if (p !== "" && !lines.includes(p)) same = false;
    }
    if (same) return true;
    const expected = tail.slice(1);
    const named = (lines) => {
      const out = new Map();
      for (const line of lines) {
        const [key, ...names] = wordsOf(line);
        if (key === "black" || key === "white" || key === "legal") {
          out.set(key, new Set(names.map((n) => n.toUpperCase())));
        }
      }
      return out;
    };
    const want = named(expected);
    const got = named(lines.slice(1));
    for (const [key, points] of want) {
      const seen = got.get(key);
      if (!seen || seen.size !== points.size || [...points].some((p) => !seen.has(p))) return false;
    }
    return true;
  }

  // The lines of a turn's answer after its verdict: the stones, NEXT's legality of the
  // points asked, words[from...] (["all"]: every point), the player to move, the result.
  function stateLines(next, words, from) {
    let lines;
    if (naming.codes !== null && has("fillStones")) {
      naming.codes.fill(0);
      front.fillStones(naming.codes);
      lines = naming.stoneLines();
    } else {
      const [black, white] = has("allStones") ? front.allStones() : [front.stones("black"), front.stones("white")];
      lines = [`black ${naming.list(black)}`.trimEnd(), `white ${naming.list(white)}`.trimEnd()];
    }
    if (words.length === from + 1 && words[from] === "all") {
      lines.push(`legal ${naming.list(legalAll(next))}`.trimEnd());
    } else {
      // Each word named first (a word that names no point fails the step before any is asked),
      // then asked; outOfTurn once, where a point is asked.
      const points = [];
      for (let i = from; i < words.length; i++) {
        const p = naming.point(words[i]);
        if (p !== null) points.push(p);
      }
      const legal = [];
      let refused;
      for (const p of points) {
        if (refused === undefined) refused = outOfTurn(next);
        if (isLegal(next, p, refused)) legal.push(p);
      }
      lines.push(`legal ${naming.grid !== null ? naming.listFew(legal) : naming.list(legal)}`.trimEnd());
    }
    if (has("toMove")) {
      // A library may have no player to move once its game is over.
      let toMove = "none";
      try {
        toMove = front.toMove() || "none";
      } catch (e) {
        toMove = "none";
      }
      lines.push(`to_move ${toMove}`);
    }
    if (has("result")) lines.push(`result ${resultText()}`);
    return lines;
  }

  const input = readline.createInterface({ input: process.stdin, terminal: false });
  // The first word of `text` and the text after it (null when there is none).
  const FIRST = /^\s*(\S+)/;
  input.on("line", (line) => {
    // GTP 2: an optional numeric id, the command, its arguments; '#' starts a comment.
    let text = line.includes("#") ? line.replace(/#.*/, "") : line;
    let first = FIRST.exec(text);
    if (first === null) return;
    let id = "";
    if (/^\d+$/.test(first[1])) {
      id = first[1];
      text = text.slice(first[0].length);
      first = FIRST.exec(text);
      if (first === null) return;
    }
    const command = first[1];
    const rest = text.slice(first[0].length);
    // graphgo-game reads its text whole; every other command its words.
    const args = command === "graphgo-game" ? rest : wordsOf(rest);
    if (command === "quit") {
      process.stdout.write(`=${id}\n\n`);
      input.close();
      return;
    }
    let answer;
    try {
      const handler = commands.includes(command) ? handlers[command] : undefined;
      if (!handler) throw new Error("unknown command");
      answer = `=${id} ${handler(args)}`;
    } catch (e) {
      answer = `?${id} ${String(e.message || e).replace(/\n/g, " ")}`;
    }
    process.stdout.write(`${answer.trimEnd().replace(/\n\n+/g, "\n")}\n\n`);
  });
  input.on("close", () => process.exit(0));
}

module.exports = { serve, ownSpeed, Naming };
