import type { Config } from './config.js';

/**
 * How the service names itself to the sites it reads (news feeds, vendor shops): the product, its version, and
 * whose installation it is, so a site operator can tell what is fetching and whom to ask.
 */
export function userAgentOf(config: Pick<Config, 'version' | 'operatorBrand'>): string {
  return `TransceiverIntelligence/${config.version} (market monitor of ${config.operatorBrand})`;
}
