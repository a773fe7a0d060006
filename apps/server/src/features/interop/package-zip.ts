import {
  isSafeEntryName,
  MapPackageError,
  mapPackageLimits,
  type PackageEntries,
  type PackageProblem,
} from '@waypoint/shared/interop/map-package';
import { strToU8, Unzip, UnzipInflate, UnzipPassThrough, unzipSync, zipSync } from 'fflate';

const archive = '(archive)';
const fail = (record: string, field: string, message: string): never => {
  throw new MapPackageError([{ record, field, message }]);
};

/** A package's entries zipped (pictures are stored as they are: they are compressed already). */
export function zipEntries(files: PackageEntries): Uint8Array {
  const zippable: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const [name, data] of files)
    zippable[name] = typeof data === 'string' ? [strToU8(data), { level: 6 }] : [data, { level: 0 }];
  return zipSync(zippable);
}

/**
 * What reading a package may unpack. The archive's size and entry count are the format's
 * (`mapPackageLimits`); the unpacked bounds are tighter than the format's 512 MB: a records entry
 * (JSON) at most 32 MB, over 200 times the largest of the demo's exports (149 KB) and room for tens
 * of thousands of markers; a picture (stored as it was uploaded) at most 64 MB, above the upload
 * limit; all entries together at most 256 MB (pictures are stored, so about the archive's size).
 */
export const packageReadLimits = {
  maxArchiveBytes: mapPackageLimits.maxArchiveBytes,
  maxEntries: mapPackageLimits.maxEntries,
  maxUnpackedBytes: 256 * 1024 * 1024,
  maxJsonEntryBytes: 32 * 1024 * 1024,
  maxEntryBytes: 64 * 1024 * 1024,
};

export interface ZipReadLimits {
  maxArchiveBytes: number;
  maxEntries: number;
  maxUnpackedBytes: number;
  /** One `.json` entry, unpacked (default `packageReadLimits`). */
  maxJsonEntryBytes?: number;
  /** One other entry, unpacked (default `packageReadLimits`). */
  maxEntryBytes?: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Unpacks a package, refusing before anything is unpacked what its directory shows to be too much
 * (entry count, one entry's or all entries' declared sizes), entry names that would leave the
 * archive's folder, and, while unpacking (a stream of small pieces, each entry's bytes checked as
 * they come), an entry whose local header and directory disagree on its size, or that unpacks to
 * more or fewer bytes than declared (the sizes of a bomb lie). A `.json` entry is decoded piece by
 * piece; another goes into one buffer of its declared size: no entry is held twice.
 */
export function unzipEntries(
  bytes: Uint8Array,
  limits: ZipReadLimits = packageReadLimits,
): Map<string, Uint8Array | string> {
  if (bytes.byteLength > limits.maxArchiveBytes)
    fail(archive, '', `Too large: at most ${Math.round(limits.maxArchiveBytes / 1024 / 1024)} MB`);
  if (
    bytes.byteLength < 4 ||
    bytes[0] !== 0x50 ||
    bytes[1] !== 0x4b ||
    bytes[2] !== 0x03 ||
    bytes[3] !== 0x04
  )
    fail(archive, '', 'Not a zip archive');
  const isJson = (name: string) => name.endsWith('.json');
  const entryLimit = (name: string) =>
    Math.min(
      limits.maxUnpackedBytes,
      isJson(name)
        ? (limits.maxJsonEntryBytes ?? packageReadLimits.maxJsonEntryBytes)
        : (limits.maxEntryBytes ?? packageReadLimits.maxEntryBytes),
    );
  const declared = new Map<string, number>();
  const problems: PackageProblem[] = [];
  let total = 0;
  try {
    // The archive's directory only: the filter refuses every entry, so nothing is unpacked here.
    unzipSync(bytes, {
      filter(file) {
        if (!isSafeEntryName(file.name))
          problems.push({ record: file.name, field: 'name', message: 'Not a name inside the archive' });
        else if (declared.has(file.name))
          problems.push({ record: file.name, field: 'name', message: 'Twice in the archive' });
        else if (file.compression !== 0 && file.compression !== 8)
          problems.push({
            record: file.name,
            field: 'compression',
            message: 'Only stored or deflated entries are read',
          });
        else if (file.originalSize > entryLimit(file.name))
          problems.push({
            record: file.name,
            field: 'size',
            message: `Unpacks to ${file.originalSize} bytes: at most ${megabytes(entryLimit(file.name))} for one entry`,
          });
        declared.set(file.name, file.originalSize);
        total += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    fail(archive, '', `Not a zip archive (${(error as Error).message})`);
  }
  if (declared.size > limits.maxEntries)
    fail(archive, 'entries', `${declared.size} entries: at most ${limits.maxEntries}`);
  if (total > limits.maxUnpackedBytes)
    fail(
      archive,
      'size',
      `Unpacks to ${total} bytes: at most ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB`,
    );
  if (problems.length > 0) throw new MapPackageError(problems);

  const files = new Map<string, Uint8Array | string>();
  let unpacked = 0;
  let refusal: PackageProblem | undefined;
  const lies = (name: string, message: string): PackageProblem => ({ record: name, field: 'size', message });
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    const allowed = declared.get(file.name);
    if (allowed === undefined) {
      refusal = { record: file.name, field: 'name', message: 'Not in the archive directory' };
      return;
    }
    // The local header's size (absent when a data descriptor follows the data) must be the directory's.
    if (file.originalSize !== undefined && file.originalSize !== allowed) {
      refusal = lies(file.name, 'Its headers disagree on its unpacked size');
      return;
    }
    const json = isJson(file.name);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const text: string[] = [];
    let data: Buffer | undefined;
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) {
        refusal = { record: file.name, field: '', message: `Cannot be unpacked (${error.message})` };
        return;
      }
      if (size + chunk.byteLength > allowed || unpacked + chunk.byteLength > limits.maxUnpackedBytes) {
        refusal = lies(file.name, 'Unpacks to more than the archive declares');
        file.terminate();
        return;
      }
      try {
        if (json) text.push(decoder.decode(chunk, { stream: !final }));
        else {
          data ??= Buffer.allocUnsafe(allowed);
          data.set(chunk, size);
        }
      } catch {
        refusal = { record: file.name, field: '', message: 'Not UTF-8 text' };
        file.terminate();
        return;
      }
      size += chunk.byteLength;
      unpacked += chunk.byteLength;
      if (!final) return;
      if (size !== allowed) {
        refusal = lies(file.name, 'Unpacks to fewer bytes than the archive declares');
        return;
      }
      files.set(file.name, json ? text.join('') : (data ?? Buffer.alloc(0)));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  // Small pieces: one piece of a deflated stream unpacks to at most about a thousand times its size.
  const piece = 16 * 1024;
  try {
    for (let at = 0; at < bytes.byteLength && !refusal; at += piece)
      unzip.push(bytes.subarray(at, at + piece), at + piece >= bytes.byteLength);
  } catch (error) {
    fail(archive, '', `Not a zip archive (${(error as Error).message})`);
  }
  if (refusal) throw new MapPackageError([refusal]);
  for (const [name, size] of declared)
    if (!name.endsWith('/') && !files.has(name) && size >= 0)
      fail(name, '', 'Cannot be unpacked (the archive ends before it)');
  return files;
}
