// Running many tasks at once while handing their results on in task order.

/**
 * Run `tasks` (an array, or any iterable or async iterable, which is pulled
 * only as fast as the runner works) on `runner`, at most runner.size at a
 * time and at most `window` ahead of the oldest unfinished one (so memory
 * stays bounded however long the stream); onResult(result, i) is called in
 * task order (so output can stream in input order). When the task source
 * throws (bad input), the tasks before are finished and handed on first,
 * then the error is thrown.
 */
export async function runInOrder (tasks, runner, onResult, { window = runner.size * 4 } = {}) {
  const source = tasks[Symbol.asyncIterator]?.() ?? tasks[Symbol.iterator]()
  const done = new Map()
  const waiting = [] // lanes waiting for the window to move
  let next = 0 // the next index to hand on
  let started = 0
  let over = false // the source ended or failed: take no more
  let failure = null
  const deliver = () => {
    while (done.has(next)) {
      const r = done.get(next)
      done.delete(next)
      onResult(r, next++)
    }
    while (waiting.length) waiting.shift()()
  }
  const lane = async () => {
    while (!over) {
      while (started - next >= window) await new Promise((resolve) => waiting.push(resolve))
      if (over) return
      const i = started++ // async generators answer next() calls in call order
      let item
      try {
        item = await source.next()
      } catch (e) {
        failure ??= e
        over = true
        return
      }
      if (item.done) { over = true; return }
      done.set(i, await runner.run(item.value))
      deliver()
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, runner.size) }, lane))
  if (failure) throw failure
}
