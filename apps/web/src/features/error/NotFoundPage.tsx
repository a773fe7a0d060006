import { NotFoundView } from './ErrorView.tsx';

/** Any path that is not a route. */
export function Component() {
  return <NotFoundView />;
}
