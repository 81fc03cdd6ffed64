// One jest run for every workspace. Tests sit next to the code (*.test.ts[x]).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jsdom',
  roots: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/api',
    '<rootDir>/deploy',
    '<rootDir>/mf-auth',
    '<rootDir>/mf-billing',
    '<rootDir>/mf-legal',
    '<rootDir>/mf-catalog',
    '<rootDir>/mf-player',
  ],
  testMatch: ['**/src/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  // @fastify/cookie is transformed for its `await import('cookie')`, which jest runs only as require.
  // otplib's packages and @scure/base ship ESM only; suites that load the API (deploy's) load them.
  transformIgnorePatterns: [
    '/node_modules/(?!(ky|single-spa|single-spa-react|altcha-lib|jose|content-disposition|typebox|cookie|@fastify/cookie|otplib|@otplib/[^/]+|@scure/base|@noble/hashes)/)',
  ],
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/shared/test-utils/src/css-module-proxy.cjs',
    '\\.css$': '<rootDir>/shared/test-utils/src/empty-module.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/shared/test-utils/src/jest-setup.ts'],
  testTimeout: 20000,
};
