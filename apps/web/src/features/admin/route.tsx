import { FeaturePending } from '../../components/FeaturePending.tsx';

/** Admin panel (SPEC §2.13): route entry. */
export function Component() {
  return <FeaturePending title="Admin" />;
}
