#!/bin/sh
# Builds bench/sudoku9_pair.c (dlxkit's 9x9 solver against tdoku, paired, in
# one process) into build/bench/sudoku9_pair, with tdoku compiled from
# $PEERS (default ../shared/peers) as ../shared/peers/build.sh compiles it.
# Then: build/bench/sudoku9_pair ROUNDS MIN_SECONDS FILE...
set -eu
PEERS=${PEERS:-../shared/peers}
make -s build/bench/sudoku_native # the bench objects (BENCH_OBJ)
OBJ=$(make -s -p -n build/bench/sudoku_native 2>/dev/null | sed -n 's/^BENCH_OBJ := //p' | head -1)
[ -n "$OBJ" ] || OBJ=$(ls build/bench/core/*.o)
clang++ -O3 -march=native -flto -std=c++17 -fno-exceptions -fno-rtti -I"$PEERS/tdoku/include" \
  -c "$PEERS/tdoku/src/solver_dpll_triad_simd.cc" -o build/bench/tdoku_simd.o
clang -std=c11 -O3 -march=native -flto -Iinclude -Ibench -c bench/sudoku9_pair.c -o build/bench/sudoku9_pair.o
clang++ -O3 -march=native -flto build/bench/sudoku9_pair.o build/bench/tdoku_simd.o $OBJ -o build/bench/sudoku9_pair
