// One lint config for every workspace (STYLE §7, §11). Boundaries between apps are rules here,
// not conventions: a remote never imports another remote, shared never imports an app.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  },
};

const remoteNames = ['mf-auth', 'mf-billing', 'mf-catalog', 'mf-player', 'mf-legal'];
const importsOf = (names) => names.flatMap((n) => [n, `${n}/*`, `**/${n}/**`, `**/${n}`]);

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
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  ...remoteNames.map((name) => ({
    files: [`${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...importsOf(remoteNames.filter((n) => n !== name)), ...importsOf(['shell'])],
              message:
                'A remote never imports another remote or the shell; use the contract props.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: importsOf(remoteNames),
              message: 'The shell loads remotes at runtime only (loadRemote), never from source.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx,mjs,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: importsOf([...remoteNames, 'shell', 'api', 'deploy']),
              message: 'shared/ never imports an app.',
            },
          ],
        },
      ],
    },
  },
);
