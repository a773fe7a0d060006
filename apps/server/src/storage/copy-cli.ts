// `npm run storage:copy`: copies DATA_DIR's pictures, thumbnails and tile pyramids into the bucket
// STORAGE_URL names (with the S3_* settings), so a running site can switch over (docs/deploy.md).
// Resumable: run it again after an interruption, or once more right before the switch, and it copies
// only what the bucket does not hold with the same size yet.
import { loadConfig } from '../config.ts';
import { storedFolders as folders } from '../media/paths.ts';
import { copyStoredFiles } from './copy-to-bucket.ts';
import { createStore } from './index.ts';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error(
    'Set STORAGE_URL=s3://bucket/prefix (and S3_ENDPOINT, S3_REGION, keys) to the bucket to copy into.',
  );
  process.exit(2);
}
const target = createStore(config);
const started = performance.now();
let lastLine = 0;
try {
  await target.check();
  console.log(`Copying ${config.dataDir} (${folders.join(', ')}) into ${target.description}`);
  const summary = await copyStoredFiles({
    dataDir: config.dataDir,
    target,
    folders,
    progress(done, s) {
      if (performance.now() - lastLine < 2000) return;
      lastLine = performance.now();
      console.log(
        `  ${done} files: ${s.copied} copied, ${s.skipped} already there, ${s.failed.length} failed`,
      );
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${summary.found} files in ${seconds} s: ${summary.copied} copied (${(summary.bytesCopied / 1e6).toFixed(1)} MB), ${summary.skipped} already there with the same size, ${summary.failed.length} failed.`,
  );
  for (const f of summary.failed.slice(0, 20)) console.log(`  failed: ${f.key}: ${f.reason}`);
  if (summary.failed.length > 0) {
    console.log('Run it again to retry the failed files.');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await target.close();
}
