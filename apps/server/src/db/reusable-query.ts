import { type Compilable, type CompiledQuery, type DialectAdapter, PostgresAdapter } from 'kysely';
import { type Executor, nameStatement } from './database.ts';

/** Where an argument goes among a compiled query's parameters. */
class Slot {
  constructor(readonly index: number) {}
}

const standIn = (index: number) => `\u0000waypoint-argument-${index}\u0000`;

interface Template {
  query: CompiledQuery;
  parameters: unknown[];
}

/**
 * A query Kysely builds and compiles once per database engine, not on every run: on the hottest
 * paths (a player's tick, the session behind every logged-in request) building and compiling cost
 * more than SQLite takes to run the statement. `build` gets stand-ins for its arguments, to be used
 * only as values (each becomes one parameter); every run sends the same SQL text with the run's
 * arguments in those places. On PostgreSQL that SQL is a named statement, parsed and planned once
 * per connection.
 */
export function reusableQuery<Args extends readonly (string | number)[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
  arity: Args['length'],
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const templates = new WeakMap<DialectAdapter, Template>();
  const templateFor = (db: Executor): Template => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      const standIns = Array.from({ length: arity }, (_, i) => standIn(i)) as unknown as Args;
      const query = build(db, ...standIns).compile();
      const parameters = query.parameters.map((value) => {
        const index = standIns.indexOf(value as never);
        return index >= 0 ? new Slot(index) : value;
      });
      const used = new Set(parameters.flatMap((p) => (p instanceof Slot ? [p.index] : [])));
      if (used.size !== arity)
        throw new Error(`reusableQuery: ${used.size} of ${arity} arguments found among the parameters`);
      template = { query, parameters };
      templates.set(adapter, template);
      if (adapter instanceof PostgresAdapter) nameStatement(query.sql);
    }
    return template;
  };
  return async (db, ...args) => {
    const { query, parameters } = templateFor(db);
    const result = await db.executeQuery<Row>({
      ...query,
      parameters: parameters.map((p) => (p instanceof Slot ? args[p.index] : p)),
    });
    return result.rows;
  };
}
