/** A chunk of Vite's build manifest (`dist/.vite/manifest.json`), as far as pages need it. */
export interface BuildChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, BuildChunk>;

/** Files a set of modules loads at once: their chunks and everything those import statically. */
export interface LoadedFiles {
  js: Set<string>;
  css: Set<string>;
}

/** The build manifest's key of the app's entry. */
export function entryKey(manifest: BuildManifest): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]?.isEntry);
}

/**
 * The files the given manifest keys load: each one's chunk, its stylesheets and, recursively, the
 * chunks it imports statically (dynamic imports load later and are left out). Unknown keys add
 * nothing; `missing` is told of them.
 */
export function loadedFiles(
  manifest: BuildManifest,
  keys: Iterable<string>,
  missing?: (key: string) => void,
): LoadedFiles {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) {
    if (!manifest[key]) missing?.(key);
    visit(key);
  }
  return { js, css };
}
