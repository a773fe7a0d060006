import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001_initial.ts';
import * as sessionsAndLimits from './migrations/0002_sessions_and_limits.ts';
import * as jobs from './migrations/0003_jobs.ts';
import * as suggestions from './migrations/0004_suggestions.ts';
import * as review from './migrations/0005_review.ts';
import * as scheduleOne from './migrations/0006_schedule_one.ts';
import * as admin from './migrations/0007_admin.ts';
import * as gameCurrency from './migrations/0008_game_currency.ts';
import * as questObjectives from './migrations/0009_quest_objectives.ts';
import * as userHideoutLevel from './migrations/0010_user_hideout_level.ts';
import * as plainTextComments from './migrations/0011_plain_text_comments.ts';
import * as markerUnticks from './migrations/0012_marker_unticks.ts';
import * as mapLevels from './migrations/0013_map_levels.ts';
import * as userPins from './migrations/0014_user_pins.ts';
import * as communityRoles from './migrations/0015_community_roles.ts';
import * as tileVersions from './migrations/0016_tile_versions.ts';
import * as webhooks from './migrations/0017_webhooks.ts';
import * as mapCoordinates from './migrations/0018_map_coordinates.ts';
import * as pinShares from './migrations/0020_pin_shares.ts';
import * as importState from './migrations/0021_import_state.ts';
import * as questRequires from './migrations/0022_quest_requires.ts';
import * as notifications from './migrations/0023_notifications.ts';
import * as pinShareRoutes from './migrations/0025_pin_share_routes.ts';
import * as communityReview from './migrations/0026_community_review.ts';
import * as completedMarkersByPlayer from './migrations/0027_completed_markers_by_player.ts';
import * as playerMarkersGoWithPlayer from './migrations/0028_player_markers_go_with_player.ts';
import * as ownedItemsOneIndex from './migrations/0029_owned_items_one_index.ts';
import * as notificationSubjectReason from './migrations/0030_notification_subject_reason.ts';
import * as mapGeoBounds from './migrations/0031_map_geo_bounds.ts';
import * as sessionChangeNotices from './migrations/0032_session_change_notices.ts';
import * as apiTokens from './migrations/0033_api_tokens.ts';
import * as liveTickets from './migrations/0034_live_tickets.ts';
import * as teams from './migrations/0035_teams.ts';

/** Migrations in order; names are timestamps or sequence numbers and never change once landed. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_sessions_and_limits': sessionsAndLimits,
  '0003_jobs': jobs,
  '0004_suggestions': suggestions,
  '0005_review': review,
  '0006_schedule_one': scheduleOne,
  '0007_admin': admin,
  '0008_game_currency': gameCurrency,
  '0009_quest_objectives': questObjectives,
  '0010_user_hideout_level': userHideoutLevel,
  '0011_plain_text_comments': plainTextComments,
  '0012_marker_unticks': markerUnticks,
  '0013_map_levels': mapLevels,
  '0014_user_pins': userPins,
  '0015_community_roles': communityRoles,
  '0016_tile_versions': tileVersions,
  '0017_webhooks': webhooks,
  '0018_map_coordinates': mapCoordinates,
  '0020_pin_shares': pinShares,
  '0021_import_state': importState,
  '0022_quest_requires': questRequires,
  '0023_notifications': notifications,
  '0025_pin_share_routes': pinShareRoutes,
  '0026_community_review': communityReview,
  '0027_completed_markers_by_player': completedMarkersByPlayer,
  '0028_player_markers_go_with_player': playerMarkersGoWithPlayer,
  '0029_owned_items_one_index': ownedItemsOneIndex,
  '0030_notification_subject_reason': notificationSubjectReason,
  '0031_map_geo_bounds': mapGeoBounds,
  '0032_session_change_notices': sessionChangeNotices,
  '0033_api_tokens': apiTokens,
  '0034_live_tickets': liveTickets,
  '0035_teams': teams,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The migrator of this database. On PostgreSQL its bookkeeping tables live in the current schema:
 * without saying so, a `kysely_migration*` table in any other schema of the database would be
 * taken for this one's.
 */
async function migratorFor(db: Db): Promise<Migrator> {
  if (db.dialect !== 'postgres') return new Migrator({ db: db.kysely, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  return new Migrator({ db: db.kysely, provider, migrationTableSchema: rows[0]?.schema ?? 'public' });
}

/** True when a migration this build knows has not run on the database yet. */
export async function migrationsPending(db: Db): Promise<boolean> {
  const migrator = await migratorFor(db);
  return (await migrator.getMigrations()).some((m) => m.executedAt === undefined);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } =
    db.dialect === 'postgres'
      ? // One connection without the statement timeout: a migration over a large table may take long.
        await db.kysely.connection().execute(async (conn) => {
          await sql`set statement_timeout = 0`.execute(conn);
          try {
            const migrator = await migratorFor({ ...db, kysely: conn });
            return await migrator.migrateToLatest();
          } finally {
            await sql`reset statement_timeout`.execute(conn);
          }
        })
      : await (await migratorFor(db)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
