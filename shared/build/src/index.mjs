// @ts-check
export { createHostConfig } from './create-host-config.mjs';
export { createRemoteConfig } from './create-remote-config.mjs';
export { baseConfig } from './base-config.mjs';
export { buildConsole, createConsoleConfig } from './create-console-config.mjs';
