import path from 'node:path';
import { budgetKb, measureRoutes } from '../../apps/web/scripts/bundle-budget.mjs';
import { expect, test } from '../support/fixtures.ts';

// The build this run serves: the size budget of SPEC's performance targets, checked on every run.
test('home and game pages load at most 120 KB of gzip JavaScript', () => {
  const dist = path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web');
  const sizes = measureRoutes(dist);
  for (const name of ['home', 'game']) {
    const route = sizes.find((r) => r.route === name);
    expect(route, name).toBeDefined();
    expect(route?.js, `${name}: ${route?.js.toFixed(1)} KB`).toBeLessThanOrEqual(budgetKb);
  }
});
