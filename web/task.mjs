// One search at a time per panel: starting a new one cancels the old one,
// and Stop/Cancel aborts it through the worker's AbortSignal support.

export class TaskRunner {
  /** onBusyChange(busy, label) lets the panel show a Stop button and disable actions. */
  constructor (onBusyChange = () => {}) {
    this._onBusyChange = onBusyChange
    this._controller = null
  }

  get busy () { return this._controller !== null }

  /**
   * Run fn(signal). Resolves to { value, ms } or, when cancelled,
   * { aborted: true, ms }; other errors reject as usual.
   */
  async run (label, fn) {
    this.cancel()
    const controller = new AbortController()
    this._controller = controller
    this._onBusyChange(true, label)
    const started = performance.now()
    const aborted = () => ({ aborted: true, ms: performance.now() - started })
    try {
      let value
      try {
        value = await fn(controller.signal)
      } catch (e) {
        // ABORTED without our abort: the worker was restarted to stop an
        // earlier search stuck in one long call, taking this request with it.
        if (e?.code !== 'ABORTED' || controller.signal.aborted) throw e
        value = await fn(controller.signal)
      }
      return controller.signal.aborted ? aborted() : { value, ms: performance.now() - started }
    } catch (e) {
      if (controller.signal.aborted || e?.code === 'ABORTED') return aborted()
      throw e
    } finally {
      if (this._controller === controller) {
        this._controller = null
        this._onBusyChange(false, label)
      }
    }
  }

  cancel () {
    this._controller?.abort()
  }
}
