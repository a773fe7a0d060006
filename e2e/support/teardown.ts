import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Removes a folder; the server may still be writing demo tiles into it, so retry and never fail the run. */
function remove(target: string) {
  try {
    rmSync(target, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`could not remove ${target}: ${(error as Error).message}`);
  }
}

/** Removes the run's data folder (database, outbox, images, web build), keeping failure reports. */
export default function teardown() {
  const dir = process.env.WAYPOINT_E2E_DATA;
  if (!dir) return;
  for (const name of readdirSync(dir)) {
    if (name !== 'test-results') remove(path.join(dir, name));
  }
  const results = path.join(dir, 'test-results');
  let kept: string[] = [];
  try {
    kept = readdirSync(results);
  } catch {
    kept = [];
  }
  if (kept.length === 0) remove(dir);
}
