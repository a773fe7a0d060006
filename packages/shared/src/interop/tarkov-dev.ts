/**
 * tarkov.dev's public GraphQL API (https://api.tarkov.dev/graphql), read into a game: the answer to
 * `tarkovDevQuery` becomes traders, quests (with every quest they require), items (with what quests
 * and hideout levels need of them) and hideout modules. Records get ids made from the source name
 * and tarkov.dev's ids, so that importing the same source again finds them; what cannot be mapped is
 * listed as a note, never dropped silently. A task or station with a problem is listed and skipped
 * (the rest is read); an optional field the answer lacks is noted. Only an answer that is not one
 * (not JSON, no task or station list, an error answer) is refused whole.
 */
import { z } from 'zod';
import { constants } from '../constants.ts';
import { sourceRecordId } from './datamaps.ts';
import { type ContentImport, InteropError, type InteropProblem, type MappingNote } from './format.ts';

type Rec = Record<string, unknown>;

/** The query whose answer is read (README "tarkov.dev"): run it at https://api.tarkov.dev/graphql. */
export const tarkovDevQuery = `{
  tasks {
    id name wikiLink minPlayerLevel
    trader { id name }
    taskRequirements { task { id name } status }
    objectives {
      id type description optional
      maps { id name }
      ... on TaskObjectiveItem { items { id name } count foundInRaid }
    }
  }
  hideoutStations {
    id name
    levels {
      level description
      itemRequirements { item { id name } count attributes { type name value } }
    }
  }
}`;

/** Largest answer read. */
export const tarkovDevMaxBytes = 30 * 1024 * 1024;
/**
 * Most tasks and hideout stations one answer may hold, and what one task may list. Sized from
 * tarkov.dev's own answers (July 2026: 499 tasks, Collector requiring 70 tasks, an objective
 * accepting any of 3,493 items, 41 objectives in one task) with room to grow several times over.
 */
export const tarkovDevMaxTasks = 5_000;
export const tarkovDevMaxStations = 200;
export const tarkovDevMaxObjectiveItems = 20_000;

/** Objective types whose items count as what a quest needs (handing over: finding them is the same items). */
const handOverTypes = new Set(['giveItem']);

const zText = (max: number) => z.string().max(max);
const zSourceId = zText(200).min(1, 'Required');
const zNamed = z.object({ id: zSourceId, name: zText(2_000) });
/** A trader may come without its id (a query asking only its name): the name stands in for it. */
const zTrader = z.object({ id: zSourceId.nullish(), name: zText(2_000).trim().min(1, 'Required') });
const zCount = z.number().int().min(1).max(1_000_000);

const zObjective = z.object({
  id: zText(200).nullish(),
  type: zText(100).nullish(),
  description: zText(2_000).nullish(),
  optional: z.boolean().nullish(),
  maps: z.array(zNamed.nullable()).max(100).nullish(),
  items: z.array(zNamed.nullable()).max(tarkovDevMaxObjectiveItems).nullish(),
  count: zCount.nullish(),
  foundInRaid: z.boolean().nullish(),
});

export const zTarkovDevTask = z.object({
  id: zSourceId,
  name: zText(2_000).trim().min(1, 'Required'),
  wikiLink: zText(2_000).nullish(),
  minPlayerLevel: z.number().int().min(0).max(1_000).nullish(),
  trader: zTrader.nullish(),
  taskRequirements: z
    .array(
      z
        .object({
          task: z.object({ id: zSourceId, name: zText(2_000).nullish() }),
          status: z.array(zText(50)).nullish(),
        })
        .nullable(),
    )
    .max(constants.maxQuestPrerequisites)
    .nullish(),
  objectives: z.array(zObjective.nullable()).max(constants.maxQuestObjectives).nullish(),
});
export type TarkovDevTask = z.infer<typeof zTarkovDevTask>;

const zAttribute = z.object({
  type: zText(100).nullish(),
  name: zText(100).nullish(),
  value: zText(100).nullish(),
});

export const zTarkovDevStation = z.object({
  id: zSourceId,
  name: zText(2_000).trim().min(1, 'Required'),
  levels: z
    .array(
      z.object({
        level: z.number().int().min(0).max(100),
        description: zText(2_000).nullish(),
        itemRequirements: z
          .array(
            z
              .object({
                item: zNamed,
                count: zCount,
                attributes: z.array(zAttribute.nullable()).max(50).nullish(),
              })
              .nullable(),
          )
          .max(500)
          .nullish(),
      }),
    )
    .max(100),
});
export type TarkovDevStation = z.infer<typeof zTarkovDevStation>;

/** Where the answer goes: a game, the source name re-imports are matched by, the game's regions. */
export interface TarkovDevTarget {
  gameId: string;
  source: string;
  /** The names of the game's categories (its regions): a quest's maps are matched to them. */
  regions: readonly string[];
}

export interface TarkovDevRecords {
  trader: Rec[];
  hideoutmodule: Rec[];
  quest: Rec[];
  item: Rec[];
}

export type TarkovDevImport = Omit<ContentImport, 'records'> & {
  records: TarkovDevRecords;
  /** Tasks and stations not read, each problem named by record and field. */
  skipped: InteropProblem[];
  /** The record ids of skipped tasks and stations that name one: not read, yet not gone. */
  skippedIds: string[];
};

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A hideout requirement is found-in-raid when an attribute says so (`foundInRaid`: true). */
function isFoundInRaid(
  attributes:
    | readonly ({ type?: string | null; name?: string | null; value?: string | null } | null)[]
    | null
    | undefined,
) {
  return (attributes ?? []).some(
    (a) =>
      a &&
      [a.type, a.name].some((k) => k?.toLowerCase().replace(/[^a-z]/g, '') === 'foundinraid') &&
      a.value?.toLowerCase() === 'true',
  );
}

/** The label of a task or station in problems and notes: its list place and name. */
const label = (list: string, index: number, name: unknown) =>
  `${list}[${index}]${typeof name === 'string' && name ? ` "${name.slice(0, 80)}"` : ''}`;

/**
 * Reads a tarkov.dev answer (`{ data: { tasks, hideoutStations } }`, or its `data` alone) into the
 * records of a game. Every problem is collected and named by task or station and field.
 */
export function readTarkovDev(text: string, target: TarkovDevTarget): TarkovDevImport {
  const fail = (field: string, message: string) => new InteropError([{ record: '(file)', field, message }]);
  if (text.length > tarkovDevMaxBytes)
    throw fail('', `Too large: at most ${tarkovDevMaxBytes / 1024 / 1024} MB`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch (error) {
    throw fail('', `Not JSON (${(error as Error).message})`);
  }
  if (isObject(answer) && Array.isArray(answer.errors) && answer.errors.length > 0) {
    const first = answer.errors[0] as { message?: unknown };
    throw fail('errors', `The answer reports an error: ${String(first?.message ?? 'unknown').slice(0, 300)}`);
  }
  // The answer whole, its `data`, or (as kept by some tools) the task list alone.
  const data = Array.isArray(answer)
    ? { tasks: answer }
    : isObject(answer) && isObject(answer.data)
      ? answer.data
      : answer;
  if (!isObject(data) || (!Array.isArray(data.tasks) && !Array.isArray(data.hideoutStations)))
    throw fail('data', 'Not a tarkov.dev answer: no data.tasks or data.hideoutStations list');
  const rawTasks = Array.isArray(data.tasks) ? data.tasks : [];
  const rawStations = Array.isArray(data.hideoutStations) ? data.hideoutStations : [];
  if (rawTasks.length > tarkovDevMaxTasks)
    throw fail('data.tasks', `Too many: at most ${tarkovDevMaxTasks} tasks`);
  if (rawStations.length > tarkovDevMaxStations)
    throw fail('data.hideoutStations', `Too many: at most ${tarkovDevMaxStations} stations`);

  // A task or station with a problem is listed and skipped: one bad record never refuses the rest.
  const skipped: InteropProblem[] = [];
  const notes: MappingNote[] = [];
  const tasks: { index: number; task: TarkovDevTask }[] = [];
  const stations: { index: number; station: TarkovDevStation }[] = [];
  const check = <T>(schema: z.ZodType<T>, raw: unknown, record: string, out: (value: T) => void) => {
    const result = schema.safeParse(raw);
    if (result.success) out(result.data);
    else
      for (const issue of result.error.issues.slice(0, 20))
        skipped.push({ record, field: issue.path.map(String).join('.'), message: issue.message });
  };
  const firstAt = new Map<string, number>();
  for (const [index, raw] of rawTasks.entries())
    check(zTarkovDevTask, raw, label('tasks', index, isObject(raw) ? raw.name : ''), (task) => {
      const earlier = firstAt.get(task.id);
      if (earlier === undefined) {
        firstAt.set(task.id, index);
        tasks.push({ index, task });
      } else
        skipped.push({
          record: label('tasks', index, task.name),
          field: 'id',
          message: `Duplicate id ${task.id} (also tasks[${earlier}])`,
        });
    });
  const stationAt = new Map<string, number>();
  for (const [index, raw] of rawStations.entries())
    check(
      zTarkovDevStation,
      raw,
      label('hideoutStations', index, isObject(raw) ? raw.name : ''),
      (station) => {
        const earlier = stationAt.get(station.id);
        if (earlier === undefined) {
          stationAt.set(station.id, index);
          stations.push({ index, station });
        } else
          skipped.push({
            record: label('hideoutStations', index, station.name),
            field: 'id',
            message: `Duplicate id ${station.id} (also hideoutStations[${earlier}])`,
          });
      },
    );
  const skippedTasks = new Set(
    rawTasks
      .filter((raw): raw is Rec => isObject(raw) && typeof raw.id === 'string' && !firstAt.has(raw.id))
      .map((raw) => String(raw.id)),
  );
  // Optional fields the answer lacks (its query did not ask for them): noted once each, with a count.
  const missing = (field: string, count: number, what: string, then: string) => {
    if (count > 0) notes.push({ record: '(answer)', field, note: `missing in ${count} ${what}: ${then}` });
  };
  const objectivesOf = tasks.flatMap(({ task }) => (task.objectives ?? []).filter((o) => o !== null));
  missing(
    'tasks.minPlayerLevel',
    tasks.filter(({ task }) => task.minPlayerLevel == null).length,
    'tasks',
    'their quests get the default level',
  );
  missing(
    'tasks.trader.id',
    tasks.filter(({ task }) => task.trader && !task.trader.id).length,
    'tasks',
    "the trader's name stands in for its id",
  );
  missing(
    'tasks.objectives.type',
    objectivesOf.filter((o) => !o.type).length,
    'objectives',
    'their items are not counted as hand-overs',
  );
  missing(
    'tasks.objectives.description',
    objectivesOf.filter((o) => !o.description).length,
    'objectives',
    'not listed',
  );

  const id = (kind: string, sourceId: string) => sourceRecordId(target.source, kind, sourceId);
  const regions = new Map(target.regions.map((r) => [r.trim().toLowerCase(), r]));
  const traders = new Map<string, Rec>();
  const items = new Map<string, Rec & { required: Rec[] }>();
  const itemOf = (item: { id: string; name: string }) => {
    let found = items.get(item.id);
    if (!found) {
      found = {
        _id: id('item', item.id),
        gameId: target.gameId,
        itemName: item.name || item.id,
        required: [],
      };
      items.set(item.id, found);
    }
    return found;
  };
  /** Adds a need to an item, summing repeated needs of the same quest or level and kind. */
  const need = (item: { id: string; name: string }, entry: Rec) => {
    const { required } = itemOf(item);
    const same = required.find(
      (r) =>
        r.findOnly === entry.findOnly &&
        r.questId === entry.questId &&
        JSON.stringify(r.hideoutModuleLevel) === JSON.stringify(entry.hideoutModuleLevel),
    );
    if (same) same.quantity = Number(same.quantity) + Number(entry.quantity);
    else required.push(entry);
  };

  const quests: Rec[] = [];
  const unknownRegions = new Set<string>();
  for (const { index, task } of tasks) {
    const record = label('tasks', index, task.name);
    const questId = id('quest', task.id);
    const traderId = task.trader ? (task.trader.id ?? task.trader.name) : '';
    if (task.trader && !traders.has(traderId))
      traders.set(traderId, {
        _id: id('trader', traderId),
        gameId: target.gameId,
        name: task.trader.name || traderId,
      });
    const requires: string[] = [];
    for (const [r, req] of (task.taskRequirements ?? []).entries()) {
      if (!req) continue;
      const status = req.status ?? [];
      // Only a completed earlier task unlocks a quest here; "failed" or "active" conditions have no place.
      if (status.length > 0 && !status.some((s) => s.toLowerCase() === 'complete')) {
        notes.push({
          record,
          field: `taskRequirements[${r}].status`,
          note: `needs "${req.task.name ?? req.task.id}" ${status.join(' or ')}: not a completion, left out`,
        });
        continue;
      }
      // A skipped task stays required (the import keeps it when the game has it already).
      if (!firstAt.has(req.task.id) && !skippedTasks.has(req.task.id)) {
        notes.push({
          record,
          field: `taskRequirements[${r}].task`,
          note: `"${req.task.name ?? req.task.id}" is not in the answer: left out`,
        });
        continue;
      }
      const required = id('quest', req.task.id);
      if (required !== questId && !requires.includes(required)) requires.push(required);
    }
    const objectives: string[] = [];
    const location: string[] = [];
    for (const [o, objective] of (task.objectives ?? []).entries()) {
      if (!objective) continue;
      if (objective.description)
        objectives.push(objective.optional ? `${objective.description} (optional)` : objective.description);
      for (const map of objective.maps ?? []) {
        if (!map) continue;
        const region = regions.get(map.name.trim().toLowerCase());
        const name = region ?? map.name;
        if (!region && !unknownRegions.has(map.name)) {
          unknownRegions.add(map.name);
          notes.push({
            record,
            field: `objectives[${o}].maps`,
            note: `map "${map.name}" is no region of this game: its name is kept as a location without a link`,
          });
        }
        if (name && !location.includes(name)) location.push(name);
      }
      const listed = (objective.items ?? []).filter((i) => i !== null);
      if (!objective.type || !handOverTypes.has(objective.type) || listed.length === 0) continue;
      if (listed.length > 1) {
        notes.push({
          record,
          field: `objectives[${o}].items`,
          note: `any of ${listed.length} items: not counted as one item's need`,
        });
        continue;
      }
      need(listed[0]!, { quantity: objective.count ?? 1, findOnly: Boolean(objective.foundInRaid), questId });
    }
    const wikiLink = task.wikiLink && /^https?:\/\//.test(task.wikiLink) ? task.wikiLink : '';
    quests.push({
      _id: questId,
      gameId: target.gameId,
      name: task.name,
      questLevel: task.minPlayerLevel ?? constants.defaultQuestLevel,
      traderId: task.trader ? id('trader', traderId) : '',
      previous: requires[0] ?? '',
      requires,
      objectives,
      location,
      wikiLink,
    });
  }

  const modules: Rec[] = [];
  for (const { station } of stations) {
    const moduleId = id('hideoutmodule', station.id);
    const levels = [...station.levels].sort((a, b) => a.level - b.level);
    modules.push({
      _id: moduleId,
      gameId: target.gameId,
      moduleTitle: station.name,
      moduleLevels: levels.map((l) => ({ level: l.level, description: l.description ?? '' })),
    });
    for (const level of levels)
      for (const req of level.itemRequirements ?? []) {
        if (!req) continue;
        need(req.item, {
          quantity: req.count,
          findOnly: isFoundInRaid(req.attributes),
          hideoutModuleLevel: { moduleId, level: level.level },
        });
      }
  }

  return {
    records: {
      trader: [...traders.values()],
      hideoutmodule: modules,
      quest: quests,
      item: [...items.values()],
    },
    notes,
    skipped,
    skippedIds: [
      ...[...skippedTasks].map((taskId) => id('quest', taskId)),
      ...rawStations
        .filter((raw) => isObject(raw) && typeof raw.id === 'string' && !stationAt.has(raw.id))
        .map((raw) => id('hideoutmodule', String((raw as Rec).id))),
    ],
  };
}
