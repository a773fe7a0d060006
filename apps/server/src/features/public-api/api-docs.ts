import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openApiPath } from '@waypoint/shared/api/read-api';
import { siteName } from '@waypoint/shared/pages/site';
import type { FastifyInstance } from 'fastify';

/** The browsable page of the read API's OpenAPI description. */
export const apiDocsPath = '/api/docs';

/** The files of Swagger UI the page loads (from the swagger-ui-dist package), with their types. */
const assets = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;
type Asset = keyof typeof assets;

/** Starts Swagger UI on the page's description (a file of its own: the page allows no inline script). */
const initializer = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(openApiPath)},
  dom_id: '#api-docs',
  deepLinking: true,
  tryItOutEnabled: true,
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${siteName} read API</title>
<link rel="stylesheet" href="${apiDocsPath}/swagger-ui.css">
<link rel="icon" type="image/png" href="${apiDocsPath}/favicon-32x32.png">
</head>
<body>
<main id="api-docs"></main>
<script src="${apiDocsPath}/swagger-ui-bundle.js"></script>
<script src="${apiDocsPath}/init.js"></script>
</body>
</html>
`;

/** Scripts and styles only from this site; Swagger UI sets inline styles and shows data: pictures. */
const policy =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `GET /api/docs`: the OpenAPI description as a browsable page (Swagger UI), where each read can be
 * tried. The Swagger UI files are read once from the installed package and kept.
 */
export function registerApiDocs(app: FastifyInstance) {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const loaded = new Map<Asset, Promise<Buffer>>();
  const load = (name: Asset) => {
    let file = loaded.get(name);
    if (!file) {
      file = readFile(path.join(dist, name));
      loaded.set(name, file);
    }
    return file;
  };
  const guest = { config: { role: 'guest' as const } };
  app.get(apiDocsPath, guest, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('cache-control', 'public, max-age=300')
      .send(page),
  );
  app.get(`${apiDocsPath}/init.js`, guest, async (_request, reply) =>
    reply
      .type(assets['swagger-ui-bundle.js'])
      .header('cache-control', 'public, max-age=300')
      .send(initializer),
  );
  app.get<{ Params: { file: string } }>(`${apiDocsPath}/:file`, guest, async (request, reply) => {
    const name = request.params.file;
    if (!Object.hasOwn(assets, name)) return reply.callNotFound();
    return reply
      .type(assets[name as Asset])
      .header('cache-control', 'public, max-age=86400')
      .send(await load(name as Asset));
  });
}
