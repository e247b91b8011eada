import type { TopicType } from '../../../../shared/api/sales/hot-topics.schemas.js';

/**
 * Topics a salesperson is asked about every week, whatever the market does. Each states only what the standards
 * and the catalogue's own rules say (SR4 and DR4 both use 8 fibres; fibre loss per wavelength band is the one table of
 * the datasheets and the transport planner); the blog engine writes the article.
 */
export const EVERGREEN_TOPICS: ReadonlyArray<{ id: string; title: string; summary: string; keywords: string[]; topic_type: TopicType }> = [
  {
    id: 'sr4-vs-dr4',
    title: 'SR4 or DR4? Multimode and single-mode parallel optics compared',
    summary: 'Both use 8 fibres (4 transmit, 4 receive) on an MPO connector; SR4 runs over multimode fibre for short reaches, DR4 over single-mode to 500 m.',
    keywords: ['sr4', 'dr4', 'mpo', 'multimode', 'single-mode'],
    topic_type: 'comparison',
  },
  {
    id: 'optical-power-budget',
    title: 'Optical power budget: will this link work?',
    summary: 'Launch power minus receiver sensitivity is the budget; fibre loss, connectors and splices spend it, and what is left is the margin.',
    keywords: ['power budget', 'dbm', 'attenuation', 'margin'],
    topic_type: 'tutorial',
  },
  {
    id: 'switch-coding',
    title: "Why a compatible transceiver carries the switch maker's coding",
    summary: "Switches check the module's EEPROM; a compatible module is coded for the platform it goes into, so the same optics ship in several codings.",
    keywords: ['coding', 'eeprom', 'compatibility', 'third-party optics'],
    topic_type: 'tutorial',
  },
  {
    id: 'breakout',
    title: 'Breakout: one 400G DR4 port as four 100G DR links',
    summary: 'A 400G DR4 module carries four 100G lanes on separate fibre pairs, so one port can feed four 100G DR ports through a breakout cable.',
    keywords: ['breakout', '400g', 'dr4', '100g', 'fan-out'],
    topic_type: 'tutorial',
  },
  {
    id: 'digital-diagnostics',
    title: 'Reading digital diagnostics (DOM): temperature, voltage, bias and optical power',
    summary:
      'Most modules report their temperature, supply voltage, laser bias and transmit and receive power; the values show a failing link before it fails.',
    keywords: ['dom', 'ddm', 'diagnostics', 'troubleshooting'],
    topic_type: 'tutorial',
  },
];
