import { TRANSPORT_MAX_COUNT, TRANSPORT_MAX_TOTAL_GBPS, TRANSPORT_SPEEDS } from '../../../../shared/api/sales/transport.schemas.js';
import { formatSpeed, parseSpeed } from '../../../../shared/speed.js';
import { InvalidError } from '../../../errors.js';

export interface Capacity {
  count: number;
  speed: string;
  speed_gbps: number;
  total_gbps: number;
}

const CAPACITY = /^\s*(?:(\d{1,3})\s*[xX×*]\s*)?(\d+(?:\.\d+)?\s*[GgTt])\s*$/;

/** "4x100G", "4 x 100G", "400G" -> clients and speed; anything the planner cannot size is a 400 naming the field. */
export function parseCapacity(text: string): Capacity {
  const match = CAPACITY.exec(text);
  const gbps = match ? parseSpeed(match[2]!) : undefined;
  if (!match || gbps === undefined) throw new InvalidError(`body/capacity "${text}" must look like 4x100G or 400G`);
  const count = match[1] === undefined ? 1 : Number(match[1]);
  const speed = formatSpeed(gbps);
  if (!(TRANSPORT_SPEEDS as readonly string[]).includes(speed)) {
    throw new InvalidError(`body/capacity speed ${speed} is not planned; speeds: ${TRANSPORT_SPEEDS.join(', ')}`);
  }
  if (count < 1 || count > TRANSPORT_MAX_COUNT) throw new InvalidError(`body/capacity must have 1 to ${TRANSPORT_MAX_COUNT} clients, not ${count}`);
  const total = count * gbps;
  if (total > TRANSPORT_MAX_TOTAL_GBPS) {
    throw new InvalidError(`body/capacity ${count}x${speed} = ${formatSpeed(total)} exceeds ${formatSpeed(TRANSPORT_MAX_TOTAL_GBPS)} on one fibre pair`);
  }
  return { count, speed, speed_gbps: gbps, total_gbps: total };
}
