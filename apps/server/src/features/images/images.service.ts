import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getModel, type ModelKey, modelKeyOf, serverMessages, type TStoredImage } from '@waypoint/shared';
import type { AppContext } from '../../context.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { ChildLimits } from '../../media/child.ts';
import { isMediaError } from '../../media/errors.ts';
import { type DecodedImage, decodeImageInChild } from '../../media/image-job.ts';
import type { MediaLimits } from '../../media/limits.ts';
import { MediaStorage, thumbVariants } from '../../media/paths.ts';
import { fetchRemote } from '../../media/remote.ts';
import { removeTiles } from '../../media/tiles.ts';
import type { Actor } from '../audit/audit.ts';
import { findRecord, recordExists } from '../models/models.repository.ts';
import type { RemovedRecord } from '../models/models.service.ts';

/** Time limit of a remote image fetch. */
export const REMOTE_FETCH_TIMEOUT_MS = 20_000;

/**
 * A media-layer refusal as the API's error (4xx with a readable message). A refusal of the image's
 * shape names the request field that carried it (`body.file`, `body.remoteUrl`).
 */
export function asHttpError(error: unknown, field?: string): unknown {
  if (!isMediaError(error)) return error;
  if (field && error.code === 'BAD_ASPECT') {
    return new HttpError(error.statusCode, `Invalid ${field}: ${error.message}`, [
      { field, message: error.message },
    ]);
  }
  return new HttpError(error.statusCode, error.message);
}

/** A new value for `version`: image URLs carry it, so each upload gets fresh, immutable URLs. */
export function newVersion(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** Public URL path of a stored file (the image host serves it; IMAGE_HOST may point at a CDN). */
export function uploadUrl(model: string, id: string, field: string, image: TStoredImage): string {
  const v = image.version ? `?v=${encodeURIComponent(image.version)}` : '';
  return `/uploads/${model}/${id}/${field}/${image.fileName}${v}`;
}

/**
 * Image fields of the registry's models: upload (file or remote URL), remove. Files go to
 * `uploads/{model}/{id}/{field}/{field}.{ext}` with thumbnails under `thumbs/…`; the record's
 * `images` map keeps the file name, size and version, written through the model write path.
 */
export function createImageService(ctx: AppContext) {
  const storage = new MediaStorage(ctx.config.dataDir);
  const limits: MediaLimits = {
    maxUploadBytes: ctx.config.uploadLimitBytes,
    maxInputPixels: ctx.config.maxImagePixels,
  };
  const childLimits: ChildLimits = {
    timeoutMs: ctx.config.imageJobTimeoutMs,
    memoryMb: ctx.config.imageJobMemoryMb,
  };
  const workDir = path.join(ctx.config.dataDir, '.work');

  /** Checks model, image field and record; answers the record. */
  async function target(
    modelName: string,
    id: string,
    field: string,
  ): Promise<{ key: ModelKey; record: ModelRecord }> {
    const key = modelKeyOf(modelName);
    if (!key || getModel(key).write !== 'admin') throw notFound(serverMessages.notFound('Model', modelName));
    const model = getModel(key);
    if (!model.imageFields.includes(field))
      throw notFound(serverMessages.notFound(`Image field of ${model.label}`, field));
    try {
      storage.uploadDir(key, id, field);
    } catch (error) {
      throw asHttpError(error);
    }
    const record = await findRecord(ctx.db.kysely, model, id);
    if (!record) throw notFound(serverMessages.notFound(model.label, id));
    return { key, record };
  }

  /** Moves decoded or staged files into a record field's folders (a rename: same disk), replacing older ones. */
  async function moveIntoPlace(
    key: ModelKey,
    id: string,
    field: string,
    fileName: string,
    file: string,
    thumbs: Partial<Record<(typeof thumbVariants)[number], string>>,
  ) {
    for (const v of thumbVariants) {
      const target = storage.thumbFile(key, id, field, v, fileName);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(thumbs[v]!, target);
    }
    const uploadFile = storage.uploadFile(key, id, field, fileName);
    await fs.mkdir(path.dirname(uploadFile), { recursive: true });
    await fs.rename(file, uploadFile);
    await removeSiblings(storage.uploadDir(key, id, field), fileName);
    for (const v of thumbVariants) {
      await removeSiblings(path.dirname(storage.thumbFile(key, id, field, v, fileName)), fileName);
    }
  }

  /** Writes a stored image into the record's `images` (and a map's or floor's picture path), as the record is then. */
  function writeImage(key: ModelKey, id: string, field: string, stored: TStoredImage, actor: Actor) {
    // Computed from the record as it is when written, so a concurrent edit or upload is kept.
    return ctx.writer.setInternal(
      key,
      id,
      (current) => {
        const images = { ...(current.images as Record<string, TStoredImage>), [field]: stored };
        const extra: ModelRecord = {};
        if (isPicture(key, field)) {
          extra.imagePath = `uploads/${key}/${id}/${field}/${stored.fileName}`;
          // The tiles now show an older image until the map is processed again.
          const status = current.imageProcessStatus;
          if (status !== 'PENDING' && status !== 'PROCESSING') {
            extra.imageProcessStatus = 'NONE';
            extra.imageProcessError = '';
          }
        }
        return { images, ...extra };
      },
      actor,
    );
  }

  /**
   * A floor's picture has its map picture's size: markers are placed in the map's coordinates, and
   * every floor shows them in the same place.
   */
  async function sameSizeAsMap(level: ModelRecord, image: { width: number; height: number }) {
    const map = await findRecord(ctx.db.kysely, getModel('map'), String(level.mapId));
    const mapImage = (map?.images as Record<string, TStoredImage> | undefined)?.mapImage;
    if (!mapImage || (mapImage.imageWidth === image.width && mapImage.imageHeight === image.height)) return;
    const message = serverMessages.levelPictureSize(
      image.width,
      image.height,
      mapImage.imageWidth,
      mapImage.imageHeight,
    );
    throw badRequest(`Invalid body.file: ${message}`, [{ field: 'body.file', message }]);
  }

  /** Stores an image for a record's field (replacing the previous one) and answers the record. */
  async function store(
    key: ModelKey,
    record: ModelRecord,
    field: string,
    input: Buffer,
    actor: Actor,
    sourceField: string | undefined,
    storeLimits: MediaLimits = limits,
  ) {
    const id = record._id as string;
    let decoded: DecodedImage | undefined;
    try {
      // Decoding and thumbnails run in a child process with a time and memory limit.
      decoded = await decodeImageInChild(input, workDir, thumbVariants, storeLimits, childLimits);
      if (key === 'maplevel' && field === 'levelImage') await sameSizeAsMap(record, decoded);
      const fileName = `${field}.${decoded.ext}`;
      await moveIntoPlace(key, id, field, fileName, decoded.file, decoded.thumbs);
      const stored: TStoredImage = {
        fileName,
        imageWidth: decoded.width,
        imageHeight: decoded.height,
        version: newVersion(),
      };
      return await writeImage(key, id, field, stored, actor);
    } catch (error) {
      throw asHttpError(error, sourceField);
    } finally {
      await decoded?.cleanUp();
    }
  }

  /** The safe fetch of a remote image (SSRF rules, byte and time limits). */
  async function fetchImage(url: string) {
    return fetchRemote(url, {
      maxBytes: limits.maxUploadBytes,
      timeoutMs: REMOTE_FETCH_TIMEOUT_MS,
      allowLoopback: ctx.config.allowLoopbackFetch,
    });
  }

  const stagedFile = (image: TStoredImage, variant: string) =>
    path.join(storage.stagedDir(image.version ?? ''), variant, image.fileName);

  return {
    storage,
    limits,

    async addImage(model: string, id: string, field: string, data: Buffer, actor: Actor) {
      const { key, record } = await target(model, id, field);
      return store(key, record, field, data, actor, 'body.file');
    },

    async addImageFromUrl(model: string, id: string, field: string, url: string, actor: Actor) {
      const { key, record } = await target(model, id, field);
      let file: Awaited<ReturnType<typeof fetchRemote>>;
      try {
        file = await fetchImage(url);
      } catch (error) {
        throw asHttpError(error);
      }
      return store(key, record, field, file.data, actor, 'body.remoteUrl');
    },

    /**
     * Fetches and processes an image for `field` of a record that does not exist yet (a suggestion's
     * element): the same fetch, checks and child-process decoding as an upload, kept under
     * `.staged/{version}` until `attachStaged` moves it onto the record. A refusal is a 400 naming
     * `requestField`.
     */
    async stageFromUrl(field: string, url: string, requestField: string): Promise<TStoredImage> {
      let decoded: DecodedImage | undefined;
      try {
        const file = await fetchImage(url);
        decoded = await decodeImageInChild(file.data, workDir, thumbVariants, limits, childLimits);
        const image: TStoredImage = {
          fileName: `${field}.${decoded.ext}`,
          imageWidth: decoded.width,
          imageHeight: decoded.height,
          version: newVersion(),
        };
        for (const [variant, from] of [['file', decoded.file], ...Object.entries(decoded.thumbs)]) {
          const to = stagedFile(image, variant!);
          await fs.mkdir(path.dirname(to), { recursive: true });
          await fs.rename(from!, to);
        }
        return image;
      } catch (error) {
        const message =
          (isMediaError(error) || error instanceof Error ? error.message : String(error)) || 'Not an image';
        throw new HttpError(400, `Invalid ${requestField}: ${message}`, [{ field: requestField, message }]);
      } finally {
        await decoded?.cleanUp();
      }
    },

    /** Moves a staged image onto a record's image field (no fetch, no decoding) and answers the record. */
    async attachStaged(model: string, id: string, field: string, image: TStoredImage, actor: Actor) {
      const { key } = await target(model, id, field);
      const thumbs = Object.fromEntries(thumbVariants.map((v) => [v, stagedFile(image, v)]));
      await moveIntoPlace(key, id, field, image.fileName, stagedFile(image, 'file'), thumbs);
      await fs.rm(storage.stagedDir(image.version ?? ''), { recursive: true, force: true });
      return writeImage(key, id, field, image, actor);
    },

    /** Removes staged images that will not be attached (their suggestion was rejected, changed or removed). */
    async discardStaged(images: TStoredImage[]) {
      for (const image of images) {
        await fs.rm(storage.stagedDir(image.version ?? ''), { recursive: true, force: true });
      }
    },

    async removeImage(model: string, id: string, field: string, actor: Actor) {
      const { key, record } = await target(model, id, field);
      if (!(record.images as Record<string, TStoredImage>)[field]) {
        throw notFound(serverMessages.notFound('Image', `${model}/${id}/${field}`));
      }
      await fs.rm(storage.uploadDir(key, id, field), { recursive: true, force: true });
      await fs.rm(storage.thumbDir(key, id, field), { recursive: true, force: true });
      const extra: ModelRecord = isPicture(key, field) ? { imagePath: '' } : {};
      return ctx.writer.setInternal(
        key,
        id,
        (current) => {
          const images = { ...(current.images as Record<string, TStoredImage>) };
          delete images[field];
          return { images, ...extra };
        },
        actor,
      );
    },

    /**
     * Removes the files of deleted records (uploads, thumbnails, a map's tiles). A record still in
     * the database (its delete was rolled back) keeps its files.
     */
    async removeFilesOf(removed: RemovedRecord[]) {
      for (const { model, record } of removed) {
        const id = record._id as string;
        if (await recordExists(ctx.db.kysely, getModel(model).table, id)) continue;
        for (const dir of storage.recordDirs(model, id)) await fs.rm(dir, { recursive: true, force: true });
        if ((model === 'map' || model === 'maplevel') && record.tilesPath)
          await removeTiles(storage.tilesDir(record.tilesPath as string));
      }
    },

    /** Writes a generated image for a record (demo content); same files and record fields as an upload. */
    async storeGenerated(key: ModelKey, id: string, field: string, data: Buffer, actor: Actor) {
      const record = await findRecord(ctx.db.kysely, getModel(key), id);
      if (!record) throw notFound(serverMessages.notFound(getModel(key).label, id));
      // The server's own drawing: the upload byte limit is for clients, the pixel limit still applies.
      return store(key, record, field, data, actor, undefined, {
        ...limits,
        maxUploadBytes: Number.POSITIVE_INFINITY,
      });
    },
  };
}

/** A map's or a floor's picture: the one its tiles are cut from. */
function isPicture(key: ModelKey, field: string): boolean {
  return (key === 'map' && field === 'mapImage') || (key === 'maplevel' && field === 'levelImage');
}

/** Removes earlier files of a field (another extension) once the new one is in place. */
async function removeSiblings(dir: string, keep: string) {
  let entries: string[] = [];
  try {
    entries = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry !== keep && !entry.startsWith('.')) await fs.rm(path.join(dir, entry), { force: true });
  }
}

export type ImageService = ReturnType<typeof createImageService>;
