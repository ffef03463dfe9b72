// A copy of a worksheet in the same workbook: values (formulas as formulas),
// styles, merged cells, column widths, row heights and the sheet's view.

/** A new sheet "<name> solved" (Excel's 31 characters at most, unique in the workbook). */
export function copySheet (workbook, sheet) {
  const copy = workbook.addWorksheet(copyName(workbook, sheet.name), {
    properties: structuredClone(sheet.properties ?? {}),
    views: structuredClone(sheet.views ?? []),
    pageSetup: structuredClone(sheet.pageSetup ?? {})
  })
  for (let c = 1; c <= sheet.columnCount; c++) {
    const from = sheet.getColumn(c)
    const to = copy.getColumn(c)
    if (from.width !== undefined) to.width = from.width
    if (from.hidden) to.hidden = true
  }
  sheet.eachRow({ includeEmpty: true }, (row, r) => {
    const to = copy.getRow(r)
    if (row.height !== undefined) to.height = row.height
    if (row.hidden) to.hidden = true
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      const target = to.getCell(c)
      if (!cell.isMerged || cell.master === cell) target.value = valueOf(cell)
      target.style = structuredClone(cell.style ?? {})
    })
  })
  for (const range of sheet.model.merges ?? []) copy.mergeCells(range)
  return copy
}

/** A cell's value to write elsewhere: a shared formula becomes its own formula. */
function valueOf (cell) {
  const v = cell.value
  if (v && typeof v === 'object' && 'sharedFormula' in v) return { formula: cell.formula, result: v.result }
  return v && typeof v === 'object' ? structuredClone(v) : v
}

function copyName (workbook, name) {
  const taken = (n) => workbook.worksheets.some((s) => s.name.toLowerCase() === n.toLowerCase())
  for (let k = 1; ; k++) {
    const suffix = k === 1 ? ' solved' : ` solved ${k}`
    const candidate = name.slice(0, 31 - suffix.length) + suffix
    if (!taken(candidate)) return candidate
  }
}
