import { FeaturePending } from '../../components/FeaturePending.tsx';

/** Items To Keep (SPEC §2.10): route entry; the tracker is its own feature. */
export function Component() {
  return <FeaturePending title="Items To Keep" />;
}
