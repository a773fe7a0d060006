import { useParams } from 'react-router';
import { FeaturePending } from '../../components/FeaturePending.tsx';

/** Admin detail page of any model: route entry. */
export function Component() {
  const { model = '', id = '' } = useParams();
  return <FeaturePending title={`${model}: ${id}`} />;
}
