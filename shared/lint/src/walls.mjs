// @ts-check
// The walls between the apps, as one lint rule (decision 121). It resolves every import, export
// from, dynamic import() and require() to the folder it reaches, so a remote's own `src/api/`
// is never mistaken for the API, and a new remote (any `mf-*` folder) is walled in by its name.
import path from 'node:path';

/** The repository root: shared/lint/src -> ../../.. */
const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The shell's layers, lowest first: a layer imports only layers below it (and itself), so the
 * shell has no upward cycles. Files outside these folders (boot.tsx, test-support/) are the top.
 */
export const SHELL_LAYERS = [
  'config',
  'session',
  'http',
  'navigation',
  'pages',
  'remotes',
  'platform',
  'layout',
  'routes',
];

/**
 * The API's features, lowest first (decision 190). A feature imports platform/, its own files,
 * and the index.ts of a feature below it; a feature's tables.ts may also take a lower feature's
 * tables.ts (a foreign key). platform/ imports no feature; app.ts, services.ts, cli/ and testing/
 * at the top wire the features together. Tests may reach anywhere inside the API.
 */
export const API_FEATURES = [
  'accounts',
  'catalog',
  'billing',
  'streams',
  'ingest',
  'mail',
  'ops',
  'staff',
  'support',
  'business',
];

const APP_FOLDER = /^(shell|api|deploy|e2e|mf-[a-z0-9-]+)$/;
const isRemote = (area) => /^mf-/.test(area);
const TEST_FILE = /(\.test\.[cm]?[jt]sx?$)|([\\/](testing|test-support|bench)[\\/])/;

const MESSAGES = {
  remoteToRemote: 'A remote never imports another remote or the shell; use the contract props.',
  shellToRemote: 'The shell loads remotes at runtime only (loadRemote), never from source.',
  frontendToServer:
    'The shell and remotes never import the API or deploy: they reach the API over HTTP, with paths and types from @crease/contract.',
  sharedToApp: 'shared/ never imports an app.',
  apiToApp: 'The API never imports the shell, a remote, deploy or e2e.',
  deployToFrontend:
    "deploy ships the apps' builds; it never imports the shell's or a remote's source.",
  toE2e: 'Only e2e/ imports e2e/; test helpers several apps need live in @crease/test-utils.',
  e2eToApp:
    'e2e drives the running site; it never imports app source (shared facts come from @crease/contract).',
  testUtilsOutsideTests: '@crease/test-utils is for tests only.',
  apiPlatformToFeature:
    'API walls: platform/ imports no feature and nothing above it (app.ts, services.ts, index.ts); pass it what it needs.',
  apiFeatureToTop:
    'API walls: a feature never imports app.ts, services.ts or index.ts; it takes what it uses (db, clock, mailer…).',
  apiFeatureInside:
    "API walls: a feature imports another feature only through that feature's index.ts.",
  apiTestingOnly:
    'A frontend test may start the real API only through its test harness (api/testing/...).',
};

/** The app or shared package a file belongs to: "shell", "mf-auth", "shared/ui", …, or null. */
export function areaOfFile(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0] ?? '')) return null;
  if (parts[0] === 'shared' && parts[1]) return `shared/${parts[1]}`;
  return APP_FOLDER.test(parts[0] ?? '') ? parts[0] : null;
}

/** The area an import specifier reaches, or null for npm packages and Node built-ins. */
export function areaOfSpecifier(specifier, fromFile) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return areaOfFile(path.resolve(path.dirname(fromFile), specifier));
  }
  const scoped = /^@crease\/([a-z0-9-]+)/.exec(specifier);
  if (scoped) return `shared/${scoped[1]}`;
  const first = specifier.split('/')[0] ?? '';
  return APP_FOLDER.test(first) ? first : null;
}

/** The shell layer a file under shell/src/<layer>/ is in, or null. */
function shellLayerOf(file) {
  const parts = path.relative(path.join(ROOT, 'shell', 'src'), file).split(path.sep);
  return parts.length > 1 && SHELL_LAYERS.includes(parts[0] ?? '') ? parts[0] : null;
}

/** Why `from` may not import `specifier` (reaching `to`), or null when it may. */
function wallBetween(from, to, specifier, file) {
  if (to === null) return null;
  const test = TEST_FILE.test(file);
  if (to === 'shared/test-utils' && !test && from !== 'e2e' && !from.startsWith('shared/'))
    return MESSAGES.testUtilsOutsideTests;
  if (to === from) return null;
  if (from.startsWith('shared/')) return to.startsWith('shared/') ? null : MESSAGES.sharedToApp;
  if (to.startsWith('shared/')) return null;
  if (to === 'e2e') return MESSAGES.toE2e;
  if (from === 'shell' || isRemote(from)) {
    if (to === 'api' && test && specifier.startsWith('api/testing/')) return null;
    if (to === 'api' || to === 'deploy')
      return to === 'api' && test ? MESSAGES.apiTestingOnly : MESSAGES.frontendToServer;
    return from === 'shell' ? MESSAGES.shellToRemote : MESSAGES.remoteToRemote;
  }
  if (from === 'api') return MESSAGES.apiToApp;
  if (from === 'deploy') return to === 'api' ? null : MESSAGES.deployToFrontend;
  if (from === 'e2e') return MESSAGES.e2eToApp;
  return null;
}

function layerProblem(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const fromLayer = shellLayerOf(file);
  const toLayer = shellLayerOf(path.resolve(path.dirname(file), specifier));
  if (fromLayer === null || toLayer === null) return null;
  if (SHELL_LAYERS.indexOf(toLayer) <= SHELL_LAYERS.indexOf(fromLayer)) return null;
  return `Shell layers: ${fromLayer}/ sits below ${toLayer}/ and must not import it (lowest first: ${SHELL_LAYERS.join(' < ')}).`;
}

const API_SRC = path.join(ROOT, 'api', 'src');

/** The part of api/src a file is in: "platform", a feature, "top" (app.ts, cli/, testing/…), or null. */
function apiPartOf(file) {
  const parts = path.relative(API_SRC, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0] ?? '')) return null;
  const first = parts[0] ?? '';
  // A bare folder (`../billing`) is that feature's index.ts.
  if (first === 'platform' || API_FEATURES.includes(first)) return first;
  return 'top';
}

/** Why an API source file may not import `specifier` (a relative path inside the API), or null. */
function apiWallProblem(file, specifier) {
  if (!specifier.startsWith('.') || TEST_FILE.test(file)) return null;
  const from = apiPartOf(file);
  const target = path.resolve(path.dirname(file), specifier);
  const to = apiPartOf(target);
  if (from === null || from === 'top' || to === null || to === from) return null;
  if (from === 'platform') return MESSAGES.apiPlatformToFeature;
  if (to === 'platform') return null;
  if (to === 'top') return MESSAGES.apiFeatureToTop;
  const below = API_FEATURES.indexOf(to) < API_FEATURES.indexOf(from);
  const inside = path.relative(path.join(API_SRC, to), target).replace(/\.ts$/, '');
  const tablesToTables = inside === 'tables' && /[\\/]tables\.ts$/.test(file);
  if (below && (inside === '' || inside === 'index' || tablesToTables)) return null;
  if (!below)
    return `API walls: ${from}/ sits below ${to}/ and must not import it (lowest first: ${API_FEATURES.join(' < ')}).`;
  return MESSAGES.apiFeatureInside;
}

/** A string literal, or a template literal without expressions: what an import can be checked by. */
function staticString(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? null;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const wallsRule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: "The walls between apps, the shell's layers and the API's features." },
  },
  create(context) {
    const file = context.filename;
    const from = areaOfFile(file);
    if (from === null) return {};
    const check = (node, sourceNode) => {
      const specifier = staticString(sourceNode);
      if (specifier === null) return;
      const to = areaOfSpecifier(specifier, file);
      const message =
        wallBetween(from, to, specifier, file) ??
        (from === 'shell' && to === 'shell' ? layerProblem(file, specifier) : null) ??
        (from === 'api' && to === 'api' ? apiWallProblem(file, specifier) : null);
      if (message) context.report({ node: sourceNode ?? node, message });
    };
    const isRequire = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'require') ||
      (callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        (callee.object.name === 'require' || callee.object.name === 'jest') &&
        callee.property.type === 'Identifier' &&
        ['resolve', 'mock', 'requireActual', 'doMock'].includes(callee.property.name));
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      CallExpression: (node) => {
        if (isRequire(node.callee)) check(node, node.arguments[0]);
      },
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type === 'TSExternalModuleReference')
          check(node, node.moduleReference.expression);
      },
    };
  },
};
