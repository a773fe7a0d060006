/**
 * Child process that draws one procedural demo map to a PNG file (CPU-heavy, so it runs outside
 * the server process at a lower priority). Arguments: out-file width height seed title look.
 */
import { writeFile } from 'node:fs/promises';
import { generateProceduralMap } from '../../db/seed/art/procedural.ts';
import { isMapLook } from '../../db/seed/art/procedural-plan.ts';
import { serveMediaChild } from '../../media/child.ts';

const [out, width, height, seed, title, look] = process.argv.slice(2);
await serveMediaChild(async () => {
  const map = await generateProceduralMap({
    width: Number(width),
    height: Number(height),
    seed,
    title,
    look: isMapLook(look) ? look : 'island',
  });
  await writeFile(out, map.png);
  return { width: map.width, height: map.height };
});
