/**
 * Child process that decodes one incoming image: checks it, draws an SVG to PNG, reads its size and
 * writes the thumbnails (see image-job.ts). Argument: JSON `{ input, output, thumbs, limits }`.
 * Sends the image's `{ type, ext, width, height }`, or `{ error, code }`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { serveMediaChild } from './child.ts';
import { type MediaLimits, prepareImage } from './limits.ts';
import type { ThumbVariant } from './paths.ts';
import { useOneSharpThread } from './sharp.ts';
import { writeThumbnails } from './thumbnails.ts';

const job = JSON.parse(process.argv[2]) as {
  input: string;
  output: string;
  thumbs: Partial<Record<ThumbVariant, string>>;
  limits: MediaLimits;
};
useOneSharpThread();
await serveMediaChild(async () => {
  const image = await prepareImage(await readFile(job.input), job.limits);
  // Thumbnails decode the whole image, so a corrupt body is refused here, before anything is stored.
  await writeThumbnails(image.data, image.type, job.thumbs, job.limits.maxInputPixels);
  await writeFile(job.output, image.data);
  return { type: image.type, ext: image.ext, width: image.width, height: image.height };
});
