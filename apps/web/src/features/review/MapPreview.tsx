import 'leaflet/dist/leaflet.css';
import { Group, Stack, Text, Title } from '@mantine/core';
import { tileAddressTemplate } from '@waypoint/shared/map/tile-address';
import type { ReviewDetail } from '@waypoint/shared/suggestions/review';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { config } from '../../app/config.ts';
import { contentLang } from '../../i18n/content.ts';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';
import { floorOf, previewTiles } from './preview-floor.ts';

type Rec = Record<string, unknown>;
type Preview = NonNullable<ReviewDetail['preview']>;

const colors = { before: '#3388ff', ADD: '#00ff00', UPDATE: '#ffff00', DELETE: '#ff0000' } as const;

function pointsOf(record: Rec): [number, number][] {
  const points = record.polygonPoints;
  return Array.isArray(points)
    ? points
        .filter((p): p is [number, number] => Array.isArray(p) && p.length >= 2)
        .map((p) => [Number(p[0]), Number(p[1])])
    : [];
}

/** One small map with the marker's position or shape, centred on it. */
function SmallMap({
  preview,
  record,
  color,
  label,
}: {
  preview: Preview;
  record: Rec;
  color: string;
  label: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const floor = floorOf(preview, record);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const { map } = preview;
    const unit = 2 ** map.maxZoom;
    const width = map.width || 4096;
    const height = map.height || 4096;
    const bounds = L.latLngBounds([-height / unit, 0], [0, width / unit]);
    const m = L.map(el, {
      crs: L.CRS.Simple,
      zoomControl: false,
      attributionControl: false,
      maxZoom: map.maxZoom,
    });
    const { tilesPath, version } = previewTiles(preview, record);
    const tiles = L.tileLayer(tileAddressTemplate(config.imageHost, tilesPath, version), {
      bounds,
      noWrap: true,
      maxNativeZoom: map.maxZoom,
      maxZoom: map.maxZoom,
      minZoom: 0,
    });
    tiles.on('tileerror', (e: L.TileErrorEvent) => {
      (e.tile as HTMLElement).style.visibility = 'hidden';
    });
    tiles.addTo(m);
    const points = pointsOf(record);
    const definition = preview.definitions[String(record.markerDefinitionId ?? '')];
    let focus: L.LatLngBounds;
    if (points.length > 1) {
      const shape =
        definition?.markerDefinitionType === 'ROUTE'
          ? L.polyline(points, { color, weight: 4 })
          : L.polygon(points, { color, weight: 3, opacity: 0.9, dashArray: '4' });
      shape.addTo(m);
      focus = shape.getBounds();
    } else {
      const at = L.latLng(Number(record.lat ?? 0), Number(record.lng ?? 0));
      L.circleMarker(at, { radius: 9, color: '#000', weight: 2, fillColor: color, fillOpacity: 0.9 }).addTo(
        m,
      );
      focus = L.latLngBounds(at, at);
    }
    m.fitBounds(focus.pad(0.5), { maxZoom: Math.max(0, map.maxZoom - 1), animate: false });
    return () => {
      m.remove();
    };
  }, [preview, record, color]);
  return (
    <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {label}
        {floor && (
          <>
            {' · '}
            <span lang={contentLang}>{floor.name}</span>
          </>
        )}
      </Text>
      <div
        ref={element}
        role="img"
        aria-label={t.previewPosition(label, String(record.lat ?? ''), String(record.lng ?? ''))}
        style={{ height: 180, borderRadius: 4, background: 'var(--mantine-color-default-hover)' }}
      />
    </Stack>
  );
}

/** The marker's old and new position or shape side by side, over the map's tiles. */
export function MapPreview({ detail }: { detail: ReviewDetail }) {
  const preview = detail.preview;
  if (!preview) return null;
  const action = detail.suggestion.action;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {t.mapPreview} · <span lang={contentLang}>{preview.map.name}</span>
      </Title>
      <Group align="stretch" gap="sm" wrap="wrap">
        {detail.current && (
          <SmallMap preview={preview} record={detail.current} color={colors.before} label={t.previewBefore} />
        )}
        {action !== 'DELETE' && detail.proposed && (
          <SmallMap
            preview={preview}
            record={detail.proposed}
            color={colors[action]}
            label={t.previewAfter}
          />
        )}
      </Group>
    </Stack>
  );
}
