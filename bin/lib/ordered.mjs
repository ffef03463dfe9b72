// Running many tasks at once while handing their results on in task order.

/**
 * Run `tasks` on `runner`, at most runner.size at a time; onResult(result, i)
 * is called in task order (so output can stream in input order).
 */
export async function runInOrder (tasks, runner, onResult) {
  const done = new Map()
  let next = 0 // the next index to hand on
  let started = 0
  const deliver = () => {
    while (done.has(next)) {
      const r = done.get(next)
      done.delete(next)
      onResult(r, next++)
    }
  }
  const lane = async () => {
    while (started < tasks.length) {
      const i = started++
      done.set(i, await runner.run(tasks[i]))
      deliver()
    }
  }
  await Promise.all(Array.from({ length: Math.min(runner.size, tasks.length) }, lane))
}
