#!/bin/sh
# Leela Zero 0.17 (Debian's leela-zero): its answers to GTP `play` in situations Tromp-Taylor
# rules forbid, on 19x19 (spec/engines/leela-zero.md). Its moves are never asked for, so the
# network is one of zeros, written under target/ by adapters/leela-zero/leelaz.sh. Run from
# graphgo's repository: sh spec/engines/repro/leela-zero/play.sh
LEELAZ=${LEELAZ:-adapters/leela-zero/leelaz.sh}

# Each case: a label, then moves (Black first, colours alternating) after a clear_board; the
# answer to its last `play` is printed.
CASES="White's lone self-capture at A1 (it gives back the board before it)|A2 T19 B1 A1
the ko retake at once (it gives back the board before Black's C2)|A2 C3 B3 D2 B1 C1 E5 B2 C2 B2
the ko retaken a second time|A2 C3 B3 D2 B1 C1 E5 B2 C2 B2 C2 B2
a move on a stone|D4 D4"

echo "$CASES" | {
  echo "boardsize 19"
  while IFS='|' read -r label moves; do
    echo clear_board; colour=b
    for m in $moves; do echo "play $colour $m"; if [ $colour = b ]; then colour=w; else colour=b; fi; done
    echo "# $label"
  done
} | sh "$LEELAZ" 2>/dev/null | grep -v '^$' > "${TMPDIR:-/tmp}/leelaz-answers.$$"
line=1
echo "$CASES" | while IFS='|' read -r label moves; do
  set -- $moves
  line=$((line + 1 + $#))
  answer=$(sed -n "${line}p" "${TMPDIR:-/tmp}/leelaz-answers.$$" |
    sed -e 's/^= *$/played/' -e 's/^? \(.*\)/refused (\1)/')
  echo "$label: $answer"
done
rm -f "${TMPDIR:-/tmp}/leelaz-answers.$$"
