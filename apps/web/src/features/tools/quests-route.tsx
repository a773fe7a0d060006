import { FeaturePending } from '../../components/FeaturePending.tsx';

/** Quest tracker (SPEC §2.9): route entry; the tracker is its own feature. */
export function Component() {
  return <FeaturePending title="Quests" />;
}
