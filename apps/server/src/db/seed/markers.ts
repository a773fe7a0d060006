import { lookOfMap, planMap } from './art/procedural-plan.ts';
import { escapeHtml } from './builders.ts';
import {
  type Cluster,
  type Ground,
  layoutClusters,
  type Pixel,
  pixelToLatLng,
  polygonAround,
  routeBetween,
  scatter,
  toLatLngPoints,
} from './geometry.ts';
import { createRng, type Rng } from './rng.ts';
import { QUEST_OBJECTIVE_ID } from './shooter.ts';
import type { GamePack, Input, MarkerPlan } from './types.ts';

/** Splits `total` into whole parts proportional to `shares` (largest remainder), summing exactly to `total`. */
export function apportion(total: number, shares: readonly number[]): number[] {
  const sum = shares.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return shares.map(() => 0);
  const exact = shares.map((s) => (s / sum) * total);
  const parts = exact.map(Math.floor);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const missing = total - parts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) parts[order[k % order.length][1]]++;
  return parts;
}

/** Objectives done at a trader or anywhere (hand-ins, levels, weapon builds) get no marker. */
const NOT_ON_MAP = /^(Hand over|Reach level|Modify|Use |Forge )/;
const isPlaceable = (objective: string) => !NOT_ON_MAP.test(objective);

/** A map's picture as markers see it: its size, coordinate scale and where its ground is. */
export interface MapArea {
  width: number;
  height: number;
  maxZoom: number;
  ground: Ground;
}

/**
 * The area of a demo map: the picture the image step draws for it (seeded by the map's id, in the
 * look its name or region asks for) decides where the ground is.
 */
export function mapArea(map: Input<'map'>, regionName = ''): MapArea {
  const image = map.images?.mapImage;
  if (!image) throw new Error(`map ${map._id} has no mapImage`);
  const plan = planMap({
    width: image.imageWidth,
    height: image.imageHeight,
    seed: map._id ?? '',
    look: lookOfMap(map.name ?? '', regionName),
  });
  return {
    width: image.imageWidth,
    height: image.imageHeight,
    maxZoom: map.maxZoom ?? 0,
    ground: plan.isGround,
  };
}

interface MapFrame extends MapArea {
  mapId: string;
  clusters: Cluster[];
}

function position(frame: MapFrame, p: Pixel) {
  return { ...pixelToLatLng(p.x, p.y, frame.maxZoom), imageX: p.x, imageY: p.y };
}

function centroid(points: readonly Pixel[]): Pixel {
  const x = points.reduce((s, p) => s + p.x, 0) / points.length;
  const y = points.reduce((s, p) => s + p.y, 0) / points.length;
  return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
}

/** A cluster picked by weight, or none (a stray marker anywhere on the map) about one time in seven. */
function pickCluster(rng: Rng, clusters: readonly Cluster[]): Cluster | undefined {
  if (clusters.length === 0 || rng.chance(0.15)) return undefined;
  return clusters[rng.weighted(clusters.map((c) => c.weight))];
}

function plannedMarker(
  rng: Rng,
  frame: MapFrame,
  plan: MarkerPlan,
  type: string,
  id: string,
): Input<'placedmarker'> {
  const base: Input<'placedmarker'> = {
    _id: id,
    mapId: frame.mapId,
    markerDefinitionId: plan.definitionId,
    name: rng.pick(plan.names),
    description: plan.descriptions?.length ? rng.pick(plan.descriptions) : '',
    level: -1,
  };
  if (plan.itemIds?.length && rng.chance(0.7)) base.itemId = rng.pick(plan.itemIds);
  if (rng.chance(0.08)) {
    base.authorName = 'Cartographer';
    base.authorLink = 'https://cartographer.example.org';
  }
  const { width, height, clusters, ground } = frame;
  if (type === 'POLYGON') {
    const cluster = pickCluster(rng, clusters);
    const center = scatter(rng, cluster, width, height, ground);
    const radius = (cluster?.radius ?? Math.min(width, height) * 0.04) * rng.float(0.6, 1.6);
    const points = polygonAround(rng, center, radius, width, height, ground);
    // The marker's own point: the polygon's centroid, or its centre when the centroid is off the ground.
    const middle = centroid(points);
    return {
      ...base,
      ...position(frame, ground(middle.x, middle.y) ? middle : center),
      polygonPoints: toLatLngPoints(points, frame.maxZoom),
    };
  }
  if (type === 'ROUTE') {
    const [a, b] = clusters.length >= 2 ? rng.shuffle(clusters) : [undefined, undefined];
    const from = scatter(rng, a, width, height, ground);
    const to = scatter(rng, b, width, height, ground);
    const points = routeBetween(rng, from, to, width, height, ground);
    return { ...base, ...position(frame, points[0]), polygonPoints: toLatLngPoints(points, frame.maxZoom) };
  }
  const cluster = pickCluster(rng, clusters);
  if (cluster && rng.chance(0.5)) base.name = `${base.name} (${cluster.name})`;
  return { ...base, ...position(frame, scatter(rng, cluster, width, height, ground)) };
}

/**
 * The placed markers of every map of a game: `markersPerMap` on each map, spread over the marker
 * plans by share, gathered around points of interest; on maps whose region is a quest location,
 * part of them mark quest objectives.
 */
export function placedMarkers(pack: GamePack, markersPerMap: number): Input<'placedmarker'>[] {
  const types = new Map(pack.markerdefinitions.map((d) => [d._id, d.markerDefinitionType ?? 'SVG']));
  const regionName = new Map(pack.categories.map((c) => [c._id, c.name]));
  const markers: Input<'placedmarker'>[] = [];
  for (const map of pack.maps) {
    const rng = createRng(`markers:${map._id}`);
    const area = mapArea(map, regionName.get(map.categoryId ?? ''));
    const frame: MapFrame = {
      ...area,
      mapId: map._id,
      clusters: layoutClusters(rng, area.width, area.height, pack.places, rng.int(8, 12), area.ground),
    };
    let seq = 0;
    const nextId = () => `${map._id}_${String(++seq).padStart(4, '0')}`;

    const region = regionName.get(map.categoryId ?? '');
    const otherMaps = pack.maps.filter((m) => m._id !== map._id).map((m) => m.name);
    const objectives = pack.quests
      .filter((q) => region && q.location?.includes(region))
      .flatMap((q) => (q.objectives ?? []).map((objective) => ({ quest: q, objective })))
      .filter(
        ({ objective }) => isPlaceable(objective) && !otherMaps.some((name) => objective.includes(name)),
      );
    const objectiveCount = Math.min(
      objectives.length,
      Math.round(markersPerMap * (pack.questObjectiveShare ?? 0)),
    );
    // Objectives naming this very map come first.
    const mentionsMap = ({ objective }: { objective: string }) => (objective.includes(map.name) ? 0 : 1);
    const chosen = rng
      .shuffle(objectives)
      .sort((a, b) => mentionsMap(a) - mentionsMap(b))
      .slice(0, objectiveCount);
    for (const { quest, objective } of chosen) {
      const point = scatter(rng, pickCluster(rng, frame.clusters), frame.width, frame.height, frame.ground);
      markers.push({
        _id: nextId(),
        mapId: map._id,
        markerDefinitionId: QUEST_OBJECTIVE_ID,
        name: quest.name,
        description: `<p>${escapeHtml(objective)}</p>`,
        questId: quest._id,
        questObjective: objective,
        level: -1,
        ...position(frame, point),
      });
    }

    const here = pack.markerPlans.filter((p) => !p.mapIds || p.mapIds.includes(map._id));
    // Named places (one marker per name) first, then the rest spread by share.
    let left = markersPerMap - objectiveCount;
    for (const plan of here.filter((p) => p.oneEach)) {
      const type = types.get(plan.definitionId) ?? 'SVG';
      plan.names.slice(0, Math.max(0, left)).forEach((name, k) => {
        const marker = plannedMarker(rng, frame, plan, type, nextId());
        markers.push({ ...marker, name, description: plan.descriptions?.[k] ?? '' });
        left--;
      });
    }
    const plans = here.filter((p) => !p.oneEach);
    const counts = apportion(
      Math.max(0, left),
      plans.map((p) => p.share),
    );
    plans.forEach((plan, i) => {
      const type = types.get(plan.definitionId);
      if (!type) throw new Error(`marker plan for unknown definition ${plan.definitionId}`);
      for (let k = 0; k < counts[i]; k++) markers.push(plannedMarker(rng, frame, plan, type, nextId()));
    });
  }
  return markers;
}
