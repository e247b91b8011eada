import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from './bench-types.js';

/**
 * Runs every bench/*.bench.ts (or those whose names contain an argument: `npm run bench -- core search`)
 * one after another, and writes docs/benchmarks.md. Each module measures its own baseline in the same run.
 */
const MARK = '<!-- bench: ';

function previousSections(file: string): Array<[string, string]> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split(MARK)
    .slice(1)
    .map((part) => {
      const end = part.indexOf(' -->\n');
      return [part.slice(0, end), part.slice(end + 5).trimEnd() + '\n'] as [string, string];
    });
}

async function main(filters: string[]): Promise<void> {
  const dir = join(process.cwd(), 'bench');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
    .sort((a, b) => (a === 'core.bench.ts' ? -1 : b === 'core.bench.ts' ? 1 : a.localeCompare(b)));
  const out = join(process.cwd(), 'docs', 'benchmarks.md');
  // A filtered run replaces only its own sections and keeps the others from the last full run.
  const sections = new Map<string, string>(filters.length > 0 ? previousSections(out) : []);
  const allFiles = readdirSync(dir).filter((name) => name.endsWith('.bench.ts'));
  for (const file of files) {
    process.stdout.write(`bench: ${file} ... `);
    const started = Date.now();
    try {
      const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run(): Promise<BenchSection> };
      const section = await mod.run();
      sections.set(file, `## ${section.title}\n\n${section.markdown.trim()}\n`);
      console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      console.log('FAILED');
      console.error(error);
      sections.set(file, `## ${file}\n\nFailed in this run: ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
  }
  const cpu = cpus();
  const header = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()}: Node ${process.version}, ${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB. Every figure is compared with a baseline measured in the same run of its own` +
      ' benchmark on the same machine; absolute numbers move with the machine and its load, the ratios much less.' +
      ' A filtered run (`npm run bench -- search`) replaces only its own section.',
    '',
  ].join('\n');
  const ordered = ['core.bench.ts', ...allFiles.filter((f) => f !== 'core.bench.ts').sort()].filter((f) => sections.has(f));
  const body = ordered.map((file) => `${MARK}${file} -->\n${sections.get(file) ?? ''}`).join('\n');
  writeFileSync(out, `${header}\n${body}`);
  console.log(`wrote ${out}`);
}

void main(process.argv.slice(2));
