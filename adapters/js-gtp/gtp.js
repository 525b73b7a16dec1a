// The GTP loop shared by graphgo's JavaScript adapters (adapters/README.md, "The GTP subset").
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
//   allLegal(colour)                  (optional) the legal points, [{x, y}, ...]
//
// A front with neither isLegal nor allLegal is checked through its answers to play only.

"use strict";

const readline = require("readline");

const COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// Standard output is the protocol: a library's own logging goes to standard error.
console.log = console.info = console.debug = console.warn = console.error;

function colourOf(word) {
  const w = String(word || "").toLowerCase();
  if (w === "b" || w === "black") return "black";
  if (w === "w" || w === "white") return "white";
  throw new SyntaxError(`invalid colour '${word}'`);
}

function pointOf(word, size) {
  const w = String(word || "").toUpperCase();
  if (w === "PASS") return null;
  const col = COLUMNS.indexOf(w[0]);
  const row = Number(w.slice(1));
  if (col < 0 || !Number.isInteger(row) || col >= size || row < 1 || row > size) {
    throw new SyntaxError(`invalid vertex '${word}' on ${size}x${size}`);
  }
  return { x: col, y: size - row };
}

function vertexOf(point, size) {
  return `${COLUMNS[point.x]}${size - point.y}`;
}

function serve(front) {
  let size = 19;
  const commands = [
    "protocol_version", "name", "version", "list_commands", "known_command", "quit",
    "boardsize", "clear_board", "komi", "play", "list_stones",
  ];
  if (front.isLegal) commands.push("is_legal");
  if (front.allLegal) commands.push("all_legal");

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
      size = n;
      return "";
    },
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
      const colour = colourOf(args[0]);
      const point = pointOf(args[1], size);
      try {
        front.play(colour, point);
      } catch (e) {
        throw new Error(`illegal move (${String(e.message || e).split("\n")[0]})`);
      }
      return "";
    },
    list_stones: (args) => front.stones(colourOf(args[0])).map((p) => vertexOf(p, size)).join(" "),
    is_legal: (args) => {
      const point = pointOf(args[1], size);
      if (point === null) return "1";
      return front.isLegal(colourOf(args[0]), point) ? "1" : "0";
    },
    all_legal: (args) => front.allLegal(colourOf(args[0])).map((p) => vertexOf(p, size)).join(" "),
  };

  const input = readline.createInterface({ input: process.stdin, terminal: false });
  input.on("line", (line) => {
    // GTP 2: an optional numeric id, the command, its arguments; '#' starts a comment.
    const words = line.replace(/#.*/, "").trim().split(/\s+/).filter((w) => w !== "");
    if (words.length === 0) return;
    let id = "";
    if (/^\d+$/.test(words[0])) id = words.shift();
    const [command, ...args] = words;
    if (command === "quit") {
      process.stdout.write(`=${id}\n\n`);
      input.close();
      return;
    }
    let answer;
    try {
      const handler = handlers[command];
      if (!handler) throw new Error("unknown command");
      answer = `=${id} ${handler(args)}`;
    } catch (e) {
      answer = `?${id} ${String(e.message || e).replace(/\n/g, " ")}`;
    }
    process.stdout.write(`${answer.trimEnd()}\n\n`);
  });
  input.on("close", () => process.exit(0));
}

module.exports = { serve };
