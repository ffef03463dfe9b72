# Spreadsheet functions (dlxkit/sheets): copied into dist/ beside dlxkit.mjs,
# which they import.
DIST += dist/dlxkit-sheets.mjs dist/dlxkit-sheets.d.ts
dist: dist/dlxkit-sheets.mjs dist/dlxkit-sheets.d.ts

dist/dlxkit-sheets.mjs: src/js/sheets.mjs
	cp $< $@
dist/dlxkit-sheets.d.ts: src/js/sheets.d.ts
	cp $< $@
