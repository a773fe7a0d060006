import { AdminHome } from './AdminHome.tsx';

/** Admin panel (SPEC §2.13): route entry. */
export function Component() {
  return <AdminHome />;
}
