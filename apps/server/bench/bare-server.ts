/**
 * The yardstick of `bench:api`: a bare Fastify 5 process (no plugins, no hooks, no logger) that
 * answers GET on the given paths with the given bytes. Started by the benchmark as
 * `node --import tsx bare-server.ts <port> <file>`, the file a JSON list of { path, type, body (base64) }.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(String(file), 'utf8')) as {
  path: string;
  type: string;
  body: string;
}[];
const app = Fastify();
for (const answer of answers) {
  const body = Buffer.from(answer.body, 'base64');
  app.get(answer.path, (_request, reply) => {
    reply.type(answer.type).send(body);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
