import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml, htmlToText, type ShellBuild, shellBuildFile, shellSlots } from '@waypoint/shared/html';
import { type BuildManifest, entryKey, loadedFiles } from '@waypoint/shared/pages/build-manifest';
import type { PageMeta as HeadMeta } from '@waypoint/shared/pages/heads';
import { siteDescription, siteName } from '@waypoint/shared/pages/site';
import type { RuntimeConfig } from '@waypoint/shared/runtime-config';
import type { Config } from '../../config.ts';

/** What a page says about itself in <head>, and what it loads first. */
export interface PageMeta extends HeadMeta {
  /** Source modules of the page (build manifest keys): their code is preloaded with the page. */
  modules?: readonly string[];
  /** API answers the page asks for first (full paths): fetched while the code loads. */
  data?: readonly string[];
  /** Other sites may show the page in a frame (only the embedded map). */
  embeddable?: boolean;
}

export interface WebShell {
  config: Config;
  file: string;
}

/** The built page cut at its slots (`shellSlots`), with what the build says about it. */
interface Template {
  file: string;
  mtimeMs: number;
  /** Before the head slot, between it and the preload slot, after that (none without that slot). */
  parts: [string, string, string | undefined];
  scriptHashes: string[];
  manifest: BuildManifest;
}

let cached: Template | undefined;

/** Reads a JSON file of the build; a build without it still serves pages. */
function readBuildJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/**
 * The page cut at its slots. A page without the preload slot (a build without the after-paint
 * template) gets its preloads in the head slot.
 */
function cut(html: string): [string, string, string | undefined] {
  const head = html.indexOf(shellSlots.head);
  if (head < 0) throw new Error(`index.html has no ${shellSlots.head} slot`);
  const before = html.slice(0, head);
  const rest = html.slice(head + shellSlots.head.length);
  const at = rest.indexOf(shellSlots.preloads);
  if (at < 0) return [before, rest, undefined];
  return [before, rest.slice(0, at), rest.slice(at + shellSlots.preloads.length)];
}

export function webShell(config: Config): WebShell {
  return { config, file: path.join(config.webDist, 'index.html') };
}

/** The built index.html, read again whenever a new build replaces it. */
function template(shell: WebShell): Template {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(shell.file).mtimeMs;
  } catch (error) {
    // A build is replacing the folder: keep serving the last good page.
    if (cached?.file === shell.file) return cached;
    throw error;
  }
  if (cached?.file !== shell.file || cached.mtimeMs !== mtimeMs) {
    const dist = path.dirname(shell.file);
    // The page's inline scripts (its start-up code) are allowed by the hashes the build wrote.
    const build = readBuildJson<ShellBuild>(path.join(dist, shellBuildFile), { scriptHashes: [] });
    cached = {
      file: shell.file,
      mtimeMs,
      parts: cut(readFileSync(shell.file, 'utf8')),
      scriptHashes: build.scriptHashes,
      // A build without a manifest: pages still work, without preloads.
      manifest: readBuildJson<BuildManifest>(path.join(dist, '.vite/manifest.json'), {}),
    };
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
function preloadTags(manifest: BuildManifest, meta: PageMeta): string[] {
  const entry = entryKey(manifest);
  const have = loadedFiles(manifest, entry ? [entry] : []);
  const { js, css } = loadedFiles(manifest, meta.modules ?? []);
  const tags: string[] = [];
  // A page's own stylesheets do not hold its first paint (the consent question, a skeleton): they are
  // fetched with its code, which applies them before it renders (Vite's preload helper waits for
  // them), so nothing it draws shows unstyled.
  for (const file of css) {
    if (!have.css.has(file))
      tags.push(`<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`);
  }
  for (const file of js) {
    if (!have.js.has(file)) tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`);
  }
  for (const url of meta.data ?? []) {
    tags.push(`<link rel="preload" as="fetch" href="${escapeHtml(url)}" crossorigin="anonymous" />`);
  }
  return tags;
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
  } satisfies RuntimeConfig;
  // `<` is escaped so that no value can close the script element.
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="waypoint-config">${json}</script>`;
}

/** index.html with the page's title, description, canonical address and robots rule. */
export function renderPage(shell: WebShell, meta: PageMeta, pathname: string) {
  const t = template(shell);
  const title = meta.fullTitle ? meta.title : `${meta.title} | ${siteName}`;
  const description = meta.description || siteDescription;
  const canonical = `${shell.config.webHost}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(canonical + (meta.sharedQuery ?? ''))}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
          `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
          `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
          `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`,
        ]
      : []),
    meta.robots ? `<meta name="robots" content="${meta.robots}" />` : '',
    runtimeConfigTag(shell.config),
  ]
    .filter(Boolean)
    .join('\n    ');
  // Data is preloaded only when the API is on this host (the app's default address).
  const preloads = preloadTags(t.manifest, shell.config.apiBase ? { ...meta, data: [] } : meta);
  const [before, middle, after] = t.parts;
  // Without a preload slot the preloads go with the head.
  const html =
    after !== undefined
      ? `${before}${head}${middle}${preloads.join('\n      ')}${after}`
      : `${before}${[head, ...preloads].join('\n    ')}${middle}`;
  return { html, csp: contentSecurityPolicy(shell.config, t.scriptHashes, meta.embeddable === true) };
}
