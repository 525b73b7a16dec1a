#!/bin/sh
# GNU Go 3.8 (Debian's gnugo): its answers to GTP `play` in the four situations of
# spec/engines/repro/records/, with its default rules (--forbid-suicide --simple-ko) and with
# Tromp-Taylor's flags (--allow-all-suicide --positional-superko); then the ko point after a
# pass (spec/engines/gnugo.md). Run: sh spec/engines/repro/gnugo/rules.sh
GNUGO=${GNUGO:-/usr/games/gnugo}

# answer FLAGS SIZE MOVE...: GNU Go's answer to the last `play` (the others must be played).
answer() {
  flags=$1
  size=$2
  shift 2
  { echo "boardsize $size"; echo clear_board; colour=b
    for m in "$@"; do echo "play $colour $m"; if [ $colour = b ]; then colour=w; else colour=b; fi; done
    } | $GNUGO --mode gtp $flags | grep -v '^$' | sed -n "$(( $# + 2 ))p" |
    sed -e 's/^= *$/played/' -e 's/^? \(.*\)/refused (\1)/'
}

KO="A2 C3 B3 D2 B1 C1 E5 B2 C2"
for flags in "" "--allow-all-suicide --positional-superko"; do
  echo "gnugo --mode gtp ${flags:-(its defaults)}:"
  echo "  White's lone self-capture at A1: $(answer "$flags" 5 A2 E5 B1 A1)"
  echo "  White's self-capture of three at B1: $(answer "$flags" 5 A3 A1 B2 A2 C1 B1)"
  echo "  the ko retake at once: $(answer "$flags" 5 $KO B2)"
  echo "  Black's A1 closing the 2x2 superko cycle: $(answer "$flags" 2 A1 B2 B1 A2 A1 B1 A1)"
done
# --allow-all-suicide with the default --simple-ko: White's C1 is a lone stone without liberty;
# played, it gives back the board before Black's pass (the earlier page's finding 4).
echo "gnugo --mode gtp --allow-all-suicide, on 3x3 after B B1, W pass, B C2, W A3, B pass:"
echo "  White's lone self-capture at C1: $(answer --allow-all-suicide 3 B1 pass C2 A3 pass C1)"
