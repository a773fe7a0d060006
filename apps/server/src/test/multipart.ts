import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body holding one file, as a browser's upload sends it, for `app.inject`:
 * its payload and headers (with `auth`'s when given).
 */
export function multipartFile(
  data: Buffer,
  options: { field?: string; filename?: string; auth?: Record<string, string> } = {},
) {
  const { field = 'file', filename = 'upload.png', auth = {} } = options;
  const boundary = `----waypoint${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...auth } };
}
