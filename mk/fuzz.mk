# Robustness: libFuzzer targets, valgrind on the native CLI, hostile inputs.
#
#   make fuzz FUZZ_TIME=N   build every fuzz target and run each for N seconds;
#                           fails on any finding (crash, sanitizer report,
#                           broken invariant, leak, slow input);
#                           FUZZ_TARGETS=engine runs one target only
#   make valgrind           the native CLI under valgrind over sample inputs
#   make cli-input          the native CLI's input bounds (NUL bytes, size)
#
# The seed corpus is tests/c/fuzz/corpus/<target>/ (in git); what a run
# discovers goes to build/fuzz/corpus/<target>/, findings to build/fuzz/.
FUZZ_CC      ?= clang
FUZZ_TIME    ?= 30
# 0: a new random seed each run; CI sets one, so that its run is repeatable.
FUZZ_SEED    ?= 0
FUZZ_FLAGS   := -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
                -fno-omit-frame-pointer -Iinclude
FUZZ_TARGETS := dlx_text sudoku engine shape explain
FUZZ_BINS    := $(FUZZ_TARGETS:%=build/fuzz/%)

.PHONY: fuzz fuzz-build valgrind hostile-c cli-input

fuzz-build: $(FUZZ_BINS)

# The core is compiled once for every target, into build/fuzz/core/ and
# build/fuzz/libdlxcore.a, with the same flags: with -c, clang reads
# -fsanitize=fuzzer as coverage instrumentation only (libFuzzer's main comes
# in at the targets' link).
build/fuzz/core/%.o: src/core/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -c $< -o $@
build/fuzz/libdlxcore.a: $(call core_objs,fuzz)
	$(MAKE_LIB)

build/fuzz/%: tests/c/fuzz/fuzz_%.c $(wildcard tests/c/fuzz/*.h) build/fuzz/libdlxcore.a $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $< build/fuzz/libdlxcore.a -o $@ -lm

# Each target first replays its seeds (old findings stay fixed), then explores.
fuzz: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do \
	    echo "== fuzz $$t for $(FUZZ_TIME) s"; \
	    mkdir -p build/fuzz/corpus/$$t; \
	    build/fuzz/$$t build/fuzz/corpus/$$t tests/c/fuzz/corpus/$$t \
	        -max_total_time=$(FUZZ_TIME) -seed=$(FUZZ_SEED) -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
	        -artifact_prefix=build/fuzz/$$t- -print_final_stats=1 2>build/fuzz/$$t.log \
	        || { tail -n 60 build/fuzz/$$t.log; echo "fuzz $$t: finding saved as build/fuzz/$$t-*" >&2; exit 1; }; \
	    grep -h '^stat::number_of_executed_units\|^Done' build/fuzz/$$t.log; \
	done

valgrind: build/dlx
	@tests/c/valgrind.sh

# valgrind takes a few seconds; it runs with the C tests.
test-c: valgrind

# The native CLI's bounded reading (/dev/zero, an endless pipe).
test-c: cli-input
cli-input: build/dlx
	@echo "== native CLI input bounds (tests/c/cli-input.sh)"
	@tests/c/cli-input.sh

# Hostile inputs for every C entry point (tests/c/test_hostile.c).
test-c: hostile-c
hostile-c: build/test_hostile
	@echo "== build/test_hostile"
	@./build/test_hostile
