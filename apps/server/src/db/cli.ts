import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { runCommandLine, say, UsageError } from '../lib/command-line';
import { describeMadePrivate, makePrivate } from '../lib/private-files';
import { BackupFileError, backupEmbedded, resolveBackupFile, restoreBackup } from './backup';
import { DataDirInUseError } from './data-dir-lock';
import { NoEmbeddedDatabaseError } from './embedded';
import { TargetNotEmptyError } from './move-checks';
import { formatMoveReport, moveToPostgres } from './move-to-postgres';

/**
 * The database commands for operators, run with tsx from the repository's root (package.json):
 *
 *   npm run db:backup                       a backup of DATA_DIR's embedded database into DATA_DIR/backups
 *   npm run db:restore -- FILE              that backup back in place (the current database is kept aside)
 *   npm run db:move -- --to postgres://…    the embedded database copied into an empty PostgreSQL database
 *
 * They read DATA_DIR (and BACKUP_KEEP_DAYS) as the server does, and refuse to run while a server uses DATA_DIR.
 * Like the server, they keep DATA_DIR private to its user (lib/private-files.ts).
 */

const USAGE = `Usage:
  npm run db:backup
  npm run db:restore -- FILE
  npm run db:move -- --to postgres://user:password@host:5432/database`;

async function run(argv: string[]): Promise<void> {
  // What the commands write in DATA_DIR (a backup, a restored database) is its user's alone.
  process.umask(0o077);
  const config = loadConfig();
  const dataDir = config.dataDir ?? './data';
  const wasOpen = describeMadePrivate(dataDir, makePrivate(dataDir));
  if (wasOpen) say(wasOpen);
  try {
    await runCommand(argv, config, dataDir);
  } finally {
    // PGlite sets the modes of its own files, whatever the umask (lib/private-files.ts).
    makePrivate(dataDir);
  }
}

async function runCommand(argv: string[], config: Config, dataDir: string): Promise<void> {
  const [command, ...rest] = argv;

  if (command === 'backup') {
    const { backup, removed } = await backupEmbedded(dataDir, config.backups.keepDays);
    say(`Backed up the embedded database of ${dataDir} to ${backup.file}`);
    if (removed.length > 0) say(`Removed backups older than ${config.backups.keepDays} days: ${removed.join(', ')}`);
    return;
  }

  if (command === 'restore') {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError('db:restore takes the backup file to restore');
    const file = resolveBackupFile(dataDir, positionals[0]!);
    const { keptAside } = await restoreBackup(dataDir, file);
    say(`Restored ${file} into ${dataDir}`);
    if (keptAside) say(`The database it replaced is kept in ${keptAside} (delete it once you are sure)`);
    return;
  }

  if (command === 'move') {
    const { values } = parseArgs({ args: rest, options: { to: { type: 'string' } }, strict: true });
    if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
      throw new UsageError('db:move needs --to postgres://… (an empty PostgreSQL database)');
    }
    say(`Moving the embedded database of ${dataDir} to PostgreSQL…`);
    const report = await moveToPostgres({ dataDir, targetUrl: values.to, log: (line) => say(`  ${line}`) });
    say(`\nMoved, and checked: the rows of every table and the money sums are the same on both sides.\n`);
    say(formatMoveReport(report));
    say(
      `\nStart the server with DATABASE_URL set to the target. The embedded database in ${dataDir} is left as it was.`,
    );
    return;
  }

  throw new UsageError(command ? `Unknown command: ${command}` : 'Which command?');
}

runCommandLine(
  run,
  USAGE,
  (error) =>
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof NoEmbeddedDatabaseError ||
    error instanceof BackupFileError ||
    error instanceof TargetNotEmptyError,
);
