import type { validationMessages } from './validation-messages.ts';

export type ValidationTexts = typeof validationMessages;

/** What was wrong with a field, as a rule and its values (the answer's `errors[].problem`). */
export type Problem =
  | { rule: 'required' | 'notText' | 'notNumber' | 'notYesNo' | 'notList' | 'badForm' | 'invalid' }
  | { rule: 'notWebAddress' | 'notEmail' | 'notDate' }
  | { rule: 'tooShort' | 'tooLong' | 'tooSmall' | 'tooLarge' | 'tooFew' | 'tooMany'; limit: number }
  | { rule: 'oneOf' | 'unknownFields'; values: string[] };

/** A field problem of an error answer: `field` is the request path, `problem` set for the rules above. */
export interface FieldProblem {
  field: string;
  message: string;
  problem?: Problem;
}

/** `markerDefinitionId` → 'Marker definition id': a field name written out when no label is known. */
function writtenOut(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/**
 * The label a person reads for a request path (`body.features.3.properties.color` → 'Colour
 * (entry 4)'): the request part is dropped, the last named segment labelled, a list place counted.
 */
export function fieldLabel(field: string, t: ValidationTexts): string {
  const segments = field.split('.').filter(Boolean);
  if (['body', 'query', 'params', 'headers'].includes(segments[0] ?? '')) segments.shift();
  const place = segments.find((s) => /^\d+$/.test(s));
  const named = [...segments].reverse().find((s) => !/^\d+$/.test(s)) ?? '';
  // An import's '(archive)' or '(archive) size' names the file itself.
  const key = named.replace(/[()]/g, '').trim();
  const labels = t.labels as Record<string, string>;
  const label = (Object.hasOwn(labels, key) ? labels[key] : undefined) ?? writtenOut(key);
  if (!label) return '';
  return place === undefined ? label : t.inEntry(label, Number(place) + 1);
}

/** A problem as a sentence. */
export function problemText(p: Problem, t: ValidationTexts): string {
  switch (p.rule) {
    case 'tooShort':
    case 'tooLong':
    case 'tooSmall':
    case 'tooLarge':
    case 'tooFew':
    case 'tooMany':
      return t[p.rule](p.limit);
    case 'oneOf':
      return t.oneOf(p.values.join(', '));
    case 'unknownFields':
      return t.unknownFields(p.values.join(', '));
    default:
      return t[p.rule];
  }
}

/** One field problem as a person reads it: the field's label and what is wrong. */
export function readableProblem(e: FieldProblem, t: ValidationTexts): string {
  const label = fieldLabel(e.field, t);
  const text = e.problem ? problemText(e.problem, t) : e.message;
  return label ? t.fieldProblem(label, text) : text;
}
