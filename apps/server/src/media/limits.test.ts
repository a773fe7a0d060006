import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { defaultMediaLimits, prepareImage } from './limits.ts';
import { readHeaderSize, sniffImageType } from './sniff.ts';
import { svgSafetyProblem } from './svg.ts';
import { makeGif, makeJpeg, makePng, makePngBomb, makeWebp } from './testImages.ts';

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe('sniffing', () => {
  it('detects the real type and the header size of each raster format', async () => {
    const cases = [
      ['png', await makePng(31, 17)],
      ['jpeg', await makeJpeg(31, 17)],
      ['webp', await makeWebp(31, 17)],
      ['webp', await makeWebp(31, 17, true)],
      ['gif', await makeGif(31, 17)],
    ] as const;
    for (const [type, data] of cases) {
      expect(sniffImageType(data)).toBe(type);
      expect(readHeaderSize(data, type)).toEqual({ width: 31, height: 17 });
    }
  });

  it('does not trust names: text, HTML and PDF are not images', () => {
    expect(sniffImageType(Buffer.from('hello world'))).toBeNull();
    expect(sniffImageType(Buffer.from('<html><body><svg></svg></body></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(
      sniffImageType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe('svg');
  });
});

describe('prepareImage', () => {
  it('accepts a PNG and reports its size', async () => {
    const image = await prepareImage(await makePng(40, 30));
    expect(image).toMatchObject({ type: 'png', ext: 'png', width: 40, height: 30, rasterized: false });
  });

  it('refuses a tiny file that declares 30000×30000 pixels before decoding it', async () => {
    const bomb = await makePngBomb();
    expect(bomb.length).toBeLessThan(1000);
    const started = Date.now();
    const error = await refusal(prepareImage(bomb, { ...defaultMediaLimits, maxInputPixels: 100_000_000 }));
    expect(error.code).toBe('TOO_MANY_PIXELS');
    expect(error.statusCode).toBe(413);
    expect(error.message).toContain('30000×30000');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('refuses a file over the byte limit', async () => {
    const error = await refusal(
      prepareImage(await makePng(64, 64), { maxUploadBytes: 50, maxInputPixels: 1e6 }),
    );
    expect(error.code).toBe('TOO_LARGE');
  });

  it('refuses a non-image with 415 whatever its name', async () => {
    const error = await refusal(prepareImage(Buffer.from('#!/bin/sh\necho pwned\n')));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_TYPE', statusCode: 415 });
  });

  it('refuses a truncated header', async () => {
    const png = await makePng(20, 20);
    const error = await refusal(prepareImage(png.subarray(0, 14)));
    expect(error.code).toBe('CORRUPT_IMAGE');
  });

  it('accepts an ordinary SVG with internal references, gradients and a style sheet', () => {
    const text =
      '<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
      '<!-- drawn by hand --><style><![CDATA[ .a { fill: url("#g"); stroke: #000 } ]]></style>' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
      '<path id="p" class="a" d="M0 0 L10 10" fill="url(#g)"/><use xlink:href="#p"/></svg>';
    expect(svgSafetyProblem(text)).toBeNull();
  });

  it('draws a safe SVG to PNG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="url(#g)"/>' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs></svg>',
    );
    const image = await prepareImage(svg);
    expect(image).toMatchObject({ type: 'png', ext: 'png', rasterized: true, width: 512, height: 256 });
    expect(sniffImageType(image.data)).toBe('png');
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    [
      'an external image',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="http://evil.example/x.png"/></svg>',
    ],
    [
      'a file reference',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="file:///etc/passwd#a"/></svg>',
    ],
    [
      'an entity',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    ],
    [
      'a CSS url',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/a)"/></svg>',
    ],
    ['HTML', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>'],
    [
      'a filter under a prefix with a dot',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:a.b="http://www.w3.org/2000/svg"><a.b:filter id="f"><a.b:feTurbulence baseFrequency="0.9"/></a.b:filter><rect width="9" height="9"/></svg>',
    ],
    [
      'a filter property written with a CSS escape',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" style="fil\\74 er:url(#f)"/></svg>',
    ],
    [
      'a filter property in a style sheet written with a CSS escape',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>rect { f\\69lter: url(#f) }</style><rect width="9" height="9"/></svg>',
    ],
    [
      'an escaped CSS url to a file',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" style="fill:\\75 rl(file:///etc/passwd)"/></svg>',
    ],
    [
      'an escaped url in a CSS string',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" fill="url(&quot;\\68 ttps://evil.example/a&quot;)"/></svg>',
    ],
    [
      'an escaped import',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@\\69mport "https://evil.example/a.css";</style></svg>',
    ],
    ['XML that is not well-formed', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
  ])('refuses an SVG with %s', async (_what, text) => {
    expect(svgSafetyProblem(text)).not.toBeNull();
    const error = await refusal(prepareImage(Buffer.from(text)));
    expect(error.code).toBe('UNSAFE_SVG');
  });
});
