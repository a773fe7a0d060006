import { markerDefinitionTypes } from '@waypoint/shared';
import {
  type MapPackageContent,
  MapPackageError,
  mapPackageLimits,
  readMapPackage,
  writeMapPackage,
} from '@waypoint/shared/interop/map-package';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipEntries, zipEntries } from './package-zip.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A generated map: two floors, a definition and a marker of every type, unicode text, a quest chain. */
function generated(): MapPackageContent {
  const map = {
    _id: 'm_sued',
    gameId: 'old_game',
    name: 'Karte „Süd“ 🗺️ 東',
    categoryId: 'cat1',
    weight: 3,
    enabled: true,
    authorName: 'Zoë',
    authorLink: 'https://example.org/zoë',
    attribution: '<p>© Ærø</p>',
    maxZoom: 2,
    coordScale: 1.5,
    coordOffsetX: 10,
    coordOffsetY: -4,
    coordRotation: 90,
    coordUnit: 'm',
    images: { mapImage: { fileName: 'mapImage.png', imageWidth: 1024, imageHeight: 768, version: 'v1' } },
  };
  const levels = [0, 1].map((level) => ({
    _id: `lvl${level}`,
    mapId: 'm_sued',
    level,
    name: level ? 'Obergeschoss ↑' : 'Erdgeschoss',
    shortLabel: level ? 'O' : 'E',
    isDefault: level === 0,
  }));
  const definitions = markerDefinitionTypes.map((type, i) => ({
    _id: `def_${type.toLowerCase()}`,
    gameId: 'old_game',
    name: `${type} — Schätze ✨`,
    description: '<p>Ünïcödé</p>',
    markerDefinitionType: type,
    backgroundShape: 'CIRCLE',
    wrapperColor: '#112233',
    innerColor: '#445566',
    polygonColor: '#778899',
    width: 20 + i,
    height: 30 + i,
    completable: i % 2 === 0,
    showNameLabel: true,
    quest: i === 0,
  }));
  const markers = markerDefinitionTypes.map((type, i) => ({
    _id: `mk_${i}`,
    mapId: 'm_sued',
    markerDefinitionId: `def_${type.toLowerCase()}`,
    name: `Marker ${i} – ß 🐉`,
    description: '<p>日本語</p>',
    lat: -(100 + i) / 4,
    lng: (200 + i) / 4,
    level: [-1, 0, 1][i % 3],
    questId: i === 0 ? 'q2' : '',
    questObjective: i === 0 ? 'Finde den Schlüssel' : '',
    polygonPoints:
      type === 'ROUTE' || type === 'POLYGON'
        ? [
            [-10, 10],
            [-20, 40],
            [-30, 12],
          ]
        : [],
    authorName: 'Ana',
  }));
  return {
    map,
    categories: [{ _id: 'cat1', gameId: 'old_game', name: 'Région', weight: 1, preferredMap: 'm_sued' }],
    levels,
    definitions,
    traders: [{ _id: 'tr1', gameId: 'old_game', name: 'Händler', weight: 2 }],
    quests: [
      { _id: 'q1', gameId: 'old_game', name: 'Erste Schritte', traderId: 'tr1', questLevel: 1 },
      { _id: 'q2', gameId: 'old_game', name: 'Zweite Schritte', previous: 'q1', objectives: ['a', 'ä'] },
    ],
    markers,
  };
}

const packaged = (content: MapPackageContent) =>
  zipEntries(
    writeMapPackage({
      site: 'https://maps.example.org',
      exportedAt: '2026-11-27T12:00:00.000Z',
      content,
      pictures: [
        { model: 'map', id: String(content.map._id), fileName: 'mapImage.png', data: png },
        { model: 'maplevel', id: 'lvl1', fileName: 'levelImage.png', data: png },
        { model: 'markerdefinition', id: 'def_image', fileName: 'image.png', data: png },
      ],
    }),
  );

const problemsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof MapPackageError) return error.problems;
    throw error;
  }
  throw new Error('no problem reported');
};

describe('map package format', () => {
  it('keeps every field through package and back (the game becomes the one imported into)', () => {
    const content = generated();
    const read = readMapPackage(unzipEntries(packaged(content)), { gameId: 'new_game' });
    const strip = ({ images: _images, ...r }: Record<string, unknown>) =>
      'gameId' in r ? { ...r, gameId: 'new_game' } : r;
    expect(read.records.map).toEqual([strip(content.map)]);
    expect(read.records.maplevel).toEqual(content.levels);
    expect(read.records.category).toEqual(content.categories.map(strip));
    expect(read.records.markerdefinition).toEqual(content.definitions.map(strip));
    expect(read.records.trader).toEqual(content.traders.map(strip));
    expect(read.records.quest).toEqual(content.quests.map(strip));
    expect(read.records.placedmarker).toEqual(content.markers);
    expect(read.notes).toEqual([]);
    expect(read.manifest).toMatchObject({ site: 'https://maps.example.org', mapId: 'm_sued', version: 1 });
    expect(read.pictures.map((p) => [p.model, p.id, p.field, [...p.data]])).toEqual([
      ['map', 'm_sued', 'mapImage', [...png]],
      ['maplevel', 'lvl1', 'levelImage', [...png]],
      ['markerdefinition', 'def_image', 'image', [...png]],
    ]);
  });

  it('refuses what is not a zip, path traversal, bombs and too many entries before unpacking', () => {
    expect(problemsOf(() => unzipEntries(new TextEncoder().encode('{"not":"zip"}')))).toEqual([
      { record: '(archive)', field: '', message: 'Not a zip archive' },
    ]);
    for (const name of ['../evil.txt', '/etc/passwd', 'a/../../b', 'C:/x', 'a\\..\\b']) {
      const zip = zipSync({ 'manifest.json': new Uint8Array([1]), [name]: new Uint8Array([2]) });
      expect(problemsOf(() => unzipEntries(zip))).toEqual([
        { record: name, field: 'name', message: 'Not a name inside the archive' },
      ]);
    }
    // 24 MB of zeros deflate to ~24 KB: over an 8 MB bound it is refused by its declared size.
    const bomb = zipSync({ 'content.json': new Uint8Array(24 * 1024 * 1024) });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const limits = { ...mapPackageLimits, maxUnpackedBytes: 8 * 1024 * 1024 };
    expect(problemsOf(() => unzipEntries(bomb, limits))[0]).toMatchObject({ field: 'size' });
    // A bomb that lies about its size (declares 100 bytes) is stopped while unpacking.
    const lying = Uint8Array.from(bomb);
    const view = new DataView(lying.buffer);
    for (let at = 0; at < lying.length - 4; at++) {
      const sig = view.getUint32(at, true);
      if (sig === 0x04034b50) view.setUint32(at + 22, 100, true);
      if (sig === 0x02014b50) view.setUint32(at + 24, 100, true);
    }
    expect(problemsOf(() => unzipEntries(lying))).toEqual([
      { record: 'content.json', field: 'size', message: 'Unpacks to more than the archive declares' },
    ]);
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.txt`, new Uint8Array([i])])),
    );
    expect(problemsOf(() => unzipEntries(many, { ...mapPackageLimits, maxEntries: 10 }))).toEqual([
      { record: '(archive)', field: 'entries', message: '12 entries: at most 10' },
    ]);
  });

  it('names the entry, record and field of each bad record', () => {
    const files = unzipEntries(packaged(generated()));
    const without = new Map(files);
    without.delete('manifest.json');
    expect(problemsOf(() => readMapPackage(without, { gameId: 'g' }))).toEqual([
      { record: 'manifest.json', field: '', message: 'Missing from the archive' },
    ]);
    const manifest = JSON.parse(String(files.get('manifest.json')));
    const withManifest = (m: unknown) => new Map([...files, ['manifest.json', JSON.stringify(m)]]);
    expect(
      problemsOf(() => readMapPackage(withManifest({ ...manifest, version: 7 }), { gameId: 'g' })),
    ).toEqual([
      {
        record: 'manifest.json',
        field: 'version',
        message: 'Version 7 is not read here (this site reads version 1)',
      },
    ]);
    expect(
      problemsOf(() => readMapPackage(withManifest({ ...manifest, format: 'other' }), { gameId: 'g' }))[0],
    ).toMatchObject({ record: 'manifest.json', field: 'format' });

    const content = generated();
    content.markers.push({ ...content.markers[1]!, name: 'again' });
    content.markers[2] = { ...content.markers[2]!, lat: 5, lng: 9999 };
    content.definitions.push({ ...content.definitions[0]! });
    expect(problemsOf(() => readMapPackage(unzipEntries(packaged(content)), { gameId: 'g' }))).toEqual([
      { record: 'content.json definitions[5]', field: '_id', message: 'Duplicate id "def_html"' },
      { record: 'content.json markers[5]', field: '_id', message: 'Duplicate id "mk_1"' },
      {
        record: 'content.json markers[2]',
        field: 'lat',
        message: 'Outside the map: positions are within its picture of 1024 × 768 pixels',
      },
    ]);
  });
});
