import { FeaturePending } from '../../components/FeaturePending.tsx';

/** Suggestion review (SPEC §2.12, admins): route entry. */
export function Component() {
  return <FeaturePending title="Suggestion review" />;
}
