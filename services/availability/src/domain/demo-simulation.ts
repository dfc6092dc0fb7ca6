import type { MachineFeedRequest, MachineStatus } from '@laundry/contracts';
import { feedOccupancy, localWeekdayHour } from './busyness.ts';

/**
 * The simulated machines of a demo laundromat, as a pure function of the moment: nothing is kept between
 * ticks, a restart continues where it was, and the eight weeks of history backfilled into the busyness
 * chart are the same machines the live feed shows.
 *
 * Each machine's time is cut into slots a little longer than one cycle; in each slot it runs one cycle or
 * none, by a draw weighted with how busy laundromats are at that local hour (quiet mornings, full evenings,
 * busier weekends). A cycle is in use, then finishing for its last minutes. Now and then a machine is out of
 * order for a six-hour block.
 */
export interface DemoLaundromat {
  id: string;
  timeZone: string;
  numWashers: number | null;
  numDryers: number | null;
}

type Machine = MachineFeedRequest['machines'][number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BROKEN_BLOCK = 6 * HOUR;
const FINISHING_MINUTES = 3;
const BROKEN_CHANCE = 0.015;

const kinds = {
  washer: { slotMinutes: 50, minCycle: 30, maxCycle: 45, capacityKg: [7, 9, 12] },
  dryer: { slotMinutes: 60, minCycle: 40, maxCycle: 55, capacityKg: [10, 14] },
} as const;

/** A uniform draw in [0, 1) from its key: FNV-1a, then a final avalanche (the same on every machine). */
export function draw(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** The chance a machine runs a cycle in a slot starting at this local weekday (1–7) and hour. */
export function demand(weekday: number, hour: number): number {
  if (hour < 7 || hour >= 22) return 0.03;
  const weekend = weekday >= 6;
  const base = hour < 10 ? 0.3 : hour < 17 ? 0.5 : hour < 21 ? 0.85 : 0.4;
  return Math.min(0.95, base + (weekend && hour >= 9 && hour < 19 ? 0.2 : 0));
}

/** The listing's counts where it has them, else a plausible number drawn from the laundromat's id. */
export function demoMachineList(
  laundromat: DemoLaundromat,
): Array<{ machineId: string; type: Machine['type'] }> {
  const washers = clampCount(laundromat.numWashers, 6 + Math.floor(draw(`${laundromat.id}:w`) * 7));
  const dryers = clampCount(laundromat.numDryers, 4 + Math.floor(draw(`${laundromat.id}:d`) * 5));
  return [
    // Two digits, so the machine list (sorted by id) reads W01, W02 … W10 rather than W1, W10, W2.
    ...Array.from({ length: washers }, (_, i) => ({ machineId: `W${pad(i + 1)}`, type: 'washer' as const })),
    ...Array.from({ length: dryers }, (_, i) => ({ machineId: `D${pad(i + 1)}`, type: 'dryer' as const })),
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A listing may say 0 or 60; the demo keeps between 1 and 20 of each kind. */
const clampCount = (listed: number | null, drawn: number) =>
  Math.min(20, Math.max(1, listed && listed > 0 ? listed : drawn));

/** Local weekday and hour per UTC hour, computed once each (Intl is the slow part of a backfill). */
function localClock(timeZone: string) {
  const cache = new Map<number, { weekday: number; hour: number }>();
  return (at: number) => {
    const hourStart = Math.floor(at / HOUR) * HOUR;
    let local = cache.get(hourStart);
    if (!local) {
      local = localWeekdayHour(new Date(hourStart), timeZone);
      cache.set(hourStart, local);
    }
    return local;
  };
}

export interface DemoSimulator {
  machines: ReturnType<typeof demoMachineList>;
  /** Every machine's state at `at`, as a feed would send it. */
  at(at: Date): Machine[];
}

export function demoSimulator(laundromat: DemoLaundromat): DemoSimulator {
  const machines = demoMachineList(laundromat);
  const local = localClock(laundromat.timeZone);
  // What does not change with time, drawn once per machine. Machines' slots do not line up: each has a phase.
  const fixed = machines.map((machine) => {
    const key = `${laundromat.id}:${machine.machineId}`;
    const kind = kinds[machine.type];
    return {
      key,
      kind,
      capacityKg: kind.capacityKg[Math.floor(draw(`${key}:kg`) * kind.capacityKg.length)]!,
      phase: Math.floor(draw(`${key}:phase`) * kind.slotMinutes) * MINUTE,
    };
  });
  const stateOf = (machine: (typeof machines)[number], index: number, now: number): Machine => {
    const { key, kind, capacityKg, phase } = fixed[index]!;
    const base = { machineId: machine.machineId, type: machine.type, capacityKg };
    const block = Math.floor(now / BROKEN_BLOCK);
    if (draw(`${key}:broken:${block}`) < BROKEN_CHANCE) return { ...base, status: 'out_of_order' };
    const slotMs = kind.slotMinutes * MINUTE;
    const slot = Math.floor((now - phase) / slotMs);
    const slotStart = slot * slotMs + phase;
    const { weekday, hour } = local(slotStart);
    if (draw(`${key}:run:${slot}`) >= demand(weekday, hour)) return { ...base, status: 'available' };
    const cycle =
      kind.minCycle + Math.floor(draw(`${key}:cycle:${slot}`) * (kind.maxCycle - kind.minCycle + 1));
    const start =
      slotStart + Math.floor(draw(`${key}:start:${slot}`) * (kind.slotMinutes - cycle + 1)) * MINUTE;
    const end = start + cycle * MINUTE;
    if (now < start || now >= end) return { ...base, status: 'available' };
    const minutesRemaining = Math.ceil((end - now) / MINUTE);
    const status: MachineStatus = minutesRemaining <= FINISHING_MINUTES ? 'finishing' : 'in_use';
    return { ...base, status, minutesRemaining };
  };
  return {
    machines,
    at: (at) => machines.map((machine, index) => stateOf(machine, index, at.getTime())),
  };
}

/** One hour of history as the busyness aggregation keeps a feed's: Σ share in use and the samples taken. */
export interface FeedHour {
  hourStart: Date;
  occupancySum: number;
  samples: number;
}

/**
 * The hourly feed aggregates the simulated machines would have left over the whole hours from `from` to
 * `until`, sampled every five minutes as the busyness aggregation samples a live feed.
 */
export function demoHistory(simulator: DemoSimulator, from: Date, until: Date): FeedHour[] {
  const hours: FeedHour[] = [];
  const first = Math.ceil(from.getTime() / HOUR) * HOUR;
  for (let hourStart = first; hourStart + HOUR <= until.getTime(); hourStart += HOUR) {
    let occupancySum = 0;
    let samples = 0;
    for (let minute = 0; minute < 60; minute += 5) {
      const share = feedOccupancy(simulator.at(new Date(hourStart + minute * MINUTE)).map((m) => m.status));
      if (share === null) continue;
      occupancySum += share;
      samples += 1;
    }
    if (samples > 0) hours.push({ hourStart: new Date(hourStart), occupancySum, samples });
  }
  return hours;
}
