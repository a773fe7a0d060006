import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { getSharp } from './sharp.ts';
import { makeJpeg, makePng, makeTruncatedPng } from './testImages.ts';
import { writeThumbnails } from './thumbnails.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-thumbs-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('thumbnails', () => {
  it('writes a 150×150 admin thumbnail and a 128-high category thumbnail', async () => {
    const admin = path.join(dir, 'a', '150x150', 'image.png');
    const category = path.join(dir, 'a', 'h128', 'image.png');
    await writeThumbnails(await makePng(800, 400), 'png', { '150x150': admin, h128: category }, 1e8);
    const a = await getSharp()(admin).metadata();
    const c = await getSharp()(category).metadata();
    expect([a.format, a.width, a.height]).toEqual(['png', 150, 150]);
    expect([c.format, c.width, c.height]).toEqual(['png', 256, 128]);
  });

  it('writes the 2× variants at twice the size', async () => {
    const admin = path.join(dir, 'a2', '300x300', 'image.png');
    const category = path.join(dir, 'a2', 'h256', 'image.png');
    await writeThumbnails(await makePng(800, 400), 'png', { '300x300': admin, h256: category }, 1e8);
    const a = await getSharp()(admin).metadata();
    const c = await getSharp()(category).metadata();
    expect([a.width, a.height]).toEqual([300, 300]);
    expect([c.width, c.height]).toEqual([512, 256]);
  });

  it('keeps the format of the original', async () => {
    const file = path.join(dir, 'b', 'image.jpg');
    await writeThumbnails(await makeJpeg(300, 600), 'jpeg', { h128: file }, 1e8);
    const meta = await getSharp()(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 128]);
  });

  it('gives a readable error for a corrupt image and writes nothing', async () => {
    const file = path.join(dir, 'c', 'image.png');
    const error = await writeThumbnails(await makeTruncatedPng(), 'png', { '150x150': file }, 1e8).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe('CORRUPT_IMAGE');
    expect((error as MediaError).message).toMatch(/^The image could not be decoded: \S/);
    expect(await fs.readdir(path.dirname(file))).toEqual([]);
  });
});
