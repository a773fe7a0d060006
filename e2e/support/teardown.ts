import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Removes the run's data folder (database, outbox, images, web build), keeping failure reports. */
export default function teardown() {
  const dir = process.env.WAYPOINT_E2E_DATA;
  if (!dir) return;
  for (const name of readdirSync(dir)) {
    if (name !== 'test-results') rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  const results = path.join(dir, 'test-results');
  let kept: string[] = [];
  try {
    kept = readdirSync(results);
  } catch {
    kept = [];
  }
  if (kept.length === 0) rmSync(dir, { recursive: true, force: true });
}
