# dlxkit build. `make` builds everything, `make test` runs every test.
CC      ?= cc
CFLAGS  ?= -O3
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
SAN     := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
INC     := -Iinclude
DATA    ?= ../shared/data

CORE_SRC := src/dlx.c src/dlx_text.c src/sudoku.c src/sudoku_generate.c src/sudoku_text.c
CORE_HDR := include/dlx.h include/dlx_text.h include/sudoku.h src/sudoku_internal.h
LIBS    := -lm

.PHONY: all native test test-c bench clean

all: native

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

C_TESTS := build/test_engine build/test_text build/test_sudoku build/test_sudoku_text

test: test-c

test-c: $(C_TESTS) build/dlx build/dlx-san
	@for t in $(C_TESTS); do echo "== $$t"; ./$$t || exit 1; done
	@echo "== exact-cover instances (tests/c/instances.sh)"
	@DATA=$(DATA) tests/c/instances.sh

bench: build/dlx
	@DATA=$(DATA) node bench/native.mjs

clean:
	rm -rf build
