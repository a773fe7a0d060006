/**
 * Whether this build carries the test and benchmark probe (features/map/probe.ts): true only in
 * builds made with `WAYPOINT_PROBE=1`, false in production builds (see vite.config.ts).
 */
declare const __WAYPOINT_PROBE__: boolean;
