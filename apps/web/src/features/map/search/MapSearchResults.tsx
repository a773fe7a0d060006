import { useQuery } from '@tanstack/react-query';
import { type MapSearchResults as Results, searchLimits } from '@waypoint/shared/map/search';
import type { TPin } from '@waypoint/shared/pins/schemas';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { api } from '../../../api/client.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import { searchMessages } from '../../../i18n/messages/search-messages.ts';
import classes from './search.module.css';

export type SearchPick =
  | { kind: 'marker'; id: string }
  | { kind: 'definition'; id: string }
  | { kind: 'quest'; id: string; name: string }
  | { kind: 'item'; id: string; markerIds: string[] }
  | { kind: 'pin'; id: string };

interface Option {
  key: string;
  pick: SearchPick;
  label: string;
  detail?: string;
}

const listId = 'map-search-results';

/**
 * The results of the map's search box, grouped by kind. The input keeps the focus: arrows move
 * the active result (announced through `aria-activedescendant`), Enter picks it, Escape clears.
 */
export default function MapSearchResults({
  mapId,
  text,
  input,
  onPick,
  onClear,
  pins,
}: {
  mapId: string;
  /** The player's own pins: matched here, never sent to the (shared, cached) search. */
  pins?: readonly TPin[];
  text: string;
  input: RefObject<HTMLInputElement | null>;
  onPick: (pick: SearchPick) => void;
  onClear: () => void;
}) {
  const q = text.trim();
  // Typing settles for a moment before the server is asked.
  const [settled, setSettled] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => setSettled(q), 180);
    return () => clearTimeout(t);
  }, [q]);
  const ready = settled.length >= searchLimits.minLength;
  const result = useQuery({
    queryKey: ['map-search', mapId, settled.toLowerCase()],
    queryFn: () =>
      api.get<Results>(`/map/${encodeURIComponent(mapId)}/search?q=${encodeURIComponent(settled)}`),
    enabled: ready,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

  const groups = useMemo(() => {
    const r = result.data;
    if (!r) return [];
    const needle = settled.toLowerCase();
    const ownPins = (pins ?? [])
      .filter((p) => p.name.toLowerCase().includes(needle) || p.note.toLowerCase().includes(needle))
      .slice(0, searchLimits.perKind);
    const groups: { title: string; options: Option[] }[] = [
      {
        title: pinsMessages.layer,
        options: ownPins.map((p) => ({
          key: `p:${p.id}`,
          pick: { kind: 'pin', id: p.id },
          label: p.name,
          detail: p.note.slice(0, 80) || undefined,
        })),
      },
      {
        title: searchMessages.markers,
        options: r.markers.map((m) => ({
          key: `m:${m.id}`,
          pick: { kind: 'marker', id: m.id },
          label: m.name || m.id,
          detail: m.snippet,
        })),
      },
      {
        title: searchMessages.definitions,
        options: r.definitions.map((d) => ({
          key: `d:${d.id}`,
          pick: { kind: 'definition', id: d.id },
          label: d.name,
        })),
      },
      {
        title: searchMessages.quests,
        options: r.quests.map((x) => ({
          key: `q:${x.id}`,
          pick: { kind: 'quest', id: x.id, name: x.name },
          label: x.name,
        })),
      },
      {
        title: searchMessages.items,
        options: r.items.map((i) => ({
          key: `i:${i.id}`,
          pick: { kind: 'item', id: i.id, markerIds: i.markerIds },
          label: i.name,
          detail: searchMessages.itemOnMap(i.markerIds.length),
        })),
      },
    ];
    return groups.filter((g) => g.options.length > 0);
  }, [result.data, pins, settled]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  // The active result belongs to the results it was chosen in: a new answer starts at its first.
  const [chosen, setChosen] = useState({ options, index: 0 });
  const active = chosen.options === options ? chosen.index : 0;
  const setActive = (index: number) => setChosen({ options, index });

  // The input stays where the player types; this wires its keys and combobox state.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('role', 'combobox');
    el.setAttribute('aria-expanded', String(options.length > 0));
    el.setAttribute('aria-controls', listId);
    el.setAttribute('aria-autocomplete', 'list');
    if (options[active]) el.setAttribute('aria-activedescendant', `map-search-${options[active].key}`);
    else el.removeAttribute('aria-activedescendant');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (options.length === 0) return;
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setChosen({ options, index: (active + step + options.length) % options.length });
      } else if (e.key === 'Enter') {
        const option = options[active];
        if (!option) return;
        e.preventDefault();
        onPick(option.pick);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        onClear();
      }
    };
    el.addEventListener('keydown', onKey);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.setAttribute('aria-expanded', 'false');
      el.removeAttribute('aria-activedescendant');
    };
  }, [input, options, active, onPick, onClear]);

  if (!ready) return null;
  if (result.isPending) return <p className={classes.status}>{searchMessages.searching}</p>;
  if (options.length === 0)
    return (
      <p className={classes.status} role="status">
        {searchMessages.nothingFound(settled)}
      </p>
    );
  let n = 0;
  return (
    <div className={classes.results} data-testid="map-search-results">
      <p className={classes.visuallyHidden} role="status">
        {searchMessages.results(options.length)}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={searchMessages.label}
        tabIndex={-1}
        className={classes.list}
      >
        {groups.map((g) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA combobox)
          <div key={g.title} role="group" aria-labelledby={`map-search-group-${g.title}`}>
            <div id={`map-search-group-${g.title}`} className={classes.groupTitle}>
              {g.title}
            </div>
            {g.options.map((o) => {
              const index = n++;
              return (
                <div
                  key={o.key}
                  id={`map-search-${o.key}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  data-testid="map-search-option"
                  data-kind={o.pick.kind}
                  className={classes.option}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => onPick(o.pick)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onPick(o.pick);
                  }}
                >
                  <span className={classes.label}>{o.label}</span>
                  {o.detail ? <span className={classes.detail}>{o.detail}</span> : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
