import { ModelPage } from './ModelPage.tsx';

/** Admin detail page of any model (SPEC §2.13): route entry. */
export function Component() {
  return <ModelPage />;
}
