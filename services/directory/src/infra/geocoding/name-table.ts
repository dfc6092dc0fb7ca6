/**
 * A read-only map from normalised names to place ids, packed for a small heap: the names stored as UTF-8
 * in one buffer, the ids of every name in one Int32Array, with offsets into both, and an open-addressing
 * hash table of name numbers to find a name; the ids are copied into a fresh array only when asked for.
 * A Map of arrays holds one string, one array and one entry per name: about 59 MB of heap for the
 * 450,000 alternate names of the city index, against about 20 MB of typed arrays here. A hash table
 * rather than sorted names, since sorting them cost more than a second of the index build.
 */
export class NameTable {
  readonly size: number;
  private readonly text: Buffer;
  /** Where each name begins in `text`; each ends one byte (its separator) before the next begins. */
  private readonly nameStarts: Uint32Array;
  private readonly idStarts: Uint32Array;
  private readonly ids: Int32Array;
  /** Name number + 1 in each slot, 0 for an empty slot; a power of two at least twice the names. */
  private readonly slots: Uint32Array;

  constructor(names: Map<string, readonly number[]>) {
    const keys = [...names.keys()];
    this.size = keys.length;
    // Normalised names hold no line feeds: one join and one encoding, then the offsets from the separators.
    this.text = Buffer.from(keys.join('\n'), 'utf8');
    this.nameStarts = new Uint32Array(keys.length + 1);
    this.idStarts = new Uint32Array(keys.length + 1);
    let name = 1;
    for (let at = 0; at < this.text.length; at += 1)
      if (this.text[at] === 10) this.nameStarts[name++] = at + 1;
    this.nameStarts[keys.length] = this.text.length + 1;
    let count = 0;
    for (const ids of names.values()) count += ids.length;
    this.ids = new Int32Array(count);
    let filled = 0;
    let slotCount = 2;
    while (slotCount < keys.length * 2) slotCount *= 2;
    this.slots = new Uint32Array(slotCount);
    const mask = slotCount - 1;
    keys.forEach((key, i) => {
      this.idStarts[i] = filled;
      for (const id of names.get(key) ?? []) this.ids[filled++] = id;
      let slot = hash(key) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = i + 1;
    });
    this.idStarts[keys.length] = filled;
  }

  private nameAt(i: number): string {
    return this.text.toString('utf8', this.nameStarts[i] as number, (this.nameStarts[i + 1] as number) - 1);
  }

  private find(name: string): number {
    const mask = this.slots.length - 1;
    for (let slot = hash(name) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return -1;
      if (this.nameAt(entry - 1) === name) return entry - 1;
    }
  }

  /** The ids of a name, in the order they were given; undefined for a name not in the table. */
  get(name: string): number[] | undefined {
    const i = this.find(name);
    if (i < 0) return undefined;
    return Array.from(this.ids.subarray(this.idStarts[i] as number, this.idStarts[i + 1] as number));
  }

  has(name: string): boolean {
    return this.find(name) >= 0;
  }
}

/** FNV-1a over the UTF-16 code units. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
