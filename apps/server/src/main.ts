import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { checkProductionConfig } from './config-check.ts';
import { seedIfEmpty } from './db/seed.ts';
import { withStartupLock } from './db/startup-lock.ts';

/** Serves Waypoint: migrates, seeds an empty database with the demo content, listens on PORT. */
const config = loadConfig();
const check = checkProductionConfig(config, process.env);
if (check.fatal) {
  for (const problem of check.problems) console.error(`Refusing to start in production: ${problem}`);
  process.exit(1);
}
const app = await buildApp(config);
for (const problem of check.problems) app.log.warn(`UNSAFE OUTSIDE DEVELOPMENT: ${problem}`);
// Several processes may start together on one PostgreSQL database: one seeds, the others wait and
// then find it seeded.
await withStartupLock(app.ctx.db, () => seedIfEmpty(app.ctx.db, config, app.log));
// Demo maps and icons declared by the seed are drawn and tiled in the background.
if (config.demoImages) void app.images.prepareDemoImages();
await app.listen({ port: config.port, host: config.host });

// Graceful stop (a rolling restart): /readyz turns 503 and the process keeps serving for
// SHUTDOWN_DRAIN_MS (a balancer that checks readiness stops sending here), then stops accepting
// connections, lets requests in flight finish (bounded), hands back job claims and closes the database
// pool; then exits.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(
      `${signal}: stopping (serving ${config.shutdownDrainMs} ms more, then waiting up to ${config.shutdownTimeoutMs} ms for requests in flight)`,
    );
    app.startDraining();
    const force = setTimeout(() => {
      app.log.warn(`${signal}: requests still in flight after ${config.shutdownTimeoutMs} ms, exiting`);
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownTimeoutMs);
    force.unref();
    setTimeout(() => close(signal), config.shutdownDrainMs);
  });
}

function close(signal: string) {
  // Node closes the idle connections when the server closes, and counts as idle one just accepted
  // whose request is not read yet: its client would see a reset. Those are read and answered first
  // (with `Connection: close`); the connections still idle are closed halfway to the stop's bound,
  // late enough for a request delayed on a busy machine.
  const closeIdle = app.server.closeIdleConnections.bind(app.server);
  app.server.closeIdleConnections = () => {};
  setTimeout(closeIdle, Math.min(5000, config.shutdownTimeoutMs / 2)).unref();
  app.close().then(
    () => process.exit(0),
    (error) => {
      app.log.error({ err: error }, `${signal}: closing failed`);
      process.exit(1);
    },
  );
}
