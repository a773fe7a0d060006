// `npm run backup -- <folder>`: writes a backup of the site the settings name (DATABASE_URL, DATA_DIR,
// STORAGE_URL) into a new `waypoint-backup-<time>` folder under <folder>, while the site serves.
// `npm run restore -- <backup folder>`: brings it back into an empty database and storage.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { BackupError, createBackup, restoreBackup } from './backup.service.ts';

const [command, target] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !target) {
  console.error('Usage: npm run backup -- <folder>   |   npm run restore -- <backup folder>');
  process.exit(2);
}
const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const config = loadConfig();
const started = performance.now();
const log = (line: string) => console.log(`  ${line}`);
try {
  if (command === 'backup') {
    const { folder: written, manifest } = await createBackup(config, folder, log);
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written to ${written} in ${Math.round(performance.now() - started)} ms: ${manifest.engine} database (${rows} rows), ${manifest.storage.objects} stored files${manifest.storage.filesIncluded ? '' : ' listed (the bucket keeps the files)'}.`,
    );
  } else {
    const summary = await restoreBackup(config, folder, log);
    console.log(
      `Restored ${folder} in ${Math.round(performance.now() - started)} ms: ${summary.tables} tables, ${summary.rows} rows, ${summary.filesRestored} files.`,
    );
    if (summary.filesMissing.length > 0) {
      console.log(
        `${summary.filesMissing.length} listed files are not in the bucket, e.g. ${summary.filesMissing[0]}`,
      );
      process.exitCode = 1;
    }
  }
} catch (error) {
  // Every refusal is a sentence for the operator; a stack trace says nothing to them.
  console.error(
    error instanceof BackupError ? error.message : `${command} failed: ${(error as Error)?.message ?? error}`,
  );
  process.exitCode = 1;
}
