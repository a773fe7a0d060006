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
 * Unpacks a package, refusing before anything is unpacked what its directory shows to be too much
 * (entry count, the sum of the sizes it declares), entry names that would leave the archive's folder,
 * and, while unpacking, any entry that unpacks to more than it declared (the sizes of a bomb lie).
 */
export function unzipEntries(
  bytes: Uint8Array,
  limits: { maxArchiveBytes: number; maxEntries: number; maxUnpackedBytes: number } = mapPackageLimits,
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
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let unpacked = 0;
  let refusal: PackageProblem | undefined;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    const allowed = declared.get(file.name);
    if (allowed === undefined) {
      refusal = { record: file.name, field: 'name', message: 'Not in the archive directory' };
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) {
        refusal = { record: file.name, field: '', message: `Cannot be unpacked (${error.message})` };
        return;
      }
      size += chunk.byteLength;
      unpacked += chunk.byteLength;
      if (size > allowed || unpacked > limits.maxUnpackedBytes) {
        refusal = { record: file.name, field: 'size', message: 'Unpacks to more than the archive declares' };
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (!final) return;
      const data = Buffer.concat(chunks);
      if (!file.name.endsWith('.json')) files.set(file.name, data);
      else
        try {
          files.set(file.name, utf8.decode(data));
        } catch {
          refusal = { record: file.name, field: '', message: 'Not UTF-8 text' };
        }
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
