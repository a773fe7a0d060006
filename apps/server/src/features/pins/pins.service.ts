import { randomBytes } from 'node:crypto';
import { getModel, serverMessages } from '@waypoint/shared';
import { escapeHtml } from '@waypoint/shared/html';
import { mapPictureSize, pixelToLatLng } from '@waypoint/shared/map/pixels';
import {
  featureToPin,
  type GeoJsonImportResult,
  pinsToGeoJson,
  type RefusedFeature,
} from '@waypoint/shared/pins/geojson';
import { pinsMessages } from '@waypoint/shared/pins/pins-messages';
import {
  MAX_PINS_PER_MAP,
  type TMapPins,
  type TNewPin,
  type TPin,
  type TPinChange,
  type TPinInput,
} from '@waypoint/shared/pins/schemas';
import { type Db, type Executor, inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { conflict, invalidInput, notFound } from '../../http/errors.ts';
import { findRecord, parentIsPublic } from '../models/models.repository.ts';
import {
  newMarkerId,
  type SuggestionActor,
  type SuggestionService,
} from '../suggestions/suggestions.service.ts';
import {
  countPinsOnMap,
  deleteMarkerNote,
  deletePin,
  findPin,
  insertPins,
  lockUserPins,
  mapLevelNumbers,
  markerNotesOnMap,
  pinsOnMap,
  saveMarkerNote,
  updatePin,
} from './pins.repository.ts';

export interface PinActor {
  id: string;
  admin: boolean;
}

export const newPinId = () => `pin_${randomBytes(10).toString('hex')}`;

/** Where pins may lie on a map: inside its picture, on one of its floors (or every floor). */
export interface PinPlace {
  mapId: string;
  width: number;
  height: number;
  levels: ReadonlySet<number>;
}

/** What is wrong with a pin's place on the map, as field errors under `prefix` (none: it fits). */
export function placeProblems(place: PinPlace, pin: Pick<TPinInput, 'x' | 'y' | 'level'>, prefix: string) {
  const problems: { field: string; message: string }[] = [];
  const outside = pinsMessages.outsideMap(place.width, place.height);
  if (pin.x > place.width) problems.push({ field: `${prefix}.x`, message: outside });
  if (pin.y > place.height) problems.push({ field: `${prefix}.y`, message: outside });
  if (pin.level !== -1 && !place.levels.has(pin.level)) {
    problems.push({ field: `${prefix}.level`, message: pinsMessages.unknownLevel(pin.level) });
  }
  return problems;
}

function refuse(problems: { field: string; message: string }[]) {
  if (problems.length === 0) return;
  throw invalidInput(problems);
}

/** The pins-per-map cap as the 409 a player sees. */
export const pinsFull = () => conflict(pinsMessages.pinsFull(MAX_PINS_PER_MAP));

/** A note (plain text) as the HTML of a marker description: escaped, its line breaks kept. */
const noteAsHtml = (note: string) => (note ? `<p>${escapeHtml(note).replace(/\r?\n/g, '<br>')}</p>` : '');

/** A player's own pins and notes: private, read and changed only by their owner (admins included). */
export function createPinsService(db: Db, suggestions: Pick<SuggestionService, 'create'>) {
  const k = db.kysely;

  /** The map, when the player may see it (a disabled map only for admins); 404 otherwise. */
  async function requireMap(db: Executor, mapId: string, actor: PinActor): Promise<PinPlace> {
    const map = await findRecord(db, getModel('map'), mapId);
    if (!map || (!actor.admin && map.enabled === false))
      throw notFound(serverMessages.notFound('Map', mapId));
    const { width, height } = mapPictureSize(map as Parameters<typeof mapPictureSize>[0]);
    return { mapId, width, height, levels: new Set(await mapLevelNumbers(db, mapId)) };
  }

  /** The player's own pin on this map; 404 for any other (another player's pin is not there for them). */
  async function requirePin(db: Executor, actor: PinActor, mapId: string, pinId: string): Promise<TPin> {
    const pin = await findPin(db, pinId);
    if (!pin || pin.userId !== actor.id || pin.mapId !== mapId)
      throw notFound(pinsMessages.pinNotFound(pinId));
    const { userId: _, ...own } = pin;
    return own;
  }

  return {
    requireMap: (mapId: string, actor: PinActor) => requireMap(k, mapId, actor),
    requirePin: (actor: PinActor, mapId: string, pinId: string) => requirePin(k, actor, mapId, pinId),

    async list(actor: PinActor, mapId: string): Promise<TMapPins> {
      await requireMap(k, mapId, actor);
      return {
        mapId,
        pins: await pinsOnMap(k, actor.id, mapId),
        notes: await markerNotesOnMap(k, actor.id, mapId),
      };
    },

    /**
     * Places a pin. A create sent again with the id it was first sent with (the offline queue
     * replaying it) answers the pin as stored (`created: false`) and changes nothing.
     */
    async create(actor: PinActor, mapId: string, input: TNewPin): Promise<{ pin: TPin; created: boolean }> {
      const place = await requireMap(k, mapId, actor);
      refuse(placeProblems(place, input, 'body'));
      return inTransaction(db, async (trx) => {
        await lockUserPins(trx, db.dialect, actor.id);
        if (input.id) {
          const existing = await findPin(trx, input.id);
          if (existing && existing.userId === actor.id && existing.mapId === mapId) {
            const { userId: _, ...pin } = existing;
            return { pin, created: false };
          }
          // Another player's pin (or one on another map) is not there for this player: the same 404
          // as for an id nobody has, so a chosen id tells nothing of other players' pins.
          if (existing) throw notFound(pinsMessages.pinNotFound(input.id));
        }
        if ((await countPinsOnMap(trx, actor.id, mapId)) >= MAX_PINS_PER_MAP) throw pinsFull();
        const now = new Date().toISOString();
        const { id, ...fields } = input;
        const pin: TPin = { id: id ?? newPinId(), mapId, ...fields, createdAt: now, updatedAt: now };
        await insertPins(trx, [{ ...pin, userId: actor.id }]);
        return { pin, created: true };
      });
    },

    async update(actor: PinActor, mapId: string, pinId: string, change: TPinChange): Promise<TPin> {
      const place = await requireMap(k, mapId, actor);
      return inTransaction(db, async (trx) => {
        const pin = await requirePin(trx, actor, mapId, pinId);
        const next = { ...pin, ...change };
        refuse(placeProblems(place, next, 'body'));
        const now = new Date().toISOString();
        await updatePin(trx, actor.id, pinId, change, now);
        return { ...next, updatedAt: now };
      });
    },

    async remove(actor: PinActor, mapId: string, pinId: string): Promise<void> {
      if (!(await deletePin(k, actor.id, mapId, pinId))) throw notFound(pinsMessages.pinNotFound(pinId));
    },

    /**
     * Turns one of the player's pins into a suggestion of a marker of `markerDefinitionId` for
     * everyone (its name, note, place and floor), made by the suggestion use case like any other:
     * it then follows the review path. The pin stays the player's.
     */
    async suggest(actor: SuggestionActor, mapId: string, pinId: string, markerDefinitionId: string) {
      const map = await findRecord(k, getModel('map'), mapId);
      if (!map || (!actor.admin && map.enabled === false))
        throw notFound(serverMessages.notFound('Map', mapId));
      const pin = await requirePin(k, actor, mapId, pinId);
      const definition = await findRecord(k, getModel('markerdefinition'), markerDefinitionId);
      if (!definition || definition.gameId !== map.gameId) {
        const message = serverMessages.notFound('Marker definition', markerDefinitionId);
        refuse([{ field: 'body.markerDefinitionId', message }]);
      }
      const { lat, lng } = pixelToLatLng(pin.x, pin.y, Number(map.maxZoom ?? 0));
      return suggestions.create(
        {
          type: 'PLACED_MARKER',
          action: 'ADD',
          parentId: mapId,
          data: {
            _id: newMarkerId(),
            mapId,
            markerDefinitionId,
            name: pin.name,
            description: noteAsHtml(pin.note),
            lat,
            lng,
            level: pin.level,
          },
        },
        actor,
      );
    },

    /** The player's pins on the map as a GeoJSON FeatureCollection (map pixels). */
    async exportGeoJson(actor: PinActor, mapId: string) {
      await requireMap(k, mapId, actor);
      return pinsToGeoJson(await pinsOnMap(k, actor.id, mapId));
    },

    /**
     * Checks the features of a GeoJSON FeatureCollection as pins of the map: each refused one is
     * listed with what is wrong (not a feature, not a point, outside the map, a bad property, over
     * the cap). Unless `preview`, the others are added in one transaction: all of them or none.
     */
    async importGeoJson(
      actor: PinActor,
      mapId: string,
      features: readonly unknown[],
      preview: boolean,
    ): Promise<GeoJsonImportResult> {
      const place = await requireMap(k, mapId, actor);
      const refused: RefusedFeature[] = [];
      const accepted: { index: number; pin: TPinInput }[] = [];
      features.forEach((raw, index) => {
        const at = `features.${index}`;
        const checked = featureToPin(raw);
        if (!('pin' in checked)) {
          refused.push({ index, field: `${at}.${checked.field}`, message: checked.message });
          return;
        }
        const problem = placeProblems(place, checked.pin, 'pin')[0];
        if (problem) {
          const field =
            problem.field === 'pin.level' ? `${at}.properties.level` : `${at}.geometry.coordinates`;
          refused.push({ index, field, message: problem.message });
          return;
        }
        accepted.push({ index, pin: checked.pin });
      });
      return inTransaction(db, async (trx) => {
        await lockUserPins(trx, db.dialect, actor.id);
        const room = MAX_PINS_PER_MAP - (await countPinsOnMap(trx, actor.id, mapId));
        const fitting = accepted.slice(0, Math.max(0, room));
        for (const { index } of accepted.slice(fitting.length)) {
          refused.push({
            index,
            field: `features.${index}`,
            message: pinsMessages.overCap(MAX_PINS_PER_MAP),
          });
        }
        if (!preview && fitting.length > 0) {
          const now = new Date().toISOString();
          await insertPins(
            trx,
            fitting.map(({ pin }) => ({
              ...pin,
              id: newPinId(),
              userId: actor.id,
              mapId,
              createdAt: now,
              updatedAt: now,
            })),
          );
        }
        refused.sort((a, b) => a.index - b.index);
        return {
          preview,
          accepted: fitting.length,
          names: fitting.slice(0, 100).map((f) => f.pin.name),
          refused,
        };
      });
    },

    /** Sets the player's note on a placed marker they can see ('' removes it). */
    async setMarkerNote(actor: PinActor, markerId: string, note: string) {
      const model = getModel('placedmarker');
      const marker: ModelRecord | undefined = await findRecord(k, model, markerId);
      if (!marker || (!actor.admin && !(await parentIsPublic(k, model, marker)))) {
        throw notFound(pinsMessages.markerNotFound(markerId));
      }
      const updatedAt = new Date().toISOString();
      if (note === '') await deleteMarkerNote(k, actor.id, markerId);
      else
        await saveMarkerNote(k, { userId: actor.id, markerId, mapId: String(marker.mapId), note, updatedAt });
      return { markerId, note, updatedAt };
    },
  };
}

export type PinsService = ReturnType<typeof createPinsService>;
