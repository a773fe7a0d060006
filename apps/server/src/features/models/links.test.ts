import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

const write = (method: 'PUT' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, payload });

const scriptLinks = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/path',
  'not a link',
];

describe('link fields', () => {
  it.each(scriptLinks)('refuses %j in every link field with a 400 naming the field', async (link) => {
    const cases: [string, 'PUT' | 'PATCH', string, Record<string, unknown>][] = [
      [
        'body.wikiLink',
        'PUT',
        '/api/admin/quest',
        { _id: 'q_link', gameId: 'g1', name: 'Q', wikiLink: link },
      ],
      ['body.wikiLink', 'PATCH', '/api/admin/quest/q1', { wikiLink: link }],
      ['body.authorLink', 'PATCH', '/api/admin/map/g1_map_a', { authorLink: link }],
      ['body.authorLink', 'PATCH', '/api/admin/placedmarker/pm_1', { authorLink: link }],
    ];
    for (const [field, method, url, payload] of cases) {
      const res = await write(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
  });

  it('accepts http(s) links and an empty one', async () => {
    for (const link of ['https://wiki.example.org/Quest_1', 'http://example.org/a?b=c#d', '']) {
      const res = await write('PATCH', '/api/admin/quest/q1', { wikiLink: link });
      expect(res.statusCode).toBe(200);
      expect(res.json().wikiLink).toBe(link);
    }
  });
});
