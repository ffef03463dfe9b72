// Types for dlxkit-sheets.mjs (the package export 'dlxkit/sheets').
import type { Dlxkit, LoadOptions } from './dlxkit.js'

/** A cell as hosts pass it (anything else is a #VALUE! error value, never a throw). */
export type Cell = number | string | boolean | null | undefined
export type Range = Cell[][]

/** An error value: '#VALUE!' (bad argument), '#N/A' (no answer), '#NUM!' (number out of range). */
export class SheetError {
  code: '#VALUE!' | '#N/A' | '#NUM!'
  message: string
}

export function isSheetError (v: unknown): v is SheetError

/** box: '' / null for the default, "RxC" (e.g. "2x3"), or the rows of one box. */
export type Box = string | number | null | undefined

export interface SheetFunctions {
  /** the solved grid, the same shape as the range (the first solution found) */
  SUDOKU (range: Range | Cell, box?: Box): number[][] | SheetError
  /** solutions, up to limit (default 2; 0 counts all) */
  SUDOKU_COUNT (range: Range | Cell, limit?: number | string | null, box?: Box): number | SheetError
  /** 'unique', 'multiple', 'none' or 'clash: R1C1 and R1C5 both 5' */
  SUDOKU_CHECK (range: Range | Cell, box?: Box): string | SheetError
  /** the next step a person can take (sudoku.hint's text): depth 1 the house to look at, 2 the technique and where, 3 (default) the move; 'The grid is full.' when it is; '#N/A' without exactly one solution */
  SUDOKU_HINT (range: Range | Cell, depth?: 1 | 2 | 3 | string | null, box?: Box): string | SheetError
  /** every step's sentence (sudoku.steps), one a row, as a column */
  SUDOKU_STEPS (range: Range | Cell, box?: Box): string[][] | SheetError
  /** one row: the hardest technique's rating (Sudoku Explainer's scale, 0 for a full grid), its name ('' for none), the number of steps */
  SUDOKU_RATING (range: Range | Cell, box?: Box): [[number, string, number]] | SheetError
  /** covers of a 0/1 matrix: rows are options, columns are items; times: one cell per column, blank (once), n or "a:b" */
  EXACTCOVER_COUNT (matrix: Range | Cell, times?: Range | Cell): number | SheetError
  /** one cover: its 1-based row numbers, as a column */
  EXACTCOVER_SOLVE (matrix: Range | Cell, times?: Range | Cell): number[][] | SheetError
  /** the cheapest cover, each row costing its cell of costs (one per row, 0 .. 2^53 - 1, blank 0): its 1-based row numbers, as a column */
  EXACTCOVER_BEST (matrix: Range | Cell, costs: Range | Cell, times?: Range | Cell): number[][] | SheetError
  /** what the cheapest cover costs ('#NUM!' past 2^53 - 1) */
  EXACTCOVER_COST (matrix: Range | Cell, costs: Range | Cell, times?: Range | Cell): number | SheetError
}

export interface SheetOptions {
  /** search nodes one call may spend (default DEFAULT_MAX_NODES); past it: '#N/A' "gave up" */
  maxNodes?: number
}

export const DEFAULT_MAX_NODES: number

export const SIGNATURES: Record<keyof SheetFunctions, { id: string, params: string[], optional: number, result: 'scalar' | 'matrix' }>

export function createSheetFunctions (kit: Dlxkit, options?: SheetOptions): SheetFunctions
export function loadSheetFunctions (options?: LoadOptions & SheetOptions): Promise<SheetFunctions>

/** The subset of Excel's CustomFunctions runtime that the adapter uses. */
export interface CustomFunctionsRuntime {
  associate (id: string, fn: (...args: any[]) => unknown): void
  Error: new (code: string, message?: string) => unknown
  ErrorCode: { invalidValue: string, notAvailable: string, invalidNumber: string }
}

/** A SheetError as the runtime's CustomFunctions.Error; other values unchanged. */
export function toExcelError<T> (value: T | SheetError, CustomFunctions: CustomFunctionsRuntime): T | unknown
/** associate() every function (ids as in web/excel/functions.json); returns the ids */
export function registerExcelFunctions (CustomFunctions: CustomFunctionsRuntime, functions: SheetFunctions | Promise<SheetFunctions>): string[]
