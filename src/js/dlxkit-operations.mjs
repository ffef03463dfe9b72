// The worker's operations, written once: the client (dlxkit-client.mjs) sends
// these names and the worker (dlxkit-worker-core.mjs) serves exactly these
// (tests/worker.test.mjs checks both sides). For each:
//   problem  its first argument is a problem the worker holds (for a 'zdd.*'
//            one, a ZDD), which a restarted worker has lost (the request
//            then fails with FREED)
//   turn     it moves that problem's search, so it waits for the requests
//            on the problem before it (a search has one state)
// The part after the dot is the client's method name (a 'worker.*' one is
// the worker's own: DlxWorker.usage).
export const OPERATIONS = Object.freeze({
  init: {},
  'sudoku.solve': {},
  'sudoku.count': {},
  'sudoku.solveMany': {},
  'sudoku.candidates': {},
  'sudoku.split': {},
  'sudoku.read': {},
  'sudoku.generate': {},
  'sudoku.rate': {},
  'sudoku.steps': {},
  'sudoku.hint': {},
  'sudoku.parseBox': {},
  'sudoku.pattern': {},
  'problem.exactCover': {},
  'problem.parseDlx': {},
  'problem.shape': { problem: true },
  'problem.option': { problem: true },
  'problem.formatOption': { problem: true },
  'problem.data': { problem: true },
  'problem.solve': { problem: true, turn: true },
  'problem.count': { problem: true, turn: true },
  'problem.countBig': { problem: true, turn: true },
  'problem.countDetailed': { problem: true, turn: true },
  'problem.countShard': { problem: true, turn: true },
  'problem.solutions': { problem: true, turn: true },
  'problem.best': { problem: true, turn: true },
  'problem.zdd': { problem: true, turn: true },
  'problem.free': { problem: true, turn: true },
  'zdd.nth': { problem: true },
  'zdd.sample': { problem: true },
  'zdd.draw': { problem: true },
  'zdd.toText': { problem: true },
  'zdd.free': { problem: true },
  'worker.usage': {}
})

/** The operations of a group ('sudoku', 'problem') as [operation, method name]. */
export function operationsOf (group) {
  return Object.keys(OPERATIONS).filter((op) => op.startsWith(group + '.')).map((op) => [op, op.slice(group.length + 1)])
}
