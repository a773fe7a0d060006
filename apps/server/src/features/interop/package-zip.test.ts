import { MapPackageError, type PackageProblem } from '@waypoint/shared/interop/map-package';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { packageReadLimits, unzipEntries } from './package-zip.ts';

function problemsOf(read: () => unknown): PackageProblem[] {
  try {
    read();
  } catch (error) {
    if (error instanceof MapPackageError) return error.problems;
    throw error;
  }
  return [];
}

/** Sets the unpacked size an entry's local header (`local`) and/or the directory (`central`) declare. */
function declare(zip: Uint8Array, sizes: { local?: number; central?: number }): Uint8Array {
  const copy = Uint8Array.from(zip);
  const view = new DataView(copy.buffer);
  for (let at = 0; at < copy.length - 4; at++) {
    const sig = view.getUint32(at, true);
    if (sig === 0x04034b50 && sizes.local !== undefined) view.setUint32(at + 22, sizes.local, true);
    if (sig === 0x02014b50 && sizes.central !== undefined) view.setUint32(at + 24, sizes.central, true);
  }
  return copy;
}

const json = (bytes: number) => new TextEncoder().encode(`"${'a'.repeat(bytes - 2)}"`);

describe('reading a package: per-entry and total limits while streaming', () => {
  it('refuses a records entry over 32 MB by its declared size, before unpacking', () => {
    expect(packageReadLimits.maxJsonEntryBytes).toBe(32 * 1024 * 1024);
    const zip = zipSync({ 'content.json': json(packageReadLimits.maxJsonEntryBytes + 1) });
    expect(zip.byteLength).toBeLessThan(256 * 1024);
    expect(problemsOf(() => unzipEntries(zip))).toEqual([
      {
        record: 'content.json',
        field: 'size',
        message: `Unpacks to ${packageReadLimits.maxJsonEntryBytes + 1} bytes: at most 32 MB for one entry`,
      },
    ]);
  });

  it('refuses a header claiming 2 GB before unpacking anything', () => {
    const zip = declare(zipSync({ 'content.json': json(1000) }), { local: 2 ** 31, central: 2 ** 31 });
    const problems = problemsOf(() => unzipEntries(zip));
    expect(problems[0]).toMatchObject({ field: 'size' });
  });

  it('refuses an entry whose local header and directory disagree on its size', () => {
    const zip = declare(zipSync({ 'content.json': json(1000) }), { local: 100 });
    expect(problemsOf(() => unzipEntries(zip))).toEqual([
      { record: 'content.json', field: 'size', message: 'Its headers disagree on its unpacked size' },
    ]);
  });

  it('refuses an entry that unpacks to fewer or more bytes than both headers claim', () => {
    const small = declare(zipSync({ 'content.json': json(1000) }), { local: 5000, central: 5000 });
    expect(problemsOf(() => unzipEntries(small))).toEqual([
      { record: 'content.json', field: 'size', message: 'Unpacks to fewer bytes than the archive declares' },
    ]);
    const big = declare(zipSync({ 'content.json': json(100_000) }), { local: 1000, central: 1000 });
    expect(problemsOf(() => unzipEntries(big))).toEqual([
      { record: 'content.json', field: 'size', message: 'Unpacks to more than the archive declares' },
    ]);
  });

  it('refuses a picture over 64 MB, and entries together over 256 MB', () => {
    const picture = declare(zipSync({ 'pictures/map/m/image/a.png': new Uint8Array(10) }), {
      local: 65 * 1024 * 1024,
      central: 65 * 1024 * 1024,
    });
    expect(problemsOf(() => unzipEntries(picture))[0]).toMatchObject({
      record: 'pictures/map/m/image/a.png',
      field: 'size',
    });
    const entries = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`pictures/map/m/image/${i}.png`, new Uint8Array(10)]),
    );
    const many = declare(zipSync(entries), { local: 60 * 1024 * 1024, central: 60 * 1024 * 1024 });
    expect(problemsOf(() => unzipEntries(many))).toEqual([
      {
        record: '(archive)',
        field: 'size',
        message: `Unpacks to ${5 * 60 * 1024 * 1024} bytes: at most 256 MB`,
      },
    ]);
  });

  it('reads what fits: text entries as strings, others as bytes of their size', () => {
    const picture = Uint8Array.from({ length: 70_000 }, (_, i) => i % 251);
    const files = unzipEntries(
      zipSync({ 'content.json': json(50_000), 'pictures/a.png': [picture, { level: 0 }] }),
    );
    expect(files.get('content.json')).toBe(`"${'a'.repeat(49_998)}"`);
    expect(Buffer.from(files.get('pictures/a.png') as Uint8Array).equals(Buffer.from(picture))).toBe(true);
  });
});
