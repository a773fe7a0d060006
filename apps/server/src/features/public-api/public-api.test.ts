import { Validator } from '@seriousme/openapi-schema-validator';
import { publicModels } from '@waypoint/shared/api/read-api';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../db/seed.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

// Real content: every public model's answers are checked against what the document says of them.
const env = useTestApp({ content: false });
let user: TestUser;
let document: {
  openapi: string;
  paths: Record<string, { get: { parameters?: { name: string; in: string }[] } }>;
  components: { schemas: Record<string, object> };
};

const get = (url: string, headers: Record<string, string> = {}) =>
  env.t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  await seedDemoContent(env.t.db, { markersPerMap: 20 });
  user = await createUser(env.t);
  const res = await get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  document = res.json();
});

describe('the OpenAPI description of the read API', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes a list and a record route for every model everyone may read, and no other model', () => {
    const models = publicModels();
    expect(models.length).toBeGreaterThan(10);
    for (const m of models) {
      expect(document.paths[`/api/${m.collection}`], m.key).toBeDefined();
      expect(document.paths[`/api/${m.key}/{id}`], m.key).toBeDefined();
    }
    const paths = Object.keys(document.paths);
    expect(paths.filter((p) => /suggestion|importedcrudmodel|admin|user/.test(p))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/api/map/{mapId}/markers', '/api/map/{mapId}/search']));
  });

  it("matches the server's answers: every public model's first page and first record validate", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [name, schema] of Object.entries(document.components.schemas))
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    let checked = 0;
    for (const m of publicModels()) {
      const list = await get(`/api/${m.collection}?limit=5`);
      expect(list.statusCode, m.key).toBe(200);
      const validate = ajv.getSchema(`#/components/schemas/${m.key}`);
      if (!validate) throw new Error(`no schema for ${m.key}`);
      const records = list.json().data as { _id: string }[];
      for (const record of records) {
        expect(validate(record) ? [] : validate.errors, `${m.key} in its list`).toEqual([]);
      }
      if (records[0]) {
        const one = await get(`/api/${m.key}/${encodeURIComponent(records[0]._id)}`);
        expect(validate(one.json()) ? [] : validate.errors, `${m.key} ${records[0]._id}`).toEqual([]);
        checked += 1;
      }
    }
    // The demo content has records of most public models.
    expect(checked).toBeGreaterThan(10);
  });

  it('names the parameters the server takes: an undocumented one is refused', async () => {
    const listParameters = document.paths['/api/games']?.get.parameters?.map((p) => p.name);
    expect(listParameters).toEqual(['query', 'limit', 'skip']);
    expect((await get('/api/games?limit=2&skip=1')).statusCode).toBe(200);
    expect((await get('/api/games?undocumented=1')).statusCode).toBe(400);
    // A documented bound holds: limit above its maximum is a 400 naming it.
    const res = await get('/api/games?limit=100000000');
    expect(res.statusCode).toBe(400);
    // The message names the field by its label for people; `errors` names it for programs.
    expect(res.json().message).toContain('Limit');
    expect(res.json().errors[0].field).toBe('query.limit');
  });
});

describe('reads from other origins', () => {
  it('public reads are allowed from any origin, credentials never', async () => {
    for (const url of ['/api/games', '/api/openapi.json', '/api/game/frontier_zone']) {
      const res = await get(url, { origin: 'https://fans.example' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('writes and logged-in routes get no such header', async () => {
    const write = await env.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { origin: 'https://fans.example' },
      payload: { email: 'nobody@example.test', password: 'x' },
    });
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
    const own = await get('/api/admin/models', {
      authorization: `Bearer ${user.token}`,
      origin: 'https://fans.example',
    });
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the browsable page of the read API', () => {
  it('serves Swagger UI pointed at the description, its files from this site only', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    expect(page.body).not.toMatch(/<script>/);
    const init = await get('/api/docs/init.js');
    expect(init.body).toContain('"/api/openapi.json"');
    const bundle = await get('/api/docs/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body).toContain('SwaggerUIBundle');
    expect((await get('/api/docs/swagger-ui.css')).statusCode).toBe(200);
    // Only the page's own files: nothing else of the package (nor of the disk) is served.
    for (const other of [
      '/api/docs/package.json',
      '/api/docs/..%2F..%2Fpackage.json',
      '/api/docs/index.html',
    ])
      expect((await get(other)).statusCode, other).toBe(404);
  });
});
