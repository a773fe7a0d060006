import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedIfEmpty } from './db/seed.ts';
import { withStartupLock } from './db/startup-lock.ts';

/** Serves Waypoint: migrates, seeds an empty database with the demo content, listens on PORT. */
const config = loadConfig();
const app = await buildApp(config);
// Several processes may start together on one PostgreSQL database: one seeds, the others wait and
// then find it seeded.
await withStartupLock(app.ctx.db, () => seedIfEmpty(app.ctx.db, config, app.log));
// Demo maps and icons declared by the seed are drawn and tiled in the background.
if (config.demoImages) void app.images.prepareDemoImages();
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
