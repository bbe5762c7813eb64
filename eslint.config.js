import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * What the server may not import of the other apps: anything, but the printer helper's raw TCP
 * printing (`@duka/printer-helper/raw-print`, without dependencies), whose one copy lives in the
 * helper because the helper ships on its own (ADR 12).
 */
const SERVER_OTHER_APPS = [
  {
    group: ['**/apps/web/**', '**/apps/printer-helper/**', '@duka/web'],
    message: 'An app imports no other app.',
  },
  {
    regex: '^@duka/printer-helper(?!/raw-print$)',
    message: 'An app imports no other app (of the printer helper, only its raw-print).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'test-results-sync/**',
      'playwright-report/**',
      'data/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        project: ['./tsconfig.lint.json', './apps/web/tsconfig.json', './e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Imports run one way: apps -> packages/domain, never back, never app -> app.
  // (Cycles are checked by madge in `npm run lint`.)
  ...[
    [
      'packages/**',
      ['**/apps/**', '@duka/server', '@duka/web', '@duka/printer-helper'],
      'packages/domain is pure: it imports no app.',
    ],
    [
      'apps/web/**',
      ['**/apps/server/**', '**/apps/printer-helper/**', '@duka/server', '@duka/printer-helper'],
      'An app imports no other app.',
    ],
    [
      'apps/printer-helper/**',
      ['**/apps/server/**', '**/apps/web/**', '@duka/server', '@duka/web'],
      'An app imports no other app.',
    ],
  ].map(([files, group, message]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] },
  })),
  {
    files: ['apps/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_OTHER_APPS }] },
  },
  // The web's layers: app/ (router, providers) is the top; a feature (features/<f>/) imports
  // components/, lib/, @duka/domain, its own files and another feature only through that
  // feature's public index.ts ('../<other>'), never its files; components/ and lib/ import no
  // feature and no app/. (These blocks replace the one above for their files, so they repeat it.)
  ...webLayers(),
  // The server's layers: routes -> services -> repositories -> db. Only the routes (and app.ts)
  // speak HTTP; nothing below them imports http/ (errors they throw come from lib/errors.ts).
  ...serverLayers(),
  // Money and quantities round half away from zero, with the domain's divRound/mulDivRound
  // (integers, exact); Math.round rounds −0.5 up and floats lose cents.
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'round',
          message: 'Round with divRound or mulDivRound from @duka/domain (half away from zero, exact).',
        },
      ],
    },
  },
  // A function reads top to bottom in one screen: split a longer one by concern (a page into its
  // data hook, sections and dialogs; a service into its named steps). Tests, end-to-end specs and
  // migrations (frozen lists of DDL) are exempt.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/db/migrations/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 79, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

/** `no-restricted-imports` blocks for the web's layers (see the comment where they are used). */
function webLayers() {
  const otherApps = {
    group: ['**/apps/server/**', '**/apps/printer-helper/**', '@duka/server', '@duka/printer-helper'],
    message: 'An app imports no other app.',
  };
  const internals = 'Another feature is imported through its index.ts only: import from "../<feature>".';
  const noApp = 'app/ is the top: features, components/ and lib/ never import it.';
  // Relative paths are matched as written, so each folder depth gets its own patterns:
  // `up` is the way from a file to apps/web/src/features/.
  const feature = (up) => [
    otherApps,
    { regex: `^${up}(?!\\.\\.)[^/]+/.+`, message: internals },
    { regex: '(^|/)features/', message: internals },
    { regex: `^${up}\\.\\./app(/|$)`, message: noApp },
  ];
  const block = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  return [
    block(['apps/web/src/features/*/*.{ts,tsx}'], feature('\\.\\./')),
    block(['apps/web/src/features/*/*/*.{ts,tsx}'], feature('\\.\\./\\.\\./')),
    block(
      ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
      [
        otherApps,
        { regex: '(^|/)features(/|$)', message: 'components/ and lib/ import no feature.' },
        { regex: '^(\\.\\./)+app(/|$)', message: noApp },
      ],
    ),
  ];
}

/** `no-restricted-imports` blocks for the server's layers (see the comment where they are used). */
function serverLayers() {
  const noHttp =
    'Only routes import http/: throw AppError from lib/errors.ts, take what you need as arguments.';
  const http = '^(\\.{1,2}/)+http(/|$)';
  const below = ['apps/server/src/{lib,db,backup}/**/*.ts', 'apps/server/src/modules/**/*.ts'];
  // Services never read the request: the HTTP layer builds the caller's Context (lib/context.ts)
  // once per request, and routes pass it down.
  const noRequest = {
    name: 'fastify',
    importNames: ['FastifyRequest', 'FastifyReply'],
    message: 'Only routes and http/ see the request: take the Context (lib/context.ts) as an argument.',
  };
  return [
    {
      files: below,
      ignores: ['**/*.routes.ts', '**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: [noRequest], patterns: [...SERVER_OTHER_APPS, { regex: http, message: noHttp }] },
        ],
      },
    },
  ];
}
