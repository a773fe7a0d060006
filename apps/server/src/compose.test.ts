import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadConfig } from './config.ts';
import { checkProductionConfig } from './config-check.ts';

// compose.yaml cannot be run here (no container images): its syntax and wiring are checked instead.
const root = path.resolve(import.meta.dirname, '../../..');
const document = parseDocument(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true });

interface Service {
  image?: string;
  build?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: string[];
}
const compose = document.toJS() as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { services } = compose;

/** What compose makes of `${NAME:-default}`, `${NAME:?error}` and `$$` with only the required values set. */
function interpolate(value: string, given: Record<string, string>): string {
  return value
    .replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, kind?: string, rest?: string) => {
      if (given[name] !== undefined) return given[name];
      if (kind === '?') throw new Error(`${name} is required: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    })
    .replace(/\$\$/g, '$');
}

const secrets = {
  JWT_SECRET: 'k'.repeat(48),
  ADMIN_PASSWORD: 'a long enough admin passphrase',
  MINIO_ROOT_PASSWORD: 'minio-secret-value',
  METRICS_TOKEN: 'm'.repeat(32),
};
const appEnv = (name: string) =>
  Object.fromEntries(
    Object.entries(services[name]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), secrets)]),
  );

describe('compose.yaml', () => {
  it('is valid YAML with the services of the deployment', () => {
    expect(document.errors).toEqual([]);
    expect(document.warnings).toEqual([]);
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'bucket', 'db', 'minio', 'proxy']);
    expect(services.db!.image).toMatch(/^postgres:\d+/);
    expect(services.minio!.image).toMatch(/^minio\/minio(:|$)/);
    expect(services.bucket!.image).toMatch(/^minio\/mc(:|$)/);
    expect(services.proxy!.image).toMatch(/^nginx:/);
  });

  it('creates the bucket the replicas use before they start, in a one-shot service', () => {
    const env = appEnv('app1');
    const [, bucket, prefix] = /^s3:\/\/([^/]+)\/(.*)$/.exec(env.STORAGE_URL!)!;
    const script = interpolate([services.bucket!.command].flat().join(' '), secrets);
    expect(script).toContain(`mc mb --ignore-existing local/${bucket}`);
    expect(script).toContain('http://minio:9000');
    // Pictures, thumbnails and tiles may be read anonymously (IMAGE_HOST); staged pictures may not.
    for (const folder of ['uploads', 'thumbs', 'mapTiles'])
      expect(script).toContain(`mc anonymous set download local/${bucket}/${prefix}/${folder}`);
    expect(script).not.toContain('staged');
    for (const app of ['app1', 'app2']) {
      expect(services[app]!.depends_on).toMatchObject({
        db: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
    }
    expect(services.bucket!.depends_on).toMatchObject({ minio: { condition: 'service_healthy' } });
  });

  it('runs two replicas on one database and one bucket, with no shared volume, and settings that pass the production check', () => {
    for (const app of ['app1', 'app2']) {
      const service = services[app]!;
      expect(service.build).toBe('.');
      expect(service.volumes ?? []).toEqual([]);
      const env = appEnv(app);
      const config = loadConfig(env, { jwtSecret: env.JWT_SECRET });
      expect(config.storage).toMatchObject({
        kind: 's3',
        bucket: 'waypoint',
        endpoint: 'http://minio:9000',
        accessKeyId: interpolate(String(services.minio!.environment!.MINIO_ROOT_USER), secrets),
        secretAccessKey: secrets.MINIO_ROOT_PASSWORD,
      });
      expect(new URL(config.databaseUrl).hostname).toBe('db');
      expect(new URL(config.databaseUrl).pathname).toBe(`/${services.db!.environment!.POSTGRES_DB}`);
      const check = checkProductionConfig(config, env);
      expect(check.fatal, check.problems.join('; ')).toBe(false);
    }
    expect(appEnv('app1').DEMO_IMAGES).toBe('true');
    expect(appEnv('app2').DEMO_IMAGES).toBe('false');
    // Every setting the replicas get is one the server reads (and the README documents).
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const name of Object.keys(appEnv('app1'))) expect(readme, name).toContain(`| \`${name}\``);
  });

  it('puts nginx in front of both replicas with its config file from the repository', () => {
    const mount = services.proxy!.volumes!.find((v) => v.endsWith(':/etc/nginx/nginx.conf:ro'))!;
    const file = path.join(root, mount.split(':')[0]!);
    expect(existsSync(file)).toBe(true);
    const nginx = readFileSync(file, 'utf8');
    expect(nginx).toContain('server app1:3000');
    expect(nginx).toContain('server app2:3000');
    expect(services.proxy!.depends_on).toEqual(['app1', 'app2']);
  });
});

// compose.pgbouncer.yaml is an overlay (`docker compose -f compose.yaml -f compose.pgbouncer.yaml`):
// compose merges its maps (environment, depends_on) into the services of compose.yaml.
describe('compose.pgbouncer.yaml', () => {
  const overlayDocument = parseDocument(readFileSync(path.join(root, 'compose.pgbouncer.yaml'), 'utf8'), {
    merge: true,
  });
  const overlay = (overlayDocument.toJS() as { services: Record<string, Service> }).services;
  const merged = (name: string) =>
    Object.fromEntries(
      Object.entries({ ...services[name]!.environment, ...overlay[name]?.environment }).map(([k, v]) => [
        k,
        interpolate(String(v), secrets),
      ]),
    );

  it('is valid YAML that adds PgBouncer 1.21 or later in transaction mode, keeping named statements', () => {
    expect(overlayDocument.errors).toEqual([]);
    expect(overlayDocument.warnings).toEqual([]);
    expect(Object.keys(overlay).sort()).toEqual(['app1', 'app2', 'db', 'pgbouncer']);
    const bouncer = overlay.pgbouncer!;
    const [, major, minor] = /^edoburu\/pgbouncer:v?(\d+)\.(\d+)/.exec(bouncer.image ?? '') ?? [];
    expect(Number(major) * 100 + Number(minor), bouncer.image).toBeGreaterThanOrEqual(121);
    const env = bouncer.environment!;
    expect(env.POOL_MODE).toBe('transaction');
    expect(Number(env.MAX_PREPARED_STATEMENTS)).toBeGreaterThan(0);
    expect(String(env.IGNORE_STARTUP_PARAMETERS).split(',')).toContain('options');
    // It reaches the database service with the database's own name, user and password.
    expect(env.DB_HOST).toBe('db');
    expect(env.DB_NAME).toBe(services.db!.environment!.POSTGRES_DB);
    expect(env.DB_USER).toBe(services.db!.environment!.POSTGRES_USER);
    expect(interpolate(String(env.DB_PASSWORD), secrets)).toBe(
      interpolate(String(services.db!.environment!.POSTGRES_PASSWORD), secrets),
    );
    expect(bouncer.depends_on).toMatchObject({ db: { condition: 'service_healthy' } });
    // The statement timeout the app cannot send through PgBouncer is the server's default.
    expect([overlay.db!.command].flat().join(' ')).toMatch(/statement_timeout=\d+/);
  });

  it('points the replicas pools at PgBouncer and their LISTEN, migrations and backups at PostgreSQL', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const app of ['app1', 'app2']) {
      expect(overlay[app]!.depends_on).toMatchObject({ pgbouncer: { condition: 'service_healthy' } });
      const env = merged(app);
      const config = loadConfig(env, { jwtSecret: env.JWT_SECRET });
      expect(new URL(config.databaseUrl).hostname).toBe('pgbouncer');
      expect(new URL(config.databaseDirectUrl).hostname).toBe('db');
      for (const url of [config.databaseUrl, config.databaseDirectUrl])
        expect(new URL(url).pathname).toBe(`/${services.db!.environment!.POSTGRES_DB}`);
      expect(config.databasePreparedStatements).toBe(true);
      const check = checkProductionConfig(config, env);
      expect(check.fatal, check.problems.join('; ')).toBe(false);
      for (const name of Object.keys(env)) expect(readme, name).toContain(`| \`${name}\``);
    }
  });
});
