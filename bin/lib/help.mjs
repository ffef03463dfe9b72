// The --help texts and the version.
import { readFileSync } from 'node:fs'

export function version () {
  return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version
}

const SHAPE = `Shape:
  --box RxC            box of R rows by C columns (default: from the puzzle's
                       size, e.g. 3x3 for 9x9, 2x3 for 6x6, 4x4 for 16x16);
                       also 2X3, 2*3, 2×3, or R alone (C from the size)
  --variant x|windoku  also both diagonals (x) or the windoku boxes;
                       both: --variant x,windoku
  --regions FILE       extra regions, a JSON array of regions, each an array
                       of N cells; a cell is a [row, col] pair (0-based) or a
                       cell number row*N+col. E.g. for a 4x4 with one extra
                       region: [[[0,0],[0,3],[3,0],[3,3]]]
  --jigsaw FILE        pieces replacing the boxes: N lines of N piece names,
                       one letter or digit per cell (AAABBBCCC...) or names
                       separated by spaces or commas
  --alphabet SYMBOLS   the N symbols of digits 1..N (default 1-9, A-Z, a-z),
                       e.g. 0123456789ABCDEF for hex Sudoku
  --no-restarts        never start a search over: above 16x16, or with extra
                       regions (up to 16x16 after 100 nodes a cell), a search
                       that gets stuck before its first solution starts over
                       in another order (counts and proofs of uniqueness are
                       exact either way)`

const INPUT = `Input: the FILEs in order (- is standard input, also read when no FILE is
named and it is not a terminal); an error names the file and the line.
One-line puzzles (81 symbols, '.', '0', '_' or '-' for an empty cell;
anything after ':' or a space is ignored), one per line; or grids, with or
without '|', '+' and '-' decorations, or numbers separated by spaces or
commas, separated by blank lines. Lines starting with '#' are comments. The
input is read as a stream, so it may be endless; a line longer than 65536
characters, or a puzzle of more than 256 lines, is longer than any puzzle
(the largest is 64x64) and stops the reading with an error (exit status 1).
A line that is no puzzle is reported at its line, and the puzzles after it
are still read; 256 lines in a row without a readable puzzle stop the
reading. A line of words before a puzzle is its title (Grid 01, Puzzle 3:)
when it comes at the start, after a blank, comment or border line or after a
grid; right after a one-line puzzle, or with no puzzle after it, it is no
puzzle.`

const PROGRESS = `  --progress           show the progress bar even when stderr is not a terminal
                       (it is shown when stderr is a terminal and TERM is not
                       dumb: done, rate, time left; erased on exit and Ctrl-C)
  --quiet              never show the progress bar
  --help, --version    this text; the version`

const BATCH = `  --jobs N             spread the puzzles over N worker threads (0: one per
                       processor; at most one per processor: a larger N is
                       capped, with a note on stderr; output stays in input
                       order)
${PROGRESS}`

const EXIT = `Exit status: 0 when all went well; 1 when some input is invalid or has no
solution, or a FILE holds no puzzle (the rest is still printed; errors go to
stderr as 'dlxkit: FILE:LINE: message'), or stdout cannot be written; 2 for a usage error (a bad option or
number, a FILE that cannot be read); 130 when interrupted (Ctrl-C), 143 on
SIGTERM.`

const TEXTS = {
  main: `Usage: dlxkit COMMAND [OPTIONS] [FILE|-]...

Dancing Links exact-cover solver: Sudoku of any size and shape, and any
exact-cover problem in Knuth's DLX format.

Commands:
  sudoku     solve, count, check or pencil-mark Sudoku puzzles
  generate   make puzzles with a unique solution
  rate       rate puzzles: the hardest technique needed, and its level
  explain    the steps a person can follow, or a hint
  cover      solve an exact-cover problem in Knuth's DLX format
  sheet      solve the Sudoku puzzles in a workbook (.xlsx, .ods, .csv)

Options:
  --help      this text; 'dlxkit COMMAND --help' for a command's options
  --version   the version (every command takes --help and --version too)

${EXIT}`,

  sudoku: `Usage: dlxkit sudoku [OPTIONS] [FILE|-]...

Prints one solution per puzzle, in the puzzle's own style: a line for a line,
a grid (with its decorations) for a grid.

${INPUT}

What to print (one of):
  (default)            the solution (a warning on stderr if there are more)
  --count              the number of solutions, up to --limit
  --check              unique, multiple or none
  --candidates         the pencil marks: the digits still possible in each
                       cell after the givens, as an aligned grid
Options:
  --limit N            solutions to look for: --count counts up to N
                       (default 2; 0 for all); when solving, 1 skips the
                       proof of uniqueness
  --max-nodes N        give up on a puzzle after N search nodes
  --format line|grid|numbers|json
                       line, grid or numbers: the solutions in that style
                       (past 61x61 only numbers, unless --alphabet);
                       json: one object per puzzle per line: {puzzle, line,
                       status, solution, count, nodes, guesses}, and file
                       when there are several FILEs (solution: a line, past
                       61x61 the numbers' text)
  --json               the same as --format json
${SHAPE}
${BATCH}

Output: the counts, checks and JSON objects are one line per puzzle, also for
invalid ones ('invalid'); solutions and pencil marks are printed for the
puzzles that have them.

${EXIT}

Examples:
  dlxkit sudoku puzzles.txt
  dlxkit sudoku --check --jobs 4 easy.txt hard.txt
  echo .1.4...12....... | dlxkit sudoku --box 2x2`,

  generate: `Usage: dlxkit generate [OPTIONS]

Makes puzzles with a unique solution, one per line (or grid), reproducibly:
puzzle k is made from seed S+k-1.

Options:
  --count K            how many puzzles (default 1)
  --seed S             the first seed (default: a random one; see --json)
  --minimal            take clues away until none can go
  --symmetric          keep the clues symmetric under a half turn
  --clues N            stop taking clues away at N clues
  --difficulty L       a puzzle that needs level L's techniques and no harder
                       ones: easy, medium, hard, fiendish, diabolical or
                       beyond (docs/sudoku-logic.md)
  --attempts N         with --difficulty: puzzles tried at most (default
                       200 up to 9x9, fewer for bigger grids); past them
                       the seed is an error (NOT_FOUND)
  --max-nodes N        search budget while filling the grid
  --format line|grid|numbers|json
                       line (the default up to 61x61, one symbol per cell:
                       1-9, A-Z, a-z or --alphabet), grid, or numbers (rows
                       of numbers, 0 empty: the default past 61x61, e.g.
                       --box 8x8); json: {seed, puzzle, solution, clues}
                       per line, puzzle and solution as a line (past 61x61:
                       the numbers' text); with --difficulty also
                       difficulty, rating, technique, steps, attempts;
                       with --variant jigsaw and no --jigsaw, the map
                       made for the puzzle (jigsaw: N rows of N pieces)
  --json               the same as --format json
${SHAPE}
${BATCH}

${EXIT}

Examples:
  dlxkit generate --count 10 --seed 1
  dlxkit generate --difficulty fiendish --seed 1 --json
  dlxkit generate --box 2x3 --symmetric --format grid`,

  rate: `Usage: dlxkit rate [OPTIONS] [FILE|-]...

Rates each puzzle, one line per puzzle: 'level=hard score=7.25 nodes=412
guesses=37 difficulty=fiendish rating=6.6 technique="X-chain" steps=58'.
By technique (docs/sudoku-logic.md): the hardest technique a person's
explanation needs, its rating on the 1-to-11 scale, the steps, and the level
(difficulty: easy, medium, hard, fiendish, diabolical or beyond). By search:
level (easy, medium, hard or expert) and score (continuous, higher is
harder) from the work needed to solve it and prove it unique. A puzzle with
more than one solution gets status=multiple and no rating by technique.

${INPUT}

Options:
  --format line|json   json: {puzzle, line, status, level, score, nodes,
                       guesses, difficulty, rating, technique, steps} per line
  --json               the same as --format json
${SHAPE}
${BATCH}

${EXIT}`,

  explain: `Usage: dlxkit explain [OPTIONS] [FILE|-]...

Explains each puzzle as a person would solve it: one step a line, numbered,
each the easiest technique that applies (docs/sudoku-logic.md), then the
number of steps and the hardest technique with its rating (1-to-11). A
puzzle without exactly one solution is an error (UNSOLVABLE, AMBIGUOUS,
CLASH). Puzzles are separated by a blank line.

${INPUT}

Options:
  --hint N             only the next step, at depth N: 1 the house to look
                       at, 2 the technique and where, 3 the move
  --after K            with --hint: the hint after the first K steps (made
                       already: eliminations leave the grid as it was)
  --format text|json   json: {puzzle, line, steps, solved, rating} per line
                       ({puzzle, line, hint} with --hint; rows, columns and
                       houses from 0 there, as in the JS API)
  --json               the same as --format json
${SHAPE}
  --max-nodes N        the solve that proves the solution unique (0: 10^7)
  --help, --version    this text; the version

${EXIT}

Examples:
  dlxkit explain puzzle.txt
  dlxkit explain --hint 1 puzzle.txt
  dlxkit explain --hint 3 --after 5 puzzle.txt
  dlxkit explain --json --variant x puzzles.txt`,

  cover: `Usage: dlxkit cover [OPTIONS] [FILE|-]
       dlxkit cover --sum [--json] FILE...
       dlxkit cover [--zdd OUT] [--random N [--seed S]] [--nth K] [FILE|-]

Solves an exact-cover problem in Knuth's DLX format: a line of items
(primary, then '|' and secondary ones), then one option per line; secondary
items may carry a color as item:color, primary items on the item line bounds
as lo:hi|item or hi|item (covered lo to hi times, as in Knuth's DLX3), options
costs as |n after their items (summed, as in Knuth's DLX5); '|' starts a
comment line. A text of more than 256 MiB, or with a NUL byte, is
refused (exit status 1). The progress bar counts search nodes/s; the fraction
of the tree searched, and so the time left, is an estimate.

What to print (one of):
  (default)            the first solution, one option per line
  --count              the number of solutions
  --all                every solution, separated by blank lines
  --best K             the K cheapest solutions (a solution costs the sum of
                       its options' |n), cheapest first, each after a line
                       'cost C'; of equal costs the one found first. With
                       --json each improvement as it is found,
                       {improvement, cost, solution, options}, then
                       {rank, cost, solution, options} for each of the K and
                       {complete, nodes}. Not with --jobs, --shard, --limit
Options:
  --limit N            stop after N solutions (--count, --all)
  --max-nodes N        stop after N search nodes (then exit status 1)
  --max-memory N       each worker's memory at most N bytes (with K, M or G:
                       KiB, MiB, GiB; at least 4M): the memo's cache gets a
                       quarter of it, a ZDD all of it; running out is an
                       error (exit status 1). Default: WebAssembly's 4 GiB
  --restarts           a search that gets stuck before its first solution
                       starts over in another order, with failure weights
                       (for hard problems; not with --jobs or --shard, which
                       split Knuth's tree; --count and --all never start over)
  --no-restarts        the first solution in Knuth's order (the default)
  --memo               --count by memoized search (Knuth's DLX6): subproblems
                       met again are added, not searched again (tilings of
                       10^16 in 0.1 s; colors and bounds too)
  --no-memo            --count by search only (by default the engine
                       chooses: docs/engine.md)
  --zdd OUT            the ZDD of all solutions (Knuth's DLX6, by the memoized
                       search; colors and bounds too) written to OUT (- for
                       standard output) in DLX6's text format; its nodes,
                       bytes and count on stderr
  --nth K              from the ZDD: solution K (0-based, in its order)
  --random N           from the ZDD: N solutions drawn uniformly, each
                       printed as it is drawn
  --seed S             --random's seed (default 0): the same seed, the same
                       solutions. --zdd, --nth and --random go together, with
                       --json and --max-nodes (the build's nodes: past them,
                       nothing is written), but not with --count, --all,
                       --best, --limit, --jobs, --shard or --no-memo
  --json               JSON: {solution: [option indices], options: [lines]}
                       per solution, or when none is found one line
                       {solution: null, status: 'none' or 'stopped'}; with
                       --count {count, status, nodes}
  --jobs N             search on N worker threads, each taking shards of
                       the search tree (0: one per processor; at most one
                       per processor: a larger N is capped). The count is
                       that of one thread; with --limit (and for the first
                       solution) the same solutions in the same order, once
                       all shards are done; --all without --limit prints the
                       same solutions as the shards find them, in another
                       order; --max-nodes counts the nodes of all shards
                       together (which add up to about one thread's)
  --shard K/N          search only the K-th of N independent parts of the
                       search tree (1 <= K <= N): the counts of the N shards
                       add up to the whole count, so N machines can share a
                       big count (e.g. with GNU parallel or a Slurm array).
                       The parts are of about equal size: cut and dealt by
                       Knuth's random-probe estimate, the same in every
                       process (a function of FILE, N and --split-seed);
                       with --json the output names the part and what it
                       is a part of (problem digest, N, seed), for --sum
  --split-seed S       another seed for that split (default 1; below 2^20)
  --sum FILE...        add up the parts' outputs (--count --json --shard K/N:
                       one or more lines a file, - for standard input): the
                       total count, or with --json {count, nodes, status,
                       parts, splitSeed, problem, dlxkit}; refused (exit
                       status 1) unless every part 1..N of one split (one
                       problem, N, --split-seed and dlxkit) is there once
                       and finished
${PROGRESS}

Exit status: 0 when all went well; 1 when the input is invalid
('dlxkit: FILE:LINE:COLUMN: message'), has no solution (except for a
shard: a shard may well hold none) or the search was stopped by
--max-nodes; 2 for a usage error; 130 when interrupted (Ctrl-C).

Examples:
  dlxkit cover --count queens-12.dlx
  dlxkit cover --count --jobs 4 pentomino-6x10.dlx
  parallel 'dlxkit cover --count --json --shard {}/8 big.dlx > part-{}.json' ::: $(seq 8)
  dlxkit cover --sum part-*.json
  dlxkit cover --zdd tilings.zdd --random 5 --seed 1 tiling.dlx`,

  sheet: `Usage: dlxkit sheet [OPTIONS] IN.xlsx|IN.ods|IN.csv

Finds the Sudoku puzzles laid out in a workbook, solves them and writes each
solution beside its puzzle: to the right after one empty column when that
area is empty, else below after one empty row, else into a copy of the sheet.
Everything else in the workbook stays as it was. Needs the npm package
exceljs (not for .csv); without it, dlxkit sheet says how to install it for
the way dlxkit was installed (npm install -g exceljs beside a global dlxkit,
npm install exceljs in a project, npm install in a source folder).

Files read: .xlsx (written back as .xlsx), .ods (LibreOffice: its values are
read and written, with the answers, as an .xlsx workbook; writing .ods is not
done) and .csv (one sheet, separated by , ; or tabs, written back as .csv).
Other files (.xls, .xlsb, .numbers...) are named and refused. A workbook of
more than 262,144 cells (rows, merged cells and repeated .ods cells count) or
64 MiB unpacked is refused; ranges that span a whole sheet (defined names,
print areas, data validations) are never gone through cell by cell.

A puzzle is
  - a block of N x N cells holding whole numbers 1..N and blanks ('.' or 0
    count as blank), with no other number touching it; text labels around it
    are fine. N is any side with a box of at least 2 x 2 (4, 6, 8, 9, 10, 12,
    ..., 16, ..., 64), or R*C with --box RxC. A puzzle whose first or last row
    or column is empty is found when only one frame fits; clues at most one
    empty row or column apart belong together.
  - or a defined name (named range) of N x N cells, N >= 4, anywhere.
Blocks of numbers that are not puzzles (not square, numbers out of range,
no blank cell, text inside) are reported as skipped, with the reason.

Options:
  --out OUT.xlsx       where to write (default: IN.solved.xlsx; for a .csv,
                       IN.solved.csv)
  --force              replace OUT.xlsx if it exists (without --force an
                       existing file is never overwritten, not even the input
                       named by --out); the file is written under a temporary
                       name and renamed at the end, so an interruption leaves
                       the old file whole
  --copy               write every solution into a new sheet "<name> solved"
                       (a copy of the puzzle's sheet, blanks filled in; not
                       for a .csv, which has one sheet)
  --box RxC            box of R rows by C columns; only N = R*C is looked for
                       (R alone: sides that R divides)
  --max-nodes N        give up on a puzzle after N search nodes
  --help, --version    this text; the version

Output: one line per puzzle (sheet, range, size, unique solution / more than
one / no solution / the clash found, where the solution went) and per skipped
block, then a summary.

Exit status: 0 when every puzzle was solved; 1 when some puzzle has no
solution, a clash or was given up (the others are still written), or no
puzzle was found, or the file is not a workbook read here, is too large or
cannot be written; 2 for a
usage error (OUT.xlsx exists without --force, ...) or when exceljs is not
installed; 130 when interrupted (Ctrl-C) while writing.

Examples:
  dlxkit sheet puzzles.xlsx
  dlxkit sheet --copy --out solved.xlsx puzzles.xlsx
  dlxkit sheet --out puzzles.xlsx --force puzzles.xlsx   (in place)
  dlxkit sheet --box 2x3 six-by-six.xlsx
  dlxkit sheet puzzles.ods                (writes puzzles.solved.xlsx)
  dlxkit sheet puzzles.csv                (writes puzzles.solved.csv)`
}

export function helpText (command = 'main') {
  return TEXTS[command] + '\n'
}

export const COMMANDS = Object.keys(TEXTS).filter((c) => c !== 'main')
