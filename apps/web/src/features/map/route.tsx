import { FeaturePending } from '../../components/FeaturePending.tsx';

/** Map view (SPEC §2.7): route entry; the interactive map is its own feature. */
export function Component() {
  return <FeaturePending title="Map" />;
}
