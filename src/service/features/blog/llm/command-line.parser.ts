/**
 * Splits a command line into program and arguments the way a POSIX shell would for plain words and quotes, without
 * running a shell: the bridge command is spawned directly, so a missing program is reported as such (ENOENT) rather
 * than as a shell's exit code 127, and nothing in the variable is ever interpreted (no globbing, pipes or `$`).
 * Returns the words, or a sentence saying what is wrong.
 */
export function parseCommandLine(line: string): string[] | string {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) word += line[++i];
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\' && i + 1 < line.length && /[\s'"]/.test(line[i + 1] as string)) {
      // Only before a space or a quote, so Windows paths (C:\Tools\claude.exe) keep their backslashes.
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== undefined) return `has an unclosed ${quote} quote`;
  if (inWord) words.push(word);
  if (words.length === 0) return 'names no program';
  return words;
}
