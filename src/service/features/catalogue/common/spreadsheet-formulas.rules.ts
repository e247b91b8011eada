/** A cell a spreadsheet would evaluate as a formula: it starts with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALIZED = /^'[=+\-@\t\r]/;

/**
 * A text cell of a CSV the service writes: one that a spreadsheet would take for a formula gets a leading quote, so
 * it opens as the text it is. Numbers are written as they are (a negative number is not a formula).
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The reverse, for a CSV read back in: a cell neutralized on the way out is the text it was. */
export function restoreFormula(text: string): string {
  return NEUTRALIZED.test(text) ? text.slice(1) : text;
}
