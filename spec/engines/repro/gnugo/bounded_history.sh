#!/bin/sh
# GNU Go 3.8 (Debian's gnugo) with --positional-superko --forbid-suicide remembers at most 500
# moves (MAX_MOVE_HISTORY in engine/board.h; when full, the oldest 51 are folded into the
# starting position): the game of spec/engines/findings/bounded-history.yaml (553 turns on 4x4,
# Black first, colours alternating), then White's D1, which gives back the board after turn 31,
# 523 turns earlier (spec/engines/gnugo.md). Run: sh spec/engines/repro/gnugo/bounded_history.sh
GNUGO=${GNUGO:-/usr/games/gnugo}
MOVES="
C2 D1 B2 C1 A2 B1 A3 C3 A4 B3 D3 A1 D2 B4 C4 D1 B1 B3 B4 pass C3 pass C1 pass D4 pass B3
pass A1 D1 D4 A1 C1 C4 B4 C2 A2 D3 A4 B2 D2 A3 B1 D4 A2 C3 A1 D1 B1 A1 A2 B3 A4 D2 C1 A1 C1
B4 pass A4 pass B1 pass A2 C1 A1 C4 B2 A2 D2 B1 C2 B3 B4 C3 D1 A4 D3 D4 D1 D2 C2 D3 pass D1
pass A1 pass B2 pass A3 pass C2 B4 A2 D4 D1 C3 C2 C1 B3 B1 A3 A1 A4 D2 C4 B2 D3 C2 D4 B4 A2
D4 A3 C4 B3 A4 A3 A2 pass D1 pass B3 pass A3 D3 C2 C4 B1 C1 A2 A4 D2 D4 C3 B3 D1 B4 A3 pass
A1 pass C1 B2 B1 C1 A2 C2 A1 C3 D2 A3 A2 B1 pass D1 pass A1 pass A2 D2 D1 B2 D4 C4 C2 C3 C1
A3 B1 B4 D3 A4 A1 B3 D2 A2 C1 D4 D2 D3 C2 A1 B1 D3 D4 B4 A1 B2 A2 C4 C3 A3 D4 B3 D3 D1 C2 A2
C1 D2 D3 C3 A1 D1 B1 A4 D2 pass D4 C4 A4 A3 A2 B4 D1 B2 C3 B3 C3 C2 A1 D2 C1 A4 D1 B1 D1 D3
pass A2 pass C1 pass D1 pass D4 pass C3 A1 C2 A3 A4 B2 D4 B3 C3 A2 D1 D3 C1 B4 C4 B1 D2 D3
C1 C2 D4 A4 C4 C3 D2 C4 D4 B2 C2 B1 D1 C3 A4 B4 A2 C4 B3 D3 D2 C2 A3 A1 B3 C1 A4 D4 A3 A2 B3
D1 A3 D2 A4 B4 D3 D4 C3 B1 C1 D2 C4 A1 B4 D1 B2 C2 D4 A2 B2 D3 C4 A3 C3 A4 B3 D4 C1 D3 C2 D4
B4 D1 B1 A2 A1 A3 D2 D4 D3 pass A4 A3 D1 pass A2 pass D4 A3 B1 B4 D3 C3 C2 D1 A1 B2 D2 D4 C1
B3 D1 A4 C4 pass D4 A2 B1 C2 A1 D4 D1 C4 D2 C1 A1 B1 pass A1 D3 C3 A2 B4 B3 B2 C4 A1 B1 D4
A1 C4 C2 A3 A4 C3 C1 B4 D4 A3 C4 pass C3 B2 D1 A1 D2 D4 C1 C4 C2 A4 D3 C3 pass B1 D1 C2 D3
B3 D2 C1 D1 A2 D3 D2 pass D1 D3 A3 D2 C2 B1 A2 A1 B3 A4 D1 B4 D4 C4 C1 D4 B2 B1 A1 pass C3
B4 D2 C4 B1 D3 D4 pass D3 A4 C3 B2 A3 D2 A1 D3 B1 D4 C2 B3 D1 C1 C3 D1 pass A2 B1 A1 pass B1
pass A3 C2 B2 C1 A2 A3 C4 B4 D2 A1 D4 D1 B1 B3 pass A4 D3 D1 C3 A4 B3 B4 A3 C2 A4 pass A1
pass B4 C1 D2 A4 C3 A3 D4 B1 A2 B3 B4 B2 C4 D3 C3 A1 D4 C4 pass D2 pass B4 pass D4 pass A2
C3 D2 A3 B3 A4 D4 B1 D1 C1 C2 C4 A1 B4 B2 A2 C1 B1 pass D3 D2 B2 D1 C2 pass C1 D1 A1 pass B3
pass D2 pass D1 D4
"
{ echo "boardsize 4"; echo clear_board; colour=b; n=0
  for m in $MOVES; do
    echo "play $colour $m"; n=$((n + 1))
    if [ $n -eq 31 ]; then echo "list_stones black"; echo "list_stones white"; fi
    if [ $colour = b ]; then colour=w; else colour=b; fi
  done
  echo "play w D1"; echo "list_stones black"; echo "list_stones white"
} | $GNUGO --mode gtp --positional-superko | grep -v '^$' | awk '
  /^\?/ { refused++ }
  NR == 2 + 31 + 1 { b30 = $0 } NR == 2 + 31 + 2 { w30 = $0 }
  { last3 = last2; last2 = last1; last1 = $0 }
  END {
    print "answers refused before the last move: " refused + 0
    print "White D1 after 553 turns: " (last3 ~ /^= *$/ ? "played" : "refused (" last3 ")")
    print "the board after it is the board after turn 31: " (last2 == b30 && last1 == w30 ? "yes" : "no")
  }'
