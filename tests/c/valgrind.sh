#!/bin/sh
# The native CLI (build/dlx) under valgrind over sample inputs: the
# instances of tests/data, a malformed file, an empty file, stdin, usage errors. Any invalid
# read or write, use of uninitialized memory or leak (definite, indirect or
# possible) fails the case; so does an exit status other than the expected one.
set -eu
DLX=${DLX:-build/dlx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

printf '' > "$tmp/empty.dlx"
printf 'a b c\na b\nzz c\n' > "$tmp/unknown-item.dlx"
printf 'a b | x\na x:red\nb x:blue\na b\n' > "$tmp/colors.dlx"
printf 'a b\na\0b\n' > "$tmp/nul.dlx"
printf 'a b | x\n' > "$tmp/no-options.dlx"

# case NAME EXPECTED_STATUS [STDIN_FILE] -- ARGS...
case_() {
    name=$1 want=$2 input=$3
    shift 4
    set +e
    # A hang guard in CPU time (not wall-clock time: a busy machine is no failure).
    (ulimit -t 300 && exec valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
        --errors-for-leak-kinds=definite,indirect,possible "$DLX" "$@") \
        <"$input" >"$tmp/out" 2>"$tmp/err"
    got=$?
    set -e
    if [ "$got" -eq "$want" ]; then
        echo "ok   $name (exit $got)"
    else
        echo "FAIL $name: exit $got, expected $want"
        sed 's/^/     /' "$tmp/err" | head -n 40
        fails=$((fails + 1))
    fi
}

ec=tests/data/exact-cover
case_ "queens-12 count"          0 /dev/null -- --count --quiet "$ec/queens-12.dlx"
case_ "langford-11 first"        0 /dev/null -- --first "$ec/langford-11.dlx"
case_ "pentomino-6x10 50 nodes"  0 /dev/null -- --all --nodes 50 "$ec/pentomino-6x10.dlx"
case_ "queens-13 3 seeded"       0 /dev/null -- --all --limit 3 --seed 7 "$ec/queens-13.dlx"
case_ "colors from stdin"        0 "$tmp/colors.dlx" -- --all -
case_ "item line only"           0 /dev/null -- --count "$tmp/no-options.dlx"
case_ "empty file"               1 /dev/null -- "$tmp/empty.dlx"
case_ "empty stdin"              1 /dev/null -- --count
case_ "unknown item"             1 /dev/null -- "$tmp/unknown-item.dlx"
case_ "NUL byte"                 1 /dev/null -- "$tmp/nul.dlx"
case_ "missing file"             1 /dev/null -- "$tmp/missing.dlx"
case_ "a directory"              1 /dev/null -- "$tmp"
case_ "unknown option"           2 /dev/null -- --frobnicate
case_ "negative limit"           2 /dev/null -- --limit -1 "$ec/queens-12.dlx"
case_ "two files"                2 /dev/null -- "$tmp/colors.dlx" "$tmp/colors.dlx"
case_ "/dev/zero (NUL bytes)"    1 /dev/zero -- -
[ "$fails" -eq 0 ]
