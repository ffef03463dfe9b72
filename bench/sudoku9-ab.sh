#!/bin/sh
# Builds bench/sudoku9_ab.c into build/bench/sudoku9_ab: src/core/sudoku9.c
# of BASE (a commit, default main; its symbols renamed base_*) against this
# tree's, with tdoku compiled from $PEERS (default ../shared/peers) as in
# bench/sudoku9-pair.sh. Then: build/bench/sudoku9_ab ROUNDS MIN_SECONDS FILE...
# EXTRA_CFLAGS (e.g. -mno-avx2) applies to both builds of the solver.
set -eu
PEERS=${PEERS:-../shared/peers}
BASE=${1:-main}
mkdir -p build/bench/ab
git show "$BASE:src/core/sudoku9.c" > build/bench/ab/base_sudoku9.c
FLAGS="-std=c11 -O3 -march=native -flto ${EXTRA_CFLAGS:-} -Isrc/core -Iinclude -Ibench"
clang $FLAGS -Dsudoku9_new=base_sudoku9_new -Dsudoku9_free=base_sudoku9_free -Dsudoku9_solve=base_sudoku9_solve \
  -c build/bench/ab/base_sudoku9.c -o build/bench/ab/base.o
clang $FLAGS -c src/core/sudoku9.c -o build/bench/ab/new.o
[ -f build/bench/tdoku_simd.o ] || clang++ -O3 -march=native -flto -std=c++17 -fno-exceptions -fno-rtti \
  -I"$PEERS/tdoku/include" -c "$PEERS/tdoku/src/solver_dpll_triad_simd.cc" -o build/bench/tdoku_simd.o
clang $FLAGS -c bench/sudoku9_ab.c -o build/bench/ab/ab.o
clang++ -O3 -march=native -flto build/bench/ab/ab.o build/bench/ab/base.o build/bench/ab/new.o build/bench/tdoku_simd.o -o build/bench/sudoku9_ab
