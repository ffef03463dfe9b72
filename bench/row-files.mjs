// A family's rows as DLX files: each row's make() written once into dir, so
// that every program of a round reads the same bytes.
import { mkdirSync, writeFileSync } from 'node:fs'

/** Writes each row's DLX text to dir/<id>.dlx; the rows with their file and option count. */
export function writeRowFiles (rows, dir) {
  mkdirSync(dir, { recursive: true })
  return rows.map((row) => {
    const text = row.make()
    const file = `${dir}/${row.id}.dlx`
    writeFileSync(file, text)
    return { ...row, file, options: text.trim().split('\n').length - 1 }
  })
}
