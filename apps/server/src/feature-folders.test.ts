import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureCycles } from '../../../scripts/feature-cycles.mjs';

describe('server feature folders', () => {
  it('import one another in no cycle', () => {
    expect(featureCycles(path.join(import.meta.dirname, 'features'))).toEqual([]);
  });
});
