import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type DataMapsFragment, dataMapsMaxFragments } from '@waypoint/shared/interop/datamaps';
import { InteropError } from '@waypoint/shared/interop/format';
import { MapPackageError } from '@waypoint/shared/interop/map-package';
import { contentUploadLimitBytes } from '@waypoint/shared/interop/requests';
import { interopBadRequest } from '../imports/staging.ts';
import { unzipEntries } from './package-zip.ts';

/** A zip of wiki pages: pictures may ride along (skipped), but not more than a page upload holds. */
const archiveLimits = {
  maxArchiveBytes: contentUploadLimitBytes,
  maxEntries: dataMapsMaxFragments,
  maxUnpackedBytes: 4 * contentUploadLimitBytes,
};

/** The `.json` pages of a zip, by their path inside it (the fragments a DataMaps page may include). */
export function fragmentsOfZip(bytes: Uint8Array): DataMapsFragment[] {
  let entries: Map<string, Uint8Array | string>;
  try {
    entries = unzipEntries(bytes, archiveLimits);
  } catch (error) {
    if (!(error instanceof MapPackageError)) throw error;
    throw new InteropError(
      error.problems.map((p) => ({
        record: p.record === '(archive)' ? '(archive)' : `(archive) ${p.record}`,
        field: p.field,
        message: p.message,
      })),
    );
  }
  const fragments: DataMapsFragment[] = [];
  for (const [name, data] of entries)
    if (typeof data === 'string' && name.toLowerCase().endsWith('.json'))
      fragments.push({ name, content: data });
  return fragments;
}

/** The fragments sent with an upload: the files, then the zip's pages; a bad zip is a 400. */
export function uploadedFragments(upload: {
  fragments?: DataMapsFragment[];
  archive?: string;
}): DataMapsFragment[] {
  const fragments = [...(upload.fragments ?? [])];
  if (upload.archive)
    try {
      fragments.push(...fragmentsOfZip(Buffer.from(upload.archive, 'base64')));
    } catch (error) {
      if (error instanceof InteropError) interopBadRequest(error);
      throw error;
    }
  return fragments;
}

/** The fragments in a folder (every `.json` below it, named by its path there) or a zip file. */
export async function fragmentsFrom(location: string): Promise<DataMapsFragment[]> {
  if (!(await stat(location)).isDirectory()) return fragmentsOfZip(await readFile(location));
  const names = (await readdir(location, { recursive: true })).filter((name) =>
    name.toLowerCase().endsWith('.json'),
  );
  if (names.length > dataMapsMaxFragments)
    throw new InteropError([
      { record: location, field: '', message: `Too many files: at most ${dataMapsMaxFragments}` },
    ]);
  return Promise.all(
    names.map(async (name) => ({
      name: name.split(path.sep).join('/'),
      content: await readFile(path.join(location, name), 'utf8'),
    })),
  );
}
