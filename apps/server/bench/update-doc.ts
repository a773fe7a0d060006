import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../../../docs/benchmarks.md');

/**
 * Replaces (or appends) one `## Heading` section of docs/benchmarks.md, leaving the others alone.
 * The section's `### Subheading` parts that `body` does not write (another benchmark's rows, a dated
 * note) stay, after it.
 */
export function writeBenchmarkSection(heading: string, body: string) {
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nFigures measured on the 2-core development machine; each section is rewritten by its `npm run bench:*` script.\n';
  // The heading as literal text (it may hold parentheses: 'Mark all (SQLite)').
  const literal = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`## ${literal}\\n[\\s\\S]*?(?=\\n## |$)`);
  const found = pattern.exec(current);
  const written = new Set(subsections(body).map((part) => part.heading));
  const kept = found ? subsections(found[0]).filter((part) => !written.has(part.heading)) : [];
  const section = [`## ${heading}\n\n${body.trim()}`, ...kept.map((part) => part.text.trim())].join('\n\n');
  const next = found ? current.replace(pattern, () => section) : `${current.trimEnd()}\n\n${section}\n`;
  // One blank line before every section heading.
  writeFileSync(file, `${next.replace(/\n+## /g, '\n\n## ').trimEnd()}\n`);
}

/**
 * Replaces (or appends) one `### Subheading` part of the `## Heading` section of docs/benchmarks.md,
 * leaving the rest of that section (and every other) as it is: a benchmark that measured only some
 * of its rows writes just those.
 */
export function writeBenchmarkSubsection(heading: string, subheading: string, body: string) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sectionPattern = new RegExp(`## ${literal(heading)}\\n[\\s\\S]*?(?=\\n## |$)`);
  const found = sectionPattern.exec(current);
  if (!found)
    throw new Error(`docs/benchmarks.md has no section "## ${heading}": run the whole benchmark once`);
  const part = `### ${subheading}\n\n${body.trim()}\n`;
  const partPattern = new RegExp(`### ${literal(subheading)}\\n[\\s\\S]*?(?=\\n### |$)`);
  const section = partPattern.test(found[0])
    ? found[0].replace(partPattern, part.trimEnd())
    : `${found[0].trimEnd()}\n\n${part}`;
  writeBenchmarkSection(heading, section.slice(`## ${heading}\n`.length));
}

/** The `### Subheading` parts of a section's text, each to the next one or the text's end. */
function subsections(text: string): { heading: string; text: string }[] {
  return text
    .split(/\n(?=### )/)
    .filter((part) => part.startsWith('### '))
    .map((part) => ({
      heading: part.slice(4, part.indexOf('\n') < 0 ? undefined : part.indexOf('\n')),
      text: part,
    }));
}
