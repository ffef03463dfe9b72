#!/bin/sh
# The native CLI (build/dlx) reads a bounded input: it stops at the first NUL
# byte (no DLX text has one, and /dev/zero is nothing else) and past 256 MiB
# (a pipe that never ends), with one line on stderr and exit status 1.
# Each case runs under limits of CPU time and memory (ulimit), so a reader
# without bound fails here instead of filling the machine; a busy machine
# does not make a case fail.
set -eu
DLX=${DLX:-build/dlx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# case NAME STATUS MESSAGE COMMAND: COMMAND (sh -c, with $DLX) must exit with
# STATUS and print MESSAGE (a fixed string) on stderr.
case_() {
    name=$1 want=$2 message=$3 command=$4
    set +e
    (ulimit -t 20 && ulimit -v 2097152 && DLX=$DLX exec sh -c "$command") >"$tmp/out" 2>"$tmp/err"
    got=$?
    set -e
    if [ "$got" -eq "$want" ] && grep -qF -- "$message" "$tmp/err"; then
        echo "ok   $name (exit $got)"
    else
        echo "FAIL $name: exit $got (expected $want), stderr:"
        head -c 2000 "$tmp/err" | sed 's/^/     /'
        echo "     expected on stderr: $message"
        fails=$((fails + 1))
    fi
}

case_ "/dev/zero as the file"      1 "/dev/zero:1:1: character 0x00 (a NUL byte)" '"$DLX" /dev/zero'
case_ "/dev/zero on stdin"         1 "<stdin>:1:1: character 0x00 (a NUL byte)" '"$DLX" --count < /dev/zero'
case_ "a NUL byte in a comment"    1 "<stdin>:2:4: character 0x00 (a NUL byte)" "printf 'a b\\n| c\\000\\na b\\n' | \"\$DLX\""
case_ "a pipe that never ends"     1 "<stdin>: more than 256 MiB" 'yes a | "$DLX" --count'
# Exactly 256 MiB is still read: an item line, then comment lines.
case_ "a text of exactly 256 MiB"  0 "0 solutions (complete)" \
    '{ echo a; yes "| comment"; } | head -c 268435456 | "$DLX" --count'
[ "$fails" -eq 0 ]
