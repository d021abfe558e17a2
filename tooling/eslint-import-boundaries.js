// The import directions of docs/architecture.md as one ESLint rule:
//   server ↛ web, web ↛ server, contract imports zod alone;
//   server: a module never imports another module's repository (it uses that module's service);
//   web: pages compose features, so a feature's pages/ may use another feature's api/ and components/;
//   nothing else crosses features, and components/, lib/ and store/ import no feature.
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** Where a file lives, as the segments after the repository root ("apps/web/src/features/x/..."). */
function segmentsOf(absolutePath) {
  const rel = relative(root, absolutePath);
  return rel.startsWith('..') ? null : rel.split(sep);
}

function zoneOf(segments) {
  if (!segments) return null;
  const [a, b] = segments;
  if (a === 'packages' && b === 'contract') return 'contract';
  if (a === 'apps' && b === 'server') return 'server';
  if (a === 'apps' && b === 'web') return 'web';
  return null;
}

/** apps/server/src/modules/<name>/<file or folder>/... → { module, part }: "repository" for its queries, in either. */
function serverModule(segments) {
  const i = segments.indexOf('modules');
  return segments[2] === 'src' && i === 3 && segments.length > 5
    ? { module: segments[4], part: segments[5].replace(/\.ts$/, '') }
    : null;
}

/** apps/web/src/<area>/<feature?>/<part?>/... → { area, feature, part } */
function webArea(segments) {
  if (segments[2] !== 'src') return null;
  const isFeature = segments[3] === 'features';
  return { area: segments[3], feature: isFeature ? segments[4] : null, part: isFeature ? segments[5] : null };
}

const publicFeatureParts = ['api', 'components'];

const isTestFile = (filename) => /\.test\.tsx?$/.test(filename) || /(^|[/\\])vitest\.config\.ts$/.test(filename);

function check(filename, source) {
  const fromSegments = segmentsOf(filename);
  const from = zoneOf(fromSegments);
  if (!from) return null;
  const isRelative = source.startsWith('.');
  const targetSegments = isRelative ? segmentsOf(resolve(dirname(filename), source)) : null;
  const to = isRelative ? zoneOf(targetSegments) : source.startsWith('@quan/') ? source.split('/')[1] : 'package';

  if (from === 'contract') {
    if (to === 'contract' || source === 'zod' || source.startsWith('zod/')) return null;
    // Its tests and their config run under vitest only; what the apps import stays zod alone.
    if (isTestFile(filename) && (source === 'vitest' || source.startsWith('vitest/'))) return null;
    return 'The contract package may import only zod and its own files.';
  }
  if (from === 'server' && to === 'web')
    return 'The server must not import the web app; share shapes through @quan/contract.';
  if (from === 'web' && to === 'server')
    return 'The web app must not import the server; share shapes through @quan/contract.';

  if (from === 'server' && to === 'server' && targetSegments) {
    const a = serverModule(fromSegments);
    const b = serverModule(targetSegments);
    if (b?.part === 'repository' && a?.module !== b.module) {
      return `Use the ${b.module} service instead of its repository; a module reaches another only through its service.`;
    }
  }
  if (from === 'web' && to === 'web' && targetSegments) {
    const a = webArea(fromSegments);
    const b = webArea(targetSegments);
    if (a && b?.feature) {
      const composesPublicPart = a.part === 'pages' && publicFeatureParts.includes(b.part);
      if (a.feature && a.feature !== b.feature && !composesPublicPart) {
        return `The ${a.feature} feature must not import the ${b.feature} feature's ${b.part ?? 'files'}; only pages may use another feature's api/ and components/.`;
      }
      if (['components', 'lib', 'store'].includes(a.area)) return `${a.area}/ must not import a feature.`;
    }
  }
  return null;
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import directions of docs/architecture.md' },
    schema: [],
    messages: { boundary: '{{message}}' },
  },
  create(context) {
    const report = (node, source) => {
      if (typeof source !== 'string') return;
      const message = check(context.filename, source);
      if (message) context.report({ node, messageId: 'boundary', data: { message } });
    };
    return {
      ImportDeclaration: (node) => report(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
      ExportAllDeclaration: (node) => report(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && report(node, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
