import { activeTranslator } from './locale.ts';

type Fn = (...args: never[]) => string;

/** A text by catalog id: the current language's translation, else the English source. */
export function translateText(id: string, english: string): string {
  const i18n = activeTranslator();
  if (!i18n || i18n.messages[id] === undefined) return english;
  return i18n._(id);
}

/** A text made from arguments: the translation's template with `{0}`, `{1}` … filled in, else the source. */
export function translateTemplate<F extends Fn>(id: string, english: F, args: Parameters<F>): string {
  const i18n = activeTranslator();
  if (!i18n || i18n.messages[id] === undefined) return english(...args);
  return i18n._(id, Object.fromEntries(args.map((a, i) => [String(i), a as unknown])));
}

/**
 * A message module as the interface reads it: the same shape, each text read in the current language
 * when it is used (read texts while rendering, not when a module loads).
 */
export function translated<T extends object>(group: string, source: T): T {
  const out = (Array.isArray(source) ? new Array(source.length) : {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const id = `${group}.${key}`;
    if (typeof value === 'string')
      Object.defineProperty(out, key, { get: () => translateText(id, value), enumerable: true });
    else if (typeof value === 'function')
      out[key] = (...args: never[]) => translateTemplate(id, value as Fn, args as never);
    else if (value && typeof value === 'object') out[key] = translated(id, value);
    else out[key] = value;
  }
  return out as T;
}
