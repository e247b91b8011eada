// The light entry of the service for the desktop shell (src/main). Electron's main process loads it at start, so
// nothing here may reach a native addon (better-sqlite3, hnswlib-node): a checkout builds those for Node, not for
// Electron. createService lives in the heavy entry, ./index.ts, which main imports on demand (import()).
export { ConfigError, loadConfig, type Config, type ConfigOverrides } from './config.js';
export { MigrationError } from './db/migrator.js';
export { environmentWithDotenv } from './env-file.js';
export { lanAddresses } from './lan-addresses.js';
