import type { ModelDef } from '@waypoint/shared';
import type { ModelFileFormatId } from '@waypoint/shared/interop/formats';
import Papa from 'papaparse';
import { badRequest } from '../../http/errors.ts';

/** A record of an import file that cannot be staged: where it is and what is wrong. */
export interface ImportProblem {
  /** The file line (CSV: the header is line 1) or, for JSON, the record's line in the file. */
  line: number;
  field: string;
  message: string;
}

/** A CSV cell as the value of its field: numbers, booleans and JSON lists from their text. */
function cellValue(model: ModelDef, name: string, text: string): unknown {
  const field = model.fields[name];
  if (!field) return text;
  const value = text.trim();
  switch (field.storage) {
    case 'integer':
    case 'real':
      if (value === '') return field.nullable ? null : undefined;
      return Number.isFinite(Number(value)) ? Number(value) : text;
    case 'boolean':
      if (value === '') return undefined;
      if (/^(true|1|yes)$/i.test(value)) return true;
      if (/^(false|0|no)$/i.test(value)) return false;
      return text;
    case 'json':
      if (value === '') return undefined;
      try {
        return JSON.parse(value);
      } catch {
        // A tag list may also be written as `a|b|c`.
        return field.form === 'tag_list' ? value.split('|').map((v) => v.trim()) : text;
      }
    default:
      return text;
  }
}

/** A record as a file holds it, before the registry checks it, with the file line it starts on. */
export interface RawRecord {
  line: number;
  value: unknown;
}

/** The line of each top-level record of a JSON array (or JSON Lines) file. */
function jsonRecords(text: string): RawRecord[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{"data"')) {
    // JSON Lines: one record per line.
    const out: RawRecord[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        out.push({ line: i + 1, value: JSON.parse(line) });
      } catch {
        out.push({ line: i + 1, value: Symbol.for('invalid-json') });
      }
    });
    return out;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Invalid body.content: not valid JSON (${(error as Error).message})`, [
      { field: 'body.content', message: 'Not valid JSON' },
    ]);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown }).data;
  if (!Array.isArray(list))
    throw badRequest('Invalid body.content: expected a JSON array of records', [
      { field: 'body.content', message: 'Expected a JSON array of records' },
    ]);
  // Each record's line: where its opening brace stands among the array's top-level values.
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (c === '{' && depth === (Array.isArray(parsed) ? 1 : 2)) lines.push(line);
      depth++;
    } else if (c === '}' || c === ']') depth--;
  }
  return list.map((value, i) => ({ line: lines[i] ?? i + 1, value }));
}

/** The rows of a CSV file with a header row of field names, each cell as its field's value. */
function csvRecords(model: ModelDef, text: string): { records: RawRecord[]; problems: ImportProblem[] } {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const problems: ImportProblem[] = result.errors.map((e) => ({
    line: (e.row ?? 0) + 2,
    field: '',
    message: e.message,
  }));
  const bad = new Set(result.errors.map((e) => e.row));
  const records: RawRecord[] = [];
  result.data.forEach((row, i) => {
    if (bad.has(i)) return;
    const value: Record<string, unknown> = {};
    for (const [name, cell] of Object.entries(row)) {
      const v = cellValue(model, name, cell ?? '');
      if (v !== undefined) value[name] = v;
    }
    // Line of the record: header line plus the rows before it (quoted line breaks aside).
    records.push({ line: i + 2, value });
  });
  return { records, problems };
}

/** How each of a model's file formats (formats.ts) is read into records; a file's ending picks it. */
export const recordFileReaders: Record<
  ModelFileFormatId,
  (model: ModelDef, text: string) => { records: RawRecord[]; problems: ImportProblem[] }
> = {
  json: (_model, text) => ({ records: jsonRecords(text), problems: [] }),
  csv: csvRecords,
};
