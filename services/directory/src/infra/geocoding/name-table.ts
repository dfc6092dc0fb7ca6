/**
 * A read-only map from normalised names to place ids, packed for a small heap: the names sorted and
 * stored as UTF-8 in one buffer, the ids of every name in one Int32Array, with offsets into both. A
 * lookup is a binary search over the sorted names; the ids are copied into a fresh array when asked for.
 * A Map of arrays holds one string, one array and one boxed entry per name, several times the size for
 * the 450,000 alternate names of the city index.
 */
export class NameTable {
  readonly size: number;
  private readonly text: Buffer;
  private readonly nameStarts: Uint32Array;
  private readonly idStarts: Uint32Array;
  private readonly ids: Int32Array;

  constructor(names: Map<string, readonly number[]>) {
    const sorted = [...names.keys()].sort();
    this.size = sorted.length;
    this.nameStarts = new Uint32Array(sorted.length + 1);
    this.idStarts = new Uint32Array(sorted.length + 1);
    let bytes = 0;
    let count = 0;
    sorted.forEach((name, i) => {
      this.nameStarts[i] = bytes;
      this.idStarts[i] = count;
      bytes += Buffer.byteLength(name, 'utf8');
      count += names.get(name)?.length ?? 0;
    });
    this.nameStarts[sorted.length] = bytes;
    this.idStarts[sorted.length] = count;
    this.text = Buffer.allocUnsafeSlow(bytes);
    this.ids = new Int32Array(count);
    sorted.forEach((name, i) => {
      this.text.write(name, this.nameStarts[i] as number, 'utf8');
      this.ids.set(names.get(name) ?? [], this.idStarts[i] as number);
    });
  }

  private nameAt(i: number): string {
    return this.text.toString('utf8', this.nameStarts[i] as number, this.nameStarts[i + 1] as number);
  }

  private find(name: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const at = this.nameAt(mid);
      if (at === name) return mid;
      if (at < name) lo = mid + 1;
      else hi = mid;
    }
    return -1;
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
