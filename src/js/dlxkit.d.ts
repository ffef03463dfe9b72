// Types for dlxkit.mjs (and dlxkit-inline.mjs, which has the same exports).

// Problem[Symbol.dispose] without lib esnext.disposable or @types/node (a
// page's tsconfig): the same declaration both of them make, so they merge.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol
  }
}

export type ErrorCode =
  | 'OUT_OF_MEMORY' | 'BAD_ARGUMENT' | 'BAD_ITEM' | 'DUPLICATE_ITEM' | 'BAD_COLOR'
  | 'NO_PRIMARY_ITEM' | 'BAD_OPTION' | 'CONFLICT' | 'NOTHING_FORCED' | 'TOO_BIG' | 'NO_SOLUTION'
  | 'UNKNOWN_ITEM' | 'DUPLICATE_NAME' | 'NO_ITEMS' | 'BAD_CHARACTER' | 'SYNTAX' | 'BAD_BOUND' | 'BAD_COST'
  | 'BAD_SIZE' | 'BAD_REGION' | 'BAD_VALUE' | 'CLASH' | 'BAD_LENGTH' | 'BAD_SYMBOL' | 'BAD_ALPHABET' | 'BAD_BOX'
  | 'UNSOLVABLE' | 'AMBIGUOUS' | 'NOT_FOUND'
  | 'COUNT_OVERFLOW' | 'UNSAFE_COUNT'
  | 'BAD_INPUT' | 'STOPPED' | 'FREED' | 'BUSY' | 'ABORTED' | 'LOAD_FAILED' | 'WORKER_FAILED' | 'UNKNOWN'

export interface ErrorDetails {
  errno?: number
  /** 1-based cell of the problem (the later given of a clash) */
  row?: number
  col?: number
  /** the other cell of a clash */
  row2?: number
  col2?: number
  value?: number
  /** 1-based place in puzzle or DLX text */
  line?: number
  column?: number
  offset?: number
  index?: number
  [key: string]: unknown
}

export class DlxError extends Error {
  name: 'DlxError'
  code: ErrorCode
  details: ErrorDetails
}

/** WebAssembly.Module where the project's lib declares it (DOM, newer @types/node); else any object */
export type WasmModule = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: any[]) => infer M } } ? M : object

export interface LoadOptions {
  /** the module: bytes, a compiled WebAssembly.Module, or a URL (default: the package's dist/dlxkit.wasm); in Node a text without a scheme is a file path from the working directory, in the browser entry relative to the page */
  wasm?: ArrayBuffer | ArrayBufferView | WasmModule | URL | string
  /** bytes of linear memory allowed; exhausting it is an OUT_OF_MEMORY error */
  maxMemory?: number
}

export function load (options?: LoadOptions): Promise<Dlxkit>

/** 2D ranges as spreadsheets pass them: numbers, digit strings, '' / null / 0 for blanks */
export type Range = Array<Array<number | string | null | undefined>>
export type Puzzle = string | Range
/** a jigsaw is made by its map (ShapeOptions.jigsaw); only generate makes maps (GenerateOptions.variant) */
export type Variant = 'x' | 'windoku' | Array<'x' | 'windoku'>

export interface ShapeOptions {
  size?: number
  boxRows?: number
  boxCols?: number
  variant?: Variant
  /** extra regions of N cells: [row, col] pairs (0-based) or cell numbers */
  regions?: Array<Array<[number, number] | number>>
  /** N x N piece numbers 0..N-1 replacing the boxes */
  jigsaw?: number[][] | number[]
  /** N symbols for the digits 1..N (e.g. '0123456789ABCDEF') */
  alphabet?: string
  /** restarts of the linked search (grids above 16x16, or with extra regions; up to 16x16, the plain 9x9 aside, once the first solution takes over 100 nodes a cell) while it looks for a first solution; counts stay exact either way (default true) */
  restarts?: boolean
}

export interface SolveOptions extends ShapeOptions {
  /** solutions to look for (default 2: proves uniqueness; 0: all) */
  limit?: number
  /** search node budget (0: none) */
  maxNodes?: number
  /** output style for string puzzles (default: the input's) */
  format?: 'line' | 'grid' | 'numbers'
}

export type Status = 'none' | 'unique' | 'multiple' | 'found' | 'stopped'

export interface SolveResult<P> {
  status: Status
  /** the same form as the puzzle: a string for a string, numbers for a range */
  solution: (P extends string ? string : number[][]) | null
  count: number
  nodes: number
  guesses: number
}

export interface BatchResult<P> extends Omit<SolveResult<P>, 'status'> {
  status: Status | 'invalid'
  error?: DlxError
}

/** the text forms; 'array' gives numbers */
export type TextFormat = 'line' | 'grid' | 'numbers'

export interface GenerateOptions extends Omit<ShapeOptions, 'variant'> {
  /** also 'jigsaw' without a jigsaw map: a map is made for the seed around a grid, so one always exists (Generated.jigsaw) */
  variant?: Variant | 'jigsaw' | 'jigsaw+windoku' | 'jigsaw+x' | Array<'x' | 'windoku' | 'jigsaw'>
  seed?: number
  minimal?: boolean
  symmetric?: boolean
  /** a target clue count (best effort) */
  clues?: number
  /** search nodes for the whole generation (the fill and every uniqueness
   * proof); spent, it throws STOPPED */
  maxNodes?: number
  /** 'line', 'grid' and 'numbers' give text, 'array' number[][]; the default
   * is 'line', or 'numbers' past 61x61 (the symbols 1-9, A-Z, a-z run out) */
  format?: TextFormat | 'array'
  /** a puzzle whose explanation needs this level's techniques and no harder
   * one (docs/sudoku-logic.md); the result then has its rating too */
  difficulty?: Difficulty
  /** with difficulty: puzzles tried at most (default 200 up to 9x9, 200 * 81 / cells above, at least 4); past them, NOT_FOUND */
  attempts?: number
}

/** The levels of difficulty by technique, easiest first (sudoku.difficulties() gives their ranges). */
export type Difficulty = 'easy' | 'medium' | 'hard' | 'fiendish' | 'diabolical' | 'beyond'

/** A level and its range on the 1-to-11 scale (SE ratings, both ends included) */
export interface DifficultyLevel {
  name: Difficulty
  from: number
  to: number
}

/** generate()'s result: G is string for the text formats, number[][] for 'array' */
export interface Generated<G extends string | number[][] = string | number[][]> {
  puzzle: G
  solution: G
  clues: number
  seed: number
  /** with variant 'jigsaw' and no jigsaw option: the map made for the puzzle (N rows of N piece numbers 0..N-1) */
  jigsaw?: number[][]
  /** with opts.difficulty: the puzzle's rating by technique (as rate's), and the attempts it took */
  difficulty?: Difficulty
  technique?: string
  rating?: number
  steps?: number
  attempts?: number
}

export interface RateOptions extends ShapeOptions {
  /** false: skip the explanation (difficulty, technique, rating, steps null); default true */
  techniques?: boolean
  /** the node budget of the explanation's solve (default 10^7) */
  maxNodes?: number
}

export interface Rating {
  /** from the search: its nodes and guesses (the rating before the explainer) */
  level: 'easy' | 'medium' | 'hard' | 'expert'
  score: number
  nodes: number
  guesses: number
  status: Status
  /** by technique, from the explanation; null when status is not 'unique' or opts.techniques is false */
  difficulty: Difficulty | null
  /** the hardest technique needed, its rating (1-to-11) and the explanation's steps */
  technique: string | null
  rating: number | null
  steps: number | null
}

/** A house as the explainer numbers it: index from 0 within its kind ('piece' is a jigsaw's box; 'diagonal' 0 the main one, 1 the anti-diagonal; 'window' a windoku window; 'region' the extra regions in the order given) */
export interface House {
  kind: 'row' | 'column' | 'box' | 'piece' | 'diagonal' | 'window' | 'region'
  index: number
}

/** A cell, row and col from 0 */
export interface Cell { row: number, col: number }
/** A digit placed or removed, as the puzzle's numbers from 1 */
export interface Move extends Cell { digit: number }

/** One step a person can follow (docs/sudoku-logic.md has the techniques and their ratings) */
export interface Step {
  /** its name: 'Full house', 'Hidden single', ... 'X-chain', 'XY-chain', 'Contradiction', or 'Guess' when no technique applies */
  technique: string
  /** the technique's rating on Sudoku Explainer's 1-to-11 scale */
  rating: number
  /** one sentence, cells as r3c5 (rows and columns from 1, as people count) */
  text: string
  /** at most one */
  placements: Move[]
  eliminations: Move[]
  /** the cells the pattern uses */
  cells: Cell[]
  /** the houses it uses (chains and wings may use none) */
  houses: House[]
}

export interface Steps {
  steps: Step[]
  /** true when no step is a guess */
  solved: boolean
  /** the hardest technique used, its rating, the number of steps (null, 0 for a full grid) and its level */
  rating: { technique: string | null, rating: number, steps: number, difficulty: Difficulty }
}

export interface ExplainOptions extends ShapeOptions {
  /** nodes for the solve that proves the solution unique (0: 10^7); spent, it throws STOPPED */
  maxNodes?: number
}

/** A hint: depth 1 the house (or, for a step without one, the cell) to look at; 2 the technique and where; 3 the whole step */
export type Hint =
  | { depth: 1, text: string, houses: House[], cells: Cell[] }
  | { depth: 2, text: string, technique: string, rating: number, houses: House[], cells: Cell[] }
  | ({ depth: 3 } & Step)

/** One puzzle read by sudoku.read: cells in rows (0 empty), its style, where the reader stopped. */
export interface PuzzleRead {
  size: number
  boxRows: number
  boxCols: number
  cells: number[][]
  style: 'line' | 'grid' | 'numbers'
  /** where the reader stopped: text.slice(offset) is the rest */
  offset: number
  /** the 1-based line at offset */
  line: number
}

/** One puzzle of a text: its own text, and the 1-based line it starts on. */
export interface PuzzlePiece {
  text: string
  line: number
}

export interface SudokuApi {
  solve<P extends Puzzle> (puzzle: P, opts?: SolveOptions): SolveResult<P>
  count (puzzle: Puzzle, opts?: SolveOptions): number
  solveMany<P extends Puzzle> (puzzles: P[], opts?: SolveOptions): Array<BatchResult<P>>
  /** for every cell, the digits possible after the givens */
  candidates (puzzle: Puzzle, opts?: ShapeOptions): number[][][]
  /** a text of many puzzles cut into one text per puzzle, by the reader solve() uses */
  split (text: string, opts?: { size?: number, alphabet?: string }): PuzzlePiece[]
  /** one puzzle from the start of a text, by the same reader; null when it holds none */
  read (text: string, opts?: { size?: number, alphabet?: string, boxRows?: number, boxCols?: number }): PuzzleRead | null
  generate (opts: GenerateOptions & { format: 'array' }): Generated<number[][]>
  generate (opts?: GenerateOptions & { format?: TextFormat }): Generated<string>
  generate (opts?: GenerateOptions): Generated
  rate (puzzle: Puzzle, opts?: RateOptions): Rating
  /** the levels of difficulty by technique, easiest first */
  difficulties (): DifficultyLevel[]
  /** the steps a person can follow, each the easiest technique that applies; UNSOLVABLE, AMBIGUOUS, CLASH... for a puzzle without exactly one solution */
  steps (puzzle: Puzzle, opts?: ExplainOptions): Steps
  /** the next step at a depth (default 3); null for a full grid. after: k gives the step after the explanation's first k (null past the last) */
  hint (puzzle: Puzzle, opts?: ExplainOptions & { depth?: 1 | 2 | 3, after?: number }): Hint | null
  /** the default box of side n (1..64), as defaultBox() */
  defaultBox (n: number): Box
  /** a box as text ("3x3", "2 X 3", "2*3", "2×3", or "3": rows alone), by the C parser; BAD_BOX or BAD_SIZE otherwise */
  parseBox (text: string | number): { boxRows: number, boxCols?: number }
  /** a complete grid of the plain shape keeping the givens, at once (the pattern grid); null when the givens do not fit it */
  pattern<P extends Puzzle> (puzzle: P, opts?: { size?: number, boxRows?: number, boxCols?: number, alphabet?: string, format?: TextFormat }): PatternGrid<P> | null
}

export interface Box {
  boxRows: number
  boxCols: number
}

/** dlx.sudoku.pattern's grid: free digits no given fixed, so free! renamings of them are all solutions. */
export interface PatternGrid<P extends Puzzle = Puzzle> {
  solution: P extends string ? string : number[][]
  free: number
}

/** The default box of side n (1..64): rows the largest divisor of n up to its square root. Needs no module. */
export function defaultBox (n: number): Box

/** An item list: item names (secondary ones may be 'item:color') or indices ([index, color] for a color). */
export type OptionItems = Array<string | number | [number, number]>

/** A 0/1 row: one entry per item (primary, then secondary), 1 or true where the option covers the item. */
export type OptionRow = ReadonlyArray<number | boolean> | Uint8Array

/**
 * An option: an item list, a 0/1 row as { row } or a typed array (a plain
 * array is always an item list), or either with a value of yours, `data`,
 * which solve/solutions({ withData: true }) give back with each chosen option,
 * and a `cost` (a whole number 0 .. 2^53 - 1, default 0; Knuth's DLX5) that
 * best() adds up over a solution's options.
 */
export type OptionSpec<D = unknown> =
  | OptionItems
  | Uint8Array
  | { items: OptionItems, row?: never, data?: D, cost?: number }
  | { row: OptionRow, items?: never, data?: D, cost?: number }

/**
 * A primary item covered min to max times (Knuth's DLX3 multiplicities):
 * min defaults to 1, max to the larger of min and 1. BAD_BOUND when max is
 * 0, min is above max, or either is not a whole number.
 */
export interface BoundedItem {
  name: string
  min?: number
  max?: number
}

export interface ExactCoverSpec<D = unknown> {
  primary: Array<string | BoundedItem> | number
  secondary?: string[] | number
  options: Array<OptionSpec<D>>
}

/** A chosen option: its index, and the data given with it (undefined for an option given without). */
export interface Chosen<D = unknown> {
  index: number
  data: D
}

export interface Stats {
  nodes: number
  updates: number
  /** solutions found since the last restart: a number up to 2^53 - 1, a bigint past it (exact at any size, never rounded) */
  solutions: number | bigint
  /** estimated fraction of the search tree explored */
  progress: number
  level: number
  maxLevel: number
  guesses: number
  /** times the search started over (setRestarts) */
  restarts: number
}

export interface CountOptions {
  limit?: number
  maxNodes?: number
  /** search only shard `shard` (0..parts-1) of `parts` (see Problem.shardPrefixes); the shards add up to the whole */
  shard?: number
  parts?: number
  /** shards of about equal size, cut by Knuth's random-probe estimate (slower to split; see shardPrefixes) */
  balanced?: boolean
  /** the balanced split's seed, 0..2^20-1 (default 1): the same seed, the same split */
  splitSeed?: number
  /** restarts for this run (default: the problem's setting, off unless setRestarts(true)); counts stay exact either way */
  restarts?: boolean
}
/** How a count without a limit searches (docs/engine.md): memoized (Knuth's DLX6: subproblems met again are added; bounds too), never, or 'auto' (the default: the engine's probe decides); memoBytes caps the memo's cache (0: 1 GiB; at most a quarter of maxMemory or of 4 GiB). Bad values: BAD_ARGUMENT */
export interface MemoOptions {
  memo?: 'auto' | boolean
  memoBytes?: number
}
/** count: a number (UNSAFE_COUNT rather than one past 2^53 - 1, which it would round), or with bigint: true a bigint, exact at any size */
export interface CountResult<C extends number | bigint = number> { count: C, status: 'done' | 'limit' | 'stopped', nodes: number }
export interface BigCount { bigint: true }
export interface NumberCount { bigint?: false }

export interface WithData { withData: true }
export interface WithoutData { withData?: false }

/** A solution of best(): its cost (a bigint only past 2^53 - 1, from DLX text) and options */
export interface Costed<O> { cost: number | bigint, options: O }
export interface BestOptions {
  /** how many of the cheapest (default 1) */
  k?: number
  maxNodes?: number
}

export class Problem<D = unknown> {
  readonly shape: { primary: number, items: number, options: number, forced: number }
  /** the first solution: sorted option indices (with withData: true, [{ index, data }]), or null (restarts: true for this call, else as setRestarts set the problem: off at first) */
  solve (opts: { maxNodes?: number, restarts?: boolean } & WithData): Array<Chosen<D>> | null
  solve (opts?: { maxNodes?: number, restarts?: boolean } & WithoutData): number[] | null
  solve (opts?: { maxNodes?: number, restarts?: boolean, withData?: boolean }): Array<Chosen<D>> | number[] | null
  /** throws STOPPED when maxNodes ends the count early (a worker's RemoteProblem.count the same), UNSAFE_COUNT past 2^53 - 1 (never a rounded count) */
  count (opts?: CountOptions & MemoOptions): number
  /** the count as a bigint: exact at any size */
  countBig (opts?: CountOptions & MemoOptions): bigint
  countDetailed (opts: CountOptions & MemoOptions & BigCount): CountResult<bigint>
  countDetailed (opts?: CountOptions & MemoOptions & NumberCount): CountResult
  /**
   * While a loop is under way, calls that move or restart the search (search,
   * searchUntil, solve, count, countDetailed, countShard, shardPrefixes,
   * restart, setSeed, setRestarts, force, unforce, exclude, unexclude, itemOptions, branchItem, another
   * solutions loop) throw BUSY; reads (shape, solution, stats, option,
   * itemName) work. The loop ending in any way releases the problem; an
   * iterator dropped half-way must be closed with its return().
   */
  solutions (opts: CountOptions & WithData): Generator<Array<Chosen<D>>, void, void>
  solutions (opts?: CountOptions & WithoutData): Generator<number[], void, void>
  solutions (opts?: CountOptions & { withData?: boolean }): Generator<Array<Chosen<D>> | number[], void, void>
  /**
   * the k cheapest solutions, cheapest first (equal costs: the one the search met
   * first); onImprovement hears each solution as it enters the k cheapest so far.
   * STOPPED at maxNodes (details.best: the k cheapest so far)
   */
  best (opts: BestOptions & WithData & { onImprovement?: (s: Costed<Array<Chosen<D>>>) => void }): Array<Costed<Array<Chosen<D>>>>
  best (opts?: BestOptions & WithoutData & { onImprovement?: (s: Costed<number[]>) => void }): Array<Costed<number[]>>
  /**
   * the ZDD of all its solutions (Knuth's DLX6, by the memoized search), at
   * most maxMemory bytes while it is built (0: 1 GiB; past it OUT_OF_MEMORY)
   * and maxNodes nodes of the build (0: no bound; past it STOPPED, details:
   * its progress); onProgress hears the build every 100,000 nodes (a count or
   * a search of the problem from it: BUSY). Colors too, no bounds
   * (BAD_BOUND). It restarts the search
   */
  zdd (opts?: ZddOptions & { onProgress?: (p: ZddProgress) => void }): Zdd
  /** option k's cost (0 unless given); a bigint only past 2^53 - 1 (from DLX text) */
  optionCost (k: number): number | bigint
  search (maxNodes?: number): 'solution' | 'done' | 'budget'
  searchUntil (nodeLimit?: number): 'solution' | 'done' | 'budget'
  solution (): number[]
  stats (): Stats
  restart (): void
  setSeed (seed: number): void
  /** restarts for the searches that follow (off at first); restarts the search */
  setRestarts (on: boolean): void
  force (option: number): void
  unforce (): void
  /** leave option k out of every solution (a split's part); problems with bounds only, else BAD_BOUND */
  exclude (option: number): void
  /** take back the option left out last (NOTHING_FORCED when none is) */
  unexclude (): void
  /** how many more options item i needs: its lower bound less the forced options holding it, or 0 */
  itemNeed (item: number): number
  itemOptions (item: number): number[]
  branchItem (): number
  /** the steps for each subtree of shard `shard` of `parts`, in search order: k >= 0 forces option k, ~k (-1 - k) leaves it out (with bounds) */
  shardPrefixes (shard: number, parts: number, opts?: { balanced?: boolean, splitSeed?: number }): number[][]
  /** the whole balanced split: each part's prefixes (in search order) and estimated node count */
  balancedShards (parts: number, opts?: { splitSeed?: number }): { parts: number[][][], estimates: number[] }
  /** Knuth's estimate of the search below the forced options: nodes (estimated), steps (the probes' cost) */
  estimate (opts?: { probes?: number, seed?: number }): { nodes: number, steps: number }
  /** count({ shard, parts, maxNodes }): the older name */
  countShard (shard: number, parts: number, opts?: { maxNodes?: number }): number
  /** throws BAD_ARGUMENT for a non-integer, BAD_ITEM outside 0..items-1 */
  itemName (item: number): string
  option (k: number): string[]
  /** the data given with option k (undefined when none was); BAD_OPTION outside 0..options-1 */
  data (k: number): D
  /** a solution's option indices as [{ index, data }] */
  chosen (solution: number[]): Array<Chosen<D>>
  formatOption (k: number): string
  free (): void
  [Symbol.dispose] (): void
}

export interface ZddOptions {
  maxMemory?: number
  maxNodes?: number
}

/** how far a ZDD's build has gone: the search's nodes, the subproblems cached, the ZDD's nodes, the bytes held of maxMemory */
export interface ZddProgress {
  nodes: number
  states: number
  size: number
  bytes: number
}

/** The ZDD of a problem's solutions (Problem.zdd): it holds nothing of the problem and outlives it */
export class Zdd {
  /** nodes, the two terminals not counted */
  readonly size: number
  /** bytes it holds in the module */
  readonly bytes: number
  /** the number of solutions, exact */
  countBig (): bigint
  /** UNSAFE_COUNT past 2^53 - 1 */
  count (): number
  /** solution k, 0-based, in the ZDD's order: sorted option indices; NO_SOLUTION from the count on */
  nth (k: number | bigint): number[]
  /** a solution drawn uniformly; the same seed (default 0), the same solution; NO_SOLUTION when there is none */
  random (opts?: { seed?: number | bigint }): number[]
  /** n solutions drawn uniformly by one generator seeded with seed (the first is random({ seed })'s) */
  sample (n: number, opts?: { seed?: number | bigint }): number[][]
  /** sample(n, { seed })'s solutions and the seed (below 2^64) that draws on from them: draw(a) then draw(b, { seed }) draw sample(a + b)'s */
  draw (n: number, opts?: { seed?: number | bigint }): { solutions: number[][], seed: bigint }
  /** DLX6's text format: a line "ID: (~V?LO:HI)" per node (hex but V = option + 1), children first, then the root "ID: (~0?0:ROOT)" */
  toText (): string
  free (): void
  [Symbol.dispose] (): void
}

export interface RunOptions extends CountOptions, MemoOptions {
  /** each solution as found: sorted option indices */
  onSolution?: (options: number[]) => void
  /** the fraction of the run done (0..1), every 100,000 nodes */
  onProgress?: (fraction: number) => void
  /** asked before each step; true ends the run with status 'stopped' */
  stop?: () => boolean
}

/**
 * The library's one run loop: search `problem` as it stands (with any forced
 * options), whole or one shard, with a solution limit and a node budget for
 * the whole run (status 'stopped' when spent; never throws STOPPED). With no
 * callback it counts in one call into the module per prefix. The problem is
 * left with nothing forced by the run.
 */
export function runSearch (problem: Problem, options: RunOptions & BigCount): CountResult<bigint>
export function runSearch (problem: Problem, options?: RunOptions & NumberCount): CountResult

export class Dlxkit {
  sudoku: SudokuApi
  exactCover<D = unknown> (spec: ExactCoverSpec<D>): Problem<D>
  parseDlx (text: string): Problem<undefined>
  setMemoryLimit (bytes: number): void
  memorySize (): number
  /**
   * WebAssembly memory never shrinks: after a call grew it past 64 MiB the
   * instance is replaced by a fresh one (in the background) once no Problem
   * is alive. This asks for it now; resolves to whether it was done.
   */
  releaseMemory (): Promise<boolean>
}

export interface AsyncOptions {
  signal?: AbortSignal
  onProgress?: (p: { nodes?: number, progress?: number, solutions?: number, done?: number, total?: number }) => void
}

export interface RemoteProblem<D = unknown> {
  shape (): Promise<Problem['shape']>
  solve (opts: { maxNodes?: number, restarts?: boolean } & WithData & AsyncOptions): Promise<Array<Chosen<D>> | null>
  solve (opts?: { maxNodes?: number, restarts?: boolean } & WithoutData & AsyncOptions): Promise<number[] | null>
  solve (opts?: { maxNodes?: number, restarts?: boolean, withData?: boolean } & AsyncOptions): Promise<Array<Chosen<D>> | number[] | null>
  /** never throws STOPPED: a spent maxNodes is status 'stopped' */
  count (opts?: CountOptions & MemoOptions & AsyncOptions): Promise<number>
  countBig (opts?: CountOptions & MemoOptions & AsyncOptions): Promise<bigint>
  countDetailed (opts: CountOptions & MemoOptions & BigCount & AsyncOptions): Promise<CountResult<bigint>>
  countDetailed (opts?: CountOptions & MemoOptions & NumberCount & AsyncOptions): Promise<CountResult>
  countShard (shard: number, parts: number, opts?: { maxNodes?: number } & AsyncOptions): Promise<number>
  /**
   * At most 256 solutions ahead of the loop; leaving the loop stops the
   * worker's search. While a loop is open (begun, not left), solve, count,
   * countDetailed, countShard and another solutions() on the problem reject
   * at once with BUSY (as the direct API); free() ends the loop (FREED).
   */
  solutions (opts: CountOptions & WithData & AsyncOptions): AsyncGenerator<Array<Chosen<D>>, void, void>
  solutions (opts?: CountOptions & WithoutData & AsyncOptions): AsyncGenerator<number[], void, void>
  solutions (opts?: CountOptions & { withData?: boolean } & AsyncOptions): AsyncGenerator<Array<Chosen<D>> | number[], void, void>
  /** as Problem.best, searched in slices: onImprovement hears each improvement as found, onProgress counts them in `solutions` */
  best (opts: BestOptions & WithData & AsyncOptions & { onImprovement?: (s: Costed<Array<Chosen<D>>>) => void }): Promise<Array<Costed<Array<Chosen<D>>>>>
  best (opts?: BestOptions & WithoutData & AsyncOptions & { onImprovement?: (s: Costed<number[]>) => void }): Promise<Array<Costed<number[]>>>
  option (k: number): Promise<string[]>
  /** the data given with option k, structured-cloned from the worker */
  data (k: number): Promise<D>
  formatOption (k: number): Promise<string>
  /** the ZDD of its solutions (as Problem.zdd), held by the worker: built in slices, progress and an abort between them */
  zdd (opts?: ZddOptions & { signal?: AbortSignal, onProgress?: (p: ZddProgress) => void }): Promise<RemoteZdd>
  /** a problem dropped without free() is freed in its worker once collected */
  free (): Promise<boolean>
}

/** Zdd's methods as promises, the ZDD held by a worker (lost, FREED, when it restarts); one dropped without free() is freed there once collected */
export interface RemoteZdd {
  readonly size: number
  readonly bytes: number
  countBig (): Promise<bigint>
  count (): Promise<number>
  nth (k: number | bigint): Promise<number[]>
  random (opts?: { seed?: number | bigint }): Promise<number[]>
  sample (n: number, opts?: { seed?: number | bigint }): Promise<number[][]>
  draw (n: number, opts?: { seed?: number | bigint }): Promise<{ solutions: number[][], seed: bigint }>
  toText (): Promise<string>
  free (): Promise<boolean>
}

/** A worker that dies fails the calls under way (WORKER_FAILED); the next call starts a fresh one. */
export interface DlxWorker {
  sudoku: {
    // SudokuApi's methods as promises, with the same generics and overloads
    solve<P extends Puzzle> (puzzle: P, opts?: SolveOptions & AsyncOptions): Promise<SolveResult<P>>
    count (puzzle: Puzzle, opts?: SolveOptions & AsyncOptions): Promise<number>
    solveMany<P extends Puzzle> (puzzles: P[], opts?: SolveOptions & AsyncOptions): Promise<Array<BatchResult<P>>>
    candidates (puzzle: Puzzle, opts?: ShapeOptions & AsyncOptions): Promise<number[][][]>
    split (text: string, opts?: { size?: number, alphabet?: string } & AsyncOptions): Promise<PuzzlePiece[]>
    read (text: string, opts?: { size?: number, alphabet?: string, boxRows?: number, boxCols?: number } & AsyncOptions): Promise<PuzzleRead | null>
    generate (opts: GenerateOptions & { format: 'array' } & AsyncOptions): Promise<Generated<number[][]>>
    generate (opts?: GenerateOptions & { format?: TextFormat } & AsyncOptions): Promise<Generated<string>>
    generate (opts?: GenerateOptions & AsyncOptions): Promise<Generated>
    rate (puzzle: Puzzle, opts?: RateOptions & AsyncOptions): Promise<Rating>
    steps (puzzle: Puzzle, opts?: ExplainOptions & AsyncOptions): Promise<Steps>
    hint (puzzle: Puzzle, opts?: ExplainOptions & { depth?: 1 | 2 | 3, after?: number } & AsyncOptions): Promise<Hint | null>
    parseBox (text: string | number): Promise<{ boxRows: number, boxCols?: number }>
    pattern<P extends Puzzle> (puzzle: P, opts?: { size?: number, boxRows?: number, boxCols?: number, alphabet?: string, format?: TextFormat }): Promise<PatternGrid<P> | null>
  }
  /** option data goes to the worker by structured clone (what it refuses: BAD_ARGUMENT) */
  exactCover<D = unknown> (spec: ExactCoverSpec<D>): Promise<RemoteProblem<D>>
  parseDlx (text: string): Promise<RemoteProblem<undefined>>
  /** the worker's module memory in bytes and the problems and ZDDs it holds */
  usage (): Promise<{ memory: number, problems: number, zdds: number }>
  terminate (): void
}

export interface WorkerOptions extends LoadOptions {
  /** where dlxkit-worker.mjs is (default: next to this file) */
  workerUrl?: URL | string
}

export function createWorker (options?: WorkerOptions): Promise<DlxWorker>
