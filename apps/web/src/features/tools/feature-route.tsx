import { toolLabels } from '@waypoint/shared/messages';
import { additionalFeatures } from '@waypoint/shared/models/enums';
import { useParams } from 'react-router';
import { FeaturePending } from '../../components/FeaturePending.tsx';
import { NotFoundView } from '../error/ErrorView.tsx';

/** Per-game tool page: the feature is one of the additional features. */
export function Component() {
  const { feature = '' } = useParams();
  const known = (additionalFeatures as readonly string[]).includes(feature);
  if (!known) return <NotFoundView />;
  return <FeaturePending title={toolLabels[feature as keyof typeof toolLabels]} />;
}
