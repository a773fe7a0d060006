import { buildServer } from './harness.ts';

/** The fault suites run the production build: built once for all of them. */
export function setup() {
  buildServer();
}
