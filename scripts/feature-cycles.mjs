import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const sourceFile = /\.(ts|tsx|mts)$/;
// Static, type-only, re-export and dynamic imports alike: each makes one feature lean on another.
const importPath = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The import cycles between the feature folders under `featuresDir` (each folder a node; an import
 * from a file of one folder into another is an edge; tests left out): each cycle as the list of its
 * folders, the first again at the end.
 */
export function featureCycles(featuresDir) {
  const edges = new Map();
  for (const file of filesUnder(featuresDir)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = path.relative(featuresDir, file).split(path.sep)[0];
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPath)) {
      if (!match[1].startsWith('.')) continue;
      const target = path.relative(featuresDir, path.resolve(path.dirname(file), match[1]));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep)[0];
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  const cycles = [];
  const seen = new Set();
  const walk = (node, trail) => {
    for (const next of edges.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const cycle = trail.slice(at);
        const key = [...cycle].sort().join('>');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, next]);
        }
      } else if (trail.length < 12) walk(next, [...trail, next]);
    }
  };
  for (const node of edges.keys()) walk(node, [node]);
  return cycles;
}
