/**
 * One valid and one invalid call per tool, against the seed data set. The invalid one breaks one limit of the
 * route's schema; `field` is the name the error must contain.
 */
export interface ToolCase {
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  field: string;
}

export function toolCases(product: string): Record<string, ToolCase> {
  return {
    find_vendor_products_for_switch: { valid: { switch: '93180YC' }, invalid: { switch: 'x' }, field: 'switch' },
    get_competitor_alerts: { valid: { limit: 5 }, invalid: { limit: 201 }, field: 'limit' },
    plan_transport: {
      valid: { from: 'frankfurt', to: 'amsterdam', capacity: '4x100G' },
      invalid: { from: 'frankfurt', to: 'amsterdam', capacity: 'lots' },
      field: 'capacity',
    },
    forecast_sales: { valid: { technology: '800G' }, invalid: { technology: '' }, field: 'technology' },
    get_demand_analysis: { valid: { urgency: 'critical', limit: 5 }, invalid: { urgency: 'panic' }, field: 'urgency' },
    generate_blog: {
      valid: { topic_type: 'tutorial', title: 'Choosing 400G optics for a leaf-spine fabric' },
      invalid: { topic_type: 'poem' },
      field: 'topic_type',
    },
    search_products: { valid: { q: '400G single-mode 10 km', limit: 3 }, invalid: { q: '400G', fiber_type: 'glass' }, field: 'fiber_type' },
    get_transceiver: { valid: { id: product }, invalid: { id: product, currency: 'JPY' }, field: 'currency' },
    get_datasheet: { valid: { id: product }, invalid: { id: 'x'.repeat(201) }, field: 'id' },
    compare_prices: { valid: { operator_transceiver: product, limit: 3 }, invalid: { offset: -1 }, field: 'offset' },
    get_hype_cycle: { valid: { tech: '800G' }, invalid: { tech: 'x'.repeat(65) }, field: 'tech' },
    lookup_route: { valid: { prefix: '192.0.2.0/24' }, invalid: {}, field: 'prefix' },
  };
}
