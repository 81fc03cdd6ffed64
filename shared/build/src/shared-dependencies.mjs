// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What every app shares through Module Federation, loaded once per page:
 * React as a singleton (two Reacts break hooks), and the design system so tokens
 * and component styles are downloaded once (docs/architecture.md §2).
 *
 * @param {string} appDir
 * @param {{ eager: boolean }} options eager in the host, so its first paint needs no async boundary.
 */
export function sharedDependencies(appDir, { eager }) {
  const require = createRequire(path.join(appDir, 'package.json'));
  /** @param {string} pkg */
  const versionOf = (pkg) => require(`${pkg}/package.json`).version;
  /** @param {string} pkg @param {string} version */
  const singleton = (pkg, version) => ({
    singleton: true,
    eager,
    requiredVersion: `^${version.split('.')[0]}.0.0`,
    version,
    import: pkg,
  });
  const react = versionOf('react');
  const reactDom = versionOf('react-dom');
  const ui = versionOf('@crease/ui');
  return {
    react: singleton('react', react),
    'react/jsx-runtime': singleton('react/jsx-runtime', react),
    'react-dom': singleton('react-dom', reactDom),
    'react-dom/client': singleton('react-dom/client', reactDom),
    '@crease/ui': singleton('@crease/ui', ui),
  };
}
