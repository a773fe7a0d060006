/**
 * `npm run bench:profile`: where a request's time goes. The production build (`npm run build -w
 * apps/server` first) runs under `node --cpu-prof` while autocannon sends one kind of request; the
 * profile's samples are then summed by what owns them (the framework, each hook, the cache, the
 * database driver, compression, serialization) and printed as shares of the server's busy time.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoGameIds, prepareBenchData } from './bench-data.ts';
import { startServerProcess } from './server-process.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
/** Only the cases whose label holds this text (say `itemstokeep`). */
const only = process.env.PROFILE_ONLY;
const PORT = 3960 + Math.floor(Math.random() * 30);
/**
 * The build profiled; PROFILE_BASELINE names another build's main.js (say, an earlier commit's,
 * built in a copy of the repository) to profile first, in the same run.
 */
const builds = [
  ...(process.env.PROFILE_BASELINE ? [path.resolve(process.env.PROFILE_BASELINE)] : []),
  path.resolve(import.meta.dirname, '../dist/main.js'),
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Owner of a frame of our own bundle, from its source file (the build's source map). */
const ownCode: [RegExp, string][] = [
  [/features\/auth\/tokens\.ts/, 'session lookup (token, session row)'],
  [/features\/community\/community\.repository\.ts/, 'roles and bans lookup'],
  [/features\/auth\/policy\.ts/, 'policy hook'],
  [/features\/limits\//, 'rate limit'],
  [/features\/ops\//, 'metrics and load shedding'],
  [/features\/models\/response-cache\.ts/, 'response cache'],
  [/features\/models\/cache-bus\.ts/, 'response cache'],
  [/features\/public-api\//, 'public API header hook'],
  [/http\/body\.ts|http\/sanitize\.ts/, 'body and text checks'],
  [/features\/progress\/.*repository|models\.repository/, 'database (queries built)'],
  [/features\/progress\//, 'completion use case'],
  [/packages\/shared\//, 'validation (zod schemas)'],
];
/** Owner of a frame of a dependency, from its package. */
const packages: [RegExp, string][] = [
  [
    /node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify\/(error|ajv-compiler|fast-json-stringify-compiler|merge-json-schemas|forwarded|proxy-addr)|fast-json-stringify|fast-querystring|fast-decode-uri-component|toad-cache|process-warning|abstract-logging|proxy-addr|forwarded|ipaddr\.js|safe-regex2|ret|fast-uri|cookie|content-type|secure-json-parse|rfdc|json-schema-ref-resolver)\//,
    'Fastify (routing, reply, hooks)',
  ],
  [/node_modules\/(@fastify\/helmet|helmet)\//, 'security headers (helmet)'],
  [/node_modules\/@fastify\/under-pressure\//, 'metrics and load shedding'],
  [/node_modules\/(prom-client|tdigest|bintrees)\//, 'metrics and load shedding'],
  [/node_modules\/@fastify\/rate-limit\//, 'rate limit'],
  [/node_modules\/jose\//, 'session lookup (token, session row)'],
  [/node_modules\/(kysely|better-sqlite3|pg|pg-pool|pg-protocol|pg-types|postgres-)/, 'database (driver)'],
  [/node_modules\/(pino|sonic-boom|thread-stream|@sentry)/, 'logging and error reporting'],
  [/node_modules\/zod\//, 'validation (zod schemas)'],
  [/node_modules\/@fastify\/compress\//, 'compression'],
];

function ownerOf(frame: ProfileNode['callFrame'], map: SourceMap | undefined): string | undefined {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8 and native (unattributed)';
  if (url === '' && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(functionName))
    return 'socket writes (system calls)';
  if (url.endsWith('/dist/main.js') && map) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
    const source = entry.originalSource ?? '';
    for (const [pattern, owner] of ownCode) if (pattern.test(source)) return owner;
    return undefined;
  }
  for (const [pattern, owner] of packages) if (pattern.test(url)) return owner;
  if (/zlib/.test(url) || /^(brotli|gzip)/i.test(functionName)) return 'compression';
  if (functionName === 'stringify' && url === '') return 'serialization (JSON)';
  return undefined;
}

/** Milliseconds per owner: each sample goes to the innermost frame that has an owner. */
function breakdown(
  profile: Profile,
  map: SourceMap | undefined,
  window: [number, number],
): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const ownerCache = new Map<number, string>();
  const owner = (id: number): string => {
    const known = ownerCache.get(id);
    if (known) return known;
    const node = byId.get(id) as ProfileNode;
    const up = parent.get(id);
    const own = ownerOf(node.callFrame, map);
    const result =
      own ??
      (up === undefined || byId.get(up)?.callFrame.functionName === '(root)'
        ? 'Node HTTP and sockets'
        : owner(up));
    ownerCache.set(id, result);
    return result;
  };
  // The nearest frame of the server's own sources above a sample: which of its lines asked for it.
  const ownCaller = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = (byId.get(at) as ProfileNode).callFrame;
      if (!map || !frame.url.endsWith('/dist/main.js')) continue;
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
        originalSource?: string;
        originalLine?: number;
      };
      if (entry.originalSource && !entry.originalSource.includes('node_modules'))
        return `${entry.originalSource.replace(/.*\/src\//, '')}:${(entry.originalLine ?? 0) + 1} ${frame.functionName}`;
    }
    return '(no own frame)';
  };
  const totals = new Map<string, number>();
  const leaves = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    // Only the load's samples count (not the start, the warm-up or the stop).
    if (at < window[0] || at > window[1]) return;
    const name = owner(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    totals.set(name, (totals.get(name) ?? 0) + ms);
    if (process.env.PROFILE_DETAIL && name === process.env.PROFILE_DETAIL) {
      const f = (byId.get(id) as ProfileNode).callFrame;
      const leaf = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '')}:${f.lineNumber} ← ${ownCaller(id)}`;
      leaves.set(leaf, (leaves.get(leaf) ?? 0) + ms);
    }
  });
  for (const [leaf, ms] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${leaf}`);
  return totals;
}

async function profileOf(
  built: string,
  label: string,
  dataDir: string,
  load: (base: string, started: () => void) => Promise<autocannon.Result>,
) {
  const profDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-prof-'));
  const server = await startServerProcess({
    dataDir,
    port: PORT,
    mode: 'built',
    main: built,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
    env: { MAX_EVENT_LOOP_DELAY_MS: '0' },
  });
  let result: autocannon.Result;
  // Profile timestamps are microseconds of the machine's monotonic clock, as hrtime's.
  const window: [number, number] = [0, 0];
  try {
    result = await load(`http://127.0.0.1:${PORT}`, () => {
      window[0] = Number(process.hrtime.bigint() / 1000n);
    });
    window[1] = Number(process.hrtime.bigint() / 1000n);
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGINT');
    await exited;
  }
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = JSON.parse(readFileSync(path.join(profDir, file), 'utf8')) as Profile;
  rmSync(profDir, { recursive: true, force: true });
  const map = new SourceMap(JSON.parse(readFileSync(`${built}.map`, 'utf8')));
  const totals = breakdown(profile, map, window);
  const busy = [...totals].filter(([k]) => k !== 'idle').reduce((n, [, v]) => n + v, 0);
  const requests = result.requests.total;
  console.log(
    `\n${label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors; server busy ${Math.round(busy)} ms = ${((busy * 1000) / requests).toFixed(1)} µs per request`,
  );
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (name === 'idle') continue;
    console.log(
      `  ${name.padEnd(40)} ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${((ms * 1000) / requests).toFixed(1).padStart(6)} µs/request`,
    );
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-profile-'));
try {
  const players = await prepareBenchData(dataDir, { players: 100 });
  /** Requests of many players in turn: `path(n)` names the n-th request's target. */
  const asPlayers =
    (method: 'GET' | 'POST', pathOf: (n: number) => string) => (base: string, started: () => void) => {
      let next = 0;
      started();
      return autocannon({
        url: base,
        connections: 20,
        duration: SECONDS,
        requests: [
          {
            method,
            setupRequest: (request) => {
              const n = next++;
              const player = players[n % players.length] as { token: string };
              return { ...request, path: pathOf(n), headers: { authorization: `Bearer ${player.token}` } };
            },
          },
        ],
      });
    };
  const cases: [string, (base: string, started: () => void) => Promise<autocannon.Result>][] = [
    [
      'GET /api/games (guest, cached)',
      async (base, started) => {
        await autocannon({ url: `${base}/api/games`, connections: 4, amount: 500 });
        started();
        return autocannon({ url: `${base}/api/games`, connections: 50, duration: SECONDS });
      },
    ],
    // Each request ticks a marker not ticked before: players round-robin, markers in turn.
    [
      'POST /api/usercompletedmarkers/markCompleted/{id} (logged in)',
      asPlayers(
        'POST',
        (n) => `/api/usercompletedmarkers/markCompleted/bench_${Math.floor(n / players.length) % 5000}`,
      ),
    ],
    // Each request counts an item of the demo game up by one for the next player.
    [
      'GET /api/user/itemstokeep/setItemQuantity/… +1 (logged in)',
      async (base, started) => {
        const items = await demoGameIds(base, 'items');
        return asPlayers(
          'GET',
          (n) =>
            `/api/user/itemstokeep/setItemQuantity/frontier_zone/${items[Math.floor(n / players.length) % items.length]}/false/+1`,
        )(base, started);
      },
    ],
  ];
  for (const built of builds) {
    console.log(`\n${built}`);
    for (const [label, load] of cases) {
      if (only && !label.includes(only)) continue;
      await profileOf(built, label, dataDir, load);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
