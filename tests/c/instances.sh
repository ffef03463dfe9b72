#!/bin/sh
# Every exact-cover instance of tests/data (tests/data/README.md) must give its
# known number of solutions, and so must the colored one kept in tests/c/data
# (made by tests/c/edge-matching.mjs 7 6 1). Run from the repository's root.
# Small ones run under the sanitizers (build/dlx-san); the pentomino boxes take
# seconds natively and minutes under ASan, so they run on the optimized build.
set -eu
dir=tests/data/exact-cover
# make check (the quick tier) passes DLX_SAN=build/dlx: no sanitizers there.
DLX_SAN=${DLX_SAN:-build/dlx-san}
fails=0
check() { # binary file expected [--memo]
    case $2 in */*) path=$2 ;; *) path=$dir/$2 ;; esac
    # A hang guard in CPU time (not wall-clock time: a busy machine is no failure).
    got=$(ulimit -t 300 && "$1" --count --quiet ${4:-} "$path") || { echo "FAIL $2: $1 exited $?"; fails=$((fails+1)); return; }
    if [ "$got" = "$3" ]; then echo "ok   $2: $got solutions ($1${4:+ $4})"
    else echo "FAIL $2: got $got, expected $3"; fails=$((fails+1)); fi
}
check "$DLX_SAN" queens-12.dlx 14200
check "$DLX_SAN" queens-13.dlx 73712
check "$DLX_SAN" langford-11.dlx 35584
check "$DLX_SAN" langford-12.dlx 216288
check "$DLX_SAN" 3-queens-6.dlx 14412
check "$DLX_SAN" pentomino-5x6-twice.dlx 18316
check build/dlx pentomino-5x12.dlx 4040
check build/dlx pentomino-6x10.dlx 9356
check build/dlx tests/c/data/edge-matching-7x7.dlx 8
# Memoized counts (--memo): the same on problems whose subproblems rarely
# repeat (secondary items), with colors (memoized too) and with bounds
# (counted by Algorithm M), and domino tilings of a 24 x 8 board, past 2^64 (their count
# checked against a transfer matrix in tests/c/test_memo.c).
check "$DLX_SAN" queens-12.dlx 14200 --memo
check "$DLX_SAN" langford-11.dlx 35584 --memo
check "$DLX_SAN" pentomino-5x6-twice.dlx 18316 --memo
check build/dlx tests/c/data/edge-matching-7x7.dlx 8 --memo
board=$(mktemp)
awk 'BEGIN { for (r = 0; r < 24; r++) for (c = 0; c < 8; c++) printf "%s%d.%d", (r || c ? " " : ""), r, c; print ""
             for (r = 0; r < 24; r++) for (c = 0; c < 8; c++) { if (c < 7) print r "." c, r "." c + 1; if (r < 23) print r "." c, r + 1 "." c } }' > "$board"
check "$DLX_SAN" "$board" 23333526083922816720025 --memo
rm -f "$board"
# Counts past 2^64 printed exactly (dlx --count-from: the counter starts near
# the limit; no search finds 2^64 solutions), and one past 2^128 - 1 refused.
got=$("$DLX_SAN" --count --quiet --count-from 18446744073709551600 "$dir/queens-12.dlx")
if [ "$got" = 18446744073709565800 ]; then echo "ok   queens-12.dlx from 2^64 - 16: $got"
else echo "FAIL queens-12.dlx from 2^64 - 16: got $got"; fails=$((fails+1)); fi
if "$DLX_SAN" --count --quiet --count-from 340282366920938463463374607431768200000 "$dir/queens-12.dlx" 2>/dev/null; then
    echo "FAIL queens-12.dlx past 2^128 - 1: not refused"; fails=$((fails+1))
else echo "ok   queens-12.dlx past 2^128 - 1: refused"; fi
# A memoized count that passes 2^128 - 1 ends there: no state past it can be
# cached, and the walk went on re-searching them (domino tilings of 8 x 60
# ran for minutes). Under a CPU cap, so that the old walk fails, not hangs.
board=$(mktemp)
awk 'BEGIN { for (r = 0; r < 60; r++) for (c = 0; c < 8; c++) printf "%s%d.%d", (r || c ? " " : ""), r, c; print ""
             for (r = 0; r < 60; r++) for (c = 0; c < 8; c++) { if (c < 7) print r "." c, r "." c + 1; if (r < 59) print r "." c, r + 1 "." c } }' > "$board"
said=$( (ulimit -t 60; "$DLX_SAN" --count --memo --quiet "$board") 2>&1 >/dev/null || true)
case "$said" in
    *"more than 2^128 - 1 solutions"*) echo "ok   dominoes 8x60 --memo: past 2^128 - 1, refused at once" ;;
    *) echo "FAIL dominoes 8x60 --memo: $said"; fails=$((fails+1)) ;;
esac
rm -f "$board"
# With multiplicities a solution may hold more options than there are items:
# all of them are printed (a copy sized by the items read past its end).
got=$(printf '4|a\na\na\na\na\na\n' | "$DLX_SAN" --first --quiet - | grep -c '^a$')
if [ "$got" = 4 ]; then echo "ok   4|a: the first solution's 4 options printed"
else echo "FAIL 4|a: $got options printed, expected 4"; fails=$((fails+1)); fi
[ "$fails" -eq 0 ]
