import { HttpError, request } from '../../api/client.ts';
import { getSession } from '../../api/session.ts';
import { config } from '../../app/config.ts';
import type { AdminRecord } from './api.ts';

const path = (model: string, action: string, id: string, field: string) =>
  `/admin/${encodeURIComponent(model)}/${action}/${encodeURIComponent(id)}/${encodeURIComponent(field)}`;

/** Uploads an image file into a record's image field (multipart, §7.7). */
export async function uploadImage(model: string, id: string, field: string, file: Blob, name = 'upload') {
  const body = new FormData();
  body.append('file', file, name);
  const session = getSession();
  const res = await fetch(`${config.apiBase}${path(model, 'addImage', id, field)}`, {
    method: 'POST',
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
    body,
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new HttpError(res.status, json);
  return json as AdminRecord;
}

/** Adds an image from a remote URL; the URL wins over a chosen file when both are given (§5). */
export function addImageFromUrl(model: string, id: string, field: string, remoteUrl: string) {
  return request<AdminRecord>('POST', path(model, 'addImageRemoteUrl', id, field), { remoteUrl });
}

export function removeImage(model: string, id: string, field: string) {
  return request<AdminRecord>('DELETE', path(model, 'removeImage', id, field));
}

/**
 * The 150×150 admin thumbnail of an image field with its 300×300 variant for 2× screens, or undefined
 * when the record has none.
 */
export function adminThumb(
  model: string,
  record: AdminRecord,
  field: string,
): { src: string; srcSet: string } | undefined {
  const img = (record.images as Record<string, { fileName?: string; version?: string }> | undefined)?.[field];
  if (!img?.fileName) return undefined;
  const v = img.version ? `?v=${encodeURIComponent(img.version)}` : '';
  const at = (size: string) =>
    `${config.imageHost}/thumbs/${model}/${encodeURIComponent(record._id)}/${field}/${size}/${encodeURIComponent(img.fileName ?? '')}${v}`;
  return { src: at('150x150'), srcSet: `${at('150x150')} 1x, ${at('300x300')} 2x` };
}

/** Records whose picture is cut into tiles: a map, and each of its floors. */
export type PictureModel = 'map' | 'maplevel';
export const pictureFieldOf: Record<PictureModel, string> = { map: 'mapImage', maplevel: 'levelImage' };

/** The status route of a map's or a floor's processing job. */
export const processStatusPath = (model: PictureModel, id: string) =>
  `/admin/${model === 'map' ? 'processMap' : 'processMapLevel'}/${encodeURIComponent(id)}/status`;

/** Starts cutting a map's (§7.7) or a floor's picture into tiles; the status route follows its progress. */
export function processPicture(model: PictureModel, record: AdminRecord) {
  const id = encodeURIComponent(record._id);
  return request<AdminRecord>(
    'POST',
    model === 'map'
      ? `/admin/processMap/${id}/${encodeURIComponent(String(record.gameId))}`
      : `/admin/processMapLevel/${id}`,
  );
}
