// A ban's reach is part of what the roles table decides; pages that show a ban import it from here.
export { banIn } from '../roles/roles.ts';
