import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { MediaError } from './errors.ts';
import { formatBytes } from './limits.ts';

export interface RemoteFetchOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Time limit for the whole fetch, redirects included. */
  timeoutMs: number;
  /** Allows loopback addresses (127.0.0.0/8, ::1); for tests and local setups only. */
  allowLoopback?: boolean;
  maxRedirects?: number;
}

export interface RemoteFile {
  data: Buffer;
  contentType: string | undefined;
  finalUrl: string;
}

/**
 * Why an address may not be fetched, or null when it is a public unicast address. The range
 * classification is ipaddr.js's: IPv4-mapped IPv6 addresses are classified as the IPv4 they carry,
 * and every other special range is refused — private, loopback, link-local, CGNAT, multicast,
 * reserved, and the IPv6 forms that route to an embedded IPv4 address (IPv4-compatible `::/96`,
 * NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo `2001::/32`).
 */
export function addressRefusal(address: string, allowLoopback = false, allowPrivate = false): string | null {
  if (net.isIP(address) === 0) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if ((allowLoopback || allowPrivate) && range === 'loopback') return null;
  // Private networks (10/8, 172.16/12, 192.168/16, fc00::/7), for an operator who allows them.
  if (allowPrivate && (range === 'private' || range === 'uniqueLocal')) return null;
  if (range !== 'unicast') return `${range} address`;
  // ipaddr.js leaves the deprecated IPv4-compatible form (::a.b.c.d) in the unicast range.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return 'IPv4-compatible address';
  }
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Which special ranges a fetch may reach besides public unicast addresses (operator settings). */
export interface AddressAllowance {
  allowLoopback?: boolean;
  /** Private networks and loopback (never link-local, multicast or reserved ranges). */
  allowPrivate?: boolean;
}

/** DNS lookup that refuses private answers; the checked address is the one connected to. */
export function guardedLookup(allow: AddressAllowance) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as dns.LookupAddress[];
      const bad = list.find(
        (a) => addressRefusal(a.address, allow.allowLoopback, allow.allowPrivate) !== null,
      );
      if (bad || list.length === 0) {
        const error = new Error(`${hostname} resolves to a refused address (${bad?.address ?? 'none'})`);
        (error as NodeJS.ErrnoException).code = 'EREFUSEDADDRESS';
        return callback(error as NodeJS.ErrnoException, '');
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/**
 * Why the host of `url` may not be reached, or null: an address literal is checked as it is, a name
 * by every address it resolves to now (the connection's own lookup checks again when it connects).
 */
export async function hostRefusal(url: URL, allow: AddressAllowance): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return addressRefusal(host, allow.allowLoopback, allow.allowPrivate);
  let list: dns.LookupAddress[];
  try {
    list = await dns.promises.lookup(host, { all: true });
  } catch {
    return `${host} could not be resolved`;
  }
  for (const a of list) {
    const refusal = addressRefusal(a.address, allow.allowLoopback, allow.allowPrivate);
    if (refusal) return `${host} resolves to a ${refusal}`;
  }
  return list.length ? null : `${host} could not be resolved`;
}

/** The URL of a remote request: http(s) only, without credentials (a `REMOTE_REFUSED` MediaError otherwise). */
export function parseRemoteUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MediaError('REMOTE_REFUSED', 'The remote URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new MediaError('REMOTE_REFUSED', `Only http and https URLs are allowed (got ${url.protocol})`);
  }
  if (url.username || url.password)
    throw new MediaError('REMOTE_REFUSED', 'URLs with credentials are not allowed');
  return url;
}

/**
 * Fetches a remote file for an image field: http(s) only, refusing hosts that are or resolve to
 * private, loopback or link-local addresses (checked for every redirect and at connect time, so
 * DNS rebinding cannot slip through), with a body size limit and an overall time limit.
 */
export async function fetchRemote(rawUrl: string, options: RemoteFetchOptions): Promise<RemoteFile> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = parseRemoteUrl(rawUrl);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let redirects = 0; ; redirects++) {
    const answer = await requestOnce(url, options, deadline);
    if ('redirect' in answer) {
      if (redirects >= maxRedirects) throw new MediaError('REMOTE_FAILED', 'Too many redirects');
      url = parseRemoteUrl(new URL(answer.redirect, url).toString());
      continue;
    }
    return answer;
  }
}

function requestOnce(
  url: URL,
  options: RemoteFetchOptions,
  signal: AbortSignal,
): Promise<RemoteFile | { redirect: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const refusal = addressRefusal(host, options.allowLoopback);
    if (refusal)
      return Promise.reject(new MediaError('REMOTE_REFUSED', `The remote host is refused: ${refusal}`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      if (error instanceof MediaError) return reject(error);
      const e = error as NodeJS.ErrnoException;
      if (e?.code === 'EREFUSEDADDRESS') {
        return reject(new MediaError('REMOTE_REFUSED', `The remote host is refused: ${e.message}`));
      }
      if (signal.aborted) {
        return reject(
          new MediaError('REMOTE_FAILED', `The remote image took longer than ${options.timeoutMs} ms`),
        );
      }
      reject(new MediaError('REMOTE_FAILED', `The remote image could not be fetched: ${e?.message ?? e}`));
    };
    const req = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(options) as unknown as typeof dns.lookup,
        headers: { accept: 'image/*', 'user-agent': 'Waypoint image fetcher' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(new MediaError('REMOTE_FAILED', `The remote server answered HTTP ${status}`));
        }
        const declared = Number(res.headers['content-length'] ?? Number.NaN);
        if (declared > options.maxBytes) {
          res.destroy();
          return reject(tooLarge(declared, options.maxBytes));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(tooLarge(size, options.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (!res.complete) return fail(new Error('the connection was closed early'));
          resolve({
            data: Buffer.concat(chunks),
            contentType: res.headers['content-type'],
            finalUrl: url.toString(),
          });
        });
        res.on('error', fail);
      },
    );
    req.on('error', fail);
  });
}

function tooLarge(size: number, max: number): MediaError {
  return new MediaError(
    'TOO_LARGE',
    `The remote file is too large (over ${formatBytes(Math.max(size, max + 1))}; the limit is ${formatBytes(max)})`,
  );
}
