import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterPaintTemplateId, escapeHtml, htmlToText } from '@waypoint/shared/html';
import type { Config } from '../../config.ts';

/** What a page says about itself in <head>. */
export interface PageMeta {
  title: string;
  description?: string;
  /** The title is used as is, without the site name. */
  fullTitle?: boolean;
  robots?: 'noindex';
  /** Source modules of the page (build manifest keys): their code is preloaded with the page. */
  modules?: string[];
  /** API answers the page asks for first: fetched while the code loads. */
  data?: string[];
  /** Other sites may show the page in a frame (only the embedded map). */
  embeddable?: boolean;
}

export interface WebShell {
  config: Config;
  file: string;
}

const siteName = 'Waypoint';
const defaultDescription =
  'Interactive maps for your favourite games: loot maps, locations, quests and hidden secrets.';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

let cached:
  | {
      file: string;
      mtimeMs: number;
      html: string;
      scriptHashes: string[];
      manifest: Record<string, ManifestChunk>;
    }
  | undefined;

export function webShell(config: Config): WebShell {
  return { config, file: path.join(config.webDist, 'index.html') };
}

/** The built index.html, read again whenever a new build replaces it. */
function template(shell: WebShell) {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(shell.file).mtimeMs;
  } catch (error) {
    // A build is replacing the folder: keep serving the last good page.
    if (cached?.file === shell.file) return cached;
    throw error;
  }
  if (cached?.file !== shell.file || cached.mtimeMs !== mtimeMs) {
    const html = readFileSync(shell.file, 'utf8');
    // Inline scripts (the colour-scheme bootstrap) are allowed by their hash, nothing else inline.
    const scriptHashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
    let manifest: Record<string, ManifestChunk> = {};
    try {
      manifest = JSON.parse(readFileSync(path.join(path.dirname(shell.file), '.vite/manifest.json'), 'utf8'));
    } catch {
      // A build without a manifest: pages still work, without preloads.
    }
    cached = { file: shell.file, mtimeMs, html, scriptHashes, manifest };
  }
  return cached;
}

/** Visible text of stored HTML, for meta descriptions (the map search's rule, cut to `max`). */
export function plainText(html: string | null | undefined, max = 160): string {
  const text = htmlToText(html);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function origin(url: string): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}

/** Google's ad network serves its scripts, frames and pixels from these hosts (AdSense's CSP guide). */
const googleAdHosts = [
  'https://*.googlesyndication.com',
  'https://*.doubleclick.net',
  'https://*.google.com',
  'https://*.googleadservices.com',
  'https://*.gstatic.com',
  'https://*.adtrafficquality.google',
];

/**
 * Hosts of the configured services (only those configured): the ad network's tag and what it
 * loads, the analytics script and where it reports, the error-reporting service's ingest host.
 */
function serviceHosts(config: Config) {
  const ads = config.adsClient ? [origin(config.adsScriptSrc)] : [];
  if (ads[0]?.endsWith('googlesyndication.com')) ads.push(...googleAdHosts);
  const analytics = config.analyticsSrc ? origin(config.analyticsSrc) : '';
  const sentry = config.sentryDsn ? origin(config.sentryDsn) : '';
  const join = (...hosts: string[]) => [...new Set(hosts.filter(Boolean))].join(' ');
  return {
    script: join(...ads, analytics),
    connect: join(...ads, analytics, sentry),
    frame: join(...ads),
    img: join(...ads),
  };
}

/**
 * The page's content security policy: own scripts and the configured services' only; images and
 * API from the configured hosts.
 */
function contentSecurityPolicy(config: Config, scriptHashes: string[], embeddable: boolean): string {
  const imageHost = origin(config.imageHost);
  const apiHost = origin(config.apiBase);
  const services = serviceHosts(config);
  const list = (...parts: string[]) => parts.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    list("script-src 'self'", ...scriptHashes, services.script),
    // Component styles are set at run time (style attributes and injected rules).
    "style-src 'self' 'unsafe-inline'",
    list("img-src 'self' data: blob:", imageHost, services.img),
    list("connect-src 'self'", apiHost, imageHost, services.connect),
    // Frames of this site (previews) stay allowed beside the ad network's.
    services.frame ? `frame-src 'self' ${services.frame}` : '',
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // Only the embedded map may be shown in other sites' frames (SPEC §1); every other page, the
    // account and admin pages above all, only in this site's own (no clickjacking).
    embeddable ? 'frame-ancestors *' : "frame-ancestors 'self'",
  ]
    .filter(Boolean)
    .join('; ');
}

/** Link tags for the page's code (its chunks and their imports, beyond the entry) and first data. */
function preloadTags(manifest: Record<string, ManifestChunk>, meta: PageMeta): string[] {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const have = new Set<string>();
  const haveCss = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined, into: Set<string>, css: Set<string>) => {
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(manifest[i], into, css);
  };
  visit(entry, have, haveCss);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of meta.modules ?? []) visit(manifest[key], js, css);
  const tags: string[] = [];
  // A page's own stylesheets do not hold its first paint (the consent question, a skeleton): they are
  // fetched with its code, which applies them before it renders (Vite's preload helper waits for
  // them), so nothing it draws shows unstyled.
  for (const file of css) {
    if (!haveCss.has(file))
      tags.push(`<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`);
  }
  for (const file of js) {
    if (!have.has(file)) tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`);
  }
  for (const url of meta.data ?? []) {
    tags.push(`<link rel="preload" as="fetch" href="${escapeHtml(url)}" crossorigin="anonymous" />`);
  }
  return tags;
}

const afterPaint = new RegExp(`(<template id="${afterPaintTemplateId}">[\\s\\S]*?)(\\s*</template>)`);

/**
 * The page's preload tags go where the build put the entry's: in the template whose tags are added
 * after the first paint (apps/web/entry-after-first-paint.ts), or, in a build without one, in <head>.
 */
function addPreloads(html: string, tags: string): string {
  if (!tags) return html;
  if (afterPaint.test(html))
    return html.replace(afterPaint, (_, open: string, close: string) => `${open}\n      ${tags}${close}`);
  return html.replace('</head>', () => `    ${tags}\n  </head>`);
}

/** The deployment settings the web app reads from its page (apps/web/src/app/config.ts). */
function runtimeConfigTag(config: Config): string {
  const settings = {
    apiBase: `${config.apiBase}/api`,
    imageHost: config.imageHost,
    publicSite: config.webHost,
    supportEmail: config.supportEmail,
    socialUrl: config.socialUrl,
    socialLabel: config.socialLabel,
    appStoreUrl: config.appStoreUrl,
    appUrlScheme: config.appUrlScheme,
    adsClient: config.adsClient,
    adsScriptSrc: config.adsClient ? config.adsScriptSrc : '',
    adsSlots: config.adsClient ? config.adsSlots : {},
    analyticsSrc: config.analyticsSrc,
    analyticsDomain: config.analyticsDomain,
    analyticsWebsiteId: config.analyticsWebsiteId,
    sentryDsn: config.sentryDsn,
    sentryEnvironment: config.sentryEnvironment,
    release: config.release,
  };
  // `<` is escaped so that no value can close the script element.
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="waypoint-config">${json}</script>`;
}

/** index.html with the page's title, description, canonical address and robots rule. */
export function renderPage(shell: WebShell, meta: PageMeta, pathname: string) {
  const t = template(shell);
  const title = meta.fullTitle ? meta.title : `${meta.title} | ${siteName}`;
  const description = meta.description || defaultDescription;
  const canonical = `${shell.config.webHost}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    meta.robots ? `<meta name="robots" content="${meta.robots}" />` : '',
    runtimeConfigTag(shell.config),
  ]
    .filter(Boolean)
    .join('\n    ');
  // Data is preloaded only when the API is on this host (the app's default address).
  const preloads = preloadTags(t.manifest, shell.config.apiBase ? { ...meta, data: [] } : meta).join(
    '\n      ',
  );
  const html = addPreloads(
    t.html
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '')
      // A function inserts the text as it is: `$&`, `$'` or `$\`` in a name are not replacement patterns.
      .replace('</head>', () => `    ${head}\n  </head>`),
    preloads,
  );
  return { html, csp: contentSecurityPolicy(shell.config, t.scriptHashes, meta.embeddable === true) };
}
