/**
 * Faults of the storage under the server, told apart from bugs: the database unreachable (restart,
 * failover, connections cut), answering too slowly, the disk full, or the object storage unreachable. Requests that meet one answer
 * 503 (with Retry-After) or 507 instead of 500, and the operator sees one log line per outage.
 */
export type FaultKind = 'database_unavailable' | 'database_slow' | 'storage_full' | 'storage_unavailable';

/** Node socket errors of a connection that is gone or cannot be made. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs: server shutting down or starting, too many connections, connection lost. */
const unavailableStates = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** node-postgres' own messages for a connection that went away or could not be had in time. */
const lostConnection =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

export function faultKind(error: unknown): FaultKind | null {
  if (!error || typeof error !== 'object') return null;
  const code = String((error as { code?: unknown }).code ?? '');
  // The object storage (bucket) could not be reached or refused the request.
  if (code === 'STORAGE_UNAVAILABLE') return 'storage_unavailable';
  const message = error instanceof Error ? error.message : '';
  // SQLite's database or journal could not grow; PostgreSQL's disk_full; a file write with no space.
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT')
    return 'storage_full';
  // SQLite locked past busy_timeout; PostgreSQL statement or lock timeout.
  if (code === 'SQLITE_BUSY' || code === '57014' || code === '55P03') return 'database_slow';
  if (socketCodes.has(code) || unavailableStates.has(code) || lostConnection.test(message))
    return 'database_unavailable';
  return null;
}
