// The exact-cover playground: a problem in Knuth's format, solved in the
// worker (first solution, count, or every solution as it is found) with a
// progress bar and Cancel, so that a long search never freezes the page.
import { EXAMPLES } from './cover-examples.mjs'
import { drawSolution } from './cover-picture.mjs'
import { TaskRunner } from './task.mjs'
import { formatNumber, formatDuration, plural } from './format.mjs'

/** Solutions kept for browsing; a long enumeration only counts the rest. */
const KEEP_SOLUTIONS = 1000

/**
 * The options of DLX text as written, by index (the library numbers them in
 * order: comment lines start with '|', blank lines are skipped, the first
 * other line names the items).
 */
function optionLines (text) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('|'))
  return lines.slice(1)
}

/** Item names of an option line without colors ("x:A" -> "x"). */
function itemsOf (line) {
  return line.split(/\s+/).map((item) => item.split(':')[0])
}

export function startPlayground (worker) {
  const $ = (id) => document.getElementById(id)
  const text = $('cover-text')
  const status = $('cover-status')
  const progress = $('cover-progress')
  const actions = ['cover-first', 'cover-count', 'cover-all']
  let solutions = [] // kept solutions: arrays of option indices
  let shown = -1
  let lines = []
  let lastProgress = { nodes: 0, solutions: 0 }

  const tasks = new TaskRunner((busy) => {
    $('cover-cancel').setAttribute('aria-disabled', String(!busy)) // keeps the focus when the search ends
    for (const id of actions) $(id).setAttribute('aria-disabled', String(busy))
    progress.hidden = !busy
    if (busy) progress.removeAttribute('value') // indeterminate until the first report
  })

  function setStatus (message, result) {
    status.textContent = message
    status.dataset.result = result
  }

  // ---- showing solutions --------------------------------------------------------

  let drawPending = false
  /** Draw at most once a frame, however fast solutions stream in. */
  function scheduleShow (index) {
    shown = index
    if (drawPending) return
    drawPending = true
    requestAnimationFrame(() => {
      drawPending = false
      showSolution(shown)
    })
  }

  function showSolution (index) {
    const solution = solutions[index]
    const optionsText = $('cover-options')
    const which = $('cover-which')
    $('cover-browse').hidden = solutions.length === 0
    $('cover-prev').setAttribute('aria-disabled', String(index <= 0))
    $('cover-next').setAttribute('aria-disabled', String(index < 0 || index >= solutions.length - 1))
    if (!solution) {
      which.textContent = ''
      optionsText.textContent = ''
      drawSolution($('cover-picture'), [])
      return
    }
    which.textContent = `Solution ${formatNumber(index + 1)} of ${formatNumber(solutions.length)}${solutions.length === KEEP_SOLUTIONS ? ' kept' : ''}`
    optionsText.textContent = solution.map((k) => lines[k]).join('\n')
    drawSolution($('cover-picture'), solution.map((k) => itemsOf(lines[k])))
  }

  function resetSolutions () {
    solutions = []
    shown = -1
    showSolution(-1)
  }

  // ---- errors -----------------------------------------------------------------

  /** Select the line a parse error names, so that it can be fixed at once. */
  function pointAt (line) {
    const all = text.value.split('\n')
    if (!line || line > all.length) return
    const start = all.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0)
    text.focus()
    text.setSelectionRange(start, start + all[line - 1].length)
  }

  function showError (e) {
    const message = String(e?.message ?? e)
    setStatus(message.charAt(0).toUpperCase() + message.slice(1), 'error')
    if (e?.details?.line) pointAt(e.details.line)
    if (e?.name !== 'DlxError') console.warn(e)
  }

  // ---- searches -----------------------------------------------------------------

  function progressFacts (p, ms) {
    return `${plural(p.solutions ?? 0, 'solution')} · ${plural(p.nodes ?? 0, 'search node')} · ${formatDuration(ms)}`
  }

  /**
   * Parse the text in the worker and run `search(problem, signal, onProgress)`.
   * The problem is freed afterwards (a cancelled search may restart the
   * worker, which loses its problems anyway).
   */
  async function run (label, search) {
    if (tasks.busy) return {}
    const source = text.value
    lines = optionLines(source)
    resetSolutions()
    lastProgress = { nodes: 0, solutions: 0 }
    const started = performance.now()
    let spokenAt = 0
    const onProgress = (p) => {
      lastProgress = p
      if (p.progress > 0) progress.value = Math.min(1, p.progress)
      // A few updates a second: readable, and calm for screen readers.
      const now = performance.now()
      if (now - spokenAt < 250) return
      spokenAt = now
      setStatus(`${label}… ${progressFacts(p, now - started)}`, 'busy')
    }
    try {
      const r = await tasks.run(label, async (signal) => {
        setStatus(`${label}…`, 'busy')
        const problem = await worker.parseDlx(source)
        try {
          const shape = await problem.shape()
          if (shape.options !== lines.length) lines = await Promise.all(Array.from({ length: shape.options }, (_, k) => problem.formatOption(k)))
          return await search(problem, signal, onProgress)
        } finally {
          problem.free().catch(() => {})
        }
      })
      if (r.aborted) setStatus(`Cancelled: ${progressFacts({ ...lastProgress, solutions: Math.max(solutions.length, lastProgress.solutions ?? 0) }, r.ms)} so far.`, 'cancelled')
      return r
    } catch (e) {
      showError(e)
      return { failed: true }
    }
  }

  async function first () {
    const r = await run('Searching', async (problem, signal) => problem.solve({ signal }))
    if (!r.value && r.value !== null) return
    if (r.value === null) {
      setStatus(`No solution. · ${formatDuration(r.ms)}`, 'none')
      return
    }
    solutions = [r.value]
    showSolution(0)
    setStatus(`Found a solution of ${plural(r.value.length, 'option')}. · ${formatDuration(r.ms)}`, 'found')
  }

  async function count () {
    const r = await run('Counting', (problem, signal, onProgress) => problem.countDetailed({ signal, onProgress }))
    if (!r.value) return
    const { count: n, nodes } = r.value
    setStatus(`${n === 0 ? 'No' : formatNumber(n)} ${n === 1 ? 'solution' : 'solutions'}. · ${plural(nodes, 'search node')} · ${formatDuration(r.ms)}`, 'count')
  }

  async function all () {
    let found = 0
    const r = await run('Enumerating', async (problem, signal, onProgress) => {
      found = 0 // from scratch if the task runner asks again
      solutions = []
      for await (const solution of problem.solutions({ signal, onProgress })) {
        found++
        if (solutions.length < KEEP_SOLUTIONS) {
          solutions.push(solution)
          scheduleShow(solutions.length - 1)
        }
      }
      return found
    })
    if (r.value === undefined) return
    scheduleShow(solutions.length ? 0 : -1)
    setStatus(`${found === 0 ? 'No' : formatNumber(found)} ${found === 1 ? 'solution' : 'solutions'}${found > KEEP_SOLUTIONS ? ` (the first ${formatNumber(KEEP_SOLUTIONS)} kept to browse)` : ''}. · ${plural(lastProgress.nodes ?? 0, 'search node')} · ${formatDuration(r.ms)}`, 'all')
  }

  // ---- wiring -------------------------------------------------------------------

  const select = $('cover-example')
  select.replaceChildren(...EXAMPLES.map((ex) => new Option(ex.label, ex.id)))
  const loadExample = () => {
    const example = EXAMPLES.find((ex) => ex.id === select.value) ?? EXAMPLES[0]
    tasks.cancel()
    text.value = example.text()
    resetSolutions()
    setStatus(`${example.label.replace(/ \(.*/, '')}: press First solution, Count or All solutions.`, 'ready')
  }
  select.addEventListener('change', loadExample)
  const guard = (fn) => () => { if (!tasks.busy) fn() }
  $('cover-first').addEventListener('click', guard(first))
  $('cover-count').addEventListener('click', guard(count))
  $('cover-all').addEventListener('click', guard(all))
  $('cover-cancel').addEventListener('click', () => tasks.cancel())
  $('cover-prev').addEventListener('click', () => { shown = Math.max(0, shown - 1); showSolution(shown) })
  $('cover-next').addEventListener('click', () => { shown = Math.min(solutions.length - 1, shown + 1); showSolution(shown) })
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); guard(first)() }
    if (e.key === 'Escape' && tasks.busy) tasks.cancel()
  })
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && tasks.busy) tasks.cancel()
  })
  loadExample()
}
