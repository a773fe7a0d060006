import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../../../docs/benchmarks.md');

/** Replaces (or appends) one `## Heading` section of docs/benchmarks.md, leaving the others alone. */
export function writeBenchmarkSection(heading: string, body: string) {
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nFigures measured on the 2-core development machine; each section is rewritten by its `npm run bench:*` script.\n';
  const section = `## ${heading}\n\n${body.trim()}\n`;
  // The heading as literal text (it may hold parentheses: 'Mark all (SQLite)').
  const literal = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`## ${literal}\\n[\\s\\S]*?(?=\\n## |$)`);
  const next = pattern.test(current)
    ? current.replace(pattern, section.trimEnd())
    : `${current.trimEnd()}\n\n${section}`;
  // One blank line before every section heading.
  writeFileSync(file, `${next.replace(/\n+## /g, '\n\n## ').trimEnd()}\n`);
}
