// One lint config for every workspace (STYLE §7, §11). Boundaries between apps are rules here,
// not conventions: a remote never imports another remote, shared never imports an app, the
// browser apps never import the API or deploy, and the shell's layers point one way
// (crease/walls, shared/lint; its test lints deliberate violations with this very config).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { wallsRule } from './shared/lint/src/walls.mjs';
import { jsxLiteralsRule } from './shared/lint/src/jsx-literals.mjs';

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** File names are kebab-case so a newcomer can guess a path from a name. */
const crease = {
  rules: {
    'kebab-case-files': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const base = path.basename(context.filename);
        return {
          Program(node) {
            if (!kebabCase.test(base)) {
              context.report({ node, message: `File name "${base}" must be kebab-case.` });
            }
          },
        };
      },
    },
    walls: wallsRule,
    'jsx-literals': jsxLiteralsRule,
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-dev/**',
      'e2e/test-results/**',
      '**/.data/**',
      'coverage/**',
      'test-results/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, crease },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'crease/kebab-case-files': 'error',
      'crease/walls': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // One clock in the API (decision 420): "what time is it" comes from services.clock
    // (api/src/platform/clock.ts), bound into SQL as a parameter; real durations and in-process
    // lifetimes use its monotonicMs(). Tests and their harness may read the wall clock.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.test.ts', 'api/src/testing/**', 'api/src/platform/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message:
            'Read time from the injected clock (services.clock.now(), api/src/platform/clock.ts; decision 420); for a real duration or an in-memory lifetime use monotonicMs().',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'new Date() reads the wall clock: use the injected clock (services.clock.now(), api/src/platform/clock.ts; decision 420).',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message:
            'Date() reads the wall clock: use the injected clock (services.clock.now(), api/src/platform/clock.ts; decision 420).',
        },
      ],
    },
  },
  {
    // Issue 34 §4 (decision 472): the screens that are translated show no hard-coded words; each
    // remote joins this list when its catalogues land (docs/i18n.md). Tests may say anything.
    files: [
      'shell/src/layout/**/*.tsx',
      'shell/src/pages/**/*.tsx',
      'shell/src/remotes/**/*.tsx',
      'mf-auth/src/**/*.tsx',
      'mf-billing/src/**/*.tsx',
      'mf-legal/src/**/*.tsx',
      'mf-catalog/src/**/*.tsx',
      'mf-player/src/**/*.tsx',
    ],
    ignores: ['**/*.test.tsx', '**/testing/**'],
    rules: { 'crease/jsx-literals': 'error' },
  },
);
