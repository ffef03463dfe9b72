# dlxkit build. `make` builds everything, `make test` runs every test.
CC      ?= cc
CFLAGS  ?= -O3
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
SAN     := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
INC     := -Iinclude
DATA    ?= ../shared/data

CORE_SRC := src/dlx.c src/format.c src/dlx_text.c src/sudoku.c src/sudoku_generate.c src/sudoku_text.c
CORE_HDR := include/dlx.h include/dlx_text.h include/sudoku.h src/sudoku_internal.h src/format.h
LIBS    := -lm

.PHONY: all native dist test test-c test-js bench clean

all: dist native

native: build/dlx

build:
	mkdir -p build

build/dlx: $(CORE_SRC) src/cli/dlx_main.c $(CORE_HDR) | build
	$(CC) $(WARN) $(CFLAGS) $(INC) $(CORE_SRC) src/cli/dlx_main.c -o $@ $(LIBS)

# The same CLI under AddressSanitizer and UndefinedBehaviorSanitizer.
build/dlx-san: $(CORE_SRC) src/cli/dlx_main.c $(CORE_HDR) | build
	$(CC) $(WARN) $(SAN) $(INC) $(CORE_SRC) src/cli/dlx_main.c -o $@ $(LIBS)

build/test_%: tests/c/test_%.c $(wildcard tests/c/*.h) $(CORE_SRC) $(CORE_HDR) | build
	$(CC) $(WARN) $(SAN) $(INC) $< $(CORE_SRC) -o $@ $(LIBS)

# ---- WebAssembly (Debian's emscripten; .ci/run installs it) -------------------
# The engine is built for speed, the rest for size; no imports, no glue file.
EMCC      ?= emcc
WASM_CC   := -std=c11 -msimd128 -Iinclude -Wall -Wextra
WASM_LINK := -sSTANDALONE_WASM --no-entry -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB \
             -sINITIAL_MEMORY=512KB -sTOTAL_STACK=128KB -sABORTING_MALLOC=0 -sMALLOC=emmalloc \
             -sEXPORTED_FUNCTIONS=_malloc,_free
WASM_SRC  := $(CORE_SRC) src/wasm.c
WASM_OBJ  := $(patsubst src/%.c,build/wasm/%.o,$(WASM_SRC))
DIST      := dist/dlxkit.wasm dist/dlxkit.mjs dist/dlxkit.d.ts dist/dlxkit-worker.mjs \
             dist/dlxkit-inline.mjs

dist: $(DIST)

build/wasm/dlx.o: src/dlx.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CC) -O3 -c $< -o $@

build/wasm/%.o: src/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CC) -Oz -c $< -o $@

dist/dlxkit.wasm: $(WASM_OBJ)
	@mkdir -p dist
	$(EMCC) -Oz $(WASM_LINK) $(WASM_OBJ) -o $@

dist/dlxkit.mjs: src/js/dlxkit.mjs
	cp $< $@
dist/dlxkit.d.ts: src/js/dlxkit.d.ts
	cp $< $@
dist/dlxkit-worker.mjs: src/js/worker.mjs
	cp $< $@
dist/dlxkit-inline.mjs: dist/dlxkit.wasm tools/inline.mjs
	node tools/inline.mjs dist/dlxkit.wasm $@

C_TESTS := build/test_engine build/test_text build/test_sudoku build/test_sudoku_text

test: test-c test-js

# The JS tests use the committed dist/ (users get no compiler); `make dist` rebuilds it.
test-js:
	node --test tests/

test-c: $(C_TESTS) build/dlx build/dlx-san
	@for t in $(C_TESTS); do echo "== $$t"; ./$$t || exit 1; done
	@echo "== exact-cover instances (tests/c/instances.sh)"
	@DATA=$(DATA) tests/c/instances.sh

# Benchmarks build like the reference figures: clang -O3 -march=native.
BENCH_CC ?= clang
BENCH_CFLAGS := -std=c11 -O3 -march=native -Iinclude

build/bench/dlx: $(CORE_SRC) src/cli/dlx_main.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(CORE_SRC) src/cli/dlx_main.c -o $@ $(LIBS)

build/bench/sudoku_native: bench/sudoku_native.c $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $< $(CORE_SRC) -o $@ $(LIBS)

bench: build/bench/dlx build/bench/sudoku_native
	@DATA=$(DATA) node bench/native.mjs

clean:
	rm -rf build
