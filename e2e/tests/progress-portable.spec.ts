import { readFileSync } from 'node:fs';
import { progressVersion } from '@waypoint/shared/progress/portable';
import { progressMessages as t } from '@waypoint/shared/progress-messages';
import { seriousViolations } from '../support/axe.ts';
import { createConfirmedUser, expect, seenToast, submitLogin, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

async function tokenOf(
  request: import('@playwright/test').APIRequestContext,
  email: string,
  password: string,
) {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

// axe is injected as a script tag, which the site's CSP forbids.
test.use({ bypassCSP: true });

test('a player exports their progress and another account imports it after a preview', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The first player: a quest, one of its objectives, a level and a found marker, through the API.
  const first = await createConfirmedUser(request);
  const auth = { authorization: `Bearer ${await tokenOf(request, first.email, first.password)}` };
  const quests = (await (await request.get('/api/quests/fz_coast_harbor')).json()) as {
    quest: { _id: string };
  }[];
  const quest = quests[0]!.quest;
  expect(
    (await request.get(`/api/user/quest/complete/frontier_zone/${quest._id}`, { headers: auth })).ok(),
  ).toBe(true);
  expect(
    (
      await request.post(`/api/user/quest/objective/frontier_zone/${quest._id}`, {
        headers: auth,
        data: { objective: 0, done: true },
      })
    ).ok(),
  ).toBe(true);
  expect((await request.get('/api/user/quest/setuserlevel/frontier_zone/14', { headers: auth })).ok()).toBe(
    true,
  );
  const built = await request.put('/api/user/hideout/frontier_zone/fz_h_workbench', {
    headers: auth,
    data: { level: 2 },
  });
  expect(built.ok()).toBe(true);
  // The map's markers come as columns (one array per field).
  const markers = (await (await request.get('/api/map/fz_coast_harbor/markers')).json()) as {
    markers: { id: string[] };
  };
  const marker = markers.markers.id[0]!;
  expect(
    (
      await request.post(`/api/usercompletedmarkers/markCompleted/${marker}`, { headers: auth, data: {} })
    ).ok(),
  ).toBe(true);

  // An own pin and a note on the marker.
  const pin = await request.post('/api/user/pins/fz_coast_harbor', {
    headers: auth,
    data: { name: 'Stash by the pier', note: 'Bring a key', colour: 'green', x: 400, y: 300 },
  });
  expect(pin.status()).toBe(201);
  const note = await request.put(`/api/user/marker-notes/${marker}`, {
    headers: auth,
    data: { note: 'Looted on Tuesday' },
  });
  expect(note.ok()).toBe(true);

  // Export from the profile page: the download is the documented file.
  await page.goto('/login?nextUrl=%2Fprofile');
  await submitLogin(page, first.email, first.password);
  await expect(page).toHaveURL(/\/profile$/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.exportButton }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^waypoint-progress-${first.username}-.*\\.json$`));
  const path = await download.path();
  const exported = JSON.parse(readFileSync(path, 'utf8'));
  expect(exported).toMatchObject({ format: 'waypoint-progress', version: progressVersion });
  expect(exported.games[0]).toMatchObject({
    gameId: 'frontier_zone',
    level: 14,
    completedQuests: [quest._id],
    completedObjectives: { [quest._id]: [0] },
    hideoutLevels: [{ moduleId: 'fz_h_workbench', level: 2 }],
    completedMarkers: [marker],
    pins: [
      {
        mapId: 'fz_coast_harbor',
        name: 'Stash by the pier',
        note: 'Bring a key',
        colour: 'green',
        x: 400,
        y: 300,
      },
    ],
    markerNotes: [{ markerId: marker, note: 'Looted on Tuesday' }],
  });
  await seenToast(page, t.exported);

  // A second account imports it: a bad file is refused with its reason, then the preview, then Import.
  const second = await createConfirmedUser(request);
  await page.context().clearCookies();
  const other = page;
  await other.goto('/login?nextUrl=%2Fprofile');
  await submitLogin(other, second.email, second.password);
  await expect(other).toHaveURL(/\/profile$/);
  const choose = async (files: Parameters<import('@playwright/test').FileChooser['setFiles']>[0]) => {
    const chooser = other.waitForEvent('filechooser');
    await other.getByLabel(t.fileLabel).click();
    await (await chooser).setFiles(files);
  };
  await choose({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"games": 3}'),
  });
  // Said in the player's words, not the file schema's.
  await expect(other.getByRole('alert').filter({ hasText: 'This is not a progress file' })).toHaveText(
    t.notAProgressFile(t.notFromSite),
  );
  await choose({
    name: 'newer.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ format: 'waypoint-progress', version: 99, games: [] })),
  });
  await expect(other.getByRole('alert').filter({ hasText: 'This is not a progress file' })).toHaveText(
    t.notAProgressFile(t.newerVersion),
  );
  await choose(path);
  const preview = other.getByTestId('progress-preview');
  const row = preview.getByRole('row', { name: /Frontier Zone/ });
  await expect(row).toContainText('1 → 14');
  await expect(row.getByRole('cell').nth(2)).toHaveText('+1 · −0');
  // Objectives, items, hideout modules, markers, own pins, notes.
  await expect(row.getByRole('cell').nth(3)).toHaveText('+1 · −0');
  await expect(row.getByRole('cell').nth(4)).toHaveText('+0 · −0');
  await expect(row.getByRole('cell').nth(5)).toHaveText('+1 · −0');
  await expect(row.getByRole('cell').nth(6)).toHaveText('+1 · −0');
  await expect(row.getByRole('cell').nth(7)).toHaveText('+1 · −0');
  await expect(row.getByRole('cell').nth(8)).toHaveText('+1 · −0');
  expect(await seriousViolations(other)).toEqual([]);
  await other.setViewportSize({ width: 390, height: 844 });
  await reviewShot(other, 'profile-import-390.png', { fullPage: true });
  await other.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(other, 'profile-import-1440.png', { fullPage: true });
  await other.getByRole('button', { name: t.importButton }).click();
  await expect(preview).toBeHidden();
  const secondAuth = { authorization: `Bearer ${await tokenOf(request, second.email, second.password)}` };
  const mine = (await (await request.get('/api/user/progress/export', { headers: secondAuth })).json()) as {
    games: { pins: { id: string }[] }[];
  };
  // The same progress; the pin comes over under an id of its own (the first player keeps theirs).
  const withoutPinIds = (games: { pins: { id: string }[] }[]) =>
    games.map((g) => ({ ...g, pins: g.pins.map(({ id: _, ...rest }) => rest) }));
  expect(withoutPinIds(mine.games)).toEqual(withoutPinIds(exported.games));
  expect(mine.games[0]!.pins[0]!.id).not.toBe(exported.games[0].pins[0].id);
});
