import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
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
 * Address ranges a server-side fetch must never reach (private, loopback, link-local, special).
 * IPv4-mapped IPv6 addresses are checked through the IPv4 they carry (see embeddedIPv4).
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** IPv4 address embedded in an IPv6 one (mapped, NAT64 or 6to4), if any. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1];
  const hex =
    lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/) ??
    lower.match(/^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/);
  if (hex) {
    const a = Number.parseInt(hex[1], 16);
    const b = Number.parseInt(hex[2], 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return null;
}

/** Why an address may not be fetched, or null when it is a public address. */
export function addressRefusal(address: string, allowLoopback = false): string | null {
  const family = net.isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && loopback.check(address, type)) return null;
  const inner = family === 6 ? embeddedIPv4(address) : null;
  if (inner) return addressRefusal(inner, allowLoopback);
  if (blocked.check(address, type)) return 'private, loopback or reserved address';
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** DNS lookup that refuses private answers; the checked address is the one connected to. */
function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => addressRefusal(a.address, allowLoopback) !== null);
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

function parseUrl(raw: string): URL {
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
  let url = parseUrl(rawUrl);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let redirects = 0; ; redirects++) {
    const answer = await requestOnce(url, options, deadline);
    if ('redirect' in answer) {
      if (redirects >= maxRedirects) throw new MediaError('REMOTE_FAILED', 'Too many redirects');
      url = parseUrl(new URL(answer.redirect, url).toString());
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
        lookup: guardedLookup(options.allowLoopback ?? false) as unknown as typeof dns.lookup,
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
