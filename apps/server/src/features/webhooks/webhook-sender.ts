import type dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { type AddressAllowance, guardedLookup, hostRefusal, parseRemoteUrl } from '../../media/remote.ts';

export interface SendResult {
  /** The endpoint's HTTP status; undefined when no answer came. */
  status?: number;
  /** Why the attempt failed (empty on a 2xx answer). */
  error: string;
  /** What a 429 or 503 answer asked for in `Retry-After`, in ms. */
  retryAfterMs?: number;
}

/** The most of an answer read (and thrown away): endpoints' bodies are not used. */
const MAX_ANSWER_BYTES = 64 * 1024;

function retryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/**
 * POSTs a body to a webhook endpoint with the image fetcher's address rules (http(s) only, no
 * credentials, no private or loopback address unless allowed, checked in the connection's own DNS
 * lookup), no redirects followed, within `timeoutMs`. Never throws: the result says what happened.
 */
export function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: AddressAllowance & { timeoutMs: number },
): Promise<SendResult> {
  let url: URL;
  try {
    url = parseRemoteUrl(rawUrl);
  } catch (error) {
    return Promise.resolve({ error: (error as Error).message });
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return (async () => {
    // A name is checked at connect time by the guarded lookup (Node looks no address literal up).
    if (net.isIP(literal)) {
      const refusal = await hostRefusal(url, options);
      if (refusal) return { error: `refused address: ${refusal}` };
    }
    return new Promise<SendResult>((resolve) => {
      const signal = AbortSignal.timeout(options.timeoutMs);
      const client = url.protocol === 'https:' ? https : http;
      let settled = false;
      const done = (result: SendResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const req = client.request(
        url,
        {
          method: 'POST',
          signal,
          lookup: guardedLookup(options) as unknown as typeof dns.lookup,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Waypoint webhooks',
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) res.destroy();
          });
          const finish = () =>
            done(
              status >= 200 && status < 300
                ? { status, error: '' }
                : {
                    status,
                    error: `HTTP ${status}`,
                    retryAfterMs:
                      status === 429 || status === 503 ? retryAfter(res.headers['retry-after']) : undefined,
                  },
            );
          res.on('end', finish);
          res.on('close', finish);
          res.on('error', finish);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (signal.aborted) return done({ error: `no answer within ${options.timeoutMs} ms` });
        if (error.code === 'EREFUSEDADDRESS') return done({ error: `refused address: ${error.message}` });
        done({ error: error.message || String(error.code) });
      });
      req.end(body);
    });
  })();
}
