import { expect, test } from '../support/fixtures.ts';

const gamePath = '/game/frontier_zone';

/** The picture the browser chose for the first category card, once it has loaded. */
async function firstCardPicture(page: import('@playwright/test').Page) {
  const img = page.getByTestId('category-card').first().locator('img');
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
  // The file's own pixel height (an image chosen by a 2x descriptor reports half of it).
  return img.evaluate(async (i: HTMLImageElement) => {
    const file = new Image();
    file.src = i.currentSrc;
    await file.decode();
    return { src: i.currentSrc, height: file.naturalHeight };
  });
}

test.describe('thumbnails on a 2x screen', () => {
  test.use({ deviceScaleFactor: 2 });

  test('category cards load the picture at twice the size, and the 1x one when no 2x exists', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The demo's map pictures (the cards' fallback) are drawn in the background after the server starts.
    await page.goto(gamePath);
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await firstCardPicture(page).catch(() => ({ src: '' }))).src;
        },
        { timeout: 150_000, intervals: [1000, 2000, 4000] },
      )
      .toContain('/h256/');
    const sharp = await firstCardPicture(page);
    expect(sharp.height).toBe(256);

    // A picture stored before the 2x variants existed has none: the card shows the 1x one.
    await page.route('**/thumbs/**/h256/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    const plain = await firstCardPicture(page);
    expect(plain.src).toContain('/h128/');
    expect(plain.height).toBe(128);
  });
});
