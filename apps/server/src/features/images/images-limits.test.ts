import { describe, expect, it } from 'vitest';
import { makePng } from '../../media/testImages.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp({ overrides: { uploadLimitBytes: 2000, maxImagePixels: 100 * 100 } });

describe('configured limits', () => {
  it('refuses an upload over UPLOAD_LIMIT_BYTES with 413', async () => {
    const big = Buffer.concat([await makePng(10, 10), Buffer.alloc(5000)]);
    const body = multipartFile(big);
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/game/addImage/g1/image',
      payload: body.payload,
      headers: { ...body.headers, ...env.admin.auth },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses an image over MAX_IMAGE_PIXELS with 413', async () => {
    const body = multipartFile(await makePng(101, 100));
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/game/addImage/g1/image',
      payload: body.payload,
      headers: { ...body.headers, ...env.admin.auth },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('101×100');
    const ok = multipartFile(await makePng(100, 100));
    const accepted = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/game/addImage/g1/image',
      payload: ok.payload,
      headers: { ...ok.headers, ...env.admin.auth },
    });
    expect(accepted.statusCode).toBe(200);
  });
});
