#!/bin/sh
# GNU Go 3.8 (Debian's gnugo) with the flags of its `tromp-taylor` row (--allow-all-suicide
# --positional-superko --chinese-rules): its answer to the last GTP `play` of each shrunk
# finding and failed vector of that row's red own-rules cells (lone self-capture, setup stones;
# spec/engines/gnugo.md, verdict 1). Each last move is a lone stone that captures nothing and
# has no liberty: removed by its own move, it gives back the board before it, which positional
# superko forbids. The vectors that start from stones are loaded with `loadsgf`, as the adapter
# does. Run: sh spec/engines/repro/gnugo/findings.sh
GNUGO=${GNUGO:-/usr/games/gnugo}
FLAGS="--allow-all-suicide --positional-superko --chinese-rules"
SGF=$(mktemp)
trap 'rm -f "$SGF"' EXIT

# answer SETUP SIZE MOVE...: GNU Go's answer to the last `play` (colours alternate from Black;
# SETUP is "" or an SGF's AB/AW properties, loaded first).
answer() {
  setup=$1
  size=$2
  shift 2
  printf '(;GM[1]FF[4]SZ[%s]%s)\n' "$size" "$setup" >"$SGF"
  { echo "boardsize $size"; echo clear_board
    if [ -n "$setup" ]; then echo "loadsgf $SGF"; fi
    colour=b
    for m in "$@"; do echo "play $colour $m"; if [ $colour = b ]; then colour=w; else colour=b; fi; done
    eval "echo color \${$#}"
    } | $GNUGO --mode gtp $FLAGS | grep -v '^$' | tail -n 2 | tr '\n' ' ' |
    sed -e 's/^= *= \(.*\) $/played; the point is then \1/' -e 's/^? \([^=]*\) = \(.*\) $/refused (\1); the point is \2/'
  echo
}

echo "own-1e2ef7b2c6db21da, W A5: $(answer "" 5 B5 A3 A4 A5)"
echo "own-05d3595f525fc8fb, W C5: $(answer "" 5 B5 C2 D5 A5 C4 C5)"
echo "own-619e70a4917c77da, W B2: $(answer "" 2 A2 A1 B1 B2)"
echo "leela-zero-suicide-superko, W O2: $(answer "" 19 N2 B10 O1 R3 P2 A5 O3 O2)"
# White's eight stones and Black's nine of the worked 5x5 example; Black's C1 in White's eye.
echo "worked-ggg2-5x5-eye-refused-ggg1, B C1: $(answer \
  'AB[bc][cc][dc][ec][ab][bb][cb][db][eb]AW[be][de][ad][bd][cd][dd][ed][ac]' 5 C1)"
# White's B1 and A2 on 3x3; Black's A1 (the vectors self-capture-lone-grid3x3-2-*-positional-ggg1).
echo "self-capture-lone-grid3x3-2-*-positional-ggg1, B A1: $(answer 'AW[bc][ab]' 3 A1)"
