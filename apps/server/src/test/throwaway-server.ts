// A server with one extra model registered at run time (the throw-away `gadget`), for the browser
// test that proves the admin panel serves a new registry model with no web code. Same start as
// main.ts otherwise: migrate, create the extra table, seed an empty database, listen.
import { getModel } from '@waypoint/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createModelTable } from '../db/model-table.ts';
import { seedIfEmpty } from '../db/seed.ts';
import { registerGadget } from './throwaway-model.ts';

registerGadget();
const config = loadConfig();
const app = await buildApp(config);
await createModelTable(app.ctx.db.kysely as never, getModel('gadget' as never));
await seedIfEmpty(app.ctx.db, config, app.log);
await app.listen({ port: config.port, host: config.host });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => app.close().then(() => process.exit(0)));
