// dlxkit's public API, the same in Node, browsers, workers and extensions.
// The entries (dlxkit.mjs for Node and unbundled pages, dlxkit-browser.mjs for
// bundlers) add load() and createWorker() with their host. One module a job:
//   dlxkit-errors.mjs       DlxError and the checks of arguments
//   dlxkit-load.mjs         loading the module, the instance (Dlxkit)
//   dlxkit-native.mjs       the one binding of its dk_* exports: calls, memory, the error record, result records
//   dlxkit-problem.mjs      exact-cover problems (Problem)
//   dlxkit-zdd.mjs          the ZDD of a problem's solutions (Zdd: problem.zdd())
//   dlxkit-options.mjs      their spec read: item lists, 0/1 rows, data per option
//   dlxkit-run.mjs          the one search-with-budget run loop (runSearch)
//   dlxkit-sudoku.mjs       dlx.sudoku (with dlxkit-sudoku-args.mjs, dlxkit-sudoku-line.mjs)
//   dlxkit-client.mjs       createWorker()'s client (dlxkit-remote-problem.mjs: its problems); dlxkit-worker-core.mjs serves it
//   dlxkit-operations.mjs   the worker's operations, the one list both sides use
//   dlxkit-abi.mjs          the boundary's names, generated from the C headers
export { DlxError } from './dlxkit-errors.mjs'
export { defaultBox } from './dlxkit-sudoku-args.mjs'
export { Dlxkit } from './dlxkit-load.mjs'
export { Problem } from './dlxkit-problem.mjs'
export { runSearch } from './dlxkit-run.mjs'
export { Zdd } from './dlxkit-zdd.mjs'
