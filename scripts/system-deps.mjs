// What `npm test` needs from the operating system besides Node: Debian's Chromium for the browser
// tests, PostgreSQL's server binaries and PgBouncer for the PostgreSQL suite, and a font for drawn
// map labels.
// Missing ones are installed with apt-get when running as root (as on CI); otherwise the one command
// to run is printed and the run stops.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function hasPostgres() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return false;
  return readdirSync(base).some((version) => existsSync(`${base}/${version}/bin/initdb`));
}

function hasDebPackage(name) {
  const res = spawnSync('dpkg', ['-s', name], { stdio: 'ignore' });
  return res.status === 0;
}

/** The Debian packages among `wanted` ('chromium', 'postgresql', 'pgbouncer', 'fonts') that this machine lacks. */
export function missingPackages(wanted) {
  const missing = [];
  if (wanted.includes('chromium') && !existsSync(chromiumPath())) missing.push('chromium');
  if (wanted.includes('postgresql') && !hasPostgres()) missing.push('postgresql');
  if (wanted.includes('pgbouncer') && !existsSync(process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer'))
    missing.push('pgbouncer');
  if (wanted.includes('fonts') && !hasDebPackage('fonts-dejavu-core')) missing.push('fonts-dejavu-core');
  return missing;
}

/** Installs what is missing (root only); returns false, having said what to run, when it cannot. */
export function ensurePackages(wanted) {
  const missing = missingPackages(wanted);
  if (missing.length === 0) return true;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    console.error(`\nThe tests need Debian packages this machine lacks: ${missing.join(', ')}.`);
    console.error(`Install them once as root, then run npm test again:\n\n  sudo sh -c '${command}'\n`);
    return false;
  }
  console.log(`Installing Debian packages the tests need: ${missing.join(', ')}`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  } catch {
    console.error(`apt-get could not install ${missing.join(', ')}`);
    return false;
  }
  return missingPackages(wanted).length === 0;
}
