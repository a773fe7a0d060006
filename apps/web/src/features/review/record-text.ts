import type { ModelDef } from '@waypoint/shared/models/define';

/** Visible text of an HTML fragment (never inserted into the page). */
function htmlText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A record as lines of `field: value` for the field diff: HTML fields compared as their rendered
 * text (markup-only edits do not show as changes), lists and objects as JSON.
 */
export function recordLines(model: ModelDef, record: Record<string, unknown>, names: string[]): string {
  return names
    .map((name) => {
      const value = record[name];
      let text: string;
      if (value === undefined || value === null) text = '';
      else if (model.fields[name]?.html) text = htmlText(String(value));
      else if (typeof value === 'object') text = JSON.stringify(value);
      else text = String(value);
      return `${name}: ${text}`;
    })
    .join('\n');
}
