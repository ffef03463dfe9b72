# Google Sheets: dist/dlxkit-apps-script.js, one classic script with the
# sheet functions and the module's bytes inside (tools/apps-script.mjs
# bundles it; no bundler needed). tests/apps-script.test.mjs checks that the
# committed file is what the tool makes now.
DIST += dist/dlxkit-apps-script.js
dist: dist/dlxkit-apps-script.js

dist/dlxkit-apps-script.js: dist/dlxkit.wasm tools/apps-script.mjs web/excel/functions.json \
		$(wildcard web/apps-script/*.mjs) $(JS_SRC)
	node tools/apps-script.mjs dist/dlxkit.wasm $@
