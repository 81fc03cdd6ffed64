// @ts-check
export { createHostConfig } from './create-host-config.mjs';
export { createRemoteConfig } from './create-remote-config.mjs';
