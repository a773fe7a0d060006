import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getModel, type ModelKey, modelKeyOf, serverMessages, type TStoredImage } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { ChildLimits } from '../../media/child.ts';
import { isMediaError } from '../../media/errors.ts';
import { type DecodedImage, decodeImageInChild } from '../../media/image-job.ts';
import type { MediaLimits } from '../../media/limits.ts';
import { mediaKeys, thumbVariants } from '../../media/paths.ts';
import { fetchRemote } from '../../media/remote.ts';
import { contentTypes } from '../../media/sniff.ts';
import { isStorageUnavailable } from '../../storage/index.ts';
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

/** Content type of a stored picture by its (server-chosen) extension. */
function typeOf(fileName: string): string | undefined {
  return contentTypes[path.extname(fileName).slice(1).toLowerCase()];
}

/**
 * Image fields of the registry's models: upload (file or remote URL), remove. Files go to the
 * storage (DATA_DIR or a bucket) as `uploads/{model}/{id}/{field}/{field}.{ext}` with thumbnails
 * under `thumbs/…`; the record's `images` map keeps the file name, size and version, written
 * through the model write path only once every file is stored (a storage fault leaves the record
 * as it was and answers 503).
 */
export function createImageService(ctx: AppContext, log?: FastifyBaseLogger) {
  const storage = mediaKeys;
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

  /** Stores decoded or staged files (local work files) as a record field's picture and thumbnails. */
  async function moveIntoPlace(
    key: ModelKey,
    id: string,
    field: string,
    fileName: string,
    file: string,
    thumbs: Partial<Record<(typeof thumbVariants)[number], string>>,
  ) {
    const type = typeOf(fileName);
    await Promise.all(
      thumbVariants.map((v) =>
        ctx.store.putFile(storage.thumbFile(key, id, field, v, fileName), thumbs[v]!, type),
      ),
    );
    await ctx.store.putFile(storage.uploadFile(key, id, field, fileName), file, type);
  }

  /** Removes a field's earlier files of another extension, once the record names the new one. */
  async function removeSiblings(key: ModelKey, id: string, field: string, keep: string) {
    const stale: string[] = [];
    for (const dir of [storage.uploadDir(key, id, field), storage.thumbDir(key, id, field)]) {
      for await (const item of ctx.store.list(dir)) {
        if (path.posix.basename(item.key) !== keep) stale.push(item.key);
      }
    }
    if (stale.length) await ctx.store.delete(stale);
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
        digest: await digestOf(createReadStream(decoded.file)),
      };
      const written = await writeImage(key, id, field, stored, actor);
      await removeSiblings(key, id, field, fileName).catch((error) =>
        log?.warn({ err: error }, 'could not remove earlier picture files'),
      );
      return written;
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

  const stagedKey = (image: TStoredImage, variant: string) =>
    `${storage.stagedDir(image.version ?? '')}/${variant}/${image.fileName}`;

  /** Decodes a picture (in a child process) and keeps it under `staged/{version}` until attached. */
  async function stage(field: string, read: () => Promise<Buffer>, requestField: string) {
    let decoded: DecodedImage | undefined;
    try {
      decoded = await decodeImageInChild(await read(), workDir, thumbVariants, limits, childLimits);
      const image: TStoredImage = {
        fileName: `${field}.${decoded.ext}`,
        imageWidth: decoded.width,
        imageHeight: decoded.height,
        version: newVersion(),
        digest: await digestOf(createReadStream(decoded.file)),
      };
      for (const [variant, from] of [['file', decoded.file], ...Object.entries(decoded.thumbs)]) {
        await ctx.store.putFile(stagedKey(image, variant!), from!, typeOf(image.fileName));
      }
      return image;
    } catch (error) {
      if (isStorageUnavailable(error)) throw error;
      const message =
        (isMediaError(error) || error instanceof Error ? error.message : String(error)) || 'Not an image';
      throw new HttpError(400, `Invalid ${requestField}: ${message}`, [{ field: requestField, message }]);
    } finally {
      await decoded?.cleanUp();
    }
  }

  return {
    storage,
    get store() {
      return ctx.store;
    },
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
     * `staged/{version}` in storage until `attachStaged` moves it onto the record. A refusal is a 400 naming
     * `requestField`.
     */
    async stageFromUrl(field: string, url: string, requestField: string): Promise<TStoredImage> {
      return stage(field, async () => (await fetchImage(url)).data, requestField);
    },

    /** The same for a picture's bytes (a map package's picture, staged with its import). */
    async stageFromBytes(field: string, data: Buffer, requestField: string): Promise<TStoredImage> {
      return stage(field, async () => data, requestField);
    },

    /** Moves a staged image onto a record's image field (no fetch, no decoding) and answers the record. */
    async attachStaged(model: string, id: string, field: string, image: TStoredImage, actor: Actor) {
      const { key } = await target(model, id, field);
      // Staged files may have been written by another process: copied through local work files.
      const local = path.join(workDir, `staged-${process.pid}-${randomBytes(6).toString('hex')}`);
      try {
        const files: Record<string, string> = {};
        for (const variant of ['file', ...thumbVariants]) {
          files[variant] = path.join(local, variant);
          if (!(await ctx.store.download(stagedKey(image, variant), files[variant]))) {
            throw new Error(`The suggested picture ${image.fileName} is no longer stored`);
          }
        }
        await moveIntoPlace(key, id, field, image.fileName, files.file, files);
      } finally {
        await fs.rm(local, { recursive: true, force: true });
      }
      const written = await writeImage(key, id, field, image, actor);
      await removeSiblings(key, id, field, image.fileName);
      await ctx.store.deletePrefix(storage.stagedDir(image.version ?? ''));
      return written;
    },

    /**
     * The SHA-256 of a record's stored picture file: the one kept with it, else (a picture stored
     * before digests were kept) read from the stored file. Undefined when the file is gone.
     */
    async storedDigest(model: ModelKey, id: string, field: string, image: TStoredImage) {
      if (image.digest) return image.digest;
      const file = await ctx.store.get(storage.uploadFile(model, id, field, image.fileName));
      return file ? digestOf(file.body) : undefined;
    },

    /** Removes staged images that will not be attached (their suggestion was rejected, changed or removed). */
    async discardStaged(images: TStoredImage[]) {
      for (const image of images) await ctx.store.deletePrefix(storage.stagedDir(image.version ?? ''));
    },

    async removeImage(model: string, id: string, field: string, actor: Actor) {
      const { key, record } = await target(model, id, field);
      if (!(record.images as Record<string, TStoredImage>)[field]) {
        throw notFound(serverMessages.notFound('Image', `${model}/${id}/${field}`));
      }
      const extra: ModelRecord = isPicture(key, field) ? { imagePath: '' } : {};
      // The files go first: a storage fault answers 503 and the record still names its picture.
      await ctx.store.deletePrefix(storage.uploadDir(key, id, field));
      await ctx.store.deletePrefix(storage.thumbDir(key, id, field));
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
        for (const prefix of storage.recordPrefixes(model, id)) await ctx.store.deletePrefix(prefix);
        if ((model === 'map' || model === 'maplevel') && record.tilesPath)
          // Every version of the pyramid (`{gameId}/{mapId}[--{levelId}]/{version}`).
          await ctx.store.deletePrefix(
            storage.tilesDir((record.tilesPath as string).split('/').slice(0, 2).join('/')),
          );
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

export type ImageService = ReturnType<typeof createImageService>;

/** SHA-256 (hex) of a stream's bytes. */
async function digestOf(body: AsyncIterable<Buffer | Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk);
  return hash.digest('hex');
}
