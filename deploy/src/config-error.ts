/** A configuration value is missing or breaks its rule; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
