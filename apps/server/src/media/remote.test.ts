import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { addressRefusal, fetchRemote } from './remote.ts';
import { makePng } from './testImages.ts';

let server: http.Server;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await makePng(20, 10);
  server = http.createServer((req, res) => {
    if (req.url === '/map.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(5000));
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 2000);
    } else if (req.url === '/redirect') {
      res.writeHead(302, { location: '/map.png' });
      res.end();
    } else if (req.url === '/to-private') {
      res.writeHead(302, { location: 'http://10.1.2.3/x.png' });
      res.end();
    } else if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options = { maxBytes: 1000, timeoutMs: 1000, allowLoopback: true };

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

// Every way of writing a refused IPv4 address inside IPv6, for each kind of refused address.
const embeddedForms: [string, string[]][] = [
  [
    'loopback',
    [
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b:1::7f00:1',
      '2002:7f00:1::',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '::1',
    ],
  ],
  [
    'private',
    [
      '10.1.2.3',
      '::ffff:10.1.2.3',
      '::a01:203',
      '64:ff9b::a01:203',
      '2002:a01:203::1',
      '192.168.0.1',
      '::ffff:c0a8:1',
      '172.16.0.1',
      'fd00::1',
    ],
  ],
  [
    'link-local',
    [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      '::a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::',
      'fe80::1',
    ],
  ],
  [
    'reserved',
    [
      '0.0.0.0',
      '::',
      '::ffff:0.0.0.0',
      '240.0.0.1',
      '198.18.0.1',
      '192.0.2.1',
      '100.64.0.1',
      '2001:db8::1',
      '100::1',
      'fec0::1',
      'ff02::1',
      '224.0.0.1',
      '::ffff:e000:1',
      '255.255.255.255',
    ],
  ],
];

describe('address classification', () => {
  it.each(embeddedForms)('refuses every form of a %s address', (_kind, forms) => {
    for (const a of forms) expect(addressRefusal(a), a).not.toBeNull();
  });

  it('passes public unicast addresses only', () => {
    for (const a of [
      '93.184.216.34',
      '1.1.1.1',
      '::ffff:1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:81b::200e',
    ])
      expect(addressRefusal(a), a).toBeNull();
  });

  it('allows loopback only when told, in every form', () => {
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(addressRefusal(a, true), a).toBeNull();
    for (const a of ['10.0.0.1', '169.254.169.254', '64:ff9b::a00:1'])
      expect(addressRefusal(a, true), a).not.toBeNull();
  });
});

describe('private networks, allowed by an operator setting (webhook endpoints)', () => {
  it('lets private and loopback addresses through, never link-local, metadata or reserved ones', () => {
    for (const a of [
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.20',
      'fd00::1',
      '127.0.0.1',
      '::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(addressRefusal(a), a).not.toBeNull();
      expect(addressRefusal(a, false, true), a).toBeNull();
    }
    for (const a of ['169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1', '100.64.0.1', '255.255.255.255']) {
      expect(addressRefusal(a, false, true), a).not.toBeNull();
    }
  });
});

describe('remote fetch', () => {
  it('fetches an image from a loopback test server when loopback is allowed', async () => {
    const file = await fetchRemote(`${base}/map.png`, options);
    expect(file.data.equals(png)).toBe(true);
    expect(file.contentType).toBe('image/png');
  });

  it('follows a redirect on the same host', async () => {
    const file = await fetchRemote(`${base}/redirect`, options);
    expect(file.finalUrl).toBe(`${base}/map.png`);
  });

  it('refuses loopback without the explicit setting, by IP and by name', async () => {
    const byIp = await refusal(fetchRemote(`${base}/map.png`, { ...options, allowLoopback: false }));
    expect(byIp.code).toBe('REMOTE_REFUSED');
    const port = new URL(base).port;
    const byName = await refusal(
      fetchRemote(`http://localhost:${port}/map.png`, { ...options, allowLoopback: false }),
    );
    expect(byName.code).toBe('REMOTE_REFUSED');
    const mapped = await refusal(
      fetchRemote(`http://[::ffff:127.0.0.1]:${port}/`, { ...options, allowLoopback: false }),
    );
    expect(mapped.code).toBe('REMOTE_REFUSED');
  });

  it('refuses a redirect to a private address even when loopback is allowed', async () => {
    const error = await refusal(fetchRemote(`${base}/to-private`, options));
    expect(error.code).toBe('REMOTE_REFUSED');
  });

  it('refuses other schemes', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'data:image/png;base64,AAAA',
      'not a url',
    ]) {
      expect((await refusal(fetchRemote(url, options))).code).toBe('REMOTE_REFUSED');
    }
  });

  it('enforces the size limit, the time limit and the redirect limit', async () => {
    expect((await refusal(fetchRemote(`${base}/big`, options))).code).toBe('TOO_LARGE');
    const slow = await refusal(fetchRemote(`${base}/slow`, { ...options, timeoutMs: 200 }));
    expect(slow.message).toContain('200 ms');
    expect((await refusal(fetchRemote(`${base}/loop`, options))).message).toContain('redirects');
    expect((await refusal(fetchRemote(`${base}/missing`, options))).message).toContain('HTTP 404');
  });

  it('classifies addresses', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '100.64.0.1',
    ]) {
      expect(addressRefusal(a), a).not.toBeNull();
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect(addressRefusal(a), a).toBeNull();
    expect(addressRefusal('localhost')).toBe('not an IP address');
    expect(addressRefusal('127.0.0.1', true)).toBeNull();
    expect(addressRefusal('10.0.0.1', true)).not.toBeNull();
  });
});
