# The Typst plugin: dist/dlxkit-typst.wasm (src/wasm/typst.c over the same
# C core, with the same C library, src/wasm/heap.c), and its copy inside the
# Typst package, web/typst/ (a package reads only files under its own root).
#
# Typst runs plugins in wasmi, an interpreter. Its imports may only be the
# two functions of the plugin protocol (module "typst_env"): emcc leaves
# them undefined on purpose, hence ERROR_ON_UNDEFINED_SYMBOLS=0, and the test
# (tests/typst-plugin.test.mjs) checks that nothing else slipped in. No SIMD:
# wasmi gained it only in recent releases (Typst 0.14.2 from npm accepts it,
# older Typst may not), and wasm-opt below refuses any instruction outside
# the listed features. wasm-metadce then
# keeps only the memory and the protocol functions (emcc also exports
# _initialize, a no-op here, and its stack helpers). -Oz throughout: in the
# interpreter it ran 100 of the hardest 9x9 puzzles no slower than -O2 or -O3
# (about 50 ms each, under timing noise), at 39 KB instead of 65 or 72.
TYPST_FEAT     := -mbulk-memory -msign-ext -mnontrapping-fptoint
TYPST_OPT_FEAT := --mvp-features --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int
TYPST_EXPORTS  := memory solve solve_with count count_with sudoku_json cover cover_with cover_count cover_json cover_best steps
TYPST_OBJ      := $(patsubst src/%.c,build/typst/%.o,$(CORE_SRC) $(LOGIC_SRC) src/wasm/heap.c src/wasm/scratch.c src/wasm/typst.c src/wasm/typst_steps.c)
TYPST_LINK     := -sSTANDALONE_WASM --no-entry -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=1GB \
                  -sINITIAL_MEMORY=512KB -sTOTAL_STACK=128KB -sMALLOC=none -sERROR_ON_UNDEFINED_SYMBOLS=0 \
                  -sBINARYEN_IGNORE_IMPLICIT_TRAPS

.PHONY: typst
typst: dist/dlxkit-typst.wasm web/typst/dlxkit-typst.wasm
dist: dist/dlxkit-typst.wasm web/typst/dlxkit-typst.wasm

build/typst/%.o: src/%.c $(CORE_HDR) src/wasm/heap.h src/wasm/typst.h mk/typst.mk
	$(NEED_EMCC)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CC) $(TYPST_FEAT) -Oz -flto -c $< -o $@

# The reachability graph for wasm-metadce: a root reaching every export kept.
build/typst/exports.json: mk/typst.mk
	@mkdir -p $(dir $@)
	node -e 'const e = process.argv.slice(1); console.log(JSON.stringify([{ name: "root", root: true, reaches: e }, ...e.map((x) => ({ name: x, export: x }))]))' \
	    $(TYPST_EXPORTS) > $@

dist/dlxkit-typst.wasm: $(TYPST_OBJ) build/typst/exports.json
	@mkdir -p dist
	$(EMCC) -Oz -flto $(TYPST_LINK) $(TYPST_OBJ) -o build/typst/linked.wasm 2> build/typst/link.log \
	    || { cat build/typst/link.log >&2; exit 1; }
	@grep -v 'undefined symbol: wasm_minimal_protocol_' build/typst/link.log >&2 || true
	wasm-metadce $(TYPST_OPT_FEAT) --graph-file build/typst/exports.json build/typst/linked.wasm \
	    -o build/typst/kept.wasm > /dev/null
	$(WASM_OPT) $(TYPST_OPT_FEAT) --ignore-implicit-traps -Oz build/typst/kept.wasm -o $@
	chmod 644 $@

web/typst/dlxkit-typst.wasm: dist/dlxkit-typst.wasm
	cp $< $@
	chmod 644 $@
