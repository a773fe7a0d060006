import { Check } from '../../../components/controls.tsx';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { useMapPage } from '../page-hooks.tsx';
import { type MarkerSwitch, markerSwitches } from './marker-filters.ts';

/** The markers panel's filter switches of one place, in the table's order. */
export function FilterSwitches({ place }: { place: MarkerSwitch['place'] }) {
  const { switches } = useMapPage();
  return markerSwitches
    .filter((s) => s.place === place)
    .map((s) => (
      <Check
        key={s.id}
        label={mapMessages[s.label]}
        checked={switches.on[s.id] === true}
        onChange={(e) => switches.set(s, e.currentTarget.checked)}
      />
    ));
}
