#!/bin/sh
# joseki 0.0.1 (crates.io) through its public API only: Game::from_sgf replays an SGF file
# (each B/W with Game::make_move; a move it refuses is skipped) and Game's Display shows the
# board, the top row first. target/joseki/release/graphgo-joseki-replay
# (adapters/joseki/src/main.rs, built by adapters/install.sh) does exactly that for each line
# of its input. Run from the repository's root: sh spec/engines/repro/joseki/replay.sh
bin=target/joseki/release/graphgo-joseki-replay
row() { # $1: an SGF; $2: a row of the board, 1 at the bottom (as GTP counts)
  printf '%s\n' "$1" | "$bin" 2>&1 | sed -n "$(( 19 - $2 + 3 ))p" | awk '{print $1, $2, $3, $4, $5}'
}
# A ko near the lower left corner (GTP names): B B3, W D4, B C4, W D2, B C2, W E3, B A1, W C3,
# then Black's D3 takes C3; White's C3 at once would take D3 back.
ko='(;B[bq];W[dp];B[cp];W[dr];B[cr];W[eq];B[as];W[cq];B[dq]'
echo "row 3 after Black's D3 takes C3:   $(row "$ko)" 3)"
echo "row 3 after White's C3 at once:    $(row "$ko;W[cq])" 3)"
echo "row 1 after B A2, W T19, B B1, W A1 (a lone self-capture): $(row '(;B[ar];W[ss];B[bs];W[as])' 1)"
echo "an SGF pass, B[tt]: $(printf '(;B[tt])\n' | "$bin" 2>&1 | grep -o 'index out of bounds[^"]*' | head -1)"
