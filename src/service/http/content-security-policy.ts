/**
 * The Content-Security-Policy of every page the service serves (the dashboard, and Swagger UI at /docs). The
 * dashboard only ever talks to its own origin (fetch, no WebSocket), so connect-src is 'self' alone; images come
 * from the service, data: URLs (chart and icon drawings) and the product-image hosts the operator listed.
 */
export function dashboardCspDirectives(imageSources: readonly string[]): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React and recharts set style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...imageSources],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    // Colleagues reach the service over plain HTTP on the LAN.
    upgradeInsecureRequests: null,
  };
}
